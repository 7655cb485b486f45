import Foundation
@testable import BenchHarness

/// The committed gate result, read for report and comparison tests, and copies of it with timings scaled.
enum ReportFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func ciResult() throws -> ResultDocument {
        try ResultDocument.load(path: root.appendingPathComponent("Results/baselines/ci.result.json").path)
    }

    /// Every timing multiplied by `factor` (rates divided), counters kept: a run on a machine `factor` times slower.
    /// Without `machine`, the machine probe keeps its times: the code, not the machine, got `factor` times slower.
    static func scaled(_ result: ResultDocument, by factor: Double, machine: Bool = true) -> ResultDocument {
        var copy = result
        copy.metrics = result.metrics.map { metric in
            guard !metric.deterministic, ["ms", "µs", "ns", "cells/s", "nodes/s"].contains(metric.unit),
                  machine || metric.name != ProbeSeries.metricName else { return metric }
            let f = metric.unit.hasSuffix("/s") ? 1 / factor : factor
            var scaled = metric
            scaled.value *= f
            scaled.samples.min *= f
            scaled.samples.median *= f
            scaled.samples.max *= f
            scaled.samples.values = metric.samples.values?.map { $0 * f }
            return scaled
        }
        return copy
    }
}
