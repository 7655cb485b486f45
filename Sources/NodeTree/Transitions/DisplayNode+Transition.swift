import Dispatch
import LayoutCore
import Synchronization

// The layout transition API (Texture's transitionLayoutWithAnimation:): a state change animates from the node's current
// layout to a newly measured one, inserting new subnodes before the animation and removing old ones after it.
//
//   transitionLayout(to: range, animated:, shouldMeasureAsync:, measurementCompletion:)   main actor
//     1. a range whose maximum is zero → ignored, counted and logged (usually: not laid out yet)
//     2. an ancestor is transitioning → no nested transition: counted and logged, and the node is laid out
//        normally once the ancestor's transition is over (Texture asserts; #2061 crashed here)
//     3. invalidate the calculated layout (the call acts as an animated setNeedsLayout)
//     4. a new transition id (process-wide counter) replaces the node's: an older transition stops at its
//        next checkpoint
//     5. every descendant becomes "layout pending" on that id (DisplayNode+LayoutPending.swift)
//     6. the body: on a global queue when asked to measure asynchronously, else right here
//        a. checkpoint; capture the layout version
//        b. measure the node for the range, with the transition id on the measuring thread (pending
//           descendants use and fill their caches only for this id)
//        c. checkpoint; hop to the main actor (inline when already there); checkpoint
//        d. the new layout becomes the calculated layout; subnode diff; the TransitionContext
//        e. descendants leave "layout pending" (and get a layout pass if one was skipped)
//        f. measurementCompletion
//        g. ASM insertions and moves (so new subnodes can be animated in)
//        h. animateLayoutTransition(context) — which ends with context.completeTransition(_:), then
//           didCompleteLayoutTransition (the removals) and calculatedLayoutDidChange
//        i. the transition id is cleared (the animation may still run; a layout pass is allowed again)
//
// A transition stopped at a checkpoint does no main-actor work: no hook, no completion block.
// cancelLayoutTransition (any thread) clears the id and releases the descendants.

/// Texture's defaultLayoutTransitionDuration / Delay / Options.
struct TransitionAnimationSettings {
    var duration = 0.2
    var delay = 0.0
    var options: AnimationOptions = [.curveEaseInOut]
}

/// One transitionLayout call, as the body carries it from thread to thread.
private struct TransitionRequest: Sendable {
    var id: UInt64
    var range: SizeRange
    var animated: Bool
    var measurementCompletion: (@MainActor @Sendable () -> Void)?
}

/// The result of step b.
private struct TransitionMeasurement: Sendable {
    var layout: Layout
    var version: UInt64
    var nanoseconds: UInt64
    /// The measurement's ticket, kept in the applied layout's record (DisplayNode+SupernodeLayoutKey.swift).
    var ticket: UInt64
}

@inline(__always) private func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

extension DisplayNode {
    private static let transitionIDCounter = Atomic<UInt64>(0)

    // MARK: - Settings

    /// Duration of the default transition animation, in seconds (default 0.2).
    public var defaultLayoutTransitionDuration: Double {
        get { state.withLock { $0.transitionAnimation.duration } }
        set { state.withLock { $0.transitionAnimation.duration = newValue } }
    }

    /// Delay of the default transition animation, in seconds (default 0).
    public var defaultLayoutTransitionDelay: Double {
        get { state.withLock { $0.transitionAnimation.delay } }
        set { state.withLock { $0.transitionAnimation.delay = newValue } }
    }

    /// Options of the default transition animation (default: ease-in-out).
    public var defaultLayoutTransitionOptions: AnimationOptions {
        get { state.withLock { $0.transitionAnimation.options } }
        set { state.withLock { $0.transitionAnimation.options = newValue } }
    }

    /// The clock transitions of this node animate on: its own if set, else its nearest ancestor's, else
    /// `Animator.shared` (real time). Tests and the harness set a manual one on the root.
    @MainActor public var animator: Animator {
        get {
            var node: DisplayNode? = self
            while let current = node {
                if let animator = current.state.withLock({ $0.animator }) { return animator }
                node = current.supernode
            }
            return Animator.shared
        }
        set { state.withLock { $0.animator = newValue } }
    }

