// `bench compare A.json B.json`: did B get faster or slower than A, beyond the noise of the repetitions?
// Per metric and label set present in both runs: both medians, the change B / A (Hodges–Lehmann, with its
// confidence interval; ShiftEstimate.swift), the Mann–Whitney p-value (MannWhitney.swift) and a verdict at
// the chosen α. Deterministic counters are compared exactly — they do not vary between runs of the same
// code, so any change is real and no statistics apply. Metrics in one run only are listed, not compared
// (another thread count, scenario or allocator makes different metrics, and comparing what both have is
// still useful). Rendering is RunComparison+Rendering.swift and +JSON.swift.

public struct RunComparison: Sendable {
    public var baselineFile: String
    public var candidateFile: String
    public var alpha: Double
    /// The smallest relative change a verdict reports (criterion.rs's "noise threshold"): repetitions
    /// within one run share the machine's state of that moment, so two runs of the same code differ by
    /// a few percent more than their repetitions predict. A change is reported only when its whole
    /// interval lies beyond ±threshold.
    public var threshold: Double
    public var rows: [ComparisonRow]
    /// Metrics of one run only, by their description ("layout.fresh.wallTime [2 threads, width 375]").
    public var onlyInBaseline: [String]
    public var onlyInCandidate: [String]
    /// What differs between the runs beyond the numbers (scenario text, build, machine).
    public var notes: [String]
    /// Rounds of a paired comparison (`bench compare --binaries`, RunComparison+Paired.swift); nil for two
    /// saved runs compared as independent samples.
    public var rounds: Int? = nil

    /// Rows whose verdict is a regression: significant and in the worse direction, or a counter that moved
    /// the worse way.
    public var regressions: [ComparisonRow] { rows.filter(\.isRegression) }
}

public struct ComparisonRow: Sendable {
    public enum Verdict: String, Sendable {
        case better, worse, noDifference = "no difference"
        case equal, changed
        /// One side has no per-repetition values (or only one repetition): no test is possible.
        case noSamples = "no samples"
        /// Significant, but the machine probe moved as much at this thread count (RunComparison+Probe.swift).
        case inconclusive
    }

    public var name: String
    public var labels: MetricLabels
    public var unit: String
    public var lowerIsBetter: Bool
    public var deterministic: Bool
    public var baseline: SampleSummary
    public var candidate: SampleSummary
    /// B / A by Hodges–Lehmann, with its interval (timings with positive values on both sides).
    public var estimate: RatioEstimate?
    public var test: MannWhitneyResult?
    public var verdict: Verdict
    /// Why there is no verdict (verdict `.noSamples`).
    public var reason: String?

    /// "layout.fresh.wallTime [2 threads, width 375]".
    public var description: String { RunComparison.describe(name: name, labels: labels) }

    /// The verdict as printed: "faster"/"slower" for times and throughputs, "better"/"worse" otherwise
    /// (a scaling or engine ÷ manual ratio is not itself a speed).
    public var verdictText: String {
        switch verdict {
        case .better: return measuresSpeed ? "faster" : "better"
        case .worse: return measuresSpeed ? "slower" : "worse"
        case .changed: return "changed (" + (isRegression ? "worse" : "better") + ")"
        default: return verdict.rawValue
        }
    }

    var measuresSpeed: Bool { ["ms", "ns", "µs", "cells/s", "nodes/s"].contains(unit) }

    /// The machine probe's row describes the machine, not the code: never a regression.
    public var isRegression: Bool {
        if name == ProbeSeries.metricName { return false }
        switch verdict {
        case .worse: return true
        case .changed: return lowerIsBetter ? candidate.median > baseline.median : candidate.median < baseline.median
        default: return false
        }
    }
}

extension RunComparison {
    /// Compares `candidate` (B) with `baseline` (A) at significance `alpha` (two-sided).
    public static func compare(_ baseline: ResultDocument, file baselineFile: String, with candidate: ResultDocument,
                               file candidateFile: String, alpha: Double,
                               threshold: Double = RunComparison.defaultThreshold) -> RunComparison {
        var candidateByKey: [MetricKey: Metric] = [:]
        for metric in candidate.metrics { candidateByKey[MetricKey(metric)] = metric }
        let baselineKeys = Set(baseline.metrics.map(MetricKey.init))
        let baselineHasValues = baseline.metrics.contains { $0.samples.values != nil }
        let candidateHasValues = candidate.metrics.contains { $0.samples.values != nil }

        var distributions: [[Int]: UNullDistribution] = [:]
        var rows: [ComparisonRow] = []
        var onlyInBaseline: [String] = []
        for a in baseline.metrics {
            guard let b = candidateByKey[MetricKey(a)] else {
                onlyInBaseline.append(describe(name: a.name, labels: a.labels))
                continue
            }
            var row = ComparisonRow(name: a.name, labels: a.labels, unit: a.unit, lowerIsBetter: a.lowerIsBetter,
                                    deterministic: a.deterministic && b.deterministic, baseline: a.samples,
                                    candidate: b.samples, verdict: .noDifference)
            // The metric's value is what the row shows: the median for timings and counters, the
            // percentile itself for latency percentiles (whose samples summarize every cell).
            row.baseline.median = a.value
            row.candidate.median = b.value
            if row.deterministic {
                row.verdict = a.value == b.value ? .equal : .changed
            } else if let x = a.samples.values, let y = b.samples.values, x.count > 1, y.count > 1 {
                let sizes = [x.count, y.count]
                var null: UNullDistribution?
                if x.count <= MannWhitney.exactLimit && y.count <= MannWhitney.exactLimit {
                    null = distributions[sizes] ?? UNullDistribution(m: x.count, n: y.count)
                    distributions[sizes] = null
                }
                let test = MannWhitney.test(x, y, distribution: null)
                row.test = test
                row.estimate = ShiftEstimate.ratio(x, y, alpha: alpha, distribution: null)
                row.verdict = verdict(test: test, estimate: row.estimate, a: x, b: y, lowerIsBetter: a.lowerIsBetter,
                                      alpha: alpha, threshold: threshold)
                if row.verdict == .noDifference && test.pValue < alpha {
                    row.reason = "within ±" + NumberFormat.percent(threshold)
                }
            } else {
                row.verdict = .noSamples
                row.reason = noSamplesReason(a: a, b: b, baselineHasValues: baselineHasValues,
                                             candidateHasValues: candidateHasValues)
            }
            rows.append(row)
        }
        let onlyInCandidate = candidate.metrics.filter { !baselineKeys.contains(MetricKey($0)) }
            .map { describe(name: $0.name, labels: $0.labels) }
        var comparison = RunComparison(baselineFile: baselineFile, candidateFile: candidateFile, alpha: alpha,
                                       threshold: threshold, rows: rows,
                                       onlyInBaseline: onlyInBaseline, onlyInCandidate: onlyInCandidate,
                                       notes: differences(baseline, candidate))
        comparison.applyProbe()
        comparison.noteSavedRunDrift(baseline, candidate)
        return comparison
    }

