// How much a metric changed between two runs, B against A, as a ratio: the Hodges–Lehmann estimate (the
// median of the m·n pairwise ratios b_j / a_i) with the distribution-free confidence interval that goes
// with the Mann–Whitney test (Hollander & Wolfe, "Nonparametric Statistical Methods", §4.3; Lehmann,
// "Nonparametrics", §2.6).
//
// Why ratios: timings of two runs differ by a factor more than by an amount (a slower machine slows every
// repetition by a share), and a ratio reads the same for ms and cells/s. On logarithms a factor is a shift,
// and the log is monotone, so the order statistics of the pairwise ratios are exactly those of the pairwise
// log differences: the construction below is the textbook one for a shift, applied to log values.
//
// The interval: sort the pairwise ratios D(1) ≤ … ≤ D(m·n). Let c be the largest integer with
// P(U ≤ c) ≤ α/2 under the null distribution of U (exact for up to MannWhitney.exactLimit values a side,
// else from the normal approximation). Then [D(c + 1), D(m·n − c)] covers the true ratio with probability
// at least 1 − α (exactly 1 − 2·P(U ≤ c) for continuous data). With too few repetitions no c exists — at
// α = 0.05, 3 against 3 cannot exclude anything — and the interval is not given.

public struct RatioEstimate: Hashable, Sendable {
    /// The Hodges–Lehmann estimate of B / A.
    public var ratio: Double
    /// The confidence interval, when the sample sizes allow one at the chosen level.
    public var lower: Double?
    public var upper: Double?
}

public enum ShiftEstimate {
    /// Above this many pairs the estimate is not computed (sorting them would take seconds); a scenario
    /// run with thousands of repetitions is compared by its medians alone.
    public static let pairLimit = 4_000_000

    /// The estimate of B / A at confidence 1 − `alpha`; nil when a value is not positive (a ratio of zeros
    /// means nothing) or there are too many pairs.
    public static func ratio(_ a: [Double], _ b: [Double], alpha: Double,
                             distribution: UNullDistribution? = nil) -> RatioEstimate? {
        precondition(!a.isEmpty && !b.isEmpty, "an estimate needs values on both sides")
        guard a.count * b.count <= pairLimit, (a + b).allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(a.count * b.count)
        for x in a { for y in b { ratios.append(y / x) } }
        ratios.sort()
        var estimate = RatioEstimate(ratio: Statistics.median(sorted: ratios))
        if let c = criticalValue(m: a.count, n: b.count, alpha: alpha, distribution: distribution) {
            estimate.lower = ratios[c]                     // D(c + 1), 0-based c
            estimate.upper = ratios[ratios.count - 1 - c]  // D(m·n − c)
        }
        return estimate
    }

    /// The largest c with P(U ≤ c) ≤ α/2, or nil when even P(U ≤ 0) exceeds it.
    public static func criticalValue(m: Int, n: Int, alpha: Double, distribution: UNullDistribution? = nil) -> Int? {
        let pairs = m * n
        if m <= MannWhitney.exactLimit && n <= MannWhitney.exactLimit {
            let null = distribution.flatMap { $0.m == m && $0.n == n ? $0 : nil } ?? UNullDistribution(m: m, n: n)
            var c = -1
            while c + 1 < pairs && null.probability(atMost: c + 1) <= alpha / 2 { c += 1 }
            return c >= 0 ? c : nil
        }
        // Normal approximation with continuity correction: P(U ≤ c) ≈ Φ((c + ½ − m·n/2) / σ).
        let sigma = (Double(pairs) * Double(m + n + 1) / 12).squareRoot()
        let z = Normal.quantile(upperTail: alpha / 2)
        let c = Int((Double(pairs) / 2 - z * sigma - 0.5).rounded(.down))
        return c >= 0 ? min(c, (pairs - 1) / 2) : nil
    }
}
