import Testing
@testable import BenchHarness

/// `bench compare`'s logic on results built here: verdicts in the direction the metric counts as better,
/// counters compared exactly, metrics of one run listed, runs of different thread counts compared where
/// both ran, and results without per-repetition values given no verdict.
@Suite struct RunComparisonTests {
    static func document(threads: [Int] = [1], metrics: [Metric]) -> ResultDocument {
        let scenario = ScenarioSummary(name: "feed-parity", file: "Scenarios/feed-parity.json",
                                       contentHash: "fnv1a64:0000000000000001", description: "test", generator: "feed-parity",
                                       seed: 1, cells: 100, widths: [375], threads: threads, phases: [.create, .fresh],
                                       warmup: 1, repetitions: 9)
        return ResultDocument(scenario: scenario, engine: "test engine", provenance: ResultDocumentTests.provenance,
                              timingsValid: true, metrics: metrics, latency: [], unavailable: [], frameChecks: [],
                              notes: [])
    }

    static func wall(_ values: [Double], threads: Int = 1, name: String = "layout.fresh.wallTime") -> Metric {
        .timing(name, unit: "ms", samples: values, labels: MetricLabels(threads: threads, width: 375), lowerIsBetter: true)
    }

    static func cellsPerSecond(_ values: [Double], threads: Int = 1) -> Metric {
        .timing("layout.fresh.cellsPerSecond", unit: "cells/s", samples: values,
                labels: MetricLabels(threads: threads, width: 375), lowerIsBetter: false)
    }

    static let base = [4.02, 4.11, 3.97, 4.35, 4.08, 4.21, 3.99, 4.15, 4.30]
    /// About 10 % slower: clearly separated from `base`.
    static let slower = base.map { $0 * 1.1 + 0.001 }
    /// The same times in another order with tiny offsets: no difference.
    static let same = [4.10, 4.00, 4.33, 3.98, 4.22, 4.07, 4.16, 4.29, 4.12]

    static func compare(_ a: [Metric], _ b: [Metric], threadsA: [Int] = [1], threadsB: [Int] = [1]) -> RunComparison {
        RunComparison.compare(document(threads: threadsA, metrics: a), file: "a.json",
                              with: document(threads: threadsB, metrics: b), file: "b.json", alpha: 0.05)
    }

    @Test func aSlowerWallTimeIsAWorseVerdictAndARegression() throws {
        let comparison = Self.compare([Self.wall(Self.base)], [Self.wall(Self.slower)])
        let row = try #require(comparison.rows.first)
        #expect(row.verdict == .worse)
        #expect(row.verdictText == "slower")
        #expect(row.isRegression)
        #expect(row.test.map { $0.pValue < 0.001 } == true)
        let estimate = try #require(row.estimate)
        #expect(abs(estimate.ratio - 1.1) < 0.01)
        #expect(try #require(estimate.lower) > 1 && estimate.upper.map { $0 > estimate.ratio } == true)
        #expect(comparison.regressions.count == 1)
        #expect(comparison.renderText().contains("1 regression: layout.fresh.wallTime [1 thread, width 375]"))
    }

    @Test func higherIsBetterForThroughput() throws {
        // The same change seen as cells/s: B's throughput is lower, which is worse for a higher-is-better metric.
        let comparison = Self.compare([Self.cellsPerSecond(Self.slower.map { 1000 / $0 })],
                                      [Self.cellsPerSecond(Self.base.map { 1000 / $0 })])
        let row = try #require(comparison.rows.first)
        #expect(row.verdict == .better)
        #expect(row.verdictText == "faster")
        #expect(!row.isRegression)
    }

    @Test func overlappingSamplesAreNoDifference() throws {
        let row = try #require(Self.compare([Self.wall(Self.base)], [Self.wall(Self.same)]).rows.first)
        #expect(row.verdict == .noDifference)
        #expect(row.test.map { $0.pValue > 0.05 } == true)
        #expect(!row.isRegression)
        // The interval of a no-difference verdict contains 1 (exact test and interval agree without ties).
        #expect(try #require(row.estimate?.lower) <= 1 && 1 <= (row.estimate?.upper ?? 0))
    }

    @Test func aSignificantChangeWithinTheThresholdIsNoDifference() throws {
        // Tight repetitions 3 % slower: completely separated, so significant, but the interval lies inside ±5 %.
        let tight = [4.00, 4.01, 4.02, 4.03, 4.04, 4.05, 4.06, 4.07, 4.08]
        let slightly = tight.map { $0 * 1.03 }
        let comparison = Self.compare([Self.wall(tight)], [Self.wall(slightly)])
        let row = try #require(comparison.rows.first)
        #expect(row.test.map { $0.pValue < 0.05 } == true)
        #expect(row.verdict == .noDifference)
        #expect(row.reason == "within ±5.0%")
        // With a 1 % threshold the same samples are slower.
        let strict = RunComparison.compare(Self.document(metrics: [Self.wall(tight)]), file: "a.json",
                                           with: Self.document(metrics: [Self.wall(slightly)]), file: "b.json",
                                           alpha: 0.05, threshold: 0.01)
        #expect(strict.rows.first?.verdict == .worse)
    }

