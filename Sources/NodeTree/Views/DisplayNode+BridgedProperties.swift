import LayoutCore
import Synchronization

// Bridged view properties (Texture's ASDisplayNode+UIViewBridge): the node's own frame, bounds, alpha, … readable and
// writable on any thread before load, and forwarded to the view after.
//
// Writes:  not loaded (any thread)       → pending state (read back from it, applied at load)
//          loaded, on the main actor     → straight to the view
//          loaded, off the main actor    → pending state; the first such write since the last flush
//                                          registers the node with the PendingStateController, which
//                                          schedules one main-actor flush for all of them
// Reads:   not loaded → pending state (UIKit defaults until set); loaded → the view, main actor only —
//          reading a loaded node's property elsewhere is a programmer error and traps with a message.
//
// One improvement over Texture: a main-actor write also clears that property's pending bit, so a flush
// of an older off-main write cannot overwrite it afterwards.

/// Requests that layout refused instead of trapping (Texture asserts non-fatally on them).
public enum NodeTreeDiagnostics {
    private static let rejectedFrames = Atomic<Int>(0)

    /// Frame writes ignored because the frame was not finite or too large (NaN, ∞, ≥ 10⁷).
    public static var rejectedFrameCount: Int { rejectedFrames.load(ordering: .relaxed) }

    static func recordRejectedFrame() { rejectedFrames.add(1, ordering: .relaxed) }

    private static let invalidContentSizes = Atomic<Int>(0)

    /// Scroll-node layouts whose content size could not be applied to the view (not valid for layout);
    /// the node's calculated size was applied instead (Texture logs these).
    public static var invalidContentSizeCount: Int { invalidContentSizes.load(ordering: .relaxed) }

    static func recordInvalidContentSize() { invalidContentSizes.add(1, ordering: .relaxed) }
}

extension DisplayNode {
    private enum BridgedWrite {
        case stored
        case applyToView(PlatformView)
        case register
    }

    private enum BridgedRead<Value> {
        case value(Value)
        case loaded(PlatformView)
    }

    /// The write rules above. `store` updates the pending state (and its dirty bit); `apply` writes the
    /// view. Neither is user code.
    @inline(__always)
    private func writeBridged(_ field: PendingViewState.Fields, store: (inout State) -> Void,
                              apply: @MainActor (PlatformView) -> Void) {
        let onMainActor = MainActorCheck.isOnMainActor
        let outcome = state.withLock { s -> BridgedWrite in
            guard let view = s.view else {
                store(&s)
                return .stored
            }
            if onMainActor {
                s.pendingViewState.dirty.remove(field)
                return .applyToView(view)
            }
            store(&s)
            if s.isRegisteredForFlush { return .stored }
            s.isRegisteredForFlush = true
            return .register
        }
        #if LOOM_RACE_FAULTS
        // The flag lives in the side box (the locked write above allocated it): the fault writes the box's
        // own field, not a copy made by State's forwarding property.
        if RaceFaults.isActive(.pendingStateRegistration), let side = state.unsynchronizedAddress().pointee.side {
            RaceFaults.injectRegistrationFlagWriteOutsideLock(&side.isRegisteredForFlush)
        }
        #endif
        switch outcome {
        case .stored: break
        case .applyToView(let view): MainActor.assumeIsolated { apply(view) }
        case .register: PendingStateController.shared.register(self)
        }
    }

    @inline(__always)
    private func readBridged<Value: Sendable>(_ name: StaticString, pending: (PendingViewState) -> Value,
                                              view read: @MainActor (PlatformView) -> Value) -> Value {
        let result = state.withLock { s -> BridgedRead<Value> in
            if let view = s.view { return .loaded(view) }
            return .value(pending(s.pendingViewState))
        }
        switch result {
        case .value(let value):
            return value
        case .loaded(let view):
            MainActorCheck.require(
                "\(self).\(name) read off the main actor after the node's view was loaded; once isNodeLoaded "
                    + "is true, bridged view properties may only be read on the main actor")
            return MainActor.assumeIsolated { read(view) }
        }
    }

