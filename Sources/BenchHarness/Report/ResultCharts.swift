// The two charts of a run directory, drawn from a result (so `bench report` redraws them):
// throughput.svg — median cells/s by thread count per phase, bars from min to max of the repetitions;
// latency.svg — per-cell latency by percentile (HdrHistogram), per phase and thread count.

public enum ResultCharts {
    public static func throughputSVG(_ result: ResultDocument) -> String {
        let threads = result.scenario.threads
        let multipleWidths = result.scenario.widths.count > 1
        var series: [SVGLineChart.Series] = []
        for (widthIndex, width) in result.scenario.widths.enumerated() {
            for (phaseIndex, phase) in ReportRows.phaseOrder.enumerated() {
                let points: [SVGLineChart.Point] = threads.enumerated().compactMap { index, count in
                    guard let metric = result.metrics.first("layout.\(phase.rawValue).cellsPerSecond", threads: count,
                                                            width: width) else { return nil }
                    return SVGLineChart.Point(x: Double(index), y: metric.value, low: metric.samples.min,
                                              high: metric.samples.max, label: NumberFormat.si(metric.value))
                }
                guard !points.isEmpty else { continue }
                series.append(SVGLineChart.Series(
                    name: phase.title + (multipleWidths ? " @\(JSONText.number(width))" : ""), points: points,
                    colorIndex: phaseIndex, dashed: widthIndex % 2 == 1))
            }
        }
        let chart = SVGLineChart(
            title: "\(result.scenario.name): layout throughput by thread count",
            subtitle: subtitle(result) + "; median, bars min–max",
            xLabel: "worker threads", yLabel: "cells per second (log scale)",
            xTicks: threads.enumerated().map { (Double($0.offset), String($0.element)) }, series: series)
        return chart.render()
    }

    /// Percentiles on the "nines" axis: x = log10(1 / (1 − p)).
    public static func latencySVG(_ result: ResultDocument) -> String {
        let multipleWidths = result.scenario.widths.count > 1
        var series: [SVGLineChart.Series] = []
        for distribution in result.latency {
            let points = distribution.percentiles.filter { $0.percentile < 100 }.map { entry in
                SVGLineChart.Point(x: ninesPosition(entry.percentile), y: entry.nanoseconds / 1000)
            }
            var name = "\(distribution.phase.title), \(distribution.threads) thread\(distribution.threads == 1 ? "" : "s")"
            if multipleWidths { name += " @\(JSONText.number(distribution.width))" }
            let threadIndex = result.scenario.threads.firstIndex(of: distribution.threads) ?? 0
            series.append(SVGLineChart.Series(name: name, points: points,
                                              colorIndex: ReportRows.phaseOrder.firstIndex(of: distribution.phase) ?? 0,
                                              dashed: threadIndex % 2 == 1))
        }
        let ticks: [(Double, String)] = [(0, "0%"), (ninesPosition(50), "50%"), (ninesPosition(90), "90%"),
                                         (ninesPosition(99), "99%"), (ninesPosition(99.9), "99.9%"),
                                         (ninesPosition(99.99), "99.99%")]
        let chart = SVGLineChart(
            title: "\(result.scenario.name): per-cell latency distribution",
            subtitle: subtitle(result) + "; dashed: second thread count",
            xLabel: "percentile", yLabel: "microseconds per cell (log scale)", xTicks: ticks, series: series)
        return chart.render()
    }

    static func ninesPosition(_ percentile: Double) -> Double {
        let remaining = max(1e-6, 1 - percentile / 100)
        return -SVGLineChart.log10Value(remaining)
    }

    static func subtitle(_ result: ResultDocument) -> String {
        let p = result.provenance
        var text = "\(result.scenario.cells) cells, \(p.buildConfiguration), \(p.machine.cores) cores"
        if let commit = p.gitCommit { text += ", \(commit.prefix(8))" }
        if !result.timingsValid { text += " — DEBUG BUILD, not meaningful" }
        return text
    }
}
