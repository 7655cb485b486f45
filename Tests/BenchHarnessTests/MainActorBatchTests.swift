import LayoutCore
import NodeTree
import Testing
@testable import BenchHarness

/// Main-actor batches of the feed: the "mainActor" object's decoding errors, the batch schedule by hand, and a
/// tiny run whose schedule and counts repeat with the same seed.
@Suite struct MainActorBatchTests {
    static func feedText(_ mainActor: String, generator: String = "feed") -> String {
        #"{"description": "tiny", "generator": "\#(generator)", "seed": 12345, "cells": 12, "widths": [375], "#
            + #""threads": [1], "warmup": 0, "repetitions": 1, "mainActor": \#(mainActor)}"#
    }

    static func message(_ text: String) -> String? {
        do {
            _ = try ScenarioFile.decode(text, file: testFile)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func shippedFeedHasMainActorBatches() throws {
        let scenario = try Scenario.load(path: ScenarioDecodingTests.scenariosDirectory + "/feed.json")
        #expect(scenario.mainActor == MainActorBatchSettings(scrollSpeed: 6000, refreshRates: [60, 120],
                                                             viewportHeight: 667))
    }

    @Test func defaultsApply() throws {
        guard case .layout(let scenario) = try ScenarioFile.decode(Self.feedText(#"{"scrollSpeed": 3000}"#),
                                                                   file: testFile) else {
            Issue.record("not a layout scenario")
            return
        }
        #expect(scenario.mainActor == MainActorBatchSettings(scrollSpeed: 3000, refreshRates: [60, 120],
                                                             viewportHeight: 667))
    }

    @Test(arguments: [
        (feedText(#"{"scrollSpeed": 3000}"#, generator: "feed-parity"),
         #"test.json: $.mainActor: main-actor batches need the "feed" generator"#),
        (feedText(#"{"scrollSpeed": 3000, "fps": 60}"#), #"test.json: $.mainActor.fps: unknown key "fps""#),
        (feedText(#"{"refreshRates": [60]}"#), #"test.json: $.mainActor: missing key "scrollSpeed""#),
        (feedText(#"{"scrollSpeed": 2.5}"#), "test.json: $.mainActor.scrollSpeed: must be a whole number of points per second"),
        (feedText(#"{"scrollSpeed": 3000, "refreshRates": [60, 60]}"#),
         "test.json: $.mainActor.refreshRates[1]: duplicate refresh rate 60"),
        (feedText(#"{"scrollSpeed": 3000, "refreshRates": []}"#), "test.json: $.mainActor.refreshRates: needs at least one entry"),
        (feedText(#"{"scrollSpeed": 3000, "refreshRates": [0]}"#), "test.json: $.mainActor.refreshRates[0]: must be a whole number of Hz"),
        (feedText(#"{"scrollSpeed": 3000, "viewportHeight": "tall"}"#), "test.json: $.mainActor.viewportHeight:"),
        (feedText("true"), "test.json: $.mainActor:"),
    ])
    func errorsNameTheFileAndPath(text: String, expected: String) {
        let message = Self.message(text)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "decoded")")
    }

    @Test func batchesAreTheCellsEnteringPerFrame() {
        // Five 100-point cells, a 150-point viewport. At 600 points/s and 60 Hz the viewport moves 10 points a
        // frame: cell 2 (top 200) enters at frame 6 (bottom 210), cell 3 at 16, cell 4 at 26.
        let heights = [Double](repeating: 100, count: 5)
        let slow = MainActorBatchSettings(scrollSpeed: 600, refreshRates: [60], viewportHeight: 150)
        let schedule = slow.batches(heights: heights, rate: 60)
        #expect(schedule.firstScreen == [0, 1] && schedule.frames == [[2], [3], [4]])
        // At 12,000 points/s and 60 Hz, 200 points a frame: two cells enter per frame.
        let fast = MainActorBatchSettings(scrollSpeed: 12_000, refreshRates: [60], viewportHeight: 150)
        #expect(fast.batches(heights: heights, rate: 60).frames == [[2, 3], [4]])
        // At 120 Hz half as far per frame.
        #expect(fast.batches(heights: heights, rate: 120).frames == [[2], [3], [4]])
        #expect(MainActorBatchSettings.budgetMilliseconds(rate: 60) == 1000.0 / 60)
    }

    @MainActor @Test func tinyRunRepeatsItsSchedule() throws {
        let scenario = try Scenario.decode(Self.feedText(#"{"scrollSpeed": 4000, "refreshRates": [60, 120]}"#),
                                           file: testFile)
        let engine = NodeTreeFeedEngine(cells: scenario.cells)
        let models = engine.models(for: scenario)
        func run() -> [MainActorSeries] {
            MainActorBatchRunner(engine: engine, models: models, settings: scenario.mainActor!, threads: 2, warmup: 0,
                                 repetitions: 2).run(width: 375).0
        }
        let first = run(), second = run()
        #expect(first.map(\.rate) == [60, 120])
        for (a, b) in zip(first, second) {
            #expect(a.batches > 0 && a.batches == b.batches && a.cellsPerBatch == b.cellsPerBatch)
            #expect(a.batchMilliseconds.count == 2 * a.batches)
            #expect(a.framesOverBudget.count == 2 && a.framesOverBudget.allSatisfy { $0 <= Double(a.batches) })
        }
        // The same cells (all but the first screen) enter at both rates.
        #expect(first[0].cellsPerBatch * Double(first[0].batches) == first[1].cellsPerBatch * Double(first[1].batches))
    }
}
