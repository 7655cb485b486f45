import Histogram

// From measurements to the metrics of a result. Names and units are documented in Results/README.md;
// keep the two in step. Timings become cells/s and nodes/s per repetition (the value is the median), the
// engine/manual and scaling ratios are taken per repetition pair (ratios within one run are what a
// shared machine can compare), latencies come from the merged HdrHistogram, and the counted pass gives
// the deterministic counters. Notes on noise (NoiseNotes.swift) follow the run's own notes.

extension ResultDocument {
    public static func make(scenario: Scenario, measurements: RunMeasurements, provenance: Provenance,
                            timingsValid: Bool) -> ResultDocument {
        var metrics: [Metric] = []
        var latency: [LatencyDistribution] = []
        let cells = Double(measurements.cells)

        for timed in measurements.timed {
            let labels = MetricLabels(threads: timed.threads, width: timed.width)
            let prefix = "layout.\(timed.phase.rawValue)"
            let seconds = timed.wallNanoseconds.map { $0 / 1e9 }
            metrics.append(.timing(prefix + ".cellsPerSecond", unit: "cells/s",
                                   samples: seconds.map { cells / max($0, 1e-9) }, labels: labels, lowerIsBetter: false))
            if timed.phase != .manual {
                let nodes = cells * measurements.nodesPerCell
                metrics.append(.timing(prefix + ".nodesPerSecond", unit: "nodes/s",
                                       samples: seconds.map { nodes / max($0, 1e-9) }, labels: labels, lowerIsBetter: false))
            }
            metrics.append(.timing(prefix + ".wallTime", unit: "ms", samples: timed.wallNanoseconds.map { $0 / 1e6 },
                                   labels: labels, lowerIsBetter: true))
            metrics.append(.timing(prefix + ".cpuTime", unit: "ms", samples: timed.cpuNanoseconds.map { $0 / 1e6 },
                                   labels: labels, lowerIsBetter: true))
            if let histogram = timed.latency, histogram.totalCount > 0 {
                let summary = SampleSummary(min: Double(histogram.min), median: Double(histogram.valueAtPercentile(50)),
                                            max: Double(histogram.max), count: Int(histogram.totalCount))
                for percentile in [50.0, 90, 99] {
                    metrics.append(Metric(name: prefix + ".latency.p\(Int(percentile))", unit: "ns",
                                          value: Double(histogram.valueAtPercentile(percentile)), labels: labels,
                                          samples: summary, lowerIsBetter: true, deterministic: false))
                }
                latency.append(LatencyDistribution(
                    phase: timed.phase, threads: timed.threads, width: timed.width, count: Int(histogram.totalCount),
                    percentiles: LatencyDistribution.chartPercentiles.map { p in
                        PercentileValue(percentile: p, nanoseconds: Double(p == 0 ? histogram.min
                                                                           : p == 100 ? histogram.max
                                                                           : histogram.valueAtPercentile(p)))
                    }))
            }
        }
        for probe in measurements.probes {
            metrics.append(.timing(ProbeSeries.metricName, unit: "ms", samples: probe.wallNanoseconds.map { $0 / 1e6 },
                                   labels: MetricLabels(threads: probe.threads), lowerIsBetter: true))
        }
        metrics += ratioMetrics(measurements)
        metrics += counterMetrics(measurements)
        metrics += mainActorMetrics(measurements)  // ResultDocument+MainActor.swift

        return ResultDocument(
            scenario: ScenarioSummary(scenario, threads: measurements.threadCounts), engine: measurements.engineName,
            provenance: provenance, timingsValid: timingsValid, manualRounds: measurements.manualRounds,
            metrics: metrics, latency: latency,
            unavailable: measurements.unavailable, frameChecks: measurements.frameChecks,
            notes: measurements.notes + NoiseNotes.notes(for: measurements.timed))
    }

