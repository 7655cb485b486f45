import Testing
import LayoutCore
@testable import NodeTree

// Interface states and ranges (Texture's ASRangeController, its tuning parameters and ASInterfaceState): the
// range cases of ASCollectionViewTests and ASTableViewTests.

@MainActor @Suite struct RangeControllerTests {
    @Test func aScrollFromTopToBottomWalksEachCellThroughTheStatesInOrder() async {
        let log = ListEventLog()
        let model = ListModel([Array(0..<40)], log: log)  // 50 points each, 2,000 in all
        let table = await makeTable(model)
        #expect(table.currentRangeMode == .minimum)
        var offset = 0.0
        while offset < table.contentSize.height - 100 {
            offset += 10
            table.scroll(toOffset: offset)
        }
        #expect(table.currentRangeMode == .full)
        // A cell in the middle enters MeasureLayout when its commit visits it (no hook but the change),
        // then each state ahead of the viewport and leaves it behind, each step followed by
        // interfaceStateDidChange, and ends back at MeasureLayout.
        let walk = ["changed", "enterPreload", "changed", "enterDisplay", "changed", "enterVisible", "changed",
                    "exitVisible", "changed", "exitDisplay", "changed", "exitPreload", "changed"]
        for id in 10..<25 { #expect(log.hooks(id) == walk, "cell \(id)") }
        #expect(table.committedNodes[10]?.interfaceState == .measureLayout)
        // The first cells start on screen: all three states at once, in Texture's order.
        #expect(Array(log.hooks(0).prefix(4)) == ["enterPreload", "enterDisplay", "enterVisible", "changed"])
        // No hook ran off the main actor.
        for id in 0..<40 { #expect(!log.hooks(id).contains("hook off the main actor")) }
    }

    @Test func statesFollowTheTuningAtTheCurrentOffset() async {
        let model = ListModel([Array(0..<40)])
        let table = await makeTable(model)
        table.scroll(toOffset: 500)  // scrolled: Full. Viewport 500..<600, moving down.
        let states = table.committedNodes.map { $0?.interfaceState ?? .none }
        // Visible: items 10, 11. Display: 1 screen ahead, 0.5 behind → 450..<700. Preload: 2.5 ahead, 1.5
        // behind → 350..<850.
        #expect(states[10] == .inHierarchy && states[11] == .inHierarchy)
        #expect(states[9] == [.measureLayout, .preload, .display])
        #expect(states[13] == [.measureLayout, .preload, .display])
        #expect(states[14] == [.measureLayout, .preload])
        #expect(states[7] == [.measureLayout, .preload])
        #expect(states[16] == [.measureLayout, .preload])
        #expect(states[6] == .measureLayout && states[17] == .measureLayout)
        // Only visible cells have views in the list's view.
        #expect(table.view.subviews.count == 2)
    }

    @Test func theInitialRangeIsTheMinimumModes() async {
        // Texture's testInitialRangeBounds: Minimum preload 2/0 → about three screens preloaded before scrolling.
        let model = ListModel([Array(0..<40)])
        let table = TableNode()
        table.dataSource = model
        var tuning = table.rangeTuning
        tuning[.minimum, .preload] = RangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 0)
        table.rangeTuning = tuning
        table.setViewportSize(Size(width: 100, height: 100))
        table.reloadData()
        await table.waitUntilAllUpdatesAreCommitted()
        let preloaded = table.committedNodes.filter { $0?.isInPreloadState == true }.count
        #expect(preloaded == 6)
        #expect(table.currentRangeMode == .minimum)
    }

    @Test func tuningParametersRoundTripPerModeAndModelessMeansFull() {
        var tuning = RangeTuning()
        #expect(tuning[.full, .preload] == RangeTuningParameters(leadingBufferScreenfuls: 2.5, trailingBufferScreenfuls: 1.5))
        #expect(tuning[.minimum, .display] == RangeTuningParameters(leadingBufferScreenfuls: 0.25, trailingBufferScreenfuls: 0.25))
        let custom = RangeTuningParameters(leadingBufferScreenfuls: 3, trailingBufferScreenfuls: 1)
        tuning[.display] = custom
        #expect(tuning[.full, .display] == custom)
        tuning[.minimum, .preload] = custom
        #expect(tuning[.minimum, .preload] == custom)
        #expect(tuning[.visibleOnly, .preload] == .zero)
    }

    @Test func aDeletedVisibleItemLeavesEveryState() async throws {
        let log = ListEventLog()
        let model = ListModel([[0]], log: log)
        let table = await makeTable(model)
        let cell = try #require(table.committedNodes.first ?? nil)
        #expect(cell.isVisible)
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0[0] = [] }
            batch.deleteItems(at: [ListIndexPath(item: 0, section: 0)])
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(!cell.isVisible)
        #expect(cell.interfaceState == .none)
        #expect(!cell.isNodeLoaded || cell.view.superview == nil)
        #expect(Array(log.hooks(0).suffix(4)) == ["exitPreload", "exitDisplay", "exitVisible", "changed"])
    }

    @Test func anItemInsertedIntoThePreloadRangeIsPreloadedOnce() async throws {
        // Texture's testItemsInsertedIntoThePreloadRangeGetPreloaded: Minimum preload 1/1, two rows visible.
        let log = ListEventLog()
        let model = ListModel([[0, 1]], log: log)
        let table = TableNode()
        table.dataSource = model
        var tuning = table.rangeTuning
        tuning[.minimum, .preload] = RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1)
        tuning[.minimum, .display] = .zero
        table.rangeTuning = tuning
        table.setViewportSize(Size(width: 100, height: 100))
        table.reloadData()
        await table.waitUntilAllUpdatesAreCommitted()
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0[0].append(2) }
            batch.insertItems(at: [ListIndexPath(item: 2, section: 0)])
        }
        await table.waitUntilAllUpdatesAreCommitted()
        try table.performBatchUpdates { _ in }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(log.hooks(2).filter { $0 == "enterPreload" }.count == 1)
        #expect(table.committedNodes[2]?.interfaceState == [.measureLayout, .preload])
    }

    @Test func anASMCellEnteringPreloadLaysItselfOut() async throws {
        let model = ASMModel()
        let table = TableNode()
        table.dataSource = model
        table.setViewportSize(Size(width: 100, height: 100))
        table.reloadData()
        await table.waitUntilAllUpdatesAreCommitted()
        // Cell 2 (100..<150) is in Minimum's preload range (0.5 screens ahead) but not visible.
        let cell = try #require(table.committedNodes[2])
        #expect(cell.isInPreloadState && !cell.isVisible)
        #expect(!cell.isNodeLoaded)
        #expect(cell.subnodes.count == 1)
        #expect(cell.subnodes.first?.isInPreloadState == true)
        // Beyond the preload range: not laid out.
        let far = try #require(table.committedNodes[9])
        #expect(far.subnodes.isEmpty)
    }
}

/// Cells that manage their subnodes: a 50-point-tall child.
final class ASMModel: ListDataSource, @unchecked Sendable {
    func list(_ list: ListNode, numberOfItemsInSection section: Int) -> Int { 10 }
    func list(_ list: ListNode, nodeBlockForItemAt indexPath: ListIndexPath) -> CellNodeBlock {
        {
            let cell = CellNode()
            cell.automaticallyManagesSubnodes = true
            let child = DisplayNode()
            child.style.height = .points(50)
            cell.layoutSpecBlock = { _, _ in child }
            return cell
        }
    }
}
