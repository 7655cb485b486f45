import Foundation
import Testing

/// `bench stress` with the table (issue #22 item 6), as a process: there the main queue runs, so every
/// table commit lands and the five table invariants examine every committed row.
@Suite(.serialized) struct StressTableCLITests {
    /// The table starts; a worker deletes, inserts and moves; the main actor changes the width and scrolls;
    /// another worker reloads and deletes; a third reverses and reloads the whole table.
    static let script = #"""
    {"recipe": "table-range-edit", "steps": [
      {"seq": 0, "lane": 0, "op": {"tableCommit": {}}},
      {"seq": 1, "lane": 1, "op": {"tableBatch": {"edits": [{"delete": {"at": 3}}, {"insert": {"at": 0}}, {"move": {"from": 5, "to": 9}}]}}},
      {"seq": 2, "lane": 0, "op": {"tableWidth": {"width": 320}}},
      {"seq": 3, "lane": 2, "op": {"tableBatch": {"edits": [{"reload": {"at": 1}}, {"delete": {"at": 4}}]}}},
      {"seq": 4, "lane": 0, "op": {"tableScroll": {"position": 0.5}}},
      {"seq": 5, "lane": 1, "op": {"tableReload": {}}}
    ]}
    """#

    @Test func aReplayedTableScriptChecksEveryCommittedRow() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("table.json", Self.script)
        let output = try BenchExecutable.run(["stress", "--replay", file.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        // 24 rows; the first batch deletes two and inserts two (one a move), the second deletes one.
        for name in ["table-rows    ", "table-measured", "table-ranges  "] {
            #expect(output.stdout.contains("ok     \(name)       23 checked"), "\(name)\n\(output.stdout)")
        }
        #expect(output.stdout.contains("ok     table-released"))
        #expect(!output.stdout.contains("cannot land"))
    }

    @Test func theUnrecordedDeleteFaultBreaksTableRowsAndExitsOne() throws {
        let output = try BenchExecutable.run(["stress", "--threads", "2", "--ops", "1500", "--seed", "2",
                                              "--recipe", "table-batch-race", "--inject-fault",
                                              "table-unrecorded-delete", "--no-save"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("FAILED table-rows"))
        #expect(output.stdout.contains("the table refused a batch: Invalid number of items in section 0"))
        #expect(output.stdout.contains("ok     table-measured"))
    }

    @Test(arguments: ["table-batch-race", "table-stale-size", "table-range-edit"])
    func eachListRecipeHoldsEveryInvariant(_ recipe: String) throws {
        let output = try BenchExecutable.run(["stress", "--threads", "3", "--ops", "3000", "--seed", "4",
                                              "--recipe", recipe, "--no-save"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("result: all invariants hold"))
        let ranges = output.stdout.split(separator: "\n").first { $0.contains("table-ranges") }.map(String.init) ?? ""
        #expect(ranges.hasPrefix("  ok     table-ranges") && !ranges.contains(" 0 checked"), "\(ranges)")
    }
}
