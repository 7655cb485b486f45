import Foundation
import Testing

/// Runs the built `bench` on churn and transition scenarios: a tiny churn scenario end to end (table, saved
/// run directory with the diff chart, `bench report`, --json with the metric names), the transition tables,
/// list and validate, exit code 2 with the JSON path for a bad file, and the layout-only options refused.
@Suite struct BenchChurnCLITests {
    static let tinyChurn = #"""
        {"kind": "churn", "description": "tiny churn for the CLI tests", "seed": 7, "sizes": [10, 100],
         "mixes": [{"name": "mixed", "edits": 0.05, "insert": 1, "remove": 1, "move": 1},
                   {"name": "moves", "edits": 0.1, "move": 1}],
         "inputs": 2, "lcs": {"maxN": 10}, "warmup": 0, "repetitions": 2}
        """#

    @Test func tinyChurnRunsEndToEndAndSavesARunDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("tiny-churn.json", Self.tinyChurn)
        let runs = directory.url.appendingPathComponent("runs")
        let output = try BenchExecutable.run(["--scenario", "tiny-churn.json", "--allow-debug", "--output", runs.path],
                                             in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("tiny-churn: subnode diffs at n = 10, 100, 2 edit mixes × 2 inputs, seed 7"))
        for expected in ["engine: NodeTree SubnodeDiff", "DEBUG BUILD", "mix mixed (5% of n: insert, remove, move 1:1:1)",
                         "mix moves (10% of n: moves)", "ours µs", "LCS µs", "LCS ÷ ours", "ASM pass µs", "not run",
                         "check: every diff rebuilt its target", "note: Texture's LCS diff not run at n = 100"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
        #expect(output.stderr == "")

        let saved = try FileManager.default.contentsOfDirectory(atPath: runs.path)
        #expect(saved.count == 1 && saved[0].hasSuffix("-tiny-churn"))
        let run = runs.appendingPathComponent(saved[0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.path).sorted()
                    == ["diff.svg", "report.html", "result.json", "summary.md"])

        let report = try BenchExecutable.run(["report", run.appendingPathComponent("result.json").path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix(output.stdout.components(separatedBy: "\nsaved ")[0]))
    }

    @Test func churnJSONHasTheMetricNames() throws {
        let directory = try TemporaryDirectory()
        try directory.write("tiny-churn.json", Self.tinyChurn)
        let output = try BenchExecutable.run(["--scenario", "./tiny-churn.json", "--json", "--no-save", "--allow-debug",
                                              "--repetitions", "1"], in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((object?["scenario"] as? [String: Any])?["kind"] as? String == "churn")
        let metrics = (object?["metrics"] as? [[String: Any]]) ?? []
        let names = Set(metrics.compactMap { $0["name"] as? String })
        for name in ["diff.n10.microseconds", "diff.n100.microseconds", "diff.n10.lcsMicroseconds", "diff.n10.lcsRatio",
                     "diff.n10.operations", "diff.n10.asmChangesMicroseconds", "diff.n100.asmLayoutPassMicroseconds"] {
            #expect(names.contains(name), "missing \(name)")
        }
        #expect(!names.contains("diff.n100.lcsMicroseconds"), "above lcs.maxN")
        #expect(metrics.contains { ($0["labels"] as? [String: Any])?["mix"] as? String == "moves" })
    }

    @Test func transitionScenariosPrintTheirTables() throws {
        let signup = try BenchExecutable.run(["--scenario", "signup", "--allow-debug", "--no-save", "--repetitions", "1",
                                              "--warmup", "0"])
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stdout.hasPrefix("signup: signup transitions, 1 form, width 375"))
        for expected in ["name ↔ age field", "measure", "diff", "context", "total (measure + diff + context)", "p90 µs",
                         "subnodes per transition: 1 inserted, 1 removed, 0 moved"] {
            #expect(signup.stdout.contains(expected), "missing \(expected)")
        }
        let rotation = try BenchExecutable.run(["--scenario", "rotation", "--allow-debug", "--no-save", "--repetitions",
                                                "1", "--warmup", "0", "--json"])
        #expect(rotation.status == 0, "\(rotation.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(rotation.stdout.utf8)) as? [String: Any]
        let metrics = (object?["metrics"] as? [[String: Any]]) ?? []
        let widths = metrics.filter { $0["name"] as? String == "transition.rotation.microseconds" }
            .compactMap { ($0["labels"] as? [String: Any])?["width"] as? Int }
        #expect(widths == [667, 375])
    }

    @Test func listAndValidateShowTheNewKinds() throws {
        let list = try BenchExecutable.run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("churn ") && $0.contains("n 10,100,1000,10000") })
        #expect(lines.contains { $0.hasPrefix("signup ") && $0.contains("transition signup") })
        #expect(lines.contains { $0.hasPrefix("rotation ") && $0.contains("width 375→667") })
        let validate = try BenchExecutable.run(["validate", "churn", "signup", "rotation"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.split(separator: "\n").count == 3)
    }

    @Test func badChurnFileExitsWith2AndOneLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad.json", Self.tinyChurn.replacingOccurrences(of: #""edits": 0.05"#, with: #""edits": 5"#))
        for arguments in [["validate", "bad.json"], ["--scenario", "bad.json", "--allow-debug", "--no-save"]] {
            let output = try BenchExecutable.run(arguments, in: directory.url)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stdout == "")
            #expect(output.stderr == "error: bad.json: $.mixes[0].edits: must be a fraction of n from 0 to 1, found 5\n")
        }
    }

    @Test func layoutOnlyOptionsAreRefused() throws {
        let output = try BenchExecutable.run(["--scenario", "signup", "--threads", "2", "--allow-debug", "--no-save"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--threads only applies to layout scenarios; signup is a transition scenario"))
    }
}
