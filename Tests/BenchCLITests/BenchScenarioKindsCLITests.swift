import Foundation
import Testing

/// Runs the built `bench` on tiny versions of the deep, wide and scroll scenarios and on a tiny feed with
/// main-actor batches: each exits 0 and prints its table; --json carries the metric names; the shipped files
/// are listed and valid; a bad file is one line with the JSON path and exit code 2.
@Suite struct BenchScenarioKindsCLITests {
    static let tinyDeep = #"""
        {"kind": "tree", "description": "tiny deep tree", "shape": "deep", "nodes": 300, "trees": 2,
         "widths": [200], "threads": [1, 2], "warmup": 0, "repetitions": 1}
        """#
    static let tinyWide = #"""
        {"kind": "tree", "description": "tiny wide tree", "shape": "wide", "seed": 3, "nodes": 200, "trees": 2,
         "widths": [200], "threads": [1], "warmup": 0, "repetitions": 1}
        """#
    static let tinyScroll = #"""
        {"kind": "scroll", "description": "tiny scroll", "seed": 5, "viewport": [200, 300], "rows": 10,
         "batch": 3, "run": 2, "steps": 6, "warmup": 0, "repetitions": 1}
        """#
    static let tinyFeed = #"""
        {"description": "tiny feed with main-actor batches", "generator": "feed", "seed": 12345, "cells": 16,
         "widths": [375], "threads": [1], "phases": ["create", "fresh"], "warmup": 0, "repetitions": 1,
         "mainActor": {"scrollSpeed": 4000, "refreshRates": [60, 120]}}
        """#

    func run(_ name: String, _ text: String, _ extra: [String] = []) throws -> BenchExecutable.Output {
        let directory = try TemporaryDirectory()
        try directory.write(name, text)
        return try BenchExecutable.run(["--scenario", name, "--allow-debug", "--no-save"] + extra, in: directory.url)
    }

    @Test func tinyDeepTreeRunsAndChecksTheLeafFrame() throws {
        let output = try run("tiny-deep.json", Self.tinyDeep)
        #expect(output.status == 0, "\(output.stderr)")
        for expected in ["tiny-deep: 2 deep trees, width 200", "fresh layout", "invalidated re-layout",
                         "frames: the engine's equal the manual layout's for all 2 cells", "nested inset"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
    }

    /// The deepest tree a debug bench lays out in a few seconds, every phase, one and two threads. Release
    /// builds used to get the platform's default 8 MiB stack on the calling thread and crashed from about
    /// 5,000 levels (the stack size was set inside a precondition, which -Ounchecked drops): run this test
    /// against a release bench (LOOM_BENCH=.build/release/bench) to see that; the 100,000-level maximum is
    /// checked by hand there (Scenarios/README.md, tree scenarios).
    ///
    /// Under ThreadSanitizer the tree is 2,000 levels deep: TSan keeps its own call stack of every
    /// instrumented function in a fixed-size buffer per thread, and a tree of 8,000 levels (about ten
    /// instrumented frames each) ran past it — a SEGV inside TSan on a write, whatever the thread's stack.
    @Test func aDeepTreeOfTwentyThousandLevelsRunsEveryPhase() throws {
        let underTSan = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
        let levels = underTSan ? 2000 : 20000
        let deep = #"""
            {"kind": "tree", "description": "deep tree", "shape": "deep", "nodes": LEVELS, "widths": [375],
             "threads": [1, 2], "phases": ["create", "fresh", "cached", "invalidated"], "warmup": 0, "repetitions": 1}
            """#.replacingOccurrences(of: "LEVELS", with: String(levels))
        let output = try run("deep-\(levels).json", deep)
        #expect(output.status == 0, "\(output.stderr)")
        for expected in ["deep-\(levels): 1 deep tree, width 375", "node creation", "fresh layout", "cached re-layout",
                         "invalidated re-layout", "frames: the engine's equal the manual layout's for all 1 cells",
                         "a cell is one tree of \(levels + 1) nodes"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
    }

    @Test func tinyWideTreeRunsWithMetricNames() throws {
        let output = try run("tiny-wide.json", Self.tinyWide, ["--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((object?["scenario"] as? [String: Any])?["generator"] as? String == "wide")
        let names = Set(((object?["metrics"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        for name in ["layout.fresh.nodesPerSecond", "layout.cached.latency.p99", "layout.invalidated.cacheMissesPerCell",
                     "layout.frameMismatches", "layout.nodesPerCell"] {
            #expect(names.contains(name), "missing \(name)")
        }
        #expect(!names.contains("layout.manual.cellsPerSecond"))
    }

    @Test func tinyScrollRunsAndChecksContentSize() throws {
        let output = try run("tiny-scroll.json", Self.tinyScroll)
        #expect(output.status == 0, "\(output.stderr)")
        for expected in ["tiny-scroll: ScrollNode content growing and shrinking from 10 rows", "measure (layoutThatFits)",
                         "pass (ASM diff + commit", "subnodes per step: 2 inserted, 1 removed",
                         "contentSize: the view's equals the applied layout's and the hand-computed one after every step"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
        // Saved, then re-rendered by `bench report` from result.json.
        let directory = try TemporaryDirectory()
        try directory.write("tiny-scroll.json", Self.tinyScroll)
        let runs = directory.url.appendingPathComponent("runs")
        let saved = try BenchExecutable.run(["--scenario", "tiny-scroll.json", "--allow-debug", "--output", runs.path],
                                            in: directory.url)
        #expect(saved.status == 0, "\(saved.stderr)")
        let saved0 = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let report = try BenchExecutable.run(["report", runs.appendingPathComponent(saved0 + "/result.json").path,
                                              "--output", directory.url.appendingPathComponent("rendered").path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("subnodes per step: 2 inserted, 1 removed"))
        let summary = try String(contentsOf: directory.url.appendingPathComponent("rendered/summary.md"), encoding: .utf8)
        #expect(summary.contains("| measure (layoutThatFits) |"))

        let json = try run("tiny-scroll.json", Self.tinyScroll, ["--json"])
        #expect(json.status == 0)
        for name in ["scroll.step.p99Microseconds", "scroll.pass.microseconds", "scroll.contentSizeMismatches"] {
            #expect(json.stdout.contains("\"\(name)\""), "missing \(name)")
        }
    }

    @Test func tinyFeedReportsMainActorBatches() throws {
        let output = try run("tiny-feed.json", Self.tinyFeed)
        #expect(output.status == 0, "\(output.stderr)")
        for expected in ["main actor per frame", "60 Hz", "120 Hz", "16.7", "8.33", "over budget"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
        let json = try run("tiny-feed.json", Self.tinyFeed, ["--json"])
        for name in ["mainActor.hz60.batchMilliseconds", "mainActor.hz120.batchP99Milliseconds",
                     "mainActor.hz60.framesOverBudget", "mainActor.hz120.batches", "mainActor.hz60.cellsPerBatch"] {
            #expect(json.stdout.contains("\"\(name)\""), "missing \(name)")
        }
    }

    @Test func shippedFilesAreListedAndValid() throws {
        let list = try BenchExecutable.run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        for expected in ["tree deep, 1000 nested stacks", "tree wide, 10000 children in one stack",
                         "scroll, 375×667 viewport, 200 rows ± 20 per step",
                         "9 reps + 2 warm-up, main-actor batches at 60,120 Hz — 1,000 real cells"] {
            #expect(list.stdout.contains(expected), "missing \(expected)")
        }
        let validate = try BenchExecutable.run(["validate", "deep", "wide", "scroll", "feed"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.split(separator: "\n").count == 4)
    }

    @Test func badFilesExitTwoWithThePath() throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad-tree.json", Self.tinyDeep.replacingOccurrences(of: #""nodes": 300"#, with: #""nodes": 0"#))
        try directory.write("bad-scroll.json", Self.tinyScroll.replacingOccurrences(of: "[200, 300]", with: "[200]"))
        try directory.write("bad-feed.json", Self.tinyFeed.replacingOccurrences(of: "[60, 120]", with: "[60, 60]"))
        for (file, path) in [("bad-tree.json", "$.nodes"), ("bad-scroll.json", "$.viewport"),
                             ("bad-feed.json", "$.mainActor.refreshRates[1]")] {
            let output = try BenchExecutable.run(["validate", file], in: directory.url)
            #expect(output.status == 2)
            #expect(output.stderr.hasPrefix("error: \(file): \(path): "), "\(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1)
        }
        let refused = try run("tiny-deep.json", Self.tinyDeep, ["--single-pass", "fresh"])
        #expect(refused.status == 2, "\(refused.stderr)")
    }
}