    /// Significant at α and the whole interval beyond ±threshold (the estimate itself when the sizes
    /// allow no interval), in that direction; without a ratio (values of zero) the medians give the direction.
    static func verdict(test: MannWhitneyResult, estimate: RatioEstimate?, a: [Double], b: [Double],
                        lowerIsBetter: Bool, alpha: Double, threshold: Double) -> ComparisonRow.Verdict {
        guard test.pValue < alpha else { return .noDifference }
        let direction: Double
        if let estimate {
            let lower = estimate.lower ?? estimate.ratio, upper = estimate.upper ?? estimate.ratio
            direction = lower > 1 + threshold ? 1 : upper < 1 - threshold ? -1 : 0
        } else {
            direction = Statistics.median(b) - Statistics.median(a)
        }
        if direction == 0 { return .noDifference }
        let candidateLarger = direction > 0
        return candidateLarger == lowerIsBetter ? .worse : .better
    }

    static func noSamplesReason(a: Metric, b: Metric, baselineHasValues: Bool, candidateHasValues: Bool) -> String {
        if a.samples.count <= 1 || b.samples.count <= 1 {
            return "one repetition: rerun with --repetitions 5 or more"
        }
        if !baselineHasValues || !candidateHasValues {
            return "no samples: rerun with this bench"
        }
        // Both runs keep values, just not for this metric: a percentile over every cell, not per repetition.
        return "a summary over every cell, not per repetition"
    }

    /// What makes the two runs measure different things, or makes their times incomparable.
    static func differences(_ a: ResultDocument, _ b: ResultDocument) -> [String] {
        var notes: [String] = []
        if a.scenario.name != b.scenario.name {
            notes.append("different scenarios: \(a.scenario.name) and \(b.scenario.name)")
        } else if a.scenario.contentHash != b.scenario.contentHash {
            notes.append("the scenario file's text differs (\(a.scenario.contentHash), \(b.scenario.contentHash))")
        }
        if a.engine != b.engine { notes.append("different engines: \(a.engine); \(b.engine)") }
        if a.scenario.threads != b.scenario.threads {
            notes.append("different thread counts: " + a.scenario.threads.map(String.init).joined(separator: ",")
                + " and " + b.scenario.threads.map(String.init).joined(separator: ",") + " (compared where both ran)")
        }
        let (pa, pb) = (a.provenance, b.provenance)
        if pa.buildConfiguration != pb.buildConfiguration {
            notes.append("different builds: \(pa.buildConfiguration) and \(pb.buildConfiguration)")
        }
        if pa.allocator != pb.allocator {
            notes.append("different allocators: \(pa.allocator ?? "not counted") and \(pb.allocator ?? "not counted")")
        }
        if pa.machine.cpuModel != pb.machine.cpuModel || pa.machine.cores != pb.machine.cores {
            notes.append("different machines: \(pa.machine.cores) cores \(pa.machine.cpuModel ?? "?") and "
                + "\(pb.machine.cores) cores \(pb.machine.cpuModel ?? "?"): times do not carry between machines")
        }
        if !a.timingsValid || !b.timingsValid {
            notes.append("a debug build's timings (--allow-debug) are compared: they are not meaningful")
        }
        return notes
    }

    /// ±5 %: Results/README.md ("Comparing runs") gives the runs of unchanged code it comes from.
    public static let defaultThreshold = 0.05

    /// "layout.fresh.wallTime [2 threads, width 375]", "diff.n100.microseconds [mix mixed-1%]".
    public static func describe(name: String, labels: MetricLabels) -> String {
        var parts: [String] = []
        if let threads = labels.threads { parts.append(threads == 1 ? "1 thread" : "\(threads) threads") }
        if let width = labels.width { parts.append("width \(JSONText.number(width))") }
        if let mix = labels.mix { parts.append("mix \(mix)") }
        return parts.isEmpty ? name : name + " [" + parts.joined(separator: ", ") + "]"
    }
}
