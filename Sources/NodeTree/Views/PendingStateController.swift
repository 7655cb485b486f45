import Dispatch

// Texture's ASPendingStateController: nodes whose view properties were written off the
// main actor after load register here (weakly) with their first dirty write; the first registration
// since the last flush schedules exactly one asynchronous main-queue flush, which swaps out the dirty
// set and applies each node's pending state to its view. Many writes from many threads therefore cost
// the main actor one batch. A batch is applied deepest node first (`deepestFirst` says why).

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
        var willApplyPendingState: (@MainActor @Sendable (DisplayNode) -> Void)?
        var didTakeBatch: (@MainActor @Sendable () -> Void)?
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
    ///
    /// Two steps. 1: take the batch's pending states, then take the nodes that registered meanwhile, and
    /// again, until none did (at most `maximumRounds`). 2: apply them all, deepest node first. Why: an app
    /// calls setNeedsLayout on the changed node and then on each supernode; a supernode still registered
    /// for another property only gets the bit, while its descendants register anew. If that happens while
    /// a flush runs — after it took its batch, before it read the supernode — the supernode's bit is in
    /// this flush and its descendants' in the next one, a whole flush later, and a measurement in between
    /// caches a stale supernode layout as current (stress: `layout-cache`, "container …'s pending layout …
    /// differs from a fresh layout of its final state"). A descendant's registration comes before the
    /// supernode's bit, which comes before the flush reads it, which comes before the flush's next look at
    /// the registrations: so every such descendant is taken before anything is applied.
    @MainActor public func flush() {
        MainActor.assertIsolated()
        var (nodes, observer) = takeRegisteredNodes(countingAFlush: true)
        state.withLock { $0.didTakeBatch }?()
        var taken: [(node: DisplayNode, pending: PendingViewState)] = []
        var rounds = 0
        while !nodes.isEmpty {
            for node in nodes { taken.append((node, node.takePendingViewState())) }
            rounds += 1
            if rounds == PendingStateController.maximumRounds { break }  // the rest waits for its own flush
            nodes = takeRegisteredNodes(countingAFlush: false).nodes
        }
        for index in PendingStateController.deepestFirstOrder(taken.map(\.node)) {
            let (node, pending) = taken[index]
            observer?(node)
            node.applyTakenPendingViewState(pending)
        }
    }

    /// Writers that keep registering cannot hold the main actor in one flush for ever.
    static let maximumRounds = 8

    private func takeRegisteredNodes(countingAFlush: Bool)
        -> (nodes: [DisplayNode], observer: (@MainActor @Sendable (DisplayNode) -> Void)?) {
        state.withLock { s in
            let nodes = s.dirtyNodes
            s.dirtyNodes = []
            s.isFlushScheduled = false
            if countingAFlush { s.flushes += 1 }
            return (nodes.compactMap(\.node), s.willApplyPendingState)
        }
    }

    /// The batch ordered deepest node first (taking order among nodes of equal depth; a node taken twice
    /// keeps the order of its two states). A deferred setNeedsLayout bumps the node's layout version when
    /// its state is applied; an app calls it on the changed node and then on each supernode. Applied in
    /// registration order, an ancestor that registered earlier (for another property) would be bumped
    /// before its descendants, and a measurement on another thread in between would combine the
    /// ancestor's new version with a descendant's stale cached layout and publish a stale layout as
    /// current. Descendants first, a measurement that sees an ancestor's new version also sees every
    /// descendant's (stress: `layout-cache`, seed 41 of scroll-content).
    static func deepestFirstOrder(_ nodes: [DisplayNode]) -> [Int] {
        guard nodes.count > 1 else { return Array(nodes.indices) }
        var keyed: [(depth: Int, index: Int)] = []
        keyed.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            var depth = 0
            var ancestor = node.supernode
            while let current = ancestor {
                depth += 1
                ancestor = current.supernode
            }
            keyed.append((depth, index))
        }
        keyed.sort { $0.depth != $1.depth ? $0.depth > $1.depth : $0.index < $1.index }
        return keyed.map(\.index)
    }

    /// Called on the main actor right before each node's pending state is applied by a flush. Tests use
    /// it to run a measurement between two nodes' steps, as another thread could at that moment.
    @MainActor var willApplyPendingState: (@MainActor @Sendable (DisplayNode) -> Void)? {
        get { state.withLock { $0.willApplyPendingState } }
        set { state.withLock { $0.willApplyPendingState = newValue } }
    }

    /// Called on the main actor right after a flush took its batch, before it reads any node's state.
    /// Tests use it to write from another thread at that moment.
    @MainActor var didTakeBatch: (@MainActor @Sendable () -> Void)? {
        get { state.withLock { $0.didTakeBatch } }
        set { state.withLock { $0.didTakeBatch = newValue } }
    }

    /// True between the first registration and the flush (Texture's test_isFlushScheduled).
    public var isFlushScheduled: Bool { state.withLock { $0.isFlushScheduled } }

    /// Nodes waiting for the next flush (released nodes still count until then).
    public var registeredNodeCount: Int { state.withLock { $0.dirtyNodes.count } }

    /// Flushes scheduled and flushes run since the process started.
    public var scheduledFlushCount: Int { state.withLock { $0.scheduledFlushes } }
    public var flushCount: Int { state.withLock { $0.flushes } }
}
