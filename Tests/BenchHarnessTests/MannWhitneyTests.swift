import Testing
@testable import BenchHarness

/// The Mann–Whitney U test and the Hodges–Lehmann ratio against published values. Expected U and p come
/// from scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='exact' or 'asymptotic',
/// use_continuity=True), scipy 1.17.1 (numpy 2.4.6); the Hodges–Lehmann ratios and interval ends from
/// numpy (the median of sorted b_j / a_i, and the order statistics D(c + 1), D(m·n − c) with c counted by
/// enumerating every ordering in Python). The tests never run Python.
@Suite struct MannWhitneyTests {
    static let separatedA = [1.1, 2.3, 3.5, 4.2, 5.9]
    static let separatedB = [6.0, 7.2, 3.9, 8.1, 9.4, 10.5]
    static let overlapA = [19.3, 21.5, 18.2, 22.9, 20.4, 23.3, 17.6]
    static let overlapB = [22.1, 24.8, 20.9, 25.6, 23.8, 26.2, 21.7, 24.4]
    static let nineA = [4.02, 4.11, 3.97, 4.35, 4.08, 4.21, 3.99, 4.15, 4.30]
    static let nineB = [4.18, 4.27, 4.05, 4.40, 4.33, 4.12, 4.25, 4.38, 4.29]

    static func close(_ x: Double, _ y: Double, relative: Double = 1e-9) -> Bool {
        abs(x - y) <= relative * max(abs(x), abs(y))
    }

    // Without ties: exact, as scipy's method='exact'.
    @Test(arguments: [
        (separatedA, separatedB, 2.0, 0.017316017316017316),
        (overlapA, overlapB, 7.0, 0.013986013986013986),
        (nineA, nineB, 20.0, 0.07700534759358289),
    ])
    func exactWithoutTies(a: [Double], b: [Double], u: Double, p: Double) {
        let result = MannWhitney.test(a, b)
        #expect(result.method == .exact)
        #expect(result.u == u)
        #expect(Self.close(result.pValue, p), "p \(result.pValue), scipy \(p)")
        // Swapping the samples gives the other U and the same two-sided p.
        let swapped = MannWhitney.test(b, a)
        #expect(swapped.u == Double(a.count * b.count) - u)
        #expect(Self.close(swapped.pValue, p))
    }

    // With ties: the normal approximation with tie and continuity corrections, as method='asymptotic'.
    @Test(arguments: [
        ([1.0, 2, 2, 3, 4, 4, 5], [3.0, 4, 4, 5, 6, 6, 7, 8], 8.0, 0.02228731901455301),
        ([5.0, 5, 6, 6, 7], [5.0, 6, 6, 7, 7], 9.0, 0.5067287122720537),
    ])
    func normalApproximationWithTies(a: [Double], b: [Double], u: Double, p: Double) {
        let result = MannWhitney.test(a, b)
        #expect(result.method == .normalApproximation)
        #expect(result.u == u)
        #expect(Self.close(result.pValue, p), "p \(result.pValue), scipy \(p)")
    }

    // Above the exact limit (51 against 51, no ties) the approximation is used, as method='asymptotic':
    // a_i = 0, 2, …, 100; b_i = a_i + 1.5 for a_i < 40, else a_i + 31.
    @Test func largeSamplesUseTheNormalApproximation() {
        let a = stride(from: 0.0, through: 100, by: 2).map { $0 }
        let b = a.map { $0 + ($0 < 40 ? 1.5 : 31) }
        #expect(a.count == 51 && b.count == 51)
        let result = MannWhitney.test(a, b)
        #expect(result.method == .normalApproximation)
        #expect(result.u == 930)
        #expect(Self.close(result.pValue, 0.013275134049756976))
    }

    // Textbook: 3 against 3, completely separated — U = 0 and one ordering of C(6, 3) = 20 on each side,
    // so p = 2/20 exactly; the null distribution of 5 against 5 has P(U ≤ 2) = 4/252 (Hollander & Wolfe's
    // table: the 96.8 % interval for m = n = 5 is [D(3), D(23)]).
    @Test func textbookCounts() {
        let result = MannWhitney.test([1, 2, 3], [4, 5, 6])
        #expect(result.u == 0)
        #expect(Self.close(result.pValue, 0.1))
        let null = UNullDistribution(m: 5, n: 5)
        #expect(Self.close(null.probability(atMost: 2), 4.0 / 252))
        #expect(Self.close(null.probability(atMost: 3), 7.0 / 252))
        #expect(Self.close(null.probability(atMost: 25), 1))
        #expect(ShiftEstimate.criticalValue(m: 5, n: 5, alpha: 0.05) == 2)
        // The usual two-sided 5 % table value for 9 against 9.
        #expect(ShiftEstimate.criticalValue(m: 9, n: 9, alpha: 0.05) == 17)
        // Too few repetitions for any interval at 95 %: 3 against 3 (min p = 0.1); 4 against 4 just allows one.
        #expect(ShiftEstimate.criticalValue(m: 3, n: 3, alpha: 0.05) == nil)
        #expect(ShiftEstimate.criticalValue(m: 4, n: 4, alpha: 0.05) == 0)
    }

    @Test func nullDistributionSumsToOneAndIsSymmetric() {
        for (m, n) in [(1, 1), (2, 7), (9, 9), (13, 4), (50, 50)] {
            let null = UNullDistribution(m: m, n: n)
            #expect(Self.close(null.probability(atMost: m * n), 1, relative: 1e-12))
            for k in [0, 1, m * n / 3] {
                let low = null.probability(atMost: k)
                let high = 1 - null.probability(atMost: m * n - k - 1)
                #expect(Self.close(low, high, relative: 1e-9) || abs(low - high) < 1e-15, "m \(m) n \(n) k \(k)")
            }
        }
    }

    @Test(arguments: [
        (overlapA, overlapB, 1.1509200102223358, 1.0279069767441862, 1.3264248704663213),
        (nineA, nineB, 1.0325814536340852, 0.9930232558139535, 1.0671641791044777),
    ])
    func hodgesLehmannRatioAndInterval(a: [Double], b: [Double], ratio: Double, lower: Double, upper: Double) {
        let estimate = ShiftEstimate.ratio(a, b, alpha: 0.05)
        #expect(estimate.map { Self.close($0.ratio, ratio) } == true, "\(String(describing: estimate))")
        #expect(estimate?.lower.map { Self.close($0, lower) } == true)
        #expect(estimate?.upper.map { Self.close($0, upper) } == true)
    }

    @Test func ratioNeedsPositiveValues() {
        #expect(ShiftEstimate.ratio([0, 1, 2], [1, 2, 3], alpha: 0.05) == nil)
        let estimate = ShiftEstimate.ratio([1, 2, 3], [2, 4, 6], alpha: 0.05)
        #expect(estimate?.ratio == 2)
        #expect(estimate?.lower == nil)  // 3 against 3: no 95 % interval
    }

    @Test func midRanksAndTieTerm() {
        let ranked = MannWhitney.ranks([3, 1, 3, 2, 3])
        #expect(ranked.ranks == [4, 1, 4, 2, 4])
        #expect(ranked.tieTerm == 24)  // one group of three: 27 − 3
    }
}
