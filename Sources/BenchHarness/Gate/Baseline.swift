// A baseline for the regression gate (`bench check`, Results/README.md "Gate"): which scenario run it
// records (name, file, content hash, the sizes and thread counts that ran), the engine, the provenance of
// the run that made it (its full result is saved beside it), and every metric of that run with how it is
// gated — deterministic counters within a tolerance, ratios measured within one run inside a band, and
// absolute timings only reported. Making one from a result is Baseline+Making.swift (the default gates:
// GatePolicy.swift); JSON is Baseline+Encoding.swift and +Decoding.swift; comparing is GateCheck.swift.

public struct Baseline: Hashable, Sendable {
    /// Bumped on any change a reader of old files must know about.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var scenario: BaselineScenario
    /// The engine's name as results print it ("NodeTree (CellNode subclass …)").
    public var engine: String
    /// False when the run came from a debug build (`--allow-debug`): its ratios are not gated.
    public var timingsValid: Bool
    /// The run that made the baseline (commit, compiler, build configuration, allocator, machine, time).
    public var provenance: Provenance
    /// The full result of that run, saved beside the baseline (a file name relative to the baseline's
    /// directory), nil when it was not kept.
    public var result: String?
    public var metrics: [BaselineMetric]
    /// The per-function summary of the recording run's instruction counts, beside the baseline (a file
    /// name relative to the baseline's directory), nil when the baseline has no instruction counts.
    public var profile: String?

    public init(schemaVersion: Int = Baseline.currentSchemaVersion, scenario: BaselineScenario, engine: String,
                timingsValid: Bool, provenance: Provenance, result: String?,
                metrics: [BaselineMetric], profile: String? = nil) {
        self.schemaVersion = schemaVersion
        self.scenario = scenario
        self.engine = engine
        self.timingsValid = timingsValid
        self.provenance = provenance
        self.result = result
        self.metrics = metrics
        self.profile = profile
    }

    /// True when the baseline has instruction counts (callgrind metrics): `bench check` then measures them.
    public var gatesInstructions: Bool {
        metrics.contains { PhaseCounts.isCallgrindMetric($0.name) }
    }
}

/// The scenario run a baseline records: the file (relative to the package root when it is inside it)
/// and its content hash, and what the run used — `bench check` re-runs exactly this.
public struct BaselineScenario: Hashable, Sendable {
    public var name: String
    public var file: String
    public var contentHash: String
    public var seed: UInt32
    public var cells: Int
    public var widths: [Double]
    /// The thread counts that ran ("cores" resolved on the recording machine, or --threads).
    public var threads: [Int]
    public var warmup: Int
    public var repetitions: Int

    public init(name: String, file: String, contentHash: String, seed: UInt32, cells: Int, widths: [Double],
                threads: [Int], warmup: Int, repetitions: Int) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.seed = seed
        self.cells = cells
        self.widths = widths
        self.threads = threads
        self.warmup = warmup
        self.repetitions = repetitions
    }
}

/// One metric of the recorded run and its gate.
public struct BaselineMetric: Hashable, Sendable {
    public var name: String
    public var labels: MetricLabels
    public var unit: String
    public var value: Double
    public var lowerIsBetter: Bool
    public var gate: MetricGate
    /// A gate set by hand: `bench baseline update` keeps it (unless --reset-gates) instead of giving the
    /// metric its default gate.
    public var pinned: Bool

    public init(name: String, labels: MetricLabels, unit: String, value: Double, lowerIsBetter: Bool, gate: MetricGate,
                pinned: Bool = false) {
        self.name = name
        self.labels = labels
        self.unit = unit
        self.value = value
        self.lowerIsBetter = lowerIsBetter
        self.gate = gate
        self.pinned = pinned
    }

    public var key: MetricKey { MetricKey(name: name, labels: labels) }
}

/// A metric's identity within a run: its name and labels.
public struct MetricKey: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var labels: MetricLabels

    /// "layout.fresh.allocationsPerCell [width 375]", "layout.manualRatio [1 thread, width 375]".
    public var description: String {
        var parts: [String] = []
        if let threads = labels.threads { parts.append(threads == 1 ? "1 thread" : "\(threads) threads") }
        if let width = labels.width { parts.append("width \(JSONText.number(width))") }
        return parts.isEmpty ? name : name + " [" + parts.joined(separator: ", ") + "]"
    }
}

