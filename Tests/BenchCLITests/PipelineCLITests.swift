import Foundation
import Testing

/// `bench run --mode`: the feed through the TableNode pipeline, and a bad mode.
@Suite struct PipelineCLITests {
    static let tinyFeed = #"""
        {"description": "tiny feed for the pipeline", "generator": "feed", "seed": 7, "cells": 16,
         "widths": [375], "threads": [1, 2], "warmup": 0, "repetitions": 1,
         "mainActor": {"scrollSpeed": 3000, "refreshRates": [60]}}
        """#

    @Test func thePipelineModeReportsItsMetrics() throws {
        let directory = try TemporaryDirectory()
        try directory.write("tiny-pipeline.json", Self.tinyFeed)
        let output = try BenchExecutable.run(["--scenario", "tiny-pipeline.json", "--mode", "pipeline", "--allow-debug",
                                              "--no-save", "--json"], in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let metrics = (object?["metrics"] as? [[String: Any]]) ?? []
        let names = Set(metrics.compactMap { $0["name"] as? String })
        for name in ["pipeline.dataController.cellsPerSecond", "pipeline.reload.wallTime",
                     "pipeline.scroll.hz60.framesOverBudget", "pipeline.scroll.hz60.frameWork.p99",
                     "pipeline.scroll.hz60.rangeUpdatePerFrame", "pipeline.scroll.hz60.interfaceStateTransitionsPerSecond",
                     "pipeline.streaming.hz60.batchToCommit.p99", "pipeline.streaming.hz60.rejectedEdits"] {
            #expect(names.contains(name), "missing \(name)")
        }
        // Every measuring mode measured the settings' 15 reloads (5 turns of 3), and the scaling pairs all of them.
        for name in ["pipeline.dataController.cellsPerSecond", "pipeline.dataController.scaling"] {
            for metric in metrics where metric["name"] as? String == name {
                let samples = metric["samples"] as? [String: Any]
                #expect(samples?["count"] as? Int == 15, "\(name): \(samples ?? [:])")
            }
        }
        #expect(metrics.filter { $0["name"] as? String == "pipeline.dataController.cellsPerSecond" }.count == 3)
        // The direct phases did not run.
        #expect(!names.contains("layout.fresh.cellsPerSecond"))
        let rejected = metrics.first { $0["name"] as? String == "pipeline.streaming.hz60.rejectedEdits" }
        #expect(rejected?["value"] as? Double == 0)
    }

    @Test func anUnknownModeIsAUsageError() throws {
        let output = try BenchExecutable.run(["--scenario", "ci", "--mode", "sideways", "--allow-debug", "--no-save"])
        #expect(output.status == 2)  // the error contract: every usage error exits 2
        #expect(output.stderr.contains("--mode must be one of direct, pipeline, both"))
    }
}
