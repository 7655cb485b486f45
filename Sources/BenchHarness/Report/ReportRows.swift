// The rows every report shows, read back from a result's metrics (so `bench report` renders exactly what
// a run printed): throughput per phase and thread count, the engine/manual ratios, and the counters.

struct ThroughputRow {
    var phase: LayoutPhase
    var threads: Int
    var cellsPerSecond: Metric
    var nodesPerSecond: Metric?
    var wallTime: Metric?
    var cpuTime: Metric?
    var p50: Metric?
    var p90: Metric?
    var p99: Metric?
    var scaling: Metric?

    /// The table cells after the phase column: threads, cells/s, nodes/s, wall ms, cpu ms, cpu/wall,
    /// spread, p50/p90/p99 µs, scaling.
    var formattedCells: [String] {
        let dash = "–"
        var cells: [String] = [String(threads), NumberFormat.si(cellsPerSecond.value)]
        cells.append(nodesPerSecond.map { NumberFormat.si($0.value) } ?? dash)
        cells.append(wallTime.map { NumberFormat.significant($0.value) } ?? dash)
        cells.append(cpuTime.map { NumberFormat.significant($0.value) } ?? dash)
        // "!" marks what a noise note names (NoiseNotes.swift), with the same predicates, so a re-rendered
        // result marks the same cells.
        cells.append(cpuPerWall.map {
            NumberFormat.fixed($0, decimals: 2) + (NoiseNotes.workersLostTime(cpuPerWall: $0, threads: threads) ? " !" : "")
        } ?? dash)
        let spread = cellsPerSecond.samples.relativeSpread
        cells.append(NumberFormat.percent(spread) + (NoiseNotes.spreadTooLarge(spread) ? " !" : ""))
        for percentile in [p50, p90, p99] {
            cells.append(percentile.map { NumberFormat.microseconds($0.value) } ?? dash)
        }
        cells.append(scaling.map { NumberFormat.ratio($0.value) } ?? dash)
        return cells
    }

    static let header = ["threads", "cells/s", "nodes/s", "wall ms", "cpu ms", "cpu/wall", "spread", "p50 µs",
                         "p90 µs", "p99 µs", "scaling"]

    /// CPU time ÷ wall time: how many cores the pass kept busy.
    var cpuPerWall: Double? {
        guard let cpu = cpuTime?.value, let wall = wallTime?.value, wall > 0 else { return nil }
        return cpu / wall
    }
}

struct CounterRow {
    var phase: LayoutPhase
    var allocations: Metric?
    var bytes: Metric?
    var measureCalls: Metric?
    var cacheHits: Metric?
    var cacheMisses: Metric?
    /// Text measurement cache counters (engines with a text cache of their own: the feed's).
    var textCacheHits: Metric?
    var textCacheMisses: Metric?

    static let header = ["allocations", "bytes", "measure calls", "cache hits", "cache misses"]
    /// The two extra columns of results with text cache counters.
    static let textCacheHeader = ["text cache hits", "text cache misses"]

    static func header(textCache: Bool) -> [String] { header + (textCache ? textCacheHeader : []) }

    /// phase, allocations, bytes, measure calls, cache hits, cache misses (, text cache hits, misses).
    func formattedCells(textCache: Bool) -> [String] {
        let metrics = [allocations, bytes, measureCalls, cacheHits, cacheMisses]
            + (textCache ? [textCacheHits, textCacheMisses] : [])
        return [phase.title] + metrics.map { metric in metric.map { NumberFormat.count($0.value) } ?? "–" }
    }
}

struct ReportRows {
    let result: ResultDocument

    /// Phases in report order.
    static let phaseOrder: [LayoutPhase] = [.create, .fresh, .cached, .invalidated, .manual]

    func throughput(width: Double) -> [(phase: LayoutPhase, rows: [ThroughputRow], unavailable: String?)] {
        let metrics = result.metrics
        return Self.phaseOrder.compactMap { phase in
            if let unavailable = result.unavailable.first(where: { $0.phase == phase }) {
                return (phase, [], unavailable.reason)
            }
            let prefix = "layout.\(phase.rawValue)"
            let rows: [ThroughputRow] = result.scenario.threads.compactMap { threads in
                guard let cells = metrics.first(prefix + ".cellsPerSecond", threads: threads, width: width) else {
                    return nil
                }
                return ThroughputRow(
                    phase: phase, threads: threads, cellsPerSecond: cells,
                    nodesPerSecond: metrics.first(prefix + ".nodesPerSecond", threads: threads, width: width),
                    wallTime: metrics.first(prefix + ".wallTime", threads: threads, width: width),
                    cpuTime: metrics.first(prefix + ".cpuTime", threads: threads, width: width),
                    p50: metrics.first(prefix + ".latency.p50", threads: threads, width: width),
                    p90: metrics.first(prefix + ".latency.p90", threads: threads, width: width),
                    p99: metrics.first(prefix + ".latency.p99", threads: threads, width: width),
                    scaling: metrics.first(prefix + ".scaling", threads: threads, width: width))
            }
            return rows.isEmpty ? nil : (phase, rows, nil)
        }
    }

