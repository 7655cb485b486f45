import Dispatch
import LayoutCore

// Texture's ASDataController after an edit is asked (ListNode+Editing.swift): each edit's new map goes to one
// serial editing queue, which allocates and measures every element that is unallocated or not measured
// for its current range — concurrently, with the list's measuring mode — then lays the items out and
// hands the result to the main actor, which commits it in one step (ListNode+Commit.swift).
//
//   process(edit)                         editing queue (serial: edits measure one after another, in turn order)
//     1. collect the elements that need measuring, in index order
//     2. allocate + measure them concurrently (MeasuringMode); each element keeps its own result, so the
//        results stay in index order whatever thread finished first
//     3. frames of every item (ListLayoutSnapshot)
//     4. the result joins the ready queue (FIFO) and a main-queue turn delivers it → commit. Commits run
//        in turn order; the main actor does not wait for the editing queue (Texture's blocking group wait,
//        #1266, is not here) unless it asks to (`waitUntilAllProcessed`, Texture's
//        waitUntilAllUpdatesAreProcessed), which then runs the ready commits itself instead of leaving
//        them to main-queue turns it would be blocking.

/// One submitted edit: the pending map it leaves and what the commit needs.
struct ListEdit: Sendable {
    var map: ListElementMap
    /// Elements the edit removed (their nodes leave every interface state on commit).
    var removed: [ListElement]
    /// Inserts + deletes (reload counts each item twice), 0 for an empty batch or a relayout.
    var changeCount: Int
    var isReload: Bool
    var completions: [ListCompletion]
    /// The list's width when the edit was asked.
    var width: Double
    /// DispatchTime nanoseconds when the edit was asked (batch-to-commit latency).
    var submittedAt: UInt64
    /// The edit's number in request order, from 1.
    var sequence: Int
}

/// An edit measured and laid out, ready for the main actor.
struct PreparedEdit: Sendable {
    var edit: ListEdit
    var snapshot: ListLayoutSnapshot
    /// Elements whose block ran in this edit (their nodes enter `.measureLayout` on commit).
    var allocated: [ListElement]
}

/// Deterministic counters and timings of the data controller (any thread).
public struct DataControllerStatistics: Hashable, Sendable {
    public var editsProcessed = 0
    public var nodeBlocksRun = 0
    public var cellsMeasured = 0
    /// Node blocks that ran on the main actor: stays 0 (the tests check it).
    public var nodeBlocksOnMainActor = 0
    /// Wall time of step 2 (allocation and measurement), summed over edits, and of the last edit.
    public var measureNanoseconds: UInt64 = 0
    public var lastMeasureNanoseconds: UInt64 = 0
    public var lastMeasuredCells = 0

    public init() {}
}

final class DataController: @unchecked Sendable {
    private let editingQueue = DispatchQueue(label: "loom.list.editing", qos: .userInitiated)
    let measuringMode: Locked<MeasuringMode>
    let statistics = Locked(DataControllerStatistics())
    /// Prepared edits not yet committed, oldest first, each with its commit.
    private let ready = Locked<[(edit: PreparedEdit, commit: @MainActor @Sendable (PreparedEdit) -> Void)]>([])

    init(measuringMode: MeasuringMode) {
        self.measuringMode = Locked(measuringMode)
    }

    /// Queues `edit` behind the earlier ones; `commit` runs on the main actor with the result.
    func process(_ edit: ListEdit, kind: ListLayoutKind,
                 commit: @escaping @MainActor @Sendable (PreparedEdit) -> Void) {
        editingQueue.async { [self] in
            // 1–2. Allocate and measure, concurrently.
            let pending = edit.map.allElements.filter(\.needsMeasurement)
            let made = MadeFlags(count: pending.count)
            let mode = measuringMode.load()
            let start = DispatchTime.now().uptimeNanoseconds
            mode.run(pending.count) { [statistics] index in
                if MainActorCheck.isOnMainActor { statistics.withLock { $0.nodeBlocksOnMainActor += 1 } }
                made.set(index, pending[index].allocateAndMeasure())
            }
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            let allocated = (0..<pending.count).filter { made[$0] }.map { pending[$0] }
            statistics.withLock { s in
                s.editsProcessed += 1
                s.nodeBlocksRun += allocated.count
                s.cellsMeasured += pending.count
                s.measureNanoseconds += elapsed
                s.lastMeasureNanoseconds = elapsed
                s.lastMeasuredCells = pending.count
            }
            // 3. Frames.
            let snapshot = ListLayoutSnapshot.make(edit.map, kind: kind, width: edit.width)
            let prepared = PreparedEdit(edit: edit, snapshot: snapshot, allocated: allocated)
            // 4. One commit on the main actor.
            ready.withLock { $0.append((prepared, commit)) }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.deliverReadyCommits() } }
        }
    }

    /// Commits the ready edits in order. One at a time, taken out under the lock and committed without it
    /// (a commit runs completions, which may edit the list or call this again).
    @MainActor func deliverReadyCommits() {
        while let next = ready.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            next.commit(next.edit)
        }
    }

    /// Blocks the main actor until every edit already submitted is measured, then commits them. The editing
    /// queue never needs the main actor, so the wait ends; a node block that waits for the main queue
    /// would deadlock here, as in Texture.
    @MainActor func waitUntilAllProcessed() {
        editingQueue.sync {}
        deliverReadyCommits()
    }
}

/// One flag per measured element, written by the worker that measured it (distinct slots, so no lock).
private final class MadeFlags: @unchecked Sendable {
    private let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: max(count, 1))
        flags.initialize(repeating: false)
    }

    deinit { flags.deallocate() }

    func set(_ index: Int, _ value: Bool) { flags[index] = value }
    subscript(index: Int) -> Bool { flags[index] }
}