    /// layout.manualRatio (fresh engine time ÷ manual time, same threads and width) and
    /// layout.PHASE.scaling (cells/s at N threads ÷ cells/s at 1 thread).
    static func ratioMetrics(_ measurements: RunMeasurements) -> [Metric] {
        var metrics: [Metric] = []
        func timed(_ phase: LayoutPhase, _ threads: Int, _ width: Double) -> TimedPhase? {
            measurements.timed.first { $0.phase == phase && $0.threads == threads && $0.width == width }
        }
        for width in measurements.widths {
            for threads in measurements.threadCounts {
                for phase in [LayoutPhase.fresh, .cached, .invalidated] {
                    guard let engine = timed(phase, threads, width), let manual = timed(.manual, threads, width) else {
                        continue
                    }
                    let ratios = Statistics.pairwiseRatios(engine.wallNanoseconds, manual.wallNanoseconds)
                    guard !ratios.isEmpty else { continue }
                    let name = phase == .fresh ? "layout.manualRatio" : "layout.\(phase.rawValue).manualRatio"
                    metrics.append(.timing(name, unit: "×", samples: ratios,
                                           labels: MetricLabels(threads: threads, width: width), lowerIsBetter: true))
                }
            }
            guard measurements.threadCounts.contains(1) else { continue }
            for threads in measurements.threadCounts where threads != 1 {
                for phase in LayoutPhase.allCases {
                    guard let many = timed(phase, threads, width), let one = timed(phase, 1, width) else { continue }
                    // cells/s ratio = inverse wall-time ratio.
                    let ratios = Statistics.pairwiseRatios(one.wallNanoseconds, many.wallNanoseconds)
                    guard !ratios.isEmpty else { continue }
                    metrics.append(.timing("layout.\(phase.rawValue).scaling", unit: "×", samples: ratios,
                                           labels: MetricLabels(threads: threads, width: width), lowerIsBetter: false))
                }
            }
        }
        return metrics
    }

    /// Per-cell allocations, bytes and measure calls from the counted pass; nodes per cell; frame
    /// mismatches against the manual layout.
    static func counterMetrics(_ measurements: RunMeasurements) -> [Metric] {
        let cells = Double(measurements.cells)
        var metrics: [Metric] = [
            .counter("layout.nodesPerCell", unit: "nodes", value: measurements.nodesPerCell, labels: MetricLabels()),
        ]
        for counted in measurements.counted {
            let labels = MetricLabels(width: counted.width)
            let prefix = "layout.\(counted.phase.rawValue)"
            if let allocations = counted.allocations {
                metrics.append(.counter(prefix + ".allocationsPerCell", unit: "allocations",
                                        value: Double(allocations) / cells, labels: labels))
            }
            if let bytes = counted.bytes {
                metrics.append(.counter(prefix + ".bytesPerCell", unit: "bytes", value: Double(bytes) / cells, labels: labels))
            }
            if let calls = counted.measureCalls {
                metrics.append(.counter(prefix + ".measureCallsPerCell", unit: "calls",
                                        value: Double(calls) / cells, labels: labels))
            }
            if let hits = counted.cacheHits {
                metrics.append(.counter(prefix + ".cacheHitsPerCell", unit: "hits", value: Double(hits) / cells,
                                        labels: labels, lowerIsBetter: false))
            }
            if let misses = counted.cacheMisses {
                metrics.append(.counter(prefix + ".cacheMissesPerCell", unit: "misses", value: Double(misses) / cells,
                                        labels: labels))
            }
            if let hits = counted.textCacheHits {
                metrics.append(.counter(prefix + ".textCacheHitsPerCell", unit: "hits", value: Double(hits) / cells,
                                        labels: labels, lowerIsBetter: false))
            }
            if let misses = counted.textCacheMisses {
                metrics.append(.counter(prefix + ".textCacheMissesPerCell", unit: "misses",
                                        value: Double(misses) / cells, labels: labels))
            }
        }
        for check in measurements.frameChecks {
            metrics.append(.counter("layout.frameMismatches", unit: "cells", value: Double(check.mismatches),
                                    labels: MetricLabels(width: check.width)))
        }
        return metrics
    }
}
