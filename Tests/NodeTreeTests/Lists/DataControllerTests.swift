import Dispatch
import Foundation
import Testing
import LayoutCore
@testable import NodeTree

// The data controller (Texture's ASDataController, -updateWithChangeSet:): node blocks off the main actor and
// concurrent, edits from many threads committed in the order they were asked, a width change re-measuring every
// cell concurrently, an edit asked while an earlier one is still measuring.

@MainActor @Suite struct DataControllerTests {
    @Test(arguments: [MeasuringMode.pool(width: 2), .concurrentPerform])
    func nodeBlocksRunOffTheMainActorAndConcurrently(mode: MeasuringMode) async {
        let log = ListEventLog()
        log.rendezvous.store(true)
        let model = ListModel([Array(0..<16)], log: log)
        let table = await makeTable(model, mode: mode)
        let s = log.state.load()
        #expect(s.blocksRun == 16)
        #expect(s.blocksOnMainActor == 0)
        #expect(s.measurementsOnMainActor == 0)
        #expect(s.maxActiveBlocks >= 2)
        #expect(table.dataControllerStatistics.nodeBlocksOnMainActor == 0)
        #expect(committedIDs(table) == Array(0..<16))
    }

    @Test func editsFromSeveralThreadsCommitInTheOrderTheyWereAsked() async throws {
        let model = ListModel([[]])
        let table = await makeTable(model, viewport: Size(width: 100, height: 100_000))
        let asked = Locked<[Int]>([])
        let committed = Locked<[Int]>([])
        let errors = Locked(0)
        onThreads(4, count: 40) { index in
            do {
                try table.performBatchUpdates({ batch in
                    // Inside the turn: the order turns are served is the request order.
                    asked.withLock { $0.append(index) }
                    let count = model.sections.withLock { s -> Int in s[0].append(index); return s[0].count }
                    batch.insertItems(at: [ListIndexPath(item: count - 1, section: 0)])
                }, completion: { _ in committed.withLock { $0.append(index) } })
            } catch {
                errors.withLock { $0 += 1 }
            }
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(errors.load() == 0)
        #expect(asked.load().count == 40)
        #expect(committed.load() == asked.load())
        #expect(committedIDs(table) == asked.load())
        #expect(committedIDs(table) == model.sections.load()[0])
    }

    @Test func anEditWhileAnEarlierOneMeasuresQueuesBehindIt() async throws {
        let model = ListModel([Array(0..<30)])
        let table = TableNode()
        table.dataSource = model
        table.setViewportSize(Size(width: 100, height: 200))
        table.reloadData()
        // No wait: the reload is still measuring.
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0[0].removeFirst(); $0[0].append(99) }
            batch.deleteItems(at: [ListIndexPath(item: 0, section: 0)])
            batch.insertItems(at: [ListIndexPath(item: 29, section: 0)])
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(committedIDs(table) == Array(1..<30) + [99])
        #expect(table.committedEditCount == 2)
    }

    @Test func aWidthChangeMeasuresEveryCellAgainConcurrently() async {
        let log = ListEventLog()
        let model = ListModel([Array(0..<12)], log: log)
        let table = await makeTable(model)
        log.rendezvous.store(true)
        table.setViewportSize(Size(width: 250, height: 100))
        await table.waitUntilAllUpdatesAreCommitted()
        let s = log.state.load()
        for id in 0..<12 { #expect(s.measuredWidths[id]?.last == 250) }
        #expect(s.maxActiveMeasurements >= 2)
        #expect(s.measurementsOnMainActor == 0)
        #expect(table.committedFrames.allSatisfy { $0.width == 250 })
        // Same nodes, measured again (not re-created).
        #expect(s.blocksRun == 12)
    }

    @Test func waitUntilAllUpdatesAreProcessedCommitsEveryEditAskedBeforeItInOrder() throws {
        let model = ListModel([Array(0..<20)])
        let table = TableNode()
        table.dataSource = model
        table.setViewportSize(Size(width: 100, height: 200))
        let completed = Locked<[String]>([])
        table.reloadData { _ in completed.withLock { $0.append("reload") } }
        try table.performBatchUpdates({ batch in
            model.sections.withLock { $0[0].insert(99, at: 0) }
            batch.insertItems(at: [ListIndexPath(item: 0, section: 0)])
        }, completion: { _ in completed.withLock { $0.append("insert") } })
        // No main-queue turn in between: the wait itself measures and commits both.
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.committedEditCount == 2)
        #expect(completed.load() == ["reload", "insert"])
        #expect(committedIDs(table) == [99] + Array(0..<20))
        #expect(table.dataControllerStatistics.nodeBlocksOnMainActor == 0)
        // A second wait with nothing asked returns at once and commits nothing again.
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.committedEditCount == 2)
        #expect(table.listStatistics.commits == 2)
    }

    @Test func aTableIsReleasedAfterItsLastCommitWithoutAnotherMainQueueTurn() {
        weak var weakTable: TableNode?
        weak var cell: CellNode?
        let model = ListModel([Array(0..<5)])
        do {
            let table = TableNode()
            table.dataSource = model
            table.setViewportSize(Size(width: 100, height: 100))
            table.reloadData()
            table.waitUntilAllUpdatesAreProcessed()
            weakTable = table
            cell = table.committedNodes.first ?? nil
            #expect(cell != nil)
        }
        // What the commit queued on the main queue (its batch-fetch check) has not run yet; it must not be
        // what keeps the table and its cells alive.
        #expect(weakTable == nil)
        #expect(cell == nil)
    }

    @Test func everyNodeIsReleasedAfterTheTable() async {
        weak var cell: CellNode?
        weak var weakTable: TableNode?
        do {
            let model = ListModel([Array(0..<5)])
            let table = await makeTable(model)
            cell = table.committedNodes.first ?? nil
            weakTable = table
            #expect(cell != nil)
        }
        await drainMainQueue()
        #expect(weakTable == nil)
        #expect(cell == nil)
    }
}
