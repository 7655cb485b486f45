import NodeTree

// What a pipeline run measured (PipelineRunner.swift), and its metrics (names, units and directions in
// Results/README.md "Pipeline metrics"; keep the two in step).

public struct PipelineThroughput: Sendable {
    public var mode: MeasuringMode
    /// Per measured repetition.
    public var cellsPerSecond: [Double] = []
    public var reloadMilliseconds: [Double] = []
    public var blocksOnMainActor = 0

    public var label: String {
        switch mode {
        case .pool(let width): return "pool, \(width) thread\(width == 1 ? "" : "s")"
        case .concurrentPerform: return "concurrentPerform"
        }
    }
}

public struct PipelineScroll: Sendable {
    public struct Outcome: Sendable {
        public var frames = 0
        public var seconds = 0.0
        public var frameWorkNanoseconds: [Double] = []
        public var framesOverBudget = 0
        public var stalledFrames = 0
        public var rangeUpdateNanosecondsPerFrame = 0.0
        public var transitions = 0
        public var fetches = 0
        public var edits = 0
        public var rejectedEdits = 0
        public var batchToCommitNanoseconds: [Double] = []
        public var blocksOnMainActor = 0
    }

    public var rate: Int
    public var streaming: Bool
    public var outcomes: [Outcome] = []

    mutating func add(_ outcome: Outcome) { outcomes.append(outcome) }

    var allFrameWork: [Double] { outcomes.flatMap(\.frameWorkNanoseconds) }
    var allLatencies: [Double] { outcomes.flatMap(\.batchToCommitNanoseconds) }
}

public struct PipelineMeasurements: Sendable {
    public var settings: PipelineSettings
    public var throughput: [PipelineThroughput] = []
    public var scrolls: [PipelineScroll] = []
    public var streaming: PipelineScroll?

    public init(settings: PipelineSettings) { self.settings = settings }

    /// Node blocks that ran on the main actor anywhere in the run (must be 0).
    public var blocksOnMainActor: Int {
        throughput.reduce(0) { $0 + $1.blocksOnMainActor }
            + (scrolls + (streaming.map { [$0] } ?? [])).flatMap(\.outcomes).reduce(0) { $0 + $1.blocksOnMainActor }
    }

    /// Per thread count above 1: the own pool's cells/s ÷ its 1-thread cells/s, reload by reload (the modes
    /// are interleaved, so reload i of each saw the same moment of the machine).
    public var poolScalingRatios: [(threads: Int, ratios: [Double])] {
        guard let one = throughput.first(where: { $0.mode == .pool(width: 1) }), !one.cellsPerSecond.isEmpty else {
            return []
        }
        return throughput.compactMap { series in
            guard case .pool(let threads) = series.mode, threads > 1, !series.cellsPerSecond.isEmpty else { return nil }
            return (threads, Statistics.pairwiseRatios(series.cellsPerSecond, one.cellsPerSecond))
        }
    }

    /// The nearest-rank percentile of sorted samples (0 for none).
    static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }

    public var metrics: [Metric] {
        var metrics: [Metric] = []
        let width = settings.width
        for series in throughput {
            let labels: MetricLabels
            switch series.mode {
            case .pool(let threads): labels = MetricLabels(threads: threads, width: width, mix: "pool")
            case .concurrentPerform: labels = MetricLabels(width: width, mix: "concurrentPerform")
            }
            metrics.append(.timing("pipeline.dataController.cellsPerSecond", unit: "cells/s",
                                   samples: series.cellsPerSecond, labels: labels, lowerIsBetter: false))
            metrics.append(.timing("pipeline.reload.wallTime", unit: "ms", samples: series.reloadMilliseconds,
                                   labels: labels, lowerIsBetter: true))
        }
        for ratios in poolScalingRatios {
            metrics.append(.timing("pipeline.dataController.scaling", unit: "×", samples: ratios.ratios,
                                   labels: MetricLabels(threads: ratios.threads, width: width, mix: "pool"),
                                   lowerIsBetter: false))
        }
        for series in scrolls + (streaming.map { [$0] } ?? []) {
            let prefix = series.streaming ? "pipeline.streaming.hz\(series.rate)." : "pipeline.scroll.hz\(series.rate)."
            metrics += scrollMetrics(series, prefix: prefix, width: width)
        }
        return metrics
    }

    private func scrollMetrics(_ series: PipelineScroll, prefix: String, width: Double) -> [Metric] {
        let labels = MetricLabels(width: width)
        let outcomes = series.outcomes
        let frameWork = series.allFrameWork.sorted()
        let latencies = series.allLatencies.sorted()
        func percentile(_ sorted: [Double], _ p: Double) -> Double {
            PipelineMeasurements.nearestRank(sorted, p)
        }
        func perRun(_ value: (PipelineScroll.Outcome) -> Double) -> [Double] { outcomes.map(value) }
        var metrics: [Metric] = [
            .timing(prefix + "framesOverBudget", unit: "frames", samples: perRun { Double($0.framesOverBudget) },
                    labels: labels, lowerIsBetter: true),
            .timing(prefix + "frames", unit: "frames", samples: perRun { Double($0.frames) }, labels: labels,
                    lowerIsBetter: false),
            Metric(name: prefix + "frameWork.p50", unit: "ms", value: percentile(frameWork, 50) / 1e6, labels: labels,
                   samples: Statistics.summary(frameWork.map { $0 / 1e6 }), lowerIsBetter: true, deterministic: false),
            Metric(name: prefix + "frameWork.p99", unit: "ms", value: percentile(frameWork, 99) / 1e6, labels: labels,
                   samples: Statistics.summary(frameWork.map { $0 / 1e6 }), lowerIsBetter: true, deterministic: false),
            Metric(name: prefix + "frameWork.max", unit: "ms", value: (frameWork.last ?? 0) / 1e6, labels: labels,
                   samples: Statistics.summary(frameWork.map { $0 / 1e6 }), lowerIsBetter: true, deterministic: false),
            .timing(prefix + "rangeUpdatePerFrame", unit: "µs", samples: perRun { $0.rangeUpdateNanosecondsPerFrame / 1e3 },
                    labels: labels, lowerIsBetter: true),
            .timing(prefix + "interfaceStateTransitionsPerSecond", unit: "transitions/s",
                    samples: perRun { Double($0.transitions) / max($0.seconds, 1e-9) }, labels: labels, lowerIsBetter: false),
            .timing(prefix + "stalledFrames", unit: "frames", samples: perRun { Double($0.stalledFrames) },
                    labels: labels, lowerIsBetter: true),
            .timing(prefix + "batchFetches", unit: "fetches", samples: perRun { Double($0.fetches) }, labels: labels,
                    lowerIsBetter: false),
        ]
        if !latencies.isEmpty {
            for p in [50.0, 99] {
                metrics.append(Metric(name: prefix + "batchToCommit.p\(Int(p))", unit: "ms",
                                      value: percentile(latencies, p) / 1e6, labels: labels,
                                      samples: Statistics.summary(latencies.map { $0 / 1e6 }), lowerIsBetter: true,
                                      deterministic: false))
            }
        }
        if series.streaming {
            metrics.append(.timing(prefix + "edits", unit: "edits", samples: perRun { Double($0.edits) },
                                   labels: labels, lowerIsBetter: false))
            metrics.append(.timing(prefix + "rejectedEdits", unit: "edits", samples: perRun { Double($0.rejectedEdits) },
                                   labels: labels, lowerIsBetter: true))
        }
        return metrics
    }
}
