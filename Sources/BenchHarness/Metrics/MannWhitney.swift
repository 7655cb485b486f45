import Foundation

// The Mann–Whitney U test (Wilcoxon rank-sum) of two runs' per-repetition samples: does one run's metric
// tend to be larger than the other's? It assumes nothing about the shape of the distributions — timings on a
// shared machine are skewed, with long tails from descheduling, which is why it is used instead of a t-test.
//
// Conventions follow scipy.stats.mannwhitneyu, whose values the tests pin: U is the first sample's statistic
// (pairs with a_i > b_j, a tie counting half); the two-sided p-value is twice the upper tail of the larger of
// U and m·n − U. Without ties the tail is counted exactly from the null distribution of U (every ordering of
// the pooled sample equally likely); with ties, or above `exactLimit` values in a sample, the normal
// approximation with the tie-corrected variance and a continuity correction of ½ is used.

public struct MannWhitneyResult: Hashable, Sendable {
    public enum Method: String, Hashable, Sendable {
        case exact
        case normalApproximation = "normal approximation"
        /// The Wilcoxon signed-rank test of paired rounds (SignedRank.swift); `u` is then W+.
        case signedRankExact = "signed-rank exact"
        case signedRankApproximation = "signed-rank normal approximation"
    }

    /// U of the first sample: pairs (a_i, b_j) with a_i > b_j, plus half the tied pairs.
    public var u: Double
    /// Two-sided: the probability, with no difference between the runs, of a U at least this far from m·n / 2.
    public var pValue: Double
    public var method: Method
}

public enum MannWhitney {
    /// Samples of up to this many values each are tested exactly when there are no ties. Counting the null
    /// distribution costs about (m·n)² / 4 additions, which stays cheap next to a run up to this size.
    public static let exactLimit = 50

    public static func test(_ a: [Double], _ b: [Double], distribution: UNullDistribution? = nil) -> MannWhitneyResult {
        precondition(!a.isEmpty && !b.isEmpty, "the U test needs values on both sides")
        let m = a.count, n = b.count
        let ranked = ranks(a + b)
        let rankSumA = ranked.ranks[0..<m].reduce(0, +)
        let u = rankSumA - Double(m * (m + 1)) / 2
        let pairs = Double(m * n)
        let larger = max(u, pairs - u)
        if ranked.tieTerm == 0 && m <= exactLimit && n <= exactLimit {
            let null = distribution.flatMap { $0.m == m && $0.n == n ? $0 : nil } ?? UNullDistribution(m: m, n: n)
            let p = min(1, 2 * null.probability(atLeast: Int(larger.rounded())))
            return MannWhitneyResult(u: u, pValue: p, method: .exact)
        }
        let total = Double(m + n)
        let variance = pairs / 12 * ((total + 1) - ranked.tieTerm / (total * (total - 1)))
        // Every value tied: no evidence of any difference.
        guard variance > 0 else { return MannWhitneyResult(u: u, pValue: 1, method: .normalApproximation) }
        let z = (larger - pairs / 2 - 0.5) / variance.squareRoot()
        return MannWhitneyResult(u: u, pValue: min(1, 2 * Normal.upperTail(z)), method: .normalApproximation)
    }

    /// Mid-ranks (1-based; tied values share the mean of their ranks) in input order, and Σ(t³ − t) over
    /// the groups of t tied values (0 when there are no ties).
    static func ranks(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let midRank = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = midRank }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        return (ranks, tieTerm)
    }
}

/// The distribution of U for samples of m and n values when every ordering of the pooled sample is
/// equally likely (no difference, no ties). Built by the recurrence on the largest pooled value: it comes
/// from the first sample with probability m / (m + n), adding n to U, else from the second, adding nothing.
/// Probabilities rather than counts, so nothing overflows (C(100, 50) ≈ 10²⁹) and every step only adds
/// non-negative numbers.
public struct UNullDistribution: Hashable, Sendable {
    public let m: Int
    public let n: Int
    /// cumulative[k] = P(U ≤ k), k = 0 … m·n.
    let cumulative: [Double]

    public init(m: Int, n: Int) {
        precondition(m >= 1 && n >= 1, "a U distribution needs values on both sides")
        self.m = m
        self.n = n
        // previous[j] = distribution for (i − 1, j); current[j] for (i, j); index = U.
        var previous = (0...n).map { _ in [1.0] }  // i = 0: U is 0 whatever j
        for i in 1...m {
            var current: [[Double]] = [[1.0]]  // j = 0: U is 0
            for j in 1...n {
                var row = [Double](repeating: 0, count: i * j + 1)
                let fromFirst = Double(i) / Double(i + j)
                for (u, p) in previous[j].enumerated() where p != 0 { row[u + j] += fromFirst * p }
                let fromSecond = Double(j) / Double(i + j)
                for (u, p) in current[j - 1].enumerated() where p != 0 { row[u] += fromSecond * p }
                current.append(row)
            }
            previous = current
        }
        var running = 0.0
        cumulative = previous[n].map { p in
            running += p
            return running
        }
    }

    /// P(U ≤ k).
    public func probability(atMost k: Int) -> Double {
        k < 0 ? 0 : k >= cumulative.count - 1 ? 1 : cumulative[k]
    }

    /// P(U ≥ k).
    public func probability(atLeast k: Int) -> Double {
        // The distribution is symmetric about m·n / 2: P(U ≥ k) = P(U ≤ m·n − k), which sums the small tail
        // instead of subtracting from 1.
        probability(atMost: m * n - k)
    }
}

/// The standard normal distribution's tail and quantile.
enum Normal {
    /// P(Z > z).
    static func upperTail(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }

    /// The z with P(Z > z) = tail (0 < tail < 1), by bisection on `upperTail`: exact to the last bits and
    /// called a few times per comparison.
    static func quantile(upperTail tail: Double) -> Double {
        var low = -40.0, high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if upperTail(middle) > tail { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
