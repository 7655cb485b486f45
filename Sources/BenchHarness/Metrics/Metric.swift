// One measured number of a run, as the result JSON stores it (Results/README.md lists every name).

public struct Metric: Hashable, Sendable {
    /// Dotted name, e.g. "layout.fresh.cellsPerSecond".
    public var name: String
    /// "cells/s", "nodes/s", "ms", "ns", "allocations", "bytes", "calls", "cells", "nodes", "×".
    public var unit: String
    /// The reported value: the median of the samples (or the one value of a counter).
    public var value: Double
    /// What the metric was measured at: thread count and cell width, where they apply.
    public var labels: MetricLabels
    public var samples: SampleSummary
    public var lowerIsBetter: Bool
    /// True for counters that do not depend on the machine or timing (allocations, measure calls);
    /// false for times and everything derived from them.
    public var deterministic: Bool

    public init(name: String, unit: String, value: Double, labels: MetricLabels = MetricLabels(),
                samples: SampleSummary, lowerIsBetter: Bool, deterministic: Bool) {
        self.name = name
        self.unit = unit
        self.value = value
        self.labels = labels
        self.samples = samples
        self.lowerIsBetter = lowerIsBetter
        self.deterministic = deterministic
    }

    /// A timing-derived metric whose value is the median of `samples`. The samples themselves are kept
    /// when there is more than one, so two runs can be tested against each other (`bench compare`).
    public static func timing(_ name: String, unit: String, samples: [Double], labels: MetricLabels,
                              lowerIsBetter: Bool) -> Metric {
        var summary = Statistics.summary(samples)
        if samples.count > 1 { summary.values = samples }
        return Metric(name: name, unit: unit, value: summary.median, labels: labels, samples: summary,
                      lowerIsBetter: lowerIsBetter, deterministic: false)
    }

    /// A deterministic counter measured once.
    public static func counter(_ name: String, unit: String, value: Double, labels: MetricLabels,
                               lowerIsBetter: Bool = true) -> Metric {
        Metric(name: name, unit: unit, value: value, labels: labels, samples: SampleSummary(single: value),
               lowerIsBetter: lowerIsBetter, deterministic: true)
    }
}

/// The dimensions of a metric. Absent labels do not apply (allocation counts have no thread count:
/// they are counted on one thread).
public struct MetricLabels: Hashable, Sendable {
    public var threads: Int?
    public var width: Double?
    /// The edit mix of a churn metric (its name in the scenario, e.g. "mixed-1%").
    public var mix: String?

    public init(threads: Int? = nil, width: Double? = nil, mix: String? = nil) {
        self.threads = threads
        self.width = width
        self.mix = mix
    }
}

extension Array where Element == Metric {
    /// The metric named `name` with exactly these labels.
    public func first(_ name: String, threads: Int? = nil, width: Double? = nil) -> Metric? {
        first { $0.name == name && $0.labels.threads == threads && $0.labels.width == width }
    }
}