    @Test func countersAreComparedExactly() throws {
        let labels = MetricLabels(width: 375)
        let a = [Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 19.25, labels: labels),
                 Metric.counter("layout.fresh.measureCallsPerCell", unit: "calls", value: 2, labels: labels),
                 Metric.counter("layout.fresh.cacheHitsPerCell", unit: "hits", value: 5, labels: labels, lowerIsBetter: false)]
        let b = [Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 19.26, labels: labels),
                 Metric.counter("layout.fresh.measureCallsPerCell", unit: "calls", value: 2, labels: labels),
                 Metric.counter("layout.fresh.cacheHitsPerCell", unit: "hits", value: 6, labels: labels, lowerIsBetter: false)]
        let comparison = Self.compare(a, b)
        #expect(comparison.rows.map(\.verdict) == [.changed, .equal, .changed])
        #expect(comparison.rows.allSatisfy { $0.test == nil && $0.estimate == nil })
        // More allocations is worse; more cache hits is better.
        #expect(comparison.rows.map(\.isRegression) == [true, false, false])
        #expect(comparison.rows[0].verdictText == "changed (worse)")
        #expect(comparison.rows[2].verdictText == "changed (better)")
        #expect(comparison.summaryLine.hasPrefix("counters: 1 equal, 2 changed"))
    }

    @Test func differentThreadCountsAreComparedWhereBothRan() {
        let a = [Self.wall(Self.base, threads: 1), Self.wall(Self.base, threads: 2)]
        let b = [Self.wall(Self.same, threads: 1), Self.wall(Self.same, threads: 4)]
        let comparison = Self.compare(a, b, threadsA: [1, 2], threadsB: [1, 4])
        #expect(comparison.rows.map(\.labels.threads) == [1])
        #expect(comparison.onlyInBaseline == ["layout.fresh.wallTime [2 threads, width 375]"])
        #expect(comparison.onlyInCandidate == ["layout.fresh.wallTime [4 threads, width 375]"])
        #expect(comparison.notes.contains("different thread counts: 1,2 and 1,4 (compared where both ran)"))
        let text = comparison.renderText()
        #expect(text.contains("only in A (not compared): layout.fresh.wallTime [2 threads, width 375]\n"))
        #expect(text.contains("only in B (not compared): layout.fresh.wallTime [4 threads, width 375]\n"))
    }

    @Test func resultsWithoutValuesGetNoVerdict() throws {
        var old = Self.wall(Self.base)
        old.samples.values = nil  // as written before the values were kept
        let comparison = Self.compare([old], [Self.wall(Self.slower)])
        let row = try #require(comparison.rows.first)
        #expect(row.verdict == .noSamples)
        #expect(row.reason == "no samples: rerun with this bench")
        #expect(row.test == nil && !row.isRegression)
        #expect(comparison.renderText().contains("no samples: rerun with this bench"))
    }

    @Test func oneRepetitionGetsNoVerdict() throws {
        let row = try #require(Self.compare([Self.wall([4.0])], [Self.wall([5.0])]).rows.first)
        #expect(row.verdict == .noSamples)
        #expect(row.reason?.hasPrefix("one repetition") == true)
    }

    @Test func moreFilesThanTwoAreEachComparedWithTheFirst() {
        // The JSON of two comparisons names each pair; the regression count is per pair.
        let a = Self.document(metrics: [Self.wall(Self.base)])
        let b = Self.document(metrics: [Self.wall(Self.same)])
        let c = Self.document(metrics: [Self.wall(Self.slower)])
        let comparisons = [RunComparison.compare(a, file: "a.json", with: b, file: "b.json", alpha: 0.05),
                           RunComparison.compare(a, file: "a.json", with: c, file: "c.json", alpha: 0.05)]
        let json = RunComparison.json(comparisons, alpha: 0.05)
        #expect(json.contains(#""a": "a.json", "b": "b.json""#) || json.contains(#""b": "b.json""#))
        #expect(json.contains(#""b": "c.json""#))
        #expect(comparisons.map { $0.regressions.count } == [0, 1])
    }

    @Test func formatting() {
        #expect(RunComparison.percentChange(1.034) == "+3.4%")
        #expect(RunComparison.percentChange(0.9) == "−10.0%")
        #expect(RunComparison.percentChange(1.0001) == "±0.0%")
        #expect(RunComparison.pText(0.0123) == "0.012")
        #expect(RunComparison.pText(0.000021) == "2.1e-05")
    }
}
