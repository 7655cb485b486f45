import Foundation

// The pipeline's table on stdout, after the direct phases' table (or alone with --mode pipeline). Medians
// over repetitions unless a column says otherwise; the same figures are metrics in the result JSON.

public enum PipelineReport {
    public static func render(_ m: PipelineMeasurements) -> String {
        var lines: [String] = []
        let s = m.settings
        lines.append("Pipeline (TableNode → data controller → main-actor commit; \(s.cells) cells at width "
                     + "\(Int(s.width)); \(s.throughputRepetitions) reloads per mode, \(s.repetitions) scrolls per rate)")
        lines.append("")
        lines.append("  data controller              cells/s (median)   reload→commit ms (median)")
        for series in m.throughput {
            lines.append("  " + pad(series.label, 28) + " " + pad(format(Statistics.median(series.cellsPerSecond), 0), 18, right: true)
                         + "   " + pad(format(Statistics.median(series.reloadMilliseconds), 1), 24, right: true))
        }
        for (threads, ratios) in m.poolScalingRatios where !ratios.isEmpty {
            let sorted = ratios.sorted()
            let quartiles = (PipelineMeasurements.nearestRank(sorted, 25), PipelineMeasurements.nearestRank(sorted, 75))
            lines.append("  scaling, \(threads) threads ÷ 1: \(format(Statistics.median(sorted), 2))× (median of "
                         + "\(sorted.count) paired reloads; middle half \(format(quartiles.0, 2))–\(format(quartiles.1, 2))×)")
        }
        lines.append("")
        lines.append("  scroll               frames  over budget  frame work ms p50/p99/max  range µs/frame  transitions/s  fetches  stalled  batch→commit ms p50/p99")
        for series in m.scrolls + (m.streaming.map { [$0] } ?? []) {
            let name = (series.streaming ? "streaming " : "scroll ") + "\(series.rate) Hz"
            let work = series.allFrameWork.sorted()
            let latency = series.allLatencies.sorted()
            func median(_ value: (PipelineScroll.Outcome) -> Double) -> Double {
                Statistics.median(series.outcomes.map(value))
            }
            let workText = [50.0, 99, 100].map { format(PipelineMeasurements.nearestRank(work, $0) / 1e6, 2) }
                .joined(separator: "/")
            let latencyText = latency.isEmpty ? "—"
                : [50.0, 99].map { format(PipelineMeasurements.nearestRank(latency, $0) / 1e6, 1) }.joined(separator: "/")
            lines.append("  " + pad(name, 19)
                         + pad(format(median { Double($0.frames) }, 0), 8, right: true)
                         + pad(format(median { Double($0.framesOverBudget) }, 0), 13, right: true)
                         + pad(workText, 28, right: true)
                         + pad(format(median { $0.rangeUpdateNanosecondsPerFrame / 1e3 }, 1), 16, right: true)
                         + pad(format(median { Double($0.transitions) / max($0.seconds, 1e-9) }, 0), 15, right: true)
                         + pad(format(median { Double($0.fetches) }, 0), 9, right: true)
                         + pad(format(median { Double($0.stalledFrames) }, 0), 9, right: true)
                         + pad(latencyText, 25, right: true))
            if series.streaming {
                lines.append("    streamed edits per run (median): \(format(median { Double($0.edits) }, 0)), rejected: "
                             + "\(series.outcomes.reduce(0) { $0 + $1.rejectedEdits })")
            }
        }
        lines.append("")
        lines.append("  node blocks run on the main actor: \(m.blocksOnMainActor)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return right ? padding + text : text + padding
    }
}
