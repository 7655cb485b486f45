// From churn and transition measurements to a result (metric names in Results/README.md, "Churn metrics"
// and "Transition metrics"; keep the two in step). The result has the same schema as a layout run's: the
// scenario summary says its kind, the metrics carry the numbers (n in the name, the edit mix as the `mix`
// label, the target width of a rotation as `width`), and there are no latency distributions or frame checks.

extension ResultDocument {
    public static let churnEngine = "NodeTree SubnodeDiff (identity, linear) vs Texture's LCS diff (TextureLCSDiff), "
        + "same inputs; ASM on an unloaded node"
    public static let transitionEngine = "NodeTree prepareLayoutTransition (measure + subnode diff + TransitionContext), "
        + "no animation"

    public static func make(churn scenario: ChurnScenario, measurements: ChurnMeasurements, provenance: Provenance,
                            timingsValid: Bool) -> ResultDocument {
        var metrics: [Metric] = []
        for item in measurements.cases {
            let labels = MetricLabels(mix: item.mix.name)
            let prefix = "diff.n\(item.n)."
            func micro(_ samples: [Double]) -> [Double] { samples.map { $0 / 1000 } }
            metrics.append(.timing(prefix + "microseconds", unit: "µs", samples: micro(item.ours), labels: labels,
                                   lowerIsBetter: true))
            if !item.lcs.isEmpty {
                metrics.append(.timing(prefix + "lcsMicroseconds", unit: "µs", samples: micro(item.lcs), labels: labels,
                                       lowerIsBetter: true))
            }
            if !item.lcsRatios.isEmpty {
                metrics.append(.timing(prefix + "lcsRatio", unit: "×", samples: item.lcsRatios, labels: labels,
                                       lowerIsBetter: false))
            }
            if !item.asmChanges.isEmpty {
                metrics.append(.timing(prefix + "asmChangesMicroseconds", unit: "µs", samples: micro(item.asmChanges),
                                       labels: labels, lowerIsBetter: true))
            }
            if !item.asmPass.isEmpty {
                metrics.append(.timing(prefix + "asmLayoutPassMicroseconds", unit: "µs", samples: micro(item.asmPass),
                                       labels: labels, lowerIsBetter: true))
            }
            metrics.append(.counter(prefix + "edits", unit: "edits", value: Double(item.edits), labels: labels))
            metrics.append(.counter(prefix + "operations", unit: "operations", value: item.operations, labels: labels))
            if let operations = item.lcsOperations {
                metrics.append(.counter(prefix + "lcsOperations", unit: "operations", value: operations, labels: labels))
            }
            metrics.append(.counter(prefix + "mismatches", unit: "inputs", value: Double(item.mismatches), labels: labels))
            if let mismatches = item.lcsMismatches {
                metrics.append(.counter(prefix + "lcsMismatches", unit: "inputs", value: Double(mismatches), labels: labels))
            }
            if let mismatches = item.asmMismatches {
                metrics.append(.counter(prefix + "asmMismatches", unit: "inputs", value: Double(mismatches), labels: labels))
            }
            if let allocations = item.allocations {
                metrics.append(.counter(prefix + "allocations", unit: "allocations", value: allocations, labels: labels))
            }
            if let allocations = item.lcsAllocations {
                metrics.append(.counter(prefix + "lcsAllocations", unit: "allocations", value: allocations, labels: labels))
            }
        }
        let summary = ScenarioSummary(
            name: scenario.name, file: scenario.file, contentHash: scenario.contentHash,
            description: scenario.description, generator: "churn", seed: scenario.seed, cells: scenario.inputs,
            widths: [], threads: [1], phases: [], warmup: scenario.warmup, repetitions: scenario.repetitions,
            kind: .churn)
        return ResultDocument(scenario: summary, engine: churnEngine, provenance: provenance, timingsValid: timingsValid,
                              metrics: metrics, latency: [], unavailable: [], frameChecks: [],
                              notes: measurements.notes)
    }

    public static func make(transition scenario: TransitionScenario, measurements: TransitionMeasurements,
                            provenance: Provenance, timingsValid: Bool) -> ResultDocument {
        var metrics: [Metric] = []
        let prefix = "transition.\(scenario.transition.rawValue)."
        for series in measurements.series where series.transitions > 0 {
            let labels = MetricLabels(width: series.targetWidth)
            func micro(_ samples: [Double]) -> [Double] { samples.map { $0 / 1000 } }
            let components: [(String, [Double], [Double])] = [
                ("", series.total, series.allTotal), ("measure", series.measure, series.allMeasure),
                ("diff", series.diff, series.allDiff), ("context", series.context, series.allContext),
            ]
            for (component, medians, all) in components {
                let name = component.isEmpty ? "microseconds" : component + "Microseconds"
                metrics.append(.timing(prefix + name, unit: "µs", samples: micro(medians), labels: labels,
                                       lowerIsBetter: true))
                let p90Name = component.isEmpty ? "p90Microseconds" : component + "P90Microseconds"
                let pooled = Statistics.summary(micro(all))
                metrics.append(Metric(name: prefix + p90Name, unit: "µs", value: Statistics.percentile(micro(all), 90),
                                      labels: labels, samples: pooled, lowerIsBetter: true, deterministic: false))
            }
            metrics.append(.timing(prefix + "callMicroseconds", unit: "µs", samples: micro(series.call), labels: labels,
                                   lowerIsBetter: true))
            let count = Double(series.transitions)
            metrics.append(.counter(prefix + "insertedSubnodes", unit: "nodes", value: Double(series.inserted) / count,
                                    labels: labels))
            metrics.append(.counter(prefix + "removedSubnodes", unit: "nodes", value: Double(series.removed) / count,
                                    labels: labels))
            metrics.append(.counter(prefix + "movedSubnodes", unit: "nodes", value: Double(series.moved) / count,
                                    labels: labels))
            if let allocations = series.allocations {
                metrics.append(.counter(prefix + "allocations", unit: "allocations", value: allocations, labels: labels))
            }
        }
        let summary = ScenarioSummary(
            name: scenario.name, file: scenario.file, contentHash: scenario.contentHash,
            description: scenario.description, generator: scenario.transition.rawValue, seed: scenario.seed,
            cells: scenario.cells, widths: scenario.widths, threads: [1], phases: [], warmup: scenario.warmup,
            repetitions: scenario.repetitions, kind: .transition)
        return ResultDocument(scenario: summary, engine: transitionEngine, provenance: provenance,
                              timingsValid: timingsValid, metrics: metrics, latency: [], unavailable: [],
                              frameChecks: [], notes: measurements.notes)
    }
}

extension Statistics {
    /// The nearest-rank percentile (p in 0…100) of `samples` (at least one).
    public static func percentile(_ samples: [Double], _ p: Double) -> Double {
        precondition(!samples.isEmpty, "a percentile needs at least one sample")
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}

extension Array where Element == Metric {
    /// The metric named `name` with exactly these labels, the mix included.
    public func first(_ name: String, mix: String?, width: Double? = nil) -> Metric? {
        first { $0.name == name && $0.labels.mix == mix && $0.labels.width == width && $0.labels.threads == nil }
    }
}
