import Foundation
import LayoutCore
import NodeTree

// The stress table's invariants at quiescence (main actor), before the forest's:
//
//   0. land        run the main run loop until every edit the table was asked for is committed and every
//                  batch fetch it began has reached the delegate (bounded: a commit that never lands is
//                  itself a table-rows violation). Commits arrive through the main queue, which cannot run
//                  while the caller is itself a main-queue job (an in-process Swift Testing test): then only
//                  the refused batches are checked, and each table invariant says why in a note
//   1. table-rows      no batch was refused; the table's counts and its committed rows, in order, are the
//                      model's items (id and version), and each committed node is the pending map's node
//   2. table-measured  every committed row's range is the table's for the current width, and its committed
//                      frame has the size the node's layout for that range has
//   3. table-ranges    every committed node's interface state is the one the viewport, the scroll direction
//                      and the tuning of the mode in force give (recomputed here from the committed frames,
//                      not read back from the range controller), and a visible node has its view
//   4. table-views     no cell loaded its view off the main thread
//   5. table-released  after the table is dropped and the main queue drained, no cell is alive

extension StressInvariants {
    /// Turns of the run loop quiescence waits at most for the table's commits.
    static let tableLandingTurns = 20_000

    @MainActor static func checkTable(_ forest: StressForest, _ c: inout StressInvariantCollector) {
        let table = forest.table
        table.startIfNeeded()
        guard mainQueueRuns() else {
            for rejected in table.rejectedBatches.withLock({ $0 }) {
                c.violation(.tableRows, "the table refused a batch: \(rejected)")
            }
            for invariant in [StressInvariant.tableRows, .tableMeasured, .tableRanges, .tableViews, .tableReleased] {
                c.note(invariant, "the main queue cannot run inside this main-queue job, so the table's commits "
                           + "cannot land: only refused batches checked (run `bench stress` for the rest)")
            }
            table.dropTable()
            return
        }
        if !landTable(table) {
            c.violation(.tableRows, "the table's edits did not all commit on the main actor")
        }
        checkTableState(table, &c)
        // 5. Dropped here, so the references the checks above took are gone with their frame.
        table.dropTable()
        for _ in 0..<8 { _ = RunLoop.main.run(mode: .default, before: Date()) }
        let made = table.ledger.cellsMade
        c.checked(.tableReleased, made)
        var alive = table.ledger.alive
        var turns = 0
        while !alive.isEmpty && turns < 200 {
            alive = []
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
            alive = table.ledger.alive
            turns += 1
        }
        if !alive.isEmpty {
            let listed = alive.prefix(8).map { "\($0.item)" }.joined(separator: ", ")
            c.violation(.tableReleased, "\(alive.count) of \(made) table cell(s) alive after the table was dropped: \(listed)")
        }
    }

    /// Whether a block queued on the main queue now runs when the run loop turns.
    @MainActor private static func mainQueueRuns() -> Bool {
        let ran = Locked(false)
        DispatchQueue.main.async { ran.withLock { $0 = true } }
        for _ in 0..<20 {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
            if ran.withLock({ $0 }) { return true }
        }
        return false
    }

    /// Step 0: true once everything asked is committed (twice in a row, since a commit queues a fetch check).
    @MainActor private static func landTable(_ table: StressTable) -> Bool {
        guard let list = table.table else { return true }
        var quietTurns = 0
        for _ in 0..<tableLandingTurns {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
            let landed = list.committedEditCount >= list.submittedEditCount
                && table.fetchCallsArrived >= list.listStatistics.batchFetchesBegun
            quietTurns = landed ? quietTurns + 1 : 0
            if quietTurns >= 2 { return true }
        }
        return false
    }

