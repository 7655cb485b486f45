import Foundation
import Testing

/// `bench` on the feed scenario: a small feed end to end (table with the text cache columns, JSON metrics),
/// the shipped feed in `bench list`, and the options that do not apply to it.
@Suite struct FeedCLITests {
    static let smallFeed = #"""
        {"description": "small feed", "generator": "feed", "seed": 3, "cells": 40, "widths": [320],
         "threads": [1], "warmup": 0, "repetitions": 1}
        """#

    @Test func aSmallFeedRunsEndToEnd() throws {
        let directory = try TemporaryDirectory()
        try directory.write("small-feed.json", Self.smallFeed)
        let output = try BenchExecutable.run(["--scenario", "small-feed.json", "--allow-debug", "--no-save"],
                                             in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("small-feed: 40 cells, width 320, seed 3, threads 1 ("))
        for expected in ["engine: NodeTree (ASDKgram photo cells and LayoutKit feed items", "fresh layout",
                         "invalidated re-layout", "manual (floor)", "text cache hits", "text cache misses",
                         "frames: the engine's equal the manual layout's for all 40 cells"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }

        let json = try BenchExecutable.run(["--scenario", "small-feed.json", "--allow-debug", "--no-save", "--json"],
                                           in: directory.url)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["scenario"] as? [String: Any])?["generator"] as? String == "feed")
        #expect(object?["manualRounds"] as? Int == 1)
        let metrics = (object?["metrics"] as? [[String: Any]]) ?? []
        let names = Set(metrics.compactMap { $0["name"] as? String })
        for name in ["layout.fresh.cellsPerSecond", "layout.manualRatio", "layout.fresh.measureCallsPerCell",
                     "layout.fresh.textCacheHitsPerCell", "layout.fresh.textCacheMissesPerCell",
                     "layout.invalidated.textCacheMissesPerCell", "layout.nodesPerCell", "layout.frameMismatches"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let textMisses = metrics.first { $0["name"] as? String == "layout.fresh.textCacheMissesPerCell" }
        #expect(textMisses?["deterministic"] as? Bool == true)
    }

    @Test func theFeedIsListedAndTheOnlyEngineIsNodeTree() throws {
        let list = try BenchExecutable.run(["list"])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("feed ") && $0.contains("feed, 1000 cells") })
        let layoutCore = try BenchExecutable.run(["--scenario", "feed", "--engine", "layoutcore", "--allow-debug", "--no-save"])
        #expect(layoutCore.status == 2)
        #expect(layoutCore.stderr.contains("--engine layoutcore runs only feed-parity scenarios"))
        let narrow = try BenchExecutable.run(["--scenario", "feed", "--single-pass", "fresh", "--width", "100",
                                              "--allow-debug"])
        #expect(narrow.status == 2)
        #expect(narrow.stderr.contains("--width must be at least 120"))
    }
}