    /// (threads, layout.manualRatio) at `width`.
    func manualRatios(width: Double) -> [(threads: Int, ratio: Metric)] {
        result.scenario.threads.compactMap { threads in
            result.metrics.first("layout.manualRatio", threads: threads, width: width).map { (threads, $0) }
        }
    }

    func counters(width: Double) -> [CounterRow] {
        Self.phaseOrder.compactMap { phase in
            let prefix = "layout.\(phase.rawValue)"
            let metrics = result.metrics
            let row = CounterRow(phase: phase,
                                 allocations: metrics.first(prefix + ".allocationsPerCell", width: width),
                                 bytes: metrics.first(prefix + ".bytesPerCell", width: width),
                                 measureCalls: metrics.first(prefix + ".measureCallsPerCell", width: width),
                                 cacheHits: metrics.first(prefix + ".cacheHitsPerCell", width: width),
                                 cacheMisses: metrics.first(prefix + ".cacheMissesPerCell", width: width),
                                 textCacheHits: metrics.first(prefix + ".textCacheHitsPerCell", width: width),
                                 textCacheMisses: metrics.first(prefix + ".textCacheMissesPerCell", width: width))
            let values = [row.allocations, row.bytes, row.measureCalls, row.cacheHits, row.cacheMisses,
                          row.textCacheHits, row.textCacheMisses]
            return values.allSatisfy { $0 == nil } ? nil : row
        }
    }

    var allocationsCounted: Bool {
        result.metrics.contains { $0.name.hasSuffix(".allocationsPerCell") }
    }

    /// The result has text measurement cache counters (the feed engine's): the counter tables show them.
    var textCacheCounted: Bool {
        result.metrics.contains { $0.name.hasSuffix(".textCacheHitsPerCell") }
    }

    /// "build release-unchecked, Swift 6.3.1, jemalloc … linked, 2 cores (CPU), Linux 6.1 x86_64, commit abc1234 (modified)".
    var provenanceLine: String {
        let p = result.provenance
        var parts = ["\(p.buildConfiguration) build", "Swift \(p.swiftCompiler)"]
        parts.append(shortAllocator.map { "\($0) (allocations counted)" } ?? "jemalloc not linked (allocations not counted)")
        parts.append("\(p.machine.cores) cores" + (p.machine.cpuModel.map { " (\($0))" } ?? ""))
        parts.append("\(p.machine.system) \(p.machine.release) \(p.machine.architecture)")
        if let commit = p.gitCommit {
            parts.append("commit \(commit.prefix(12))" + (p.gitDirty == true ? " with uncommitted changes" : ""))
        } else {
            parts.append("git commit unknown")
        }
        return parts.joined(separator: ", ")
    }

    /// "jemalloc 5.3.0" from "jemalloc 5.3.0-0-g54eaed1d…" (the JSON keeps the full version).
    var shortAllocator: String? {
        guard let allocator = result.provenance.allocator else { return nil }
        if let range = allocator.range(of: "-0-g") { return String(allocator[..<range.lowerBound]) }
        return allocator
    }

    var titleLine: String {
        let s = result.scenario
        let widths = s.widths.map(JSONText.number).joined(separator: ", ")
        // A tree scenario's cells are its trees (Tree/TreeScenario.swift).
        let cells = TreeShape(rawValue: s.generator).map { "\($0.rawValue) tree" + (s.cells == 1 ? "" : "s") } ?? "cells"
        return "\(s.name): \(s.cells) \(cells), width \(widths), seed \(s.seed), threads "
            + s.threads.map(String.init).joined(separator: ", ") + " (\(s.file), \(s.contentHash))"
    }

    var repetitionsLine: String {
        let s = result.scenario
        return "medians of \(s.repetitions) repetition\(s.repetitions == 1 ? "" : "s") after \(s.warmup) warm-up; "
            + "spread = (max − min) / median of cells/s; latency per cell from separate passes (HdrHistogram); "
            + "scaling = median of the per-repetition ratios (repetition i at N threads ÷ repetition i at 1 thread, "
            + "cells/s); ! = noisier than quiet runs (see the notes)"
    }

    var debugWarning: String? {
        result.timingsValid ? nil
            : "DEBUG BUILD (--allow-debug): these timings are not meaningful; build with -c release to measure"
    }
}