    @MainActor private static func checkTableState(_ table: StressTable, _ c: inout StressInvariantCollector) {
        guard let list = table.table else { return }
        // 1. Rows.
        for rejected in table.rejectedBatches.withLock({ $0 }) {
            c.violation(.tableRows, "the table refused a batch: \(rejected)")
        }
        let model = table.items
        let committed = list.committedNodes
        let pending = list.pendingElements.first ?? []
        c.checked(.tableRows, model.count)
        if list.numberOfSections != 1 || list.numberOfItems(inSection: 0) != model.count {
            c.violation(.tableRows, "the table has \(list.numberOfSections) section(s) and "
                            + "\(list.numberOfItems(inSection: 0)) row(s); the data source has 1 and \(model.count)")
        }
        if committed.count != model.count {
            c.violation(.tableRows, "\(committed.count) committed row(s), the data source has \(model.count)")
        }
        for (i, node) in committed.enumerated() where i < model.count {
            let cell = node as? StressTableCell
            if cell?.item != model[i] {
                c.violation(.tableRows, "row \(i) committed item \(cell.map { "\($0.item)" } ?? "none"), "
                                + "the data source has \(model[i])")
            } else if i >= pending.count || pending[i].nodeIfAllocated !== node {
                c.violation(.tableRows, "row \(i)'s committed node is not the pending map's node")
            }
        }

        // 2. Measured at the current range.
        let frames = list.committedFrames
        let width = list.viewportSize.width
        let expected = SizeRange(width: width)
        for (i, node) in committed.enumerated() {
            guard let node, i < frames.count else { continue }
            c.checked(.tableMeasured)
            let range = i < pending.count ? pending[i].constrainedSize : expected
            if range != expected {
                c.violation(.tableMeasured, "row \(i)'s constrained size is \(range), the table's width is \(width)")
                continue
            }
            let size = node.layoutThatFits(range).size
            if frames[i].size != size {
                c.violation(.tableMeasured, "row \(i) committed at \(frames[i].size), its layout at width "
                                + "\(width) is \(size)")
            }
        }

        // 3. Interface states.
        let scrolled = table.scrolled.withLock { $0 }
        let mode: RangeMode = scrolled && list.isVisibleOnScreen ? .full : .minimum
        if list.currentRangeMode != mode {
            c.violation(.tableRanges, "the range mode is \(list.currentRangeMode), expected \(mode)")
        }
        let viewport = Rect(x: 0, y: list.contentOffset, width: list.viewportSize.width,
                            height: list.viewportSize.height)
        let down = !list.scrollDirection.contains(.up)
        func rows(_ type: RangeType?) -> Range<Int> {
            var minY = viewport.minY, maxY = viewport.maxY
            if let type {
                let p = list.rangeTuning[mode, type]
                let h = viewport.height
                minY -= (down ? p.trailingBufferScreenfuls : p.leadingBufferScreenfuls) * h
                maxY += (down ? p.leadingBufferScreenfuls : p.trailingBufferScreenfuls) * h
            }
            let members = frames.indices.filter { frames[$0].maxY > minY && frames[$0].minY < maxY }
            guard let first = members.first, let last = members.last else { return 0..<0 }
            return first..<(last + 1)
        }
        let visible = rows(nil), display = rows(.display), preload = rows(.preload)
        for (i, node) in committed.enumerated() {
            guard let node else { continue }
            c.checked(.tableRanges)
            var state: InterfaceState = .measureLayout
            if visible.contains(i) {
                state.formUnion([.visible, .display, .preload])
            } else {
                if preload.contains(i) { state.insert(.preload) }
                if display.contains(i) { state.insert(.display) }
            }
            if node.interfaceState != state {
                c.violation(.tableRanges, "row \(i) (\(frames[i].minY)–\(frames[i].maxY), viewport "
                                + "\(viewport.minY)–\(viewport.maxY)) is in state \(node.interfaceState.rawValue), "
                                + "expected \(state.rawValue)")
            } else if state.contains(.visible) && !node.isNodeLoaded {
                c.violation(.tableRanges, "row \(i) is visible without a view")
            }
        }

        // 4. Views on the main thread only.
        c.checked(.tableViews, table.ledger.cellsMade)
        let offMain = table.ledger.offMainLoads
        if offMain > 0 { c.violation(.tableViews, "\(offMain) table cell view(s) loaded off the main thread") }
    }
}