    // MARK: - Geometry

    /// The node's frame in its supernode. Before load a write is decomposed at once into bounds (origin
    /// kept, size taken) and position (origin + size × anchorPoint); a non-finite or huge frame is ignored
    /// and counted (NodeTreeDiagnostics). Loaded and off the main actor, the raw frame is parked and
    /// decomposed against the view's anchorPoint when the flush applies it.
    public var frame: Rect {
        get { readBridged("frame", pending: { $0.derivedFrame }, view: { $0.frame }) }
        set {
            guard DisplayNode.isValidFrame(newValue) else {
                NodeTreeDiagnostics.recordRejectedFrame()
                return
            }
            writeBridged(.frame, store: { s in
                if s.view == nil {
                    let parts = PendingViewState.decompose(frame: newValue, bounds: s.pendingViewState.bounds,
                                                           anchorPoint: s.pendingViewState.anchorPoint)
                    s.pendingViewState.bounds = parts.bounds
                    s.pendingViewState.position = parts.position
                    s.pendingViewState.dirty.formUnion([.bounds, .position])
                    s.threadSafeBounds = parts.bounds
                } else {
                    s.pendingViewState.frame = newValue
                    s.pendingViewState.dirty.insert(.frame)
                    s.pendingViewState.dirty.subtract([.bounds, .position])
                }
            }, apply: { $0.frame = newValue })
        }
    }

    /// The node's bounds. Also updates the lock-protected copy the layout pass reads (Texture's
    /// threadSafeBounds) immediately, even when the view write is deferred.
    public var bounds: Rect {
        get { readBridged("bounds", pending: { $0.bounds }, view: { $0.bounds }) }
        set {
            writeBridged(.bounds, store: { s in
                s.pendingViewState.bounds = newValue
                s.pendingViewState.dirty.insert(.bounds)
                s.threadSafeBounds = newValue
            }, apply: { $0.bounds = newValue })
        }
    }

    public var position: Point {
        get { readBridged("position", pending: { $0.position }, view: { $0.position }) }
        set {
            writeBridged(.position, store: { s in
                s.pendingViewState.position = newValue
                s.pendingViewState.dirty.insert(.position)
            }, apply: { $0.position = newValue })
        }
    }

    public var anchorPoint: Point {
        get { readBridged("anchorPoint", pending: { $0.anchorPoint }, view: { $0.anchorPoint }) }
        set {
            writeBridged(.anchorPoint, store: { s in
                s.pendingViewState.anchorPoint = newValue
                s.pendingViewState.dirty.insert(.anchorPoint)
            }, apply: { $0.anchorPoint = newValue })
        }
    }

    // MARK: - Appearance

    public var alpha: Double {
        get { readBridged("alpha", pending: { $0.alpha }, view: { $0.alpha }) }
        set {
            writeBridged(.alpha, store: { s in
                s.pendingViewState.alpha = newValue
                s.pendingViewState.dirty.insert(.alpha)
            }, apply: { $0.alpha = newValue })
            #if LOOM_RACE_FAULTS
            // In the side box, as above: the box's own field, not a forwarded copy.
            if RaceFaults.isActive(.bridgedPropertyAfterLock), let side = state.unsynchronizedAddress().pointee.side {
                RaceFaults.injectBridgedPropertyWriteAfterLock(&side.pendingViewState.alpha)
            }
            #endif
        }
    }

    public var isHidden: Bool {
        get { readBridged("isHidden", pending: { $0.isHidden }, view: { $0.isHidden }) }
        set {
            writeBridged(.isHidden, store: { s in
                s.pendingViewState.isHidden = newValue
                s.pendingViewState.dirty.insert(.isHidden)
            }, apply: { $0.isHidden = newValue })
        }
    }