    /// True from transitionLayout until the transition is applied (step i) or cancelled. Any thread.
    public var isRunningLayoutTransition: Bool { transitionIDStorage.load(ordering: .acquiring) != 0 }

    /// True while an ancestor's transition is pending for this node. Any thread.
    public var isLayoutPending: Bool { state.withLock { $0.isLayoutPending } }

    /// The context of the transition whose animation has not completed yet, if any (main actor use).
    public var pendingLayoutTransitionContext: TransitionContext? {
        state.withLock { $0.pendingTransitionContext }
    }

    // MARK: - Starting

    /// Texture's transitionLayoutWithAnimation:shouldMeasureAsync:measurementCompletion: — a transition to
    /// the node's layout for its "constrained size for the layout pass" (the range of its current layout
    /// when that fits the bounds, else exactly the bounds).
    @MainActor public func transitionLayout(animated: Bool, shouldMeasureAsync: Bool = false,
                                            measurementCompletion: (@MainActor @Sendable () -> Void)? = nil) {
        let range = state.withLock { s in
            s.constrainedSizeForLayoutPass(boundsSize: ceilPx(s.threadSafeBounds.size))
        }
        transitionLayout(to: range, animated: animated, shouldMeasureAsync: shouldMeasureAsync,
                         measurementCompletion: measurementCompletion)
    }

