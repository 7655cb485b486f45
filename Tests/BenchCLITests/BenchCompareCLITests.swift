import Foundation
import Testing

/// `bench compare` through the built `bench`, on result files written here: the table's verdicts, the exit
/// status with --fail-on-regression, Markdown and JSON, each file after the first compared with the first,
/// a result without per-repetition values, and bad files and options.
@Suite struct BenchCompareCLITests {
    /// A result.json with one fresh-layout wall time (values as given, or only the summary when
    /// `keepValues` is false) and one allocation counter.
    static func resultText(wall: [Double], allocations: Double = 19.25, threads: Int = 1, keepValues: Bool = true)
        -> String
    {
        let sorted = wall.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let values = keepValues ? ", \"values\": [" + wall.map { "\($0)" }.joined(separator: ", ") + "]" : ""
        return """
            {
              "schemaVersion": 1,
              "scenario": {"name": "feed-parity", "file": "Scenarios/feed-parity.json",
                           "contentHash": "fnv1a64:0000000000000001", "description": "test", "generator": "feed-parity",
                           "seed": 1, "cells": 100, "widths": [375], "threads": [\(threads)], "phases": ["fresh"],
                           "warmup": 1, "repetitions": \(wall.count)},
              "engine": "test engine",
              "timingsValid": true,
              "manualRounds": 1,
              "provenance": {"gitCommit": null, "gitDirty": null, "swiftCompiler": "6.3.1",
                             "buildConfiguration": "release", "jemalloc": true, "allocator": "jemalloc 5.3.0",
                             "machine": {"system": "Linux", "release": "6.1", "architecture": "x86_64",
                                         "cpuModel": "Test CPU", "cores": 2, "memoryBytes": 1024},
                             "timestamp": "2026-01-02T03:04:05Z", "arguments": []},
              "metrics": [
                {"name": "layout.fresh.wallTime", "labels": {"threads": \(threads), "width": 375}, "unit": "ms",
                 "value": \(median), "samples": {"min": \(sorted[0]), "median": \(median), "max": \(sorted.last!),
                 "count": \(wall.count)\(values)}, "lowerIsBetter": true, "deterministic": false},
                {"name": "layout.fresh.allocationsPerCell", "labels": {"width": 375}, "unit": "allocations",
                 "value": \(allocations), "samples": {"min": \(allocations), "median": \(allocations),
                 "max": \(allocations), "count": 1}, "lowerIsBetter": true, "deterministic": true}
              ],
              "latency": [], "unavailable": [], "frameChecks": [], "notes": []
            }
            """
    }

    static let base = [4.02, 4.11, 3.97, 4.35, 4.08, 4.21, 3.99, 4.15, 4.30]
    static let same = [4.10, 4.00, 4.33, 3.98, 4.22, 4.07, 4.16, 4.29, 4.12]
    static let slower = base.map { $0 * 1.1 + 0.001 }

    /// The table row of a metric.
    static func row(_ stdout: String, _ prefix: String) -> String? {
        stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    }

    @Test func aSlowdownIsSlowerAndFailsOnlyWhenAsked() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.json", Self.resultText(wall: Self.base))
        try directory.write("b.json", Self.resultText(wall: Self.slower))
        let plain = try BenchExecutable.run(["compare", "a.json", "b.json"], in: directory.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("compare: A = a.json, B = b.json\n"))
        let wall = try #require(Self.row(plain.stdout, "layout.fresh.wallTime [1 thread, width 375]"), "\(plain.stdout)")
        #expect(wall.hasSuffix("slower"))
        #expect(wall.contains("+10.0%"))
        let allocations = try #require(Self.row(plain.stdout, "layout.fresh.allocationsPerCell [width 375]"))
        #expect(allocations.hasSuffix("equal"))