extension MetricKey {
    public init(_ metric: Metric) {
        self.init(name: metric.name, labels: metric.labels)
    }
}

/// How the gate treats a metric.
public enum MetricGate: Hashable, Sendable {
    /// A deterministic counter: the run must be within the tolerance of the recorded value, on both sides
    /// (an improvement beyond it fails too, until it is recorded).
    case counter(Tolerance)
    /// A ratio of two timings taken within one run (engine ÷ manual, N threads ÷ 1): the run must be
    /// inside the band; beyond the better edge is an unrecorded improvement.
    case ratio(Band)
    /// Reported beside the recorded value, never gated; the reason says why.
    case reported(reason: String)

    /// "counter", "ratio" or "none", as the baseline file names it.
    public var kind: String {
        switch self {
        case .counter: return "counter"
        case .ratio: return "ratio"
        case .reported: return "none"
        }
    }

    /// The same gate, whatever the reasons of two ungated metrics say.
    public func gatesAlike(_ other: MetricGate) -> Bool {
        switch (self, other) {
        case (.reported, .reported): return true
        default: return self == other
        }
    }
}

/// Allowed deviation of a counter: max(absolute, relative × |recorded value|). Zero for both is exact.
public struct Tolerance: Hashable, Sendable {
    public var relative: Double
    public var absolute: Double

    public init(relative: Double = 0, absolute: Double = 0) {
        self.relative = relative
        self.absolute = absolute
    }

    public static let exact = Tolerance()

    public func allowedDeviation(from value: Double) -> Double {
        max(absolute, relative * abs(value))
    }

    /// "exact", "±0.5%", "±0.01", "±0.5% or ±0.01".
    public var text: String {
        var parts: [String] = []
        if relative > 0 { parts.append("±" + GateFormat.percent(relative)) }
        if absolute > 0 { parts.append("±" + JSONText.number(absolute)) }
        return parts.isEmpty ? "exact" : parts.joined(separator: " or ")
    }
}

/// Where a ratio may lie: factors of the recorded value and/or absolute bounds; every bound given must
/// hold. `minFactor: 0.25, maxFactor: 4` is "within 4× either way of the recorded ratio"; `min: 0.5` is
/// "at least 0.5" (two-thread scaling).
public struct Band: Hashable, Sendable {
    public var minFactor: Double?
    public var maxFactor: Double?
    public var min: Double?
    public var max: Double?

    public init(minFactor: Double? = nil, maxFactor: Double? = nil, min: Double? = nil, max: Double? = nil) {
        self.minFactor = minFactor
        self.maxFactor = maxFactor
        self.min = min
        self.max = max
    }

    /// The lowest and highest allowed value around a recorded `value` (nil: unbounded on that side).
    public func bounds(around value: Double) -> (low: Double?, high: Double?) {
        let lows = [minFactor.map { $0 * value }, min].compactMap { $0 }
        let highs = [maxFactor.map { $0 * value }, max].compactMap { $0 }
        return (lows.max(), highs.min())
    }

    /// "54–862×" (absolute bounds around `value`), "≥ 0.5×".
    public func text(around value: Double, unit: String) -> String {
        let (low, high) = bounds(around: value)
        let suffix = unit == "×" ? "×" : " " + unit
        switch (low, high) {
        case let (low?, high?): return NumberFormat.significant(low) + "–" + NumberFormat.significant(high) + suffix
        case let (low?, nil): return "≥ " + NumberFormat.significant(low) + suffix
        case let (nil, high?): return "≤ " + NumberFormat.significant(high) + suffix
        case (nil, nil): return "any"
        }
    }
}

enum GateFormat {
    /// "0.5%", "12%", "0.05%": a percentage with the digits it needs (at most 2 decimals).
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        for decimals in 0...2 {
            let text = NumberFormat.fixed(value, decimals: decimals)
            if let parsed = Double(text), abs(parsed - value) < 1e-9 { return text + "%" }
        }
        return NumberFormat.fixed(value, decimals: 2) + "%"
    }
}
