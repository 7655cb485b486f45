// The result of a run as it is saved (Results/runs/…/result.json) and re-rendered (`bench report`): the
// scenario and its content hash, the engine, provenance, the metrics (names in Results/README.md),
// per-cell latency distributions for the charts, phases that could not be measured and why, and the
// frame check against the manual layout. Building it from measurements is ResultDocument+Metrics.swift;
// JSON is ResultDocument+Encoding.swift and +Decoding.swift.

public struct ResultDocument: Hashable, Sendable {
    /// Bumped on any change a reader of old files must know about.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var scenario: ScenarioSummary
    public var engine: String
    public var provenance: Provenance
    /// False when the timings come from a debug build (`--allow-debug`): they must not be compared.
    public var timingsValid: Bool
    /// Rounds of the feed per manual throughput pass (its times are per round).
    public var manualRounds: Int
    public var metrics: [Metric]
    public var latency: [LatencyDistribution]
    public var unavailable: [UnavailablePhase]
    public var frameChecks: [FrameCheck]
    public var notes: [String]

    public init(schemaVersion: Int = ResultDocument.currentSchemaVersion, scenario: ScenarioSummary, engine: String,
                provenance: Provenance, timingsValid: Bool, manualRounds: Int = 1, metrics: [Metric],
                latency: [LatencyDistribution],
                unavailable: [UnavailablePhase], frameChecks: [FrameCheck], notes: [String]) {
        self.schemaVersion = schemaVersion
        self.scenario = scenario
        self.engine = engine
        self.provenance = provenance
        self.timingsValid = timingsValid
        self.manualRounds = manualRounds
        self.metrics = metrics
        self.latency = latency
        self.unavailable = unavailable
        self.frameChecks = frameChecks
        self.notes = notes
    }
}

/// What a result records about its scenario: enough to read the numbers without the file, and the
/// hash to know which file text it was.
public struct ScenarioSummary: Hashable, Sendable {
    public var name: String
    public var file: String
    public var contentHash: String
    public var description: String
    public var generator: String
    public var seed: UInt32
    public var cells: Int
    public var widths: [Double]
    /// The thread counts that ran ("cores" resolved, or --threads).
    public var threads: [Int]
    public var phases: [LayoutPhase]
    public var warmup: Int
    public var repetitions: Int
    /// What ran: layout passes (the fields above), subnode diffs or transitions (ScenarioFile.swift; the
    /// JSON has a "kind" key only for the latter two).
    public var kind: ScenarioKind

    public init(name: String, file: String, contentHash: String, description: String, generator: String,
                seed: UInt32, cells: Int, widths: [Double], threads: [Int], phases: [LayoutPhase], warmup: Int,
                repetitions: Int, kind: ScenarioKind = .layout) {
        self.kind = kind
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.generator = generator
        self.seed = seed
        self.cells = cells
        self.widths = widths
        self.threads = threads
        self.phases = phases
        self.warmup = warmup
        self.repetitions = repetitions
    }

    public init(_ scenario: Scenario, threads: [Int]) {
        self.init(name: scenario.name, file: scenario.file, contentHash: scenario.contentHash,
                  description: scenario.description, generator: scenario.generator.name, seed: scenario.seed,
                  cells: scenario.cells, widths: scenario.widths, threads: threads, phases: scenario.phases,
                  warmup: scenario.warmup, repetitions: scenario.repetitions)
    }
}

/// Per-cell latency percentiles of one phase at one thread count and width (the latency chart).
public struct LatencyDistribution: Hashable, Sendable {
    public var phase: LayoutPhase
    public var threads: Int
    public var width: Double
    /// Cells recorded.
    public var count: Int
    public var percentiles: [PercentileValue]

    public init(phase: LayoutPhase, threads: Int, width: Double, count: Int, percentiles: [PercentileValue]) {
        self.phase = phase
        self.threads = threads
        self.width = width
        self.count = count
        self.percentiles = percentiles
    }

    /// The percentiles stored for charts: the median, the usual tail, and the extremes.
    public static let chartPercentiles: [Double] = [0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100]

    public func nanoseconds(atPercentile percentile: Double) -> Double? {
        percentiles.first { $0.percentile == percentile }?.nanoseconds
    }
}

public struct PercentileValue: Hashable, Sendable {
    public var percentile: Double
    public var nanoseconds: Double
}