        let failing = try BenchExecutable.run(["compare", "--fail-on-regression", "a.json", "b.json"], in: directory.url)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("1 regression: layout.fresh.wallTime [1 thread, width 375]"))
        #expect(failing.stderr == "")
    }

    @Test func sameCodeIsNoDifferenceAndPasses() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.json", Self.resultText(wall: Self.base))
        try directory.write("b.json", Self.resultText(wall: Self.same))
        let output = try BenchExecutable.run(["compare", "--fail-on-regression", "a.json", "b.json"], in: directory.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(Self.row(output.stdout, "layout.fresh.wallTime")?.hasSuffix("no difference") == true, "\(output.stdout)")
        #expect(output.stdout.contains("timings: 1 no difference; counters: 1 equal"))
    }

    @Test func eachLaterFileIsComparedWithTheFirstAsMarkdownAndJSON() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.json", Self.resultText(wall: Self.base))
        try directory.write("b.json", Self.resultText(wall: Self.same))
        try directory.write("c.json", Self.resultText(wall: Self.slower, allocations: 20))
        let markdown = try BenchExecutable.run(["compare", "--markdown", "a.json", "b.json", "c.json"], in: directory.url)
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("## `b.json` (B) vs `a.json` (A)\n"))
        #expect(markdown.stdout.contains("\n## `c.json` (B) vs `a.json` (A)\n"))
        #expect(markdown.stdout.contains("| **slower** |"))
        #expect(markdown.stdout.contains("| **changed (worse)** |"))

        let json = try BenchExecutable.run(["compare", "--json", "--alpha", "0.01", "--threshold", "1", "a.json", "b.json", "c.json"],
                                           in: directory.url)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["alpha"] as? Double == 0.01)
        #expect(object["threshold"] as? Double == 0.01)
        let comparisons = try #require(object["comparisons"] as? [[String: Any]])
        #expect(comparisons.map { $0["b"] as? String } == ["b.json", "c.json"])
        #expect(comparisons.map { $0["regressions"] as? Int } == [0, 2])
        let metrics = try #require(comparisons[1]["metrics"] as? [[String: Any]])
        #expect(metrics.first?["verdict"] as? String == "slower")
        #expect(metrics.first?["method"] as? String == "exact")
    }

    @Test func differentThreadCountsAndOldResults() throws {
        let directory = try TemporaryDirectory()
        try directory.write("one.json", Self.resultText(wall: Self.base, threads: 1))
        try directory.write("two.json", Self.resultText(wall: Self.base, threads: 2))
        try directory.write("old.json", Self.resultText(wall: Self.slower, keepValues: false))
        let threads = try BenchExecutable.run(["compare", "one.json", "two.json"], in: directory.url)
        #expect(threads.status == 0)
        #expect(threads.stdout.contains("note: different thread counts: 1 and 2 (compared where both ran)\n"))
        #expect(threads.stdout.contains("only in A (not compared): layout.fresh.wallTime [1 thread, width 375]\n"))
        #expect(threads.stdout.contains("only in B (not compared): layout.fresh.wallTime [2 threads, width 375]\n"))

        let old = try BenchExecutable.run(["compare", "--fail-on-regression", "one.json", "old.json"], in: directory.url)
        #expect(old.status == 0)
        #expect(Self.row(old.stdout, "layout.fresh.wallTime")?.hasSuffix("no samples: rerun with this bench") == true,
                "\(old.stdout)")
    }

    @Test func badFilesAndOptions() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.json", Self.resultText(wall: Self.base))
        try directory.write("bad.json", #"{"schemaVersion": 1}"#)
        let bad = try BenchExecutable.run(["compare", "a.json", "bad.json"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "error: bad.json: $: missing key \"scenario\" in a result\n")
        let missing = try BenchExecutable.run(["compare", "missing.json", "a.json"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: missing.json"))
        #expect(missing.stderr.split(separator: "\n").count == 1)

        for arguments in [["compare", "a.json"], ["compare", "--alpha", "0.7", "a.json", "a.json"],
                          ["compare", "--threshold", "-1", "a.json", "a.json"],
                          ["compare", "--json", "--markdown", "a.json", "a.json"]] {
            let output = try BenchExecutable.run(arguments, in: directory.url)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
        }
    }

    /// --binaries runs the executables alternately and compares round by round: here the same bench twice,
    /// two short rounds of the ci scenario.
    @Test func twoBinariesAreComparedRoundByRound() throws {
        let bench = try #require(BenchExecutable.path)
        let output = try BenchExecutable.run(["compare", "--binaries", bench, bench, "--scenario", "ci", "--rounds", "3",
                                              "--repetitions", "2", "--warmup", "0", "--threads", "1", "--allow-debug",
                                              "--json"], timeout: 300)
        #expect(output.status == 0, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let comparison = try #require((json?["comparisons"] as? [[String: Any]])?.first)
        #expect(comparison["rounds"] as? Int == 3)
        let metrics = try #require(comparison["metrics"] as? [[String: Any]])
        let fresh = try #require(metrics.first { $0["name"] as? String == "layout.fresh.wallTime" })
        #expect(fresh["method"] as? String == "signed-rank exact")
        #expect((fresh["a"] as? [String: Any])?["count"] as? Int == 6)  // 3 rounds × 2 repetitions
        let counters = metrics.filter { $0["deterministic"] as? Bool == true }
        #expect(!counters.isEmpty && counters.allSatisfy { $0["verdict"] as? String == "equal" })
    }
}
