import Foundation

// The Wilcoxon signed-rank test and its Hodges–Lehmann estimate, for paired values: `bench compare
// --binaries A B` runs the two binaries in rounds, back to back, and each round gives one pair — the ratio
// of B's median to A's within the round. Pairing is what takes the machine's drift out: a slow minute slows
// both members of a round, so it moves neither their ratio nor the test, where two runs minutes apart
// compared by Mann–Whitney see the drift as a difference.
//
// On the logarithms of the round ratios d_1 … d_n (zeros dropped, Wilcoxon's convention): W+ is the sum of
// the ranks of |d_i| over the positive d_i. Without ties its null distribution is that of the sum of a random
// subset of {1, …, n}, counted exactly here (a subset-sum count, up to `exactLimit` pairs); with ties, or
// beyond that, the normal approximation with the tie-corrected variance and a continuity correction
// (`scipy.stats.wilcoxon(method='exact' | 'approx', correction=True)`). The estimate of the ratio is the
// median of the Walsh averages (d_i + d_j) / 2, i ≤ j, and its 1 − α interval [A(c + 1), A(M − c)] over the
// M = n(n + 1)/2 sorted averages, c the largest integer with P(W+ ≤ c) ≤ α/2 (Hollander & Wolfe,
// "Nonparametric Statistical Methods", §3.2).

public struct SignedRankNull: Hashable, Sendable {
    public let n: Int
    /// cumulative[w] = P(W+ ≤ w), w = 0 … n(n + 1)/2.
    let cumulative: [Double]

    public init(n: Int) {
        precondition(n >= 1, "a signed-rank distribution needs at least one pair")
        self.n = n
        let total = n * (n + 1) / 2
        // counts[w]: the subsets of {1, …, n} whose sum is w (exact in a Double up to 2^53: n ≤ 50 gives 2^50).
        var counts = [Double](repeating: 0, count: total + 1)
        counts[0] = 1
        var reach = 0
        for rank in 1...n {
            reach += rank
            for w in stride(from: reach, through: rank, by: -1) { counts[w] += counts[w - rank] }
        }
        let subsets = pow(2, Double(n))
        let probabilities = counts.map { $0 / subsets }
        var running = 0.0
        cumulative = probabilities.map { p in
            running += p
            return running
        }
    }

    /// P(W+ ≤ w).
    public func probability(atMost w: Int) -> Double {
        if w < 0 { return 0 }
        return cumulative[min(w, cumulative.count - 1)]
    }
}

public enum SignedRank {
    public static let exactLimit = 50

    /// The two-sided test of the paired differences `d` (log ratios); the statistic reported is W+.
    public static func test(_ d: [Double]) -> MannWhitneyResult {
        let nonzero = d.filter { $0 != 0 }
        let n = nonzero.count
        guard n > 0 else { return MannWhitneyResult(u: 0, pValue: 1, method: .signedRankExact) }
        let magnitudes = nonzero.map(abs)
        let (ranks, tieTerm) = MannWhitney.ranks(magnitudes)
        let plus = zip(nonzero, ranks).filter { $0.0 > 0 }.map(\.1).reduce(0, +)
        let hasTies = tieTerm > 0
        let mean = Double(n * (n + 1)) / 4
        if !hasTies && n <= exactLimit {
            let null = SignedRankNull(n: n)
            let w = Int(plus.rounded())
            let lower = null.probability(atMost: w)
            let upper = 1 - null.probability(atMost: w - 1)
            return MannWhitneyResult(u: plus, pValue: min(1, 2 * min(lower, upper)), method: .signedRankExact)
        }
        // Tie correction: Σ (t³ − t) / 48 over groups of t equal magnitudes.
        let variance = Double(n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48
        guard variance > 0 else { return MannWhitneyResult(u: plus, pValue: 1, method: .signedRankApproximation) }
        let z = max(0, abs(plus - mean) - 0.5) / variance.squareRoot()
        return MannWhitneyResult(u: plus, pValue: min(1, 2 * Normal.upperTail(z)), method: .signedRankApproximation)
    }

    /// The Hodges–Lehmann estimate of exp(d) — the ratio, when d are log ratios — with its 1 − α interval
    /// when n allows one.
    public static func ratio(logRatios d: [Double], alpha: Double) -> RatioEstimate? {
        guard !d.isEmpty, d.allSatisfy(\.isFinite) else { return nil }
        var averages: [Double] = []
        for i in d.indices { for j in i..<d.count { averages.append((d[i] + d[j]) / 2) } }
        averages.sort()
        var estimate = RatioEstimate(ratio: exp(Statistics.median(sorted: averages)))
        if let c = criticalValue(n: d.count, alpha: alpha) {
            estimate.lower = exp(averages[c])
            estimate.upper = exp(averages[averages.count - 1 - c])
        }
        return estimate
    }

    /// The largest c with P(W+ ≤ c) ≤ α/2, or nil when even P(W+ ≤ 0) = 2^-n exceeds it.
    public static func criticalValue(n: Int, alpha: Double) -> Int? {
        let total = n * (n + 1) / 2
        if n <= exactLimit {
            let null = SignedRankNull(n: n)
            var c = -1
            while c + 1 < total && null.probability(atMost: c + 1) <= alpha / 2 { c += 1 }
            return c >= 0 ? c : nil
        }
        let sigma = (Double(n * (n + 1) * (2 * n + 1)) / 24).squareRoot()
        let c = Int((Double(total) / 2 - Normal.quantile(upperTail: alpha / 2) * sigma - 0.5).rounded(.down))
        return c >= 0 ? min(c, (total - 1) / 2) : nil
    }
}
