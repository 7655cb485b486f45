// Summaries of repeated measurements: the median is what reports show (robust on a shared machine),
// min and max show the spread.

/// min / median / max / count of a metric's samples, as the result JSON stores them.
public struct SampleSummary: Hashable, Sendable {
    public var min: Double
    public var median: Double
    public var max: Double
    public var count: Int
    /// The per-repetition values themselves, in measured order (timing metrics of more than one
    /// repetition): `bench compare` tests two runs against each other on them. nil for counters, for
    /// percentiles over every cell, and in results written before they were kept.
    public var values: [Double]?

    public init(min: Double, median: Double, max: Double, count: Int, values: [Double]? = nil) {
        self.min = min
        self.median = median
        self.max = max
        self.count = count
        self.values = values
    }

    /// The summary of one value measured once (deterministic counters).
    public init(single value: Double) {
        self.init(min: value, median: value, max: value, count: 1)
    }

    /// (max − min) / median, the relative spread reports print; 0 when the median is 0.
    public var relativeSpread: Double {
        median == 0 ? 0 : (max - min) / median
    }
}

public enum Statistics {
    /// The summary of `samples` (at least one); the median of an even count is the mean of the middle two.
    public static func summary(_ samples: [Double]) -> SampleSummary {
        precondition(!samples.isEmpty, "a summary needs at least one sample")
        let sorted = samples.sorted()
        return SampleSummary(min: sorted[0], median: median(sorted: sorted), max: sorted[sorted.count - 1],
                             count: sorted.count)
    }

    public static func median(_ samples: [Double]) -> Double {
        median(sorted: samples.sorted())
    }

    static func median(sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Element-wise a[i] / b[i] for the pairs measured in the same repetition (ratios within one run are
    /// what a shared machine can compare); pairs with a zero divisor are skipped.
    public static func pairwiseRatios(_ a: [Double], _ b: [Double]) -> [Double] {
        zip(a, b).compactMap { $1 == 0 ? nil : $0 / $1 }
    }
}
