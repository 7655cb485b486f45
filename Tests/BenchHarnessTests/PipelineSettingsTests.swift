import Testing
@testable import BenchHarness

/// How many reloads the pipeline's throughput step measures per mode, and the turns they come in.
@Suite struct PipelineSettingsTests {
    static func scenario(repetitions: Int) -> Scenario {
        Scenario(name: "feed-test", file: "feed-test.json", contentHash: "fnv1a64:0000000000000000",
                 description: "test", generator: .feed(FeedGenerator(seed: 7)), cells: 16, widths: [375],
                 threads: [.count(1), .count(2)], phases: LayoutPhase.allCases, warmup: 1, repetitions: repetitions)
    }

    @Test(arguments: [(1, 15), (15, 15), (16, 18), (17, 18), (30, 30)])
    func theMeasuredReloadsAreAtLeast15InWholeTurns(repetitions: Int, expected: Int) {
        let settings = PipelineSettings(scenario: Self.scenario(repetitions: repetitions), threadCounts: [1, 2])
        #expect(settings.throughputRepetitions == expected)
        #expect(settings.throughputRepetitions % PipelineSettings.measuredReloadsPerTurn == 0)
    }
}
