import Dispatch

// "Layout pending" (Texture's ASHierarchyStateLayoutPending): while a
// node measures a layout transition, each of its descendants is pending on that transition's id.
//
// * A pending node's own layout pass does not measure or apply (its parent is about to give it a new frame
//   and a new layout): it records that it owes a pass, and gets one when it is released (Texture #463: a
//   node whose pass was swallowed by a transition must not keep a stale layout).
// * A pending node measured outside its transition (no transition id on the measuring thread, or another
//   one — an older, cancelled transition still running) computes a fresh layout and does not cache it, so a
//   stale transition cannot leave its layouts in the caches. Measured by its transition, it caches normally.
// * Nodes attached to a pending subtree inherit the id; nodes detached from one are released.
//
// The transition id of the measuring thread is a task-local: it is set around the transition's measurement
// (a detached task, a global queue, or the main actor for a synchronous transition) and read only when a
// pending node is measured.

enum LayoutTransitionScope {
    /// The id of the transition whose measurement runs on this thread or task; 0 outside one.
    @TaskLocal static var transitionID: UInt64 = 0
}

extension DisplayNode {
    /// The id this node imposes on nodes attached under it: its own transition's while it measures one,
    /// else the one it is pending on, else 0.
    private var layoutPendingIDForDescendants: UInt64 {
        state.withLock { s in
            s.descendantsPendingTransitionID != 0 ? s.descendantsPendingTransitionID
                : (s.isLayoutPending ? s.pendingTransitionID : 0)
        }
    }

    /// Every node below this one (not this one), depth first. Takes one lock at a time.
    func forEachDescendant(_ body: (DisplayNode) -> Void) {
        var stack = subnodes
        while let node = stack.popLast() {
            body(node)
            stack.append(contentsOf: node.subnodes)
        }
    }

    /// Step 5 of a transition: every descendant becomes pending on `id`. A descendant running its own
    /// transition has it cancelled first (Texture asserts here; two nested transitions cannot both apply,
    /// and the outer one decides the descendants' frames).
    func markDescendantsLayoutPending(_ id: UInt64) {
        assert(id != 0, "transition ids are never 0: 0 means not layout pending")
        state.withLock { $0.descendantsPendingTransitionID = id }
        forEachDescendant { node in
            node.cancelLayoutTransition()
            node.state.withLock { $0.pendingTransitionID = id }
        }
    }

    /// Step e of a transition (or its cancellation): descendants pending on `id` are released; those whose
    /// layout pass was skipped meanwhile are laid out again.
    func releaseDescendantsFromLayoutPending(_ id: UInt64) {
        state.withLock { s in
            if s.descendantsPendingTransitionID == id { s.descendantsPendingTransitionID = 0 }
        }
        forEachDescendant { node in node.leaveLayoutPending(ifPendingOn: id) }
    }

    /// A node was attached under `parent`: this subtree takes `parent`'s pending id, or is released if the
    /// parent imposes none.
    ///
    /// The parent's id is read again after the subtree took it: a release (or a new marking) of the
    /// parent's subtree running meanwhile may have walked past this subtree before the ids were written,
    /// and would leave it pending on a transition that is over. Repeated until the parent still imposes
    /// what was written.
    func inheritLayoutPending(from parent: DisplayNode) {
        var id = parent.layoutPendingIDForDescendants
        while id != 0 {
            for node in [self] + allDescendants() {
                node.state.withLock { $0.pendingTransitionID = id }
            }
            let now = parent.layoutPendingIDForDescendants
            if now == id { return }
            id = now
        }
        leaveLayoutPendingOfAncestors()
    }

    /// A node left its supernode: if it was pending on an ancestor's transition, it and its subtree are
    /// released.
    func leaveLayoutPendingOfAncestors() {
        let id = state.withLock { $0.isLayoutPending ? $0.pendingTransitionID : 0 }
        guard id != 0 else { return }
        leaveLayoutPending(ifPendingOn: id)
        forEachDescendant { node in node.leaveLayoutPending(ifPendingOn: id) }
    }

    private func allDescendants() -> [DisplayNode] {
        var nodes: [DisplayNode] = []
        forEachDescendant { nodes.append($0) }
        return nodes
    }

    private func leaveLayoutPending(ifPendingOn id: UInt64) {
        let released = state.withLock { s -> Bool in
            guard s.isLayoutPending && s.pendingTransitionID == id else { return false }
            s.pendingTransitionID = 0
            return true
        }
        if released { layOutAgainIfATransitionDeferredAPass() }
    }

    /// A layout pass of this node was skipped or cut short by a transition: ask for another one (without
    /// invalidating the layout — nothing about the node changed, its pass just did not run). Loaded nodes:
    /// the view is marked on the main actor (from another thread: before the main actor's next
    /// layoutIfNeeded); unloaded ones run their pass on the next layoutIfNeeded anyway.
    func layOutAgainIfATransitionDeferredAPass() {
        let view = state.withLock { s -> PlatformView? in
            guard s.needsLayoutAfterTransition else { return nil }
            s.needsLayoutAfterTransition = false
            return s.view
        }
        guard let view else { return }
        if MainActorCheck.isOnMainActor {
            MainActor.assumeIsolated { view.setNeedsLayout() }
        } else {
            // Recorded before this call returns, so the main actor's next layoutIfNeeded sees it even if
            // it runs before a main-queue block could (PlatformView+OwedLayoutPasses.swift).
            OwedLayoutPasses.add(self)
        }
    }

    /// True when this node is pending on an ancestor's transition and the current thread does not measure
    /// for that transition (Texture 2.6 step 2): its layouts must not be cached or applied.
    func isMeasuringOutsidePendingTransition(_ pendingID: UInt64) -> Bool {
        pendingID != LayoutTransitionScope.transitionID
    }
}
