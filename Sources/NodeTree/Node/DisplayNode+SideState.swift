import LayoutCore

// The node state that creating and measuring a node never touch, in a box of its own that the node
// allocates on the first write of one of its fields: the calculated layout (Texture's
// _calculatedDisplayNodeLayout, written only by layout passes and transitions) and the id of an ancestor's
// transition the node is pending on, the loaded view and its didLoad blocks, the bridged
// view state (frame, bounds, … kept for a view not loaded yet), what a supernode's layout pass told the
// node (its layout key), layout transitions and their animation settings, the debug name, and the
// counters of layout passes and of the rarer events (ASM edits, transitions, pending state flushes). Why:
// a node's `State` is allocated with every node, and these fields are most of its size; a cell's nodes are created and
// measured — often many times, for several widths, on other threads — before any of them is given a
// frame, loaded, transitioned or named, and many are measured and dropped without ever being.
//
// The forwarding properties are plain getters and setters, not `_read`/`_modify`: a coroutine accessor
// that is not inlined allocates its frame on the heap on every call.
//
// Threading: the box hangs off `State` and is read and written only under the node's lock, like the rest
// of `State` (the box is a class only so that an absent one costs a pointer). Reads of an absent box give
// the fields' initial values; writes allocate it, except writes of an initial value into an absent box,
// which change nothing. The rest of NodeTree reaches the fields under their own names through `State`'s
// forwarding properties below.

/// The rarely used part of a node's state (see above). Only ever reached under the owning node's lock.
final class NodeSideState {
    // Layout (NodeLayoutCache.swift): first, as every measurement of a node that has a box reads them.
    /// Texture's calculated layout, the last one a layout pass or a transition applied: `.empty` when none
    /// (as the pending slot, NodeLayoutCache.pendingSlot). Written by the layout pass, which gives the node a
    /// frame and so allocates the box anyway.
    @exclusivity(unchecked) var calculatedSlot = NodeLayoutRecord.empty
    /// The id of the ancestor's transition while the node is layout pending, 0 otherwise (transition ids
    /// are never 0). Set and cleared with the transition (DisplayNode+LayoutPending.swift).
    @exclusivity(unchecked) var pendingTransitionID: UInt64 = 0

    // Unchecked, as NodeStyleBox's style (DisplayNode+StyleStorage.swift): the node's lock already
    // excludes overlapping accesses, and the run-time check costs a runtime call per access.
    @exclusivity(unchecked) var debugName: String?

    // Loading
    @exclusivity(unchecked) var view: PlatformView?
    @exclusivity(unchecked) var didLoadBlocks: [NodeDidLoadBlock] = []

    // Bridged view state (reference 1.4)
    @exclusivity(unchecked) var pendingViewState = PendingViewState()
    @exclusivity(unchecked) var isRegisteredForFlush = false
    /// What the layout pass reads: pending bounds before load, the view's bounds after.
    @exclusivity(unchecked) var threadSafeBounds: Rect = .zero
    /// What the measurement that made the supernode's applied layout asked of the node
    /// (DisplayNode+SupernodeLayoutKey.swift): written when a supernode's layout pass positions the node,
    /// which gives it a frame, and so a side box, anyway.
    @exclusivity(unchecked) var supernodeLayoutKey: SupernodeMeasurementKeys.Key?

    // Layout transitions (reference 5, 1.5)
    @exclusivity(unchecked) var descendantsPendingTransitionID: UInt64 = 0
    @exclusivity(unchecked) var needsLayoutAfterTransition = false
    @exclusivity(unchecked) var pendingTransitionContext: TransitionContext?
    @exclusivity(unchecked) var transitionAnimation = TransitionAnimationSettings()
    @exclusivity(unchecked) var animator: Animator?

    /// The counters `NodeLayoutCounters` does not hold (its fields here stay 0).
    @exclusivity(unchecked) var statistics = NodeLayoutStatistics()

    /// An empty box's values, handed out by reads of a node without a box.
    static let initialPendingViewState = PendingViewState()
    static let initialTransitionAnimation = TransitionAnimationSettings()
    static let initialStatistics = NodeLayoutStatistics()
}

extension DisplayNode.State {
    /// The side box, allocated now if the node has none yet.
    @inline(__always)
    mutating func sideStateForWriting() -> NodeSideState {
        if let side { return side }
        return makeSideState()
    }