    /// Texture's transitionLayoutWithSizeRange:animated:shouldMeasureAsync:measurementCompletion: (steps
    /// 1–6 above). `measurementCompletion` runs on the main actor once the new layout is measured, before
    /// the insertions and the animation — never for a transition that was replaced or cancelled. As in
    /// Texture since 2017 (and unlike its header and the seeds' text), a range equal to the current one
    /// still transitions: the call is an animated setNeedsLayout.
    @MainActor public func transitionLayout(to sizeRange: SizeRange, animated: Bool, shouldMeasureAsync: Bool = false,
                                            measurementCompletion: (@MainActor @Sendable () -> Void)? = nil) {
        MainActor.assertIsolated()
        // 1. Nothing to lay out in a zero range.
        guard sizeRange.max.width > 0 && sizeRange.max.height > 0 else {
            ignoreTransition("transitionLayout on \(self) ignored: the size range's maximum is zero (\(sizeRange)); "
                                 + "the node is probably not laid out yet — transition after its first layout pass")
            return
        }
        // 2. Inside an ancestor's transition.
        if isLayoutPending {
            ignoreTransition("transitionLayout on \(self) ignored: an ancestor is running a layout transition; "
                                 + "the node gets a normal layout pass when that transition is over")
            invalidateCalculatedLayout()
            state.withLock { $0.needsLayoutAfterTransition = true }
            return
        }
        // 3–4.
        invalidateCalculatedLayout()
        let id = DisplayNode.transitionIDCounter.add(1, ordering: .relaxed).newValue
        transitionIDStorage.store(id, ordering: .releasing)
        state.withLock { $0.sideStatistics.transitionsStarted += 1 }
        // 5.
        markDescendantsLayoutPending(id)
        // A cancel from another thread since step 4 released the descendants with a walk that may have run
        // ahead of the marking, leaving some pending on a transition that is over (every later layout pass
        // of theirs deferred): release them again, now that all are marked. Nothing else changes the id
        // meanwhile (a new transition starts on the main actor).
        if transitionIDStorage.load(ordering: .acquiring) != id {
            releaseDescendantsFromLayoutPending(id)
            noteCancelledTransition()
            return
        }
        // 6.
        let request = TransitionRequest(id: id, range: sizeRange, animated: animated,
                                        measurementCompletion: measurementCompletion)
        if shouldMeasureAsync {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                measureTransition(request, onMainActor: false)
            }
        } else {
            measureTransition(request, onMainActor: true)
        }
    }

    private func ignoreTransition(_ message: String) {
        state.withLock { $0.sideStatistics.ignoredTransitionRequests += 1 }
        NodeTreeDiagnostics.recordIgnoredTransition(message)
    }

    // MARK: - Cancelling

    /// Stops the node's running transition at its next checkpoint (its completion block and hooks do not
    /// run) and releases its descendants. Any thread. No effect once the transition reached the main actor
    /// and was applied.
    public func cancelLayoutTransition() {
        let previous = transitionIDStorage.exchange(0, ordering: .acquiringAndReleasing)
        guard previous != 0 else { return }
        releaseDescendantsFromLayoutPending(previous)
        // The transition invalidated the layout and will not apply one: the node owes a layout pass.
        state.withLock { $0.needsLayoutAfterTransition = true }
        layOutAgainIfATransitionDeferredAPass()
    }

    @inline(__always) private func isCurrentTransition(_ id: UInt64) -> Bool {
        transitionIDStorage.load(ordering: .acquiring) == id
    }

    private func noteCancelledTransition() {
        state.withLock { $0.sideStatistics.transitionsCancelled += 1 }
    }

    // MARK: - The body

    /// Steps a–c, on the measuring thread.
    private func measureTransition(_ request: TransitionRequest, onMainActor: Bool) {
        // a.
        guard isCurrentTransition(request.id) else { return noteCancelledTransition() }
        let (version, styleSize) = state.withLock { ($0.layoutVersion, $0.styleSize) }
        // b.
        let start = monotonicNanoseconds()
        // Under a ticket of its own, like every other measurement that becomes an applied layout: the
        // subnodes remember what it asked of them, and the node's later passes, re-applying this layout,
        // give them that key. Without one (ticket 0) the subnodes fell back to Texture's rule for as long
        // as the node kept this layout, and a later measurement of a subnode for another range of the same
        // size moved what is below it on the next forced pass (stress: `stable-relayout`).
        let ticket = MeasurementTicket.next()
        let layout = LayoutTransitionScope.$transitionID.withValue(request.id) {
            ownLayout(MeasurementTicket.measuring(ticket) {
                calculateLayoutThatFits(request.range, restrictedTo: styleSize, relativeToParentSize: request.range.max)
            })
        }
        let measurement = TransitionMeasurement(layout: layout, version: version,
                                                nanoseconds: monotonicNanoseconds() - start, ticket: ticket)
        // c.
        guard isCurrentTransition(request.id) else { return noteCancelledTransition() }
        if onMainActor {
            MainActor.assumeIsolated { applyTransition(request, measurement) }
        } else {
            DispatchQueue.main.async { [self] in
                MainActor.assumeIsolated { applyTransition(request, measurement) }
            }
        }
    }

    /// Steps c (last checkpoint) to i, on the main actor.
    @MainActor private func applyTransition(_ request: TransitionRequest, _ measurement: TransitionMeasurement) {
        guard isCurrentTransition(request.id) else { return noteCancelledTransition() }
        // d.
        let context = makeTransitionContext(layout: measurement.layout, range: request.range,
                                            version: measurement.version, animated: request.animated,
                                            measurementNanoseconds: measurement.nanoseconds, attach: true,
                                            ticket: measurement.ticket)
        state.withLock { $0.sideStatistics.transitionsApplied += 1 }
        // e.
        releaseDescendantsFromLayoutPending(request.id)
        // f.
        request.measurementCompletion?()
        // g.
        applyAutomaticInsertionsAndMoves(context.changes)
        adoptTransitionLayoutInSubnodes(context, ticket: measurement.ticket)
        // h.
        animateLayoutTransition(context)
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.transitionContext) {
            RaceFaults.injectTransitionContextWriteOutsideLock(context)
        }
        #endif
        // i.
        if transitionIDStorage.compareExchange(expected: request.id, desired: 0, ordering: .acquiringAndReleasing)
            .exchanged {
            layOutAgainIfATransitionDeferredAPass()
        }
    }

    /// After step g: the subnodes of the new layout adopt the layouts the transition's measurement gave
    /// them, as the subnodes of a layout pass's applied layout do (applySubnodeFrames,
    /// DisplayNode+SupernodeLayoutKey.swift). The transition's layout is now the calculated one, so the node's
    /// next pass finds it up to date and would not tell them: a subnode laid out before that (its own
    /// setNeedsLayout) applied the layout of the measurement before the transition, and the next forced
    /// pass measured it again (stress: `stable-relayout`). Loaded subnodes whose pass would now change
    /// their layout are marked, as there.
    @MainActor private func adoptTransitionLayoutInSubnodes(_ context: TransitionContext, ticket: UInt64) {
        for subnode in context.subnodes(for: .to) {
            if let view = subnode.adoptSupernodeLayout(ticket: ticket, onMainActor: true), !view.needsLayout {
                view.setNeedsLayout()
            }
        }
    }

    /// Step d: the diff and the context; when attached, the layout also becomes the calculated layout and
    /// the context the node's pending one.
    private func makeTransitionContext(layout: Layout, range: SizeRange, version: UInt64, animated: Bool,
                                       measurementNanoseconds: UInt64, attach: Bool,
                                       ticket: UInt64 = 0) -> TransitionContext {
        let diffStart = monotonicNanoseconds()
        let previous = state.withLock { s -> NodeLayoutRecord? in
            let previous = s.calculatedLayout
            if attach {
                s.calculatedLayout = NodeLayoutRecord(layout, constrainedSize: range, parentSize: range.max,
                                                      version: version, ticket: ticket)
            }
            return previous
        }
        let changes = automaticSubnodeChanges(from: previous?.sublayouts, to: layout.sublayouts)
        let contextStart = monotonicNanoseconds()
        let context = TransitionContext(
            node: self, isAnimated: animated,
            from: previous.map { Layout(node: self, size: $0.size, sublayouts: $0.sublayouts) },
            fromRange: previous?.constrainedSize ?? .zero, to: layout, toRange: range, changes: changes,
            isAttached: attach)
        let end = monotonicNanoseconds()
        context.timings.measurementNanoseconds = measurementNanoseconds
        context.timings.diffNanoseconds = contextStart - diffStart
        context.timings.contextNanoseconds = end - contextStart
        if attach { state.withLock { $0.pendingTransitionContext = context } }
        return context
    }

    // MARK: - Completion

    /// context.completeTransition → didCompleteLayoutTransition → calculatedLayoutDidChange (Texture's
    /// _completePendingLayoutTransition).
    @MainActor func completeLayoutTransition(_ context: TransitionContext, didComplete: Bool) {
        didCompleteLayoutTransition(context)
        state.withLock { s in
            if s.pendingTransitionContext === context { s.pendingTransitionContext = nil }
        }
        calculatedLayoutDidChange()
    }

    /// The default didCompleteLayoutTransition: ASM removals. Non-ASM nodes keep their subnodes (Texture:
    /// the removal step only acts with automaticallyManagesSubnodes).
    @MainActor func applyTransitionRemovals(_ context: TransitionContext) {
        guard automaticallyManagesSubnodes else { return }
        applyAutomaticRemovals(context.removedSubnodes)
    }

    // MARK: - For the harness

    /// Steps b and d without applying anything: measures the node for `sizeRange` (default: the range a
    /// layout pass would use), diffs its subnodes against the new layout and builds the context. The node's
    /// calculated layout, subnodes and frames stay as they are (children's measurement caches do fill), and
    /// completing the returned context does nothing. `timings` says where the time went — the harness's
    /// "transition computation without animation time". Any thread.
    public func prepareLayoutTransition(to sizeRange: SizeRange? = nil, animated: Bool = false) -> TransitionContext {
        let (version, styleSize, defaultRange) = state.withLock { s in
            (s.layoutVersion, s.styleSize, s.constrainedSizeForLayoutPass(boundsSize: ceilPx(s.threadSafeBounds.size)))
        }
        let range = sizeRange ?? defaultRange
        let start = monotonicNanoseconds()
        let layout = ownLayout(calculateLayoutThatFits(range, restrictedTo: styleSize, relativeToParentSize: range.max))
        let measured = monotonicNanoseconds() - start
        return makeTransitionContext(layout: layout, range: range, version: version, animated: animated,
                                     measurementNanoseconds: measured, attach: false)
    }
}
