import Foundation
import Testing
@testable import BenchHarness

/// The Wilcoxon signed-rank test and its Hodges–Lehmann estimate (SignedRank.swift) against published values:
/// p from scipy.stats.wilcoxon(d, alternative='two-sided', method='exact' or 'approx', correction=True), scipy
/// 1.17.1; the estimates from numpy's median of the Walsh averages; the critical values from the standard
/// table of the signed-rank test (two-sided α = 0.05; e.g. Hollander & Wolfe, table A.4). The tests never run
/// Python.
@Suite struct SignedRankTests {
    static let tenPositive = [0.05, 0.11, 0.02, 0.08, 0.13, 0.04, 0.09, 0.07, 0.12, 0.03]
    static let mixed = [0.021, -0.013, 0.034, 0.008, -0.027, 0.015, 0.042, -0.004, 0.019, 0.011]
    static let twelve = [0.10, 0.12, -0.03, 0.08, 0.15, 0.06, -0.01, 0.11, 0.09, 0.14, 0.07, 0.05]

    static func close(_ x: Double, _ y: Double, relative: Double = 1e-9) -> Bool {
        abs(x - y) <= relative * max(abs(x), abs(y))
    }

    @Test(arguments: [
        (tenPositive, 55.0, 0.001953125, 0.075),
        (mixed, 42.0, 0.16015625, 0.0115),
        (twelve, 75.0, 0.00244140625, 0.08249999999999999),
    ])
    func exactAgainstScipy(d: [Double], wPlus: Double, p: Double, walshMedian: Double) throws {
        let result = SignedRank.test(d)
        #expect(result.method == .signedRankExact)
        #expect(result.u == wPlus)
        #expect(Self.close(result.pValue, p), "\(result.pValue)")
        let estimate = SignedRank.ratio(logRatios: d, alpha: 0.05)
        #expect(Self.close(try #require(estimate).ratio, exp(walshMedian)))
    }

    @Test func tiesUseTheCorrectedNormalApproximation() {
        let result = SignedRank.test([0.1, 0.1, -0.05, 0.2, 0.2, 0.2, 0.3, -0.1])
        #expect(result.method == .signedRankApproximation)
        #expect(Self.close(result.pValue, 0.05623780387727597, relative: 1e-6), "\(result.pValue)")
    }

    /// The table's critical values: the largest c with P(W+ ≤ c) ≤ 0.025.
    @Test(arguments: [(5, nil), (6, 0), (7, 2), (8, 3), (9, 5), (10, 8), (11, 10), (12, 13), (15, 25), (20, 52)] as [(Int, Int?)])
    func criticalValuesMatchTheTable(n: Int, c: Int?) {
        #expect(SignedRank.criticalValue(n: n, alpha: 0.05) == c)
    }

    /// The counted distribution equals brute force over every sign assignment.
    @Test func nullDistributionMatchesEnumeration() {
        let n = 9
        let null = SignedRankNull(n: n)
        var counts = [Int](repeating: 0, count: n * (n + 1) / 2 + 1)
        for mask in 0..<(1 << n) {
            var sum = 0
            for rank in 1...n where mask & (1 << (rank - 1)) != 0 { sum += rank }
            counts[sum] += 1
        }
        var running = 0
        for (w, count) in counts.enumerated() {
            running += count
            #expect(Self.close(null.probability(atMost: w), Double(running) / Double(1 << n)))
        }
    }

    /// The interval is the order statistics c + 1 and M − c of the Walsh averages (n = 10: c = 8, M = 55).
    @Test func intervalEndsAreWalshOrderStatistics() throws {
        let d = Self.mixed
        var walsh: [Double] = []
        for i in d.indices { for j in i..<d.count { walsh.append((d[i] + d[j]) / 2) } }
        walsh.sort()
        let estimate = try #require(SignedRank.ratio(logRatios: d, alpha: 0.05))
        #expect(Self.close(try #require(estimate.lower), exp(walsh[8])))
        #expect(Self.close(try #require(estimate.upper), exp(walsh[46])))
    }

