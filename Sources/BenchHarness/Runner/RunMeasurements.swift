import Histogram

// The raw outcome of a run, before it becomes metrics (ResultDocument+Metrics.swift): per phase, thread
// count and width the pass times of every measured repetition and the merged per-cell latencies; per
// phase and width the counted pass's allocations and measure calls; the frame check against the manual
// layout; and the phases that could not be measured, with the reason.

public struct RunMeasurements: Sendable {
    public var engineName: String
    public var cells: Int
    /// Nodes per cell (the feed's cells differ: their mean).
    public var nodesPerCell: Double
    public var widths: [Double]
    public var threadCounts: [Int]
    public var warmup: Int
    public var repetitions: Int
    /// How many times each manual throughput pass lays out the feed (times are per round).
    public var manualRounds = 1
    public var timed: [TimedPhase] = []
    /// The machine probe's times per thread count (MachineProbe.swift).
    public var probes: [ProbeSeries] = []
    public var counted: [CountedPhase] = []
    public var frameChecks: [FrameCheck] = []
    public var unavailable: [UnavailablePhase] = []
    /// The allocator that counted, nil when allocations were not counted.
    public var allocator: String?
    /// Anything a reader must know (e.g. counts that differed between the two counted passes).
    public var notes: [String] = []
    /// Main-actor batches per refresh rate and width, and their allocations (MainActorBatches.swift); empty
    /// unless the scenario has "mainActor".
    public var mainActor: [MainActorSeries] = []
    public var mainActorCounted: [MainActorCounted] = []

    public init(engineName: String, cells: Int, nodesPerCell: Double, widths: [Double], threadCounts: [Int],
                warmup: Int, repetitions: Int) {
        self.engineName = engineName
        self.cells = cells
        self.nodesPerCell = nodesPerCell
        self.widths = widths
        self.threadCounts = threadCounts
        self.warmup = warmup
        self.repetitions = repetitions
    }
}

extension RunMeasurements {
    /// Adds probe times at `threads` (a run of several widths probes each thread count once per width).
    public mutating func addProbe(threads: Int, wallNanoseconds: [Double]) {
        guard !wallNanoseconds.isEmpty else { return }
        if let index = probes.firstIndex(where: { $0.threads == threads }) {
            probes[index].wallNanoseconds += wallNanoseconds
        } else {
            probes.append(ProbeSeries(threads: threads, wallNanoseconds: wallNanoseconds))
        }
    }
}

/// Every measured repetition of one phase at one thread count and width.
public struct TimedPhase: Sendable {
    public var phase: LayoutPhase
    public var threads: Int
    public var width: Double
    /// Wall time of each repetition's pass, nanoseconds.
    public var wallNanoseconds: [Double] = []
    /// CPU time of each repetition's pass (all workers), nanoseconds.
    public var cpuNanoseconds: [Double] = []
    /// Per-cell latencies of every latency pass, merged.
    public var latency: Histogram<UInt64>?

    public init(phase: LayoutPhase, threads: Int, width: Double) {
        self.phase = phase
        self.threads = threads
        self.width = width
    }
}

/// The deterministic counters of one phase at one width, from a pass on one thread.
public struct CountedPhase: Hashable, Sendable {
    public var phase: LayoutPhase
    public var width: Double
    /// nil when no allocation counter was available.
    public var allocations: UInt64?
    public var bytes: UInt64?
    /// Text measure calls (engine phases only).
    public var measureCalls: Int?
    /// Layout cache hits and misses over all nodes (engines with a cache only).
    public var cacheHits: Int?
    public var cacheMisses: Int?
    /// Text measurement cache hits and misses (engines that measure through a cache of their own only).
    public var textCacheHits: Int?
    public var textCacheMisses: Int?

    public init(phase: LayoutPhase, width: Double, allocations: UInt64? = nil, bytes: UInt64? = nil,
                measureCalls: Int? = nil, cacheHits: Int? = nil, cacheMisses: Int? = nil,
                textCacheHits: Int? = nil, textCacheMisses: Int? = nil) {
        self.phase = phase
        self.width = width
        self.allocations = allocations
        self.bytes = bytes
        self.measureCalls = measureCalls
        self.cacheHits = cacheHits
        self.cacheMisses = cacheMisses
        self.textCacheHits = textCacheHits
        self.textCacheMisses = textCacheMisses
    }
}

/// The engine's frames compared with the manual layout's for every cell at one width.
public struct FrameCheck: Hashable, Sendable {
    public var width: Double
    public var cells: Int
    public var mismatches: Int
    /// The first differing cell, described, for the report.
    public var firstMismatch: String?

    public init(width: Double, cells: Int, mismatches: Int, firstMismatch: String?) {
        self.width = width
        self.cells = cells
        self.mismatches = mismatches
        self.firstMismatch = firstMismatch
    }
}

public struct UnavailablePhase: Hashable, Sendable {
    public var phase: LayoutPhase
    public var reason: String
}
