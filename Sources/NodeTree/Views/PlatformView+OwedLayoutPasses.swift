import Dispatch
import Synchronization

// Layout passes owed to loaded nodes, requested off the main actor (a layout transition cancelled from
// another thread: the transition invalidated the node's layout and will not apply one, so the node must be
// laid out again).
//
// The requesting thread cannot touch the view (main-actor state). Were the request only a main-queue block,
// a layoutIfNeeded that ran on the main actor before that block was delivered would find the view clean and
// keep the old layout and subnodes (TransitionTests.cancelFromAnotherThread pins this). So the request is
// also recorded here, under a lock, before the requesting call returns, and every PlatformView.layoutIfNeeded
// first marks the recorded views: whatever happens-after the request sees it. The main-queue block is there
// for when nobody calls layoutIfNeeded.

enum OwedLayoutPasses {
    private struct WeakNode {
        weak var node: DisplayNode?
    }

    private static let nodes = Locked<[WeakNode]>([])
    /// Mirrors `nodes.isEmpty == false`, so layoutIfNeeded costs one atomic load when nothing is owed.
    private static let count = Atomic<Int>(0)

    /// Any thread: the node's view must be marked as needing layout before the next main-actor layout.
    static func add(_ node: DisplayNode) {
        nodes.withLock { list in
            list.append(WeakNode(node: node))
            count.store(list.count, ordering: .releasing)
        }
        DispatchQueue.main.async { MainActor.assumeIsolated { markViews() } }
    }

    /// Main actor: marks every owed node's view (a node that is no longer loaded has nothing to mark; its
    /// next layoutIfNeeded runs its pass anyway).
    @MainActor static func markViews() {
        guard count.load(ordering: .acquiring) != 0 else { return }
        let owed = nodes.withLock { list -> [WeakNode] in
            let owed = list
            list = []
            count.store(0, ordering: .releasing)
            return owed
        }
        for entry in owed {
            entry.node?.viewIfLoaded?.setNeedsLayout()
        }
    }
}
