import Dispatch
import Foundation
import LayoutCore
@testable import NodeTree

// A data source over a locked model (item ids per section), cells that log their hooks and measurements,
// and a batch-fetching delegate that appends a page from its background queue.

/// A cell of a fixed height (full width) that logs its interface-state hooks and its measurements.
final class LoggingCell: CellNode, InterfaceStateHooks, @unchecked Sendable {
    let id: Int
    let height: Double
    let log: ListEventLog

    init(id: Int, height: Double, log: ListEventLog) {
        self.id = id
        self.height = height
        self.log = log
        super.init()
        debugName = "cell \(id)"
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        log.recordMeasurement(id: id, width: constrainedSize.width, onMainActor: MainActorCheck.isOnMainActor)
        return Size(width: constrainedSize.width.isFinite ? constrainedSize.width : 10, height: height)
    }

    func didEnterPreloadState() { log.hook(id, "enterPreload") }
    func didExitPreloadState() { log.hook(id, "exitPreload") }
    func didEnterDisplayState() { log.hook(id, "enterDisplay") }
    func didExitDisplayState() { log.hook(id, "exitDisplay") }
    func didEnterVisibleState() { log.hook(id, "enterVisible") }
    func didExitVisibleState() { log.hook(id, "exitVisible") }
    func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {
        log.hook(id, "changed")
        if !MainActorCheck.isOnMainActor { log.hook(id, "hook off the main actor") }
    }
}

/// What the cells and blocks did, from any thread.
final class ListEventLog: @unchecked Sendable {
    struct State {
        var hooks: [Int: [String]] = [:]
        var measuredWidths: [Int: [Double]] = [:]
        var measurementsOnMainActor = 0
        var blocksOnMainActor = 0
        var blocksRun = 0
        var activeBlocks = 0
        var maxActiveBlocks = 0
        var activeMeasurements = 0
        var maxActiveMeasurements = 0
        var blockThreads = Set<UInt>()
    }

    let state = Locked(State())
    /// When set, each block (and measurement) waits, up to a bound, for a second one to be running, so a
    /// test sees whether two can run at once.
    let rendezvous = Locked(false)

    func hook(_ id: Int, _ event: String) { state.withLock { $0.hooks[id, default: []].append(event) } }

    func hooks(_ id: Int) -> [String] { state.withLock { $0.hooks[id] ?? [] } }

    func recordMeasurement(id: Int, width: Double, onMainActor: Bool) {
        state.withLock { s in
            s.measuredWidths[id, default: []].append(width)
            if onMainActor { s.measurementsOnMainActor += 1 }
            s.activeMeasurements += 1
            s.maxActiveMeasurements = max(s.maxActiveMeasurements, s.activeMeasurements)
        }
        meet { $0.maxActiveMeasurements >= 2 }
        state.withLock { $0.activeMeasurements -= 1 }
    }

    func blockBegan() {
        state.withLock { s in
            s.blocksRun += 1
            if MainActorCheck.isOnMainActor { s.blocksOnMainActor += 1 }
            s.activeBlocks += 1
            s.maxActiveBlocks = max(s.maxActiveBlocks, s.activeBlocks)
            s.blockThreads.insert(currentThreadID())
        }
        meet { $0.maxActiveBlocks >= 2 }
        state.withLock { $0.activeBlocks -= 1 }
    }

    /// Set once a wait ran out, so a run that really is serial pays the bound once, not once per block.
    private let gaveUp = Locked(false)

    /// Waits until `ready` holds: at most ten seconds of wall clock (a bound on the wait, never a timing
    /// assertion), so a second block that starts late on a loaded machine or under a sanitizer still meets the
    /// first. `ready` asks whether two ever ran at once, so once they have, no later block waits.
    private func meet(_ ready: (State) -> Bool) {
        guard rendezvous.load(), !gaveUp.load() else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if state.withLock({ ready($0) }) { return }
            usleep(100)
        }
        gaveUp.store(true)
    }
}

/// The model: item ids per section. Changed by the tests inside their updates closures.
final class ListModel: ListDataSource, ListDelegate, @unchecked Sendable {
    let sections: Locked<[[Int]]>
    let log: ListEventLog
    let height: @Sendable (Int) -> Double
    let constrainedSize = Locked<SizeRange?>(nil)
    let nextID = Locked(10_000)

    init(_ sections: [[Int]], log: ListEventLog = ListEventLog(), height: @escaping @Sendable (Int) -> Double = { _ in 50 }) {
        self.sections = Locked(sections)
        self.log = log
        self.height = height
    }

    func newID() -> Int { nextID.withLock { $0 += 1; return $0 } }

    func numberOfSections(in list: ListNode) -> Int { sections.withLock { $0.count } }

    func list(_ list: ListNode, numberOfItemsInSection section: Int) -> Int { sections.withLock { $0[section].count } }

    func list(_ list: ListNode, nodeBlockForItemAt indexPath: ListIndexPath) -> CellNodeBlock {
        let id = sections.withLock { $0[indexPath.section][indexPath.item] }
        let log = self.log, height = self.height(id)
        return {
            log.blockBegan()
            return LoggingCell(id: id, height: height, log: log)
        }
    }

    func list(_ list: ListNode, constrainedSizeForItemAt indexPath: ListIndexPath) -> SizeRange? {
        constrainedSize.load()
    }
}

/// Appends `pageSize` items per fetch from the background queue, then completes the context.
final class PageFetcher: ListBatchFetchingDelegate, @unchecked Sendable {
    let model: ListModel
    let pageSize: Int
    let fetches = Locked(0)
    private let signal: AsyncStream<Int>.Continuation
    let completed: AsyncStream<Int>

    init(model: ListModel, pageSize: Int) {
        self.model = model
        self.pageSize = pageSize
        (completed, signal) = AsyncStream<Int>.makeStream()
    }

    /// Appends the page from this background queue; completes the fetch once the page is committed (on the
    /// main actor), as ASDKgram does.
    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchingContext) {
        let fetch = fetches.withLock { $0 += 1; return $0 }
        let pageSize = self.pageSize, model = self.model, signal = self.signal
        try? list.performBatchUpdates({ batch in
            guard pageSize > 0, !model.sections.load().isEmpty else { return }
            let start = model.sections.withLock { $0[0].count }
            let ids = (0..<pageSize).map { _ in model.newID() }
            model.sections.withLock { $0[0] += ids }
            batch.insertItems(at: (0..<pageSize).map { ListIndexPath(item: start + $0, section: 0) })
        }, completion: { _ in
            context.completeBatchFetching(true)
            signal.yield(fetch)
        })
    }
}

/// A table over `model` in a viewport, loaded and committed.
@MainActor func makeTable(_ model: ListModel, viewport: Size = Size(width: 100, height: 100),
                          mode: MeasuringMode = .pool(width: 2)) async -> TableNode {
    let table = TableNode(measuringMode: mode)
    table.dataSource = model
    table.delegate = model
    table.setViewportSize(viewport)
    table.reloadData()
    await table.waitUntilAllUpdatesAreCommitted()
    return table
}

/// The ids of the committed cells, in display order.
@MainActor func committedIDs(_ list: ListNode) -> [Int] {
    list.committedNodes.map { ($0 as? LoggingCell)?.id ?? -1 }
}
