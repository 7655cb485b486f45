@testable import BenchHarness

/// Synthetic runs for the gate's tests: a handful of metrics of each kind the gate treats differently,
/// with a release, jemalloc provenance, so tests can change one thing and see one verdict.
enum GateFixture {
    static let hash = "fnv1a64:0123456789abcdef"
    static let engine = "NodeTree (CellNode subclass with 5 subnodes, layout cache)"

    static let provenance = Provenance(
        gitCommit: String(repeating: "cd", count: 20), gitDirty: false, swiftCompiler: "6.3.1",
        buildConfiguration: "release-unchecked", jemalloc: true, allocator: "jemalloc 5.3.0-0-gtest",
        machine: Provenance.Machine(system: "Linux", release: "6.1", architecture: "x86_64", cpuModel: "Test CPU",
                                    cores: 2, memoryBytes: 24 << 30),
        timestamp: "2026-01-02T03:04:05Z", arguments: ["baseline", "update", "--scenario", "ci"])

    static let width = MetricLabels(width: 375)
    static let oneThread = MetricLabels(threads: 1, width: 375)
    static let twoThreads = MetricLabels(threads: 2, width: 375)

    static let metrics: [Metric] = [
        .timing("layout.fresh.cellsPerSecond", unit: "cells/s", samples: [100_000, 110_000, 105_000], labels: oneThread,
                lowerIsBetter: false),
        .timing("layout.fresh.wallTime", unit: "ms", samples: [0.9, 1.0, 0.95], labels: oneThread, lowerIsBetter: true),
        .timing("layout.manualRatio", unit: "×", samples: [200, 220, 210], labels: oneThread, lowerIsBetter: true),
        .timing("layout.manualRatio", unit: "×", samples: [205], labels: twoThreads, lowerIsBetter: true),
        .timing("layout.cached.manualRatio", unit: "×", samples: [5], labels: oneThread, lowerIsBetter: true),
        .timing("layout.fresh.scaling", unit: "×", samples: [1.5], labels: twoThreads, lowerIsBetter: false),
        .timing("layout.manual.scaling", unit: "×", samples: [1.0], labels: twoThreads, lowerIsBetter: false),
        .counter("layout.nodesPerCell", unit: "nodes", value: 6, labels: MetricLabels()),
        .counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 29.78, labels: width),
        .counter("layout.fresh.bytesPerCell", unit: "bytes", value: 7442.88, labels: width),
        .counter("layout.cached.allocationsPerCell", unit: "allocations", value: 0, labels: width),
        .counter("layout.cached.cacheHitsPerCell", unit: "hits", value: 1, labels: width, lowerIsBetter: false),
        .counter("layout.frameMismatches", unit: "cells", value: 0, labels: width),
    ]

    static func result(_ metrics: [Metric] = metrics, provenance: Provenance = provenance, timingsValid: Bool = true,
                       threads: [Int] = [1, 2], contentHash: String = hash, engine: String = engine) -> ResultDocument {
        ResultDocument(
            scenario: ScenarioSummary(name: "ci", file: "/checkout/Scenarios/ci.json", contentHash: contentHash,
                                      description: "tiny", generator: "feed-parity", seed: 12345, cells: 100,
                                      widths: [375], threads: threads, phases: LayoutPhase.allCases, warmup: 1,
                                      repetitions: 9),
            engine: engine, provenance: provenance, timingsValid: timingsValid, manualRounds: 500, metrics: metrics,
            latency: [], unavailable: [], frameChecks: [FrameCheck(width: 375, cells: 100, mismatches: 0, firstMismatch: nil)],
            notes: [])
    }

    static func baseline(_ result: ResultDocument = result()) -> Baseline {
        Baseline.make(from: result, resultFile: "ci.result.json", packageRoot: "/checkout").baseline
    }

    /// `metrics` with the value of `name` (at `labels`) replaced, or the metric removed when `value` is nil.
    static func changing(_ name: String, _ labels: MetricLabels, to value: Double?, in metrics: [Metric] = metrics)
        -> [Metric]
    {
        metrics.compactMap { metric in
            guard metric.name == name, metric.labels == labels else { return metric }
            guard let value else { return nil }
            var changed = metric
            changed.value = value
            return changed
        }
    }

    /// Why `result` cannot be compared with `baseline` (the gate's exit-2 message), nil when it can.
    static func comparabilityError(_ result: ResultDocument, against baseline: Baseline = baseline()) -> String? {
        do {
            try Gate.checkComparable(baseline, baselineFile: "b.json", result: result, resultFile: "r.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// The gate's verdict on `name` when the run has `value` instead of the baseline's.
    static func verdict(_ name: String, _ labels: MetricLabels, now value: Double) -> GateVerdict? {
        let report = Gate.compare(baseline(), baselineFile: "b.json", run: result(changing(name, labels, to: value)),
                                  runName: "r.json")
        return report.rows.first { $0.key == MetricKey(name: name, labels: labels) }?.verdict
    }
}
