import Foundation
import NodeTree
import Testing
@testable import BenchHarness

// The stress table (issue #22 item 6): batches planned against the model record UIKit's index paths, the
// table invariants examine every committed row, the table-unrecorded-delete fault breaks table-rows (and
// nothing else), and the list recipes run clean live.

@Suite(.serialized) struct StressTableTests {
    static func items(_ ids: [Int]) -> [StressTableItem] { ids.map { StressTableItem(id: $0, version: 0) } }

    @Test func aPlanRecordsDeletesAgainstOldRowsAndInsertsAgainstNewOnes() {
        // Old: 1 2 3 4 5. Delete row 1 (item 2); move row 3 (item 4) to the top; insert item 9 at 0.
        let plan = StressTablePlan.make([.delete(at: 1), .move(from: 3, to: 0), .insert(at: 0)],
                                        old: Self.items([1, 2, 3, 4, 5]), newIDs: [9])
        #expect(plan.items.map(\.id) == [9, 4, 1, 3, 5])
        #expect(plan.deletes == [1, 3])
        #expect(plan.inserts == [0, 1])
        #expect(plan.reloads.isEmpty)
    }

    @Test func aPlanWithAReloadKeepsOnlyDeletesAndReloads() {
        // Positions wrap modulo the count: 8 → row 2.
        let plan = StressTablePlan.make([.reload(at: 8), .insert(at: 0), .delete(at: 0)],
                                        old: Self.items([1, 2, 3]), newIDs: [9])
        #expect(plan.items == [StressTableItem(id: 2, version: 0), StressTableItem(id: 3, version: 1)])
        #expect(plan.reloads == [2])
        #expect(plan.deletes == [0])
        #expect(plan.inserts.isEmpty)
    }

    /// The table starts, a worker deletes, inserts and moves, the main actor changes the width and scrolls.
    static func steps() -> [StressStep] {
        [
            StressStep(seq: 0, lane: 0, op: .tableCommit),
            StressStep(seq: 1, lane: 1, op: .tableBatch(edits: [.delete(at: 3), .insert(at: 0), .move(from: 5, to: 9)])),
            StressStep(seq: 2, lane: 0, op: .tableWidth(width: 320)),
            StressStep(seq: 3, lane: 2, op: .tableBatch(edits: [.reload(at: 1), .delete(at: 4)])),
            StressStep(seq: 4, lane: 0, op: .tableScroll(position: 0.5)),
            StressStep(seq: 5, lane: 1, op: .tableReload),
        ]
    }

    /// In process the test is itself a main-queue job, so the table's commits cannot land (the command-line
    /// tests check them): the table invariants say so instead of failing, and refused batches still count.
    @MainActor @Test func inProcessTheTableChecksSayWhyTheyAreLeftOut() {
        let outcome = StressReplayer.replay(StressScript(recipe: .tableRangeEdit, steps: Self.steps()))
        #expect(outcome.passed, "\(outcome.invariants.filter { !$0.holds })")
        let measured = outcome.invariants.first { $0.invariant == .tableMeasured }!
        #expect(measured.notes.first?.contains("cannot land") == true, "\(measured.notes)")
    }

    @MainActor @Test func unrecordedDeleteBreaksTheTableRowsInvariant() {
        var script = StressScript(recipe: .tableBatchRace, steps: Self.steps())
        script.fault = .tableUnrecordedDelete
        let outcome = StressReplayer.replay(script)
        let rows = outcome.invariants.first { $0.invariant == .tableRows }!
        #expect(!rows.holds)
        #expect(rows.violations.first?.hasPrefix("the table refused a batch: Invalid number of items in section 0") == true,
                "\(rows.violations)")
        #expect(outcome.invariants.filter { !$0.holds }.map(\.invariant) == [.tableRows])
    }

    @Test func tableOperationsSurviveAScriptRoundTrip() throws {
        let script = StressScript(recipe: .tableStaleSize, steps: Self.steps()
                                  + [StressStep(seq: 6, lane: 0, op: .tableFetch(count: 3))])
        let decoded = try StressScript.decode(script.text, file: "table.json")
        #expect(decoded.steps == script.steps)
        #expect(decoded.recipe == .tableStaleSize)
    }

    @MainActor @Test(arguments: [StressRecipe.tableBatchRace, .tableStaleSize, .tableRangeEdit])
    func listRecipesRunCleanLive(_ recipe: StressRecipe) {
        let result = StressRunner.run(StressOptions(threads: 3, operations: 1500, seed: 5, recipe: recipe))
        #expect(result.passed, "\(result.invariants.filter { !$0.holds })")
        #expect((result.counts[.tableBatch] ?? 0) > 0)
    }

    @MainActor @Test func aLiveRunWithTheFaultFailsTableRows() {
        let result = StressRunner.run(StressOptions(threads: 2, operations: 800, seed: 2, recipe: .tableBatchRace,
                                                    fault: .tableUnrecordedDelete))
        #expect(result.firstFailure?.invariant == .tableRows)
    }
}
