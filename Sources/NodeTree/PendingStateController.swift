import Dispatch

// Texture's ASPendingStateController (reference 1.4): nodes whose view properties were written off the
// main actor after load register here (weakly) with their first dirty write; the first registration
// since the last flush schedules exactly one asynchronous main-queue flush, which swaps out the dirty
// set and applies each node's pending state to its view. Many writes from many threads therefore cost
// the main actor one batch.

public final class PendingStateController: @unchecked Sendable {
    public static let shared = PendingStateController()

    private struct WeakNode {
        weak var node: DisplayNode?
    }

    private struct State {
        var dirtyNodes: [WeakNode] = []
        var isFlushScheduled = false
        var scheduledFlushes = 0
        var flushes = 0
    }

    private let state = Locked(State())

    init() {}

    /// Called by a node (outside its own lock) on its first dirty write since the last flush.
    func register(_ node: DisplayNode) {
        let mustSchedule = state.withLock { s -> Bool in
            s.dirtyNodes.append(WeakNode(node: node))
            if s.isFlushScheduled { return false }
            s.isFlushScheduled = true
            s.scheduledFlushes += 1
            return true
        }
        if mustSchedule {
            // The main actor's executor is the main queue, so a main-queue block is main-actor isolated
            // (proved in MainActorCheckTests).
            DispatchQueue.main.async { [self] in
                MainActor.assumeIsolated { flush() }
            }
        }
    }

    /// Applies every registered node's pending view state now. Main actor only: calling it elsewhere
    /// does not compile (Texture throws at run time instead).
    @MainActor public func flush() {
        MainActor.assertIsolated()
        let nodes = state.withLock { s -> [WeakNode] in
            let nodes = s.dirtyNodes
            s.dirtyNodes = []
            s.isFlushScheduled = false
            s.flushes += 1
            return nodes
        }
        for entry in nodes {
            entry.node?.applyPendingViewState()
        }
    }

    /// True between the first registration and the flush (Texture's test_isFlushScheduled).
    public var isFlushScheduled: Bool { state.withLock { $0.isFlushScheduled } }

    /// Nodes waiting for the next flush (released nodes still count until then).
    public var registeredNodeCount: Int { state.withLock { $0.dirtyNodes.count } }

    /// Flushes scheduled and flushes run since the process started.
    public var scheduledFlushCount: Int { state.withLock { $0.scheduledFlushes } }
    public var flushCount: Int { state.withLock { $0.flushes } }
}