    public var backgroundColor: Color? {
        get { readBridged("backgroundColor", pending: { $0.backgroundColor }, view: { $0.backgroundColor }) }
        set {
            writeBridged(.backgroundColor, store: { s in
                s.pendingViewState.backgroundColor = newValue
                s.pendingViewState.dirty.insert(.backgroundColor)
            }, apply: { $0.backgroundColor = newValue })
        }
    }

    public var cornerRadius: Double {
        get { readBridged("cornerRadius", pending: { $0.cornerRadius }, view: { $0.cornerRadius }) }
        set {
            writeBridged(.cornerRadius, store: { s in
                s.pendingViewState.cornerRadius = newValue
                s.pendingViewState.dirty.insert(.cornerRadius)
            }, apply: { $0.cornerRadius = newValue })
        }
    }

    public var clipsToBounds: Bool {
        get { readBridged("clipsToBounds", pending: { $0.clipsToBounds }, view: { $0.clipsToBounds }) }
        set {
            writeBridged(.clipsToBounds, store: { s in
                s.pendingViewState.clipsToBounds = newValue
                s.pendingViewState.dirty.insert(.clipsToBounds)
            }, apply: { $0.clipsToBounds = newValue })
        }
    }

    public var isOpaque: Bool {
        get { readBridged("isOpaque", pending: { $0.isOpaque }, view: { $0.isOpaque }) }
        set {
            writeBridged(.isOpaque, store: { s in
                s.pendingViewState.isOpaque = newValue
                s.pendingViewState.dirty.insert(.isOpaque)
            }, apply: { $0.isOpaque = newValue })
        }
    }

    public var isUserInteractionEnabled: Bool {
        get {
            readBridged("isUserInteractionEnabled", pending: { $0.isUserInteractionEnabled },
                        view: { $0.isUserInteractionEnabled })
        }
        set {
            writeBridged(.isUserInteractionEnabled, store: { s in
                s.pendingViewState.isUserInteractionEnabled = newValue
                s.pendingViewState.dirty.insert(.isUserInteractionEnabled)
            }, apply: { $0.isUserInteractionEnabled = newValue })
        }
    }

    // MARK: - Flushing

    /// True while writes made off the main actor after load wait for the flush (Texture's
    /// pendingState.hasChanges for a loaded node); before load, true once any property was set.
    public var hasPendingViewStateChanges: Bool { state.withLock { $0.pendingViewState.hasChanges } }

    /// Step 1 of the flush: takes this node's pending view state and its registration, applying nothing
    /// yet, so the flush can collect every node whose state was set before this one's (see
    /// PendingStateController.flush) before it invalidates any of them.
    @MainActor func takePendingViewState() -> PendingViewState {
        state.withLock { s in
            let pending = s.pendingViewState
            s.pendingViewState.dirty = []
            s.isRegisteredForFlush = false
            return pending
        }
    }

    /// Step 2: applies a taken pending view state to the view. A deferred setNeedsLayout invalidates the
    /// layout first and reaches the view after the properties.
    @MainActor func applyTakenPendingViewState(_ pending: PendingViewState) {
        let view = state.withLock { s -> PlatformView? in
            if s.view != nil { s.sideStatistics.pendingStateFlushes += 1 }
            if pending.dirty.contains(.needsLayout) { s.layoutVersion &+= 1 }
            return s.view
        }
        guard let view else { return }
        pending.apply(to: view)
        if pending.dirty.contains(.needsLayout) { view.setNeedsLayout() }
    }

    /// The view reports its bounds (main actor): keep the copy the layout pass reads in step.
    nonisolated func viewDidUpdateBounds(_ bounds: Rect) {
        state.withLock { $0.threadSafeBounds = bounds }
    }

    /// Texture rejects frames whose decomposition is not valid for layout (NaN, ∞, ≥ 10⁷).
    static func isValidFrame(_ frame: Rect) -> Bool {
        PixelGrid.isValidPosition(frame.minX) && PixelGrid.isValidPosition(frame.minY)
            && PixelGrid.isValidForSize(frame.size)
    }
}
