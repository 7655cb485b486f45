import LayoutCore

// What a list shows, on the main actor: the committed layout (Texture's visibleMap, replaced only by a
// commit), the simulated viewport and scroll position (the scroll view's bounds), the range controller's
// state, the batch-fetching context, and counters and timings of the main actor's list work.

/// The main actor's list work, counted (read it on the main actor).
public struct ListStatistics: Hashable, Sendable {
    public var commits = 0
    /// Main-actor time of commits (map swap, removed nodes, range update), summed and the last one.
    public var commitNanoseconds: UInt64 = 0
    public var lastCommitNanoseconds: UInt64 = 0
    /// Range updates run (scroll steps, viewport changes, commits) and their main-actor time.
    public var rangeUpdates = 0
    public var rangeUpdateNanoseconds: UInt64 = 0
    /// Cells whose interface state changed (each change of a cell's state counts once).
    public var interfaceStateTransitions = 0
    /// Cell views loaded because the cell became visible.
    public var viewsLoaded = 0
    public var batchFetchesBegun = 0
    /// From the request (performBatchUpdates, reloadData) to the end of its commit, per committed edit,
    /// oldest first; `ListNode.takeBatchToCommitLatencies()` empties it. A list nobody reads keeps the
    /// newest `latencyCapacity` / 2 or more.
    public var batchToCommitNanoseconds: [UInt64] = []
    public static let latencyCapacity = 8192

    public init() {}
}

@MainActor
final class ListPresentation {
    var snapshot = ListLayoutSnapshot()
    var viewportSize: Size = .zero
    var contentOffset: Double = 0
    /// Texture's initial direction is Down.
    var scrollDirection: ScrollDirection = .down
    /// Texture's "container visible" (the list is in a window).
    var isVisibleOnScreen = true
    var range = RangeController()
    var statistics = ListStatistics()
    var batchContext = BatchFetchingContext()
    /// Texture checks for a batch after every commit except 0-change commits after the first such check,
    /// so an empty fetch at the end of the content does not loop.
    var checkedAfterEmptyCommit = false
    var committedEdits = 0
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    nonisolated init() {}

    func waitForCommit(_ target: Int) async {
        guard committedEdits < target else { return }
        await withCheckedContinuation { continuation in
            waiters.append((target, continuation))
        }
    }

    /// Records edit `sequence` as committed and resumes whoever waited for it.
    func didCommit(_ sequence: Int) {
        committedEdits = max(committedEdits, sequence)
        let ready = waiters.filter { $0.target <= committedEdits }
        waiters.removeAll { $0.target <= committedEdits }
        for waiter in ready { waiter.continuation.resume() }
    }
}
