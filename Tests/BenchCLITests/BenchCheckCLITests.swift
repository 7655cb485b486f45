import Foundation
import Testing

/// The regression gate through the built `bench`. Proof that it can fail: the committed baseline with its
/// fresh-layout allocation count lowered makes `bench check` exit 1 naming the metric.
///
/// These tests check the committed baseline against the committed result of the run that made it
/// (Results/baselines/ci.result.json, written beside it by `bench baseline update`), so they need no release
/// build and hold in every build the tests run in: comparing two files needs neither timings nor jemalloc
/// in the checking binary. (Debug builds refuse to *run* timings — `bench check` without a result file
/// from a debug build against the release baseline is bad input, tested below — and sanitizer builds have no
/// jemalloc; neither matters for files.) The end-to-end test records its own baseline with --allow-debug and
/// checks a fresh run against it, so both sides come from the same build.
@Suite struct BenchCheckCLITests {
    static let baseline = BenchExecutable.packageRoot.appendingPathComponent("Results/baselines/ci.json").path
    static let result = BenchExecutable.packageRoot.appendingPathComponent("Results/baselines/ci.result.json").path
    static let allocations = "layout.fresh.allocationsPerCell"

    /// The committed baseline with the value of the first metric named `name` changed by `delta`.
    static func baselineText(changing name: String, by delta: Double) throws -> String {
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(#""name": "\#(name)""#) }),
              let start = lines[index].range(of: #""value": "#),
              let end = lines[index][start.upperBound...].firstIndex(of: ","),
              let value = Double(lines[index][start.upperBound..<end]) else {
            Issue.record("no metric \(name) with a value in \(baseline)")
            return text
        }
        lines[index].replaceSubrange(start.upperBound..<end, with: String(value + delta))
        return lines.joined(separator: "\n")
    }

    @Test func theCommittedBaselineHoldsForTheRunThatMadeIt() throws {
        let output = try BenchExecutable.run(["check", "--baseline", Self.baseline, Self.result])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix("gate: \(Self.baseline) — scenario ci (Scenarios/ci.json, fnv1a64:"))
        #expect(output.stdout.contains("\(Self.allocations) [width 375]"))
        #expect(output.stdout.contains("\ngate passed: "))
        #expect(output.stderr == "")
    }

    @Test func aLoweredAllocationCountFailsNamingTheMetric() throws {
        let directory = try TemporaryDirectory()
        let lowered = try directory.write("ci.json", try Self.baselineText(changing: Self.allocations, by: -1))
        let output = try BenchExecutable.run(["check", "--baseline", lowered.path, Self.result])
        #expect(output.status == 1)
        let row = output.stdout.split(separator: "\n").first { $0.hasPrefix("\(Self.allocations) [width 375]") }
        #expect(row?.hasSuffix("REGRESSION") == true, "\(output.stdout)")
        #expect(output.stdout.contains("gate FAILED: 1 regression"))
        #expect(output.stdout.contains("  regression: \(Self.allocations) [width 375]: "))
        #expect(output.stdout.contains("swift run -c release bench baseline update --output \(lowered.path)"))
        #expect(output.stderr == "")
    }

    @Test func aRaisedAllocationCountIsAnUnrecordedImprovement() throws {
        let directory = try TemporaryDirectory()
        let raised = try directory.write("ci.json", try Self.baselineText(changing: Self.allocations, by: 1))
        let markdown = directory.url.appendingPathComponent("summary/gate.md").path
        let output = try BenchExecutable.run(["check", "--baseline", raised.path, Self.result, "--markdown", markdown])
        #expect(output.status == 1)
        #expect(output.stdout.contains("  improvement not recorded: \(Self.allocations) [width 375]: "))
        #expect(output.stdout.contains("An improvement beyond the tolerance fails until it is recorded"))
        let summary = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(summary.hasPrefix("## Regression gate: **FAILED**\n"))
        #expect(summary.contains("| `\(Self.allocations) [width 375]` | allocations | "))
        #expect(summary.contains("| **IMPROVED (not recorded)** |"))
    }

    @Test func badFilesExitWith2AndOneLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad.json", #"{"schemaVersion": 1}"#)
        let badBaseline = try BenchExecutable.run(["check", "--baseline", "bad.json", Self.result], in: directory.url)
        #expect(badBaseline.status == 2)
        #expect(badBaseline.stdout == "")
        #expect(badBaseline.stderr == "error: bad.json: $: missing key \"scenario\" in a baseline\n")

        let badResult = try BenchExecutable.run(["check", "--baseline", Self.baseline, "bad.json"], in: directory.url)
        #expect(badResult.status == 2)
        #expect(badResult.stderr == "error: bad.json: $: missing key \"scenario\" in a result\n")

        let missing = try BenchExecutable.run(["check", "--baseline", "none.json", Self.result], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: none.json: cannot read the file: No such file or directory\n")

        try directory.write("gate.json", try Self.baselineText(changing: Self.allocations, by: 0)
            .replacingOccurrences(of: #""gate": "counter", "tolerance": {"relative": 0.005, "absolute": 0}"#,
                                  with: #""gate": "counter", "tolerance": {"relative": -1, "absolute": 0}"#))
        let badGate = try BenchExecutable.run(["check", "--baseline", "gate.json", Self.result], in: directory.url)
        #expect(badGate.status == 2)
        #expect(badGate.stderr.hasPrefix("error: gate.json: $.metrics["))
        #expect(badGate.stderr.hasSuffix("].tolerance.relative: must be a finite number ≥ 0, found -1\n"))
    }

    @Test func aRunThatCannotBeComparedIsBadInput() throws {
        let directory = try TemporaryDirectory()
        let text = try String(contentsOfFile: Self.result, encoding: .utf8)
        try directory.write("nojemalloc.json", text.replacingOccurrences(of: #""jemalloc": true"#, with: #""jemalloc": false"#))
        let noJemalloc = try BenchExecutable.run(["check", "--baseline", Self.baseline, "nojemalloc.json"], in: directory.url)
        #expect(noJemalloc.status == 2)
        #expect(noJemalloc.stderr.hasPrefix("error: nojemalloc.json: $.provenance.jemalloc: the baseline was recorded with "
            + "jemalloc, the run has no jemalloc"))
        #expect(noJemalloc.stderr.split(separator: "\n").count == 1)

        try directory.write("other.json", text.replacingOccurrences(of: #""contentHash": "fnv1a64:"#,
                                                                   with: #""contentHash": "fnv1a64:0"#))
        let other = try BenchExecutable.run(["check", "--baseline", Self.baseline, "other.json"], in: directory.url)
        #expect(other.status == 2)
        #expect(other.stderr.hasPrefix("error: other.json: $.scenario.contentHash: the run's scenario \"ci\""))
        #expect(other.stderr.contains("re-record it: swift run -c release bench baseline update --output \(Self.baseline)"))
    }

    #if DEBUG
    @Test func aDebugBenchDoesNotRunAReleaseBaseline() throws {
        let output = try BenchExecutable.run(["check", "--baseline", Self.baseline, "--no-save"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: \(Self.baseline): $.provenance.buildConfiguration: the baseline was recorded by "
            + "a release build, this bench is a debug build: counters and ratios compare only within one build "
            + "configuration (build with `swift run -c release bench …`)\n")
    }
    #endif

    /// Record a baseline (debug timings allowed), check a fresh run of its scenario against it, re-record it
    /// from itself, and refuse to record debug timings without --allow-debug.
    @Test func recordAndCheckEndToEnd() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("baselines/tiny.json").path
        let update = try BenchExecutable.run(["baseline", "update", "--scenario", "ci", "--allow-debug", "--threads", "1",
                                              "--repetitions", "1", "--warmup", "0", "--output", path])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("wrote \(path): "))
        let resultPath = directory.url.appendingPathComponent("baselines/tiny.result.json").path
        #expect(FileManager.default.fileExists(atPath: resultPath))

        let check = try BenchExecutable.run(["check", "--baseline", path, "--no-save"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("ci: 100 cells, width 375, seed 12345, threads 1 "))
        #expect(check.stdout.contains("\ngate: \(path) — scenario ci"))
        #expect(check.stdout.contains("\ngate passed: "))

        let rerun = try BenchExecutable.run(["baseline", "update", "--output", path, "--allow-debug"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("every gated metric is within the previous baseline's gates"))

        let refused = try BenchExecutable.run(["baseline", "update", "--from", resultPath, "--output", path])
        let debugBuild = try String(contentsOfFile: resultPath, encoding: .utf8).contains(#""timingsValid": false"#)
        #expect(refused.status == (debugBuild ? 1 : 0))
        if debugBuild { #expect(refused.stderr.contains("has timings from a debug build")) }
    }
}