    @inline(never)
    private mutating func makeSideState() -> NodeSideState {
        let box = NodeSideState()
        side = box
        return box
    }

    /// True once anything wrote one of the side box's fields (tests: the box is allocated on first use).
    var hasSideState: Bool { side != nil }

    /// Texture's calculated layout (see NodeSideState.calculatedSlot); nil when none.
    var calculatedLayout: NodeLayoutRecord? {
        get {
            guard let side, !side.calculatedSlot.isEmpty else { return nil }
            return side.calculatedSlot
        }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().calculatedSlot = newValue ?? .empty
        }
    }

    /// The id of the ancestor's transition while the node is layout pending, 0 otherwise.
    var pendingTransitionID: UInt64 {
        get { side?.pendingTransitionID ?? 0 }
        set {
            if side == nil && newValue == 0 { return }
            sideStateForWriting().pendingTransitionID = newValue
        }
    }

    /// An ancestor runs a layout transition (Texture's LayoutPending hierarchy state): the node's own
    /// layout passes do not measure, and measurements outside that transition are not cached. Set and
    /// cleared with the transition's id.
    var isLayoutPending: Bool { pendingTransitionID != 0 }

    var debugName: String? {
        get { side?.debugName }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().debugName = newValue
        }
    }

    var view: PlatformView? {
        get { side?.view }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().view = newValue
        }
    }

    var didLoadBlocks: [NodeDidLoadBlock] {
        get { side?.didLoadBlocks ?? [] }
        set {
            if side == nil && newValue.isEmpty { return }
            sideStateForWriting().didLoadBlocks = newValue
        }
    }

    var pendingViewState: PendingViewState {
        get { side?.pendingViewState ?? NodeSideState.initialPendingViewState }
        set { sideStateForWriting().pendingViewState = newValue }
    }

    var isRegisteredForFlush: Bool {
        get { side?.isRegisteredForFlush ?? false }
        set {
            if side == nil && !newValue { return }
            sideStateForWriting().isRegisteredForFlush = newValue
        }
    }

    var threadSafeBounds: Rect {
        get { side?.threadSafeBounds ?? .zero }
        set {
            if side == nil && newValue == .zero { return }
            sideStateForWriting().threadSafeBounds = newValue
        }
    }

    /// The range and parent size the supernode's applied layout measured the node with (see
    /// NodeSideState.supernodeLayoutKey).
    var supernodeLayoutKey: SupernodeMeasurementKeys.Key? {
        get { side?.supernodeLayoutKey }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().supernodeLayoutKey = newValue
        }
    }

    /// While this node measures its own transition: the id its descendants are pending on, so nodes
    /// attached meanwhile inherit it. 0 otherwise.
    var descendantsPendingTransitionID: UInt64 {
        get { side?.descendantsPendingTransitionID ?? 0 }
        set {
            if side == nil && newValue == 0 { return }
            sideStateForWriting().descendantsPendingTransitionID = newValue
        }
    }

    /// A layout pass was skipped or cut short by a transition; run one when the transition is over,
    /// so no node keeps a stale layout (Texture #463).
    var needsLayoutAfterTransition: Bool {
        get { side?.needsLayoutAfterTransition ?? false }
        set {
            if side == nil && !newValue { return }
            sideStateForWriting().needsLayoutAfterTransition = newValue
        }
    }

    /// The transition whose animation runs (between animateLayoutTransition and completeTransition).
    var pendingTransitionContext: TransitionContext? {
        get { side?.pendingTransitionContext }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().pendingTransitionContext = newValue
        }
    }

    var transitionAnimation: TransitionAnimationSettings {
        get { side?.transitionAnimation ?? NodeSideState.initialTransitionAnimation }
        set { sideStateForWriting().transitionAnimation = newValue }
    }

    var animator: Animator? {
        get { side?.animator }
        set {
            if side == nil && newValue == nil { return }
            sideStateForWriting().animator = newValue
        }
    }

    /// The counters of layout passes and the rarer events (ASM edits, transitions, pending state flushes).
    /// The measurements' are `counters`, in the layout cache.
    var sideStatistics: NodeLayoutStatistics {
        get { side?.statistics ?? NodeSideState.initialStatistics }
        set { sideStateForWriting().statistics = newValue }
    }

    /// All the node's counters.
    var statistics: NodeLayoutStatistics {
        var all = sideStatistics
        layoutCache.copyCounters(into: &all)
        return all
    }
}