    /// Rounds of the same binary on a drifting machine: every pair shares its round's slowdown, so the paired
    /// comparison sees none, while the pooled one (Mann–Whitney over the repetitions) calls the drift a change.
    @Test func pairingCancelsDriftBetweenRounds() throws {
        let base = try ReportFixtures.ciResult()
        var rounds: [(a: ResultDocument, b: ResultDocument)] = []
        for round in 0..<8 {
            let drift = 1 + Double(round) * 0.1  // each round slower than the one before
            let jitter = round % 2 == 0 ? 1.01 : 0.99
            rounds.append((ReportFixtures.scaled(base, by: drift), ReportFixtures.scaled(base, by: drift * jitter)))
        }
        let paired = RunComparison.comparePaired(rounds: rounds, fileA: "a", fileB: "b", alpha: 0.05)
        #expect(paired.rounds == 8)
        let timed = paired.rows.filter { !$0.deterministic && $0.test != nil }
        #expect(!timed.isEmpty)
        #expect(timed.allSatisfy { $0.verdict == .noDifference }, "\(timed.filter { $0.verdict != .noDifference }.map(\.description))")

        // A 10 % slower B in every round is slower, drift or not (the code slowed down: its machine probe did not).
        let slower = (0..<8).map { round -> (a: ResultDocument, b: ResultDocument) in
            let drift = 1 + Double(round) * 0.1, jitter = round % 2 == 0 ? 1.01 : 0.99
            return (ReportFixtures.scaled(base, by: drift),
                    ReportFixtures.scaled(ReportFixtures.scaled(base, by: drift * jitter), by: 1.1, machine: false))
        }
        let found = RunComparison.comparePaired(rounds: slower, fileA: "a", fileB: "b", alpha: 0.05)
        let fresh = try #require(found.rows.first { $0.name == "layout.fresh.wallTime" && $0.labels.threads == 1 })
        #expect(fresh.verdictText == "slower")
        // Rounds side by side are what the saved runs' drift note points to: they never get it.
        #expect(!found.notes.contains { $0.contains("saved runs") })
    }

    /// Callgrind's counts come from the first round only (`bench compare --binaries --instructions`): they do
    /// not vary, so that round decides, exactly, and a counter that grew is a change for the worse.
    @Test func aCounterFromTheFirstRoundOnlyIsComparedExactly() throws {
        var base = try ReportFixtures.ciResult()
        base.metrics.removeAll { $0.name == "layout.fresh.instructionsPerCell" }  // the fixture has the gate's counts
        func counted(_ result: ResultDocument, _ instructions: Double) -> ResultDocument {
            var copy = result
            copy.metrics.append(Metric(name: "layout.fresh.instructionsPerCell", unit: "instructions", value: instructions,
                                       labels: MetricLabels(width: 375), samples: SampleSummary(single: instructions),
                                       lowerIsBetter: true, deterministic: true))
            return copy
        }
        var rounds = [(a: counted(base, 8_000), b: counted(base, 8_800))]
        for _ in 1..<4 { rounds.append((base, base)) }
        let paired = RunComparison.comparePaired(rounds: rounds, fileA: "a", fileB: "b", alpha: 0.05)
        let row = try #require(paired.rows.first { $0.name == "layout.fresh.instructionsPerCell" })
        #expect(row.verdict == .changed)
        #expect(row.verdictText == "changed (worse)")
        #expect(row.baseline.median == 8_000 && row.candidate.median == 8_800)
        #expect(!paired.onlyInBaseline.contains { $0.hasPrefix("layout.fresh.instructionsPerCell") })

        let same = RunComparison.comparePaired(rounds: [(counted(base, 8_000), counted(base, 8_000))] + rounds.dropFirst(),
                                               fileA: "a", fileB: "b", alpha: 0.05)
        #expect(same.rows.first { $0.name == "layout.fresh.instructionsPerCell" }?.verdict == .equal)
    }
}
