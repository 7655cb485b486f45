import Foundation

// `bench compare --binaries A B`: the two binaries run in rounds, back to back, and each metric is compared
// round by round — the ratio of B's median to A's within each round, tested with the Wilcoxon signed-rank
// test and estimated by Hodges–Lehmann over those ratios (SignedRank.swift). Two saved runs minutes apart
// differ by whatever the machine did in between; two runs of one round share it, so the drift cancels in
// their ratio. The medians shown are over every repetition of every round; counters are compared exactly
// (equal only when every round of both agrees). A deterministic counter may come from some rounds only (the
// callgrind counts, taken in the first): it does not vary, so the rounds that have it decide.

extension RunComparison {
    public static func comparePaired(rounds: [(a: ResultDocument, b: ResultDocument)], fileA: String, fileB: String,
                                     alpha: Double, threshold: Double = RunComparison.defaultThreshold) -> RunComparison {
        precondition(!rounds.isEmpty, "a paired comparison needs a round")
        let first = rounds[0]
        var lookups: [(a: [MetricKey: Metric], b: [MetricKey: Metric])] = []
        for round in rounds {
            var a: [MetricKey: Metric] = [:], b: [MetricKey: Metric] = [:]
            for metric in round.a.metrics { a[MetricKey(metric)] = metric }
            for metric in round.b.metrics { b[MetricKey(metric)] = metric }
            lookups.append((a, b))
        }
        var rows: [ComparisonRow] = []
        var onlyInBaseline: [String] = []
        for metric in first.a.metrics {
            let key = MetricKey(metric)
            let pairs = lookups.compactMap { lookup -> (Metric, Metric)? in
                guard let a = lookup.a[key], let b = lookup.b[key] else { return nil }
                return (a, b)
            }
            let deterministic = !pairs.isEmpty && pairs.allSatisfy { $0.0.deterministic && $0.1.deterministic }
            guard pairs.count == rounds.count || deterministic else {
                onlyInBaseline.append(describe(name: metric.name, labels: metric.labels))
                continue
            }
            let aValues = pairs.flatMap { $0.0.samples.values ?? [$0.0.value] }
            let bValues = pairs.flatMap { $0.1.samples.values ?? [$0.1.value] }
            var row = ComparisonRow(name: metric.name, labels: metric.labels, unit: metric.unit,
                                    lowerIsBetter: metric.lowerIsBetter, deterministic: deterministic,
                                    baseline: Statistics.summary(aValues), candidate: Statistics.summary(bValues),
                                    verdict: .noDifference)
            if deterministic {
                let aSame = Set(pairs.map(\.0.value)).count == 1, bSame = Set(pairs.map(\.1.value)).count == 1
                row.baseline.median = pairs[0].0.value
                row.candidate.median = pairs[0].1.value
                row.verdict = aSame && bSame && pairs[0].0.value == pairs[0].1.value ? .equal : .changed
                if !aSame || !bSame { row.reason = "varied between rounds" }
            } else if pairs.allSatisfy({ $0.0.samples.values != nil && $0.1.samples.values != nil }) {
                // The metric's own value per round: the median for a timing.
                let logRatios = pairs.compactMap { a, b -> Double? in
                    a.value > 0 && b.value > 0 ? log(b.value / a.value) : nil
                }
                if logRatios.count == pairs.count && pairs.count > 1 {
                    let test = SignedRank.test(logRatios)
                    row.test = test
                    row.estimate = SignedRank.ratio(logRatios: logRatios, alpha: alpha)
                    row.verdict = verdict(test: test, estimate: row.estimate, a: aValues, b: bValues,
                                          lowerIsBetter: metric.lowerIsBetter, alpha: alpha, threshold: threshold)
                    if row.verdict == .noDifference && test.pValue < alpha {
                        row.reason = "within ±" + NumberFormat.percent(threshold)
                    }
                } else {
                    row.verdict = .noSamples
                    row.reason = pairs.count > 1 ? "a value of zero: no ratio" : "one round: run two or more"
                }
            } else {
                row.verdict = .noSamples
                row.reason = "a summary over every cell, not per repetition"
            }
            rows.append(row)
        }
        let firstKeys = Set(first.a.metrics.map(MetricKey.init))
        let onlyInCandidate = first.b.metrics.filter { !firstKeys.contains(MetricKey($0)) }
            .map { describe(name: $0.name, labels: $0.labels) }
        var comparison = RunComparison(baselineFile: fileA, candidateFile: fileB, alpha: alpha, threshold: threshold,
                                       rows: rows, onlyInBaseline: onlyInBaseline, onlyInCandidate: onlyInCandidate,
                                       notes: differences(first.a, first.b))
        comparison.rounds = rounds.count
        comparison.applyProbe()
        return comparison
    }
}
