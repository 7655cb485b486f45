// Main-actor batch metrics (Results/README.md, "Main-actor metrics"; keep the two in step) and their lines in
// the layout table. Per refresh rate N (the name's hzN) and width: the p50 and p99 of every measured batch's
// main-actor time, frames over budget per scroll (timing-dependent: not deterministic), and the batches and
// cells per batch the schedule gives (deterministic: they follow from the cell heights and the speed).

extension ResultDocument {
    static func mainActorMetrics(_ measurements: RunMeasurements) -> [Metric] {
        var metrics: [Metric] = []
        for series in measurements.mainActor where !series.batchMilliseconds.isEmpty {
            let labels = MetricLabels(width: series.width)
            let prefix = "mainActor.hz\(series.rate)."
            let pooled = Statistics.summary(series.batchMilliseconds)
            metrics.append(Metric(name: prefix + "batchMilliseconds", unit: "ms",
                                  value: Statistics.percentile(series.batchMilliseconds, 50), labels: labels,
                                  samples: pooled, lowerIsBetter: true, deterministic: false))
            metrics.append(Metric(name: prefix + "batchP99Milliseconds", unit: "ms",
                                  value: Statistics.percentile(series.batchMilliseconds, 99), labels: labels,
                                  samples: pooled, lowerIsBetter: true, deterministic: false))
            metrics.append(.timing(prefix + "framesOverBudget", unit: "frames", samples: series.framesOverBudget,
                                   labels: labels, lowerIsBetter: true))
            metrics.append(.counter(prefix + "batches", unit: "frames", value: Double(series.batches), labels: labels,
                                    lowerIsBetter: false))
            metrics.append(.counter(prefix + "cellsPerBatch", unit: "cells", value: series.cellsPerBatch,
                                    labels: labels))
        }
        for counted in measurements.mainActorCounted {
            metrics.append(.counter("mainActor.allocationsPerCell", unit: "allocations", value: counted.allocationsPerCell,
                                    labels: MetricLabels(width: counted.width)))
        }
        return metrics
    }
}

extension TableReport {
    /// The main-actor block of a width, or "" when the result has none.
    static func mainActorTable(_ result: ResultDocument, width: Double) -> String {
        let metrics = result.metrics.filter { $0.name.hasPrefix("mainActor.hz") && $0.labels.width == width }
        var rates: [Int] = []
        for metric in metrics {
            let rate = metric.name.dropFirst("mainActor.hz".count).prefix { $0.isNumber }
            if let rate = Int(rate), !rates.contains(rate) { rates.append(rate) }
        }
        guard !rates.isEmpty else { return "" }
        var table = TextTable(header: ["main actor per frame", "budget ms", "batches", "cells/batch", "p50 ms",
                                       "p99 ms", "max ms", "over budget"])
        for rate in rates {
            func metric(_ suffix: String) -> Metric? { result.metrics.first("mainActor.hz\(rate)." + suffix, width: width) }
            guard let p50 = metric("batchMilliseconds") else { continue }
            let over = metric("framesOverBudget")
            table.add(["\(rate) Hz", NumberFormat.significant(MainActorBatchSettings.budgetMilliseconds(rate: rate)),
                       metric("batches").map { NumberFormat.count($0.value) } ?? "–",
                       metric("cellsPerBatch").map { NumberFormat.significant($0.value) } ?? "–",
                       NumberFormat.significant(p50.value),
                       metric("batchP99Milliseconds").map { NumberFormat.significant($0.value) } ?? "–",
                       NumberFormat.significant(p50.samples.max),
                       over.map { NumberFormat.count($0.value) + " (" + NumberFormat.count($0.samples.min) + "–"
                           + NumberFormat.count($0.samples.max) + ")" } ?? "–"])
        }
        var out = "\n" + table.render()
        out += "a batch = the cells entering the viewport in one frame: views loaded, ASM and frames applied (cells "
            + "measured off the main actor first); over budget = median frames per scroll (min–max)"
        if let allocations = result.metrics.first("mainActor.allocationsPerCell", width: width) {
            out += "; \(NumberFormat.count(allocations.value)) allocations per cell"
        }
        return out + "\n"
    }
}
