// report.html: one self-contained page for one or several results — provenance, the tables of summary.md,
// every chart inline as SVG, and given several results, throughput by thread count across them and the
// comparison of each with the first (RunComparison). No scripts, no fonts, no links to fetch: it opens from
// a mail attachment or a CI artifact as it is.

public enum HTMLReport {
    public static let fileName = "report.html"

    /// One result with the name it was read from (shown as given; a path on the command line stays relative).
    public struct Input: Sendable {
        public var file: String
        public var document: ResultDocument

        public init(file: String, document: ResultDocument) {
            self.file = file
            self.document = document
        }
    }

    public static func render(_ inputs: [Input], alpha: Double = 0.05,
                              threshold: Double = RunComparison.defaultThreshold) -> String {
        let title = inputs.count == 1 ? "\(inputs[0].document.scenario.name): Loom bench report"
            : "Loom bench report: \(inputs.count) results"
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(MarkdownHTML.escape(title))</title>
            <style>\(style)</style>
            </head><body>
            <h1>\(MarkdownHTML.escape(title))</h1>

            """
        if inputs.count > 1 {
            html += "<section class=\"across\">\n<h2>Across the results</h2>\n"
            if let chart = threadsAcross(inputs) {
                html += "<figure class=\"chart\" data-chart=\"throughput-across\">\n" + chart
                    + "<figcaption>throughput by thread count, every result</figcaption></figure>\n"
            }
            for index in inputs.indices.dropFirst() {
                let comparison = RunComparison.compare(inputs[0].document, file: inputs[0].file, with: inputs[index].document,
                                                       file: inputs[index].file, alpha: alpha, threshold: threshold)
                html += "<div class=\"comparison\">\n" + MarkdownHTML.render(comparison.renderMarkdown(), charts: [:]) + "</div>\n"
            }
            html += "</section>\n"
        }
        for input in inputs {
            html += section(input)
        }
        return html + "</body></html>\n"
    }

    /// One result: its file and provenance, then summary.md with its charts inline, then its timings chart
    /// for the kinds whose summary draws none.
    static func section(_ input: Input) -> String {
        let result = input.document
        var html = "<section class=\"result\">\n<h2>\(MarkdownHTML.escape(result.scenario.name)) — "
            + "<code>\(MarkdownHTML.escape(input.file))</code></h2>\n"
        html += provenanceTable(result)
        var charts: [String: String] = [:]
        let markdown: String
        switch result.scenario.kind {
        case .layout:
            markdown = MarkdownReport.render(result)
            charts[MarkdownReport.throughputChartName] = ResultCharts.throughputSVG(result)
            charts[MarkdownReport.latencyChartName] = ResultCharts.latencySVG(result)
        default:
            markdown = KindReport.markdown(result)
            if result.scenario.kind == .churn { charts[KindReport.diffChartName] = KindReport.diffSVG(result) }
        }
        // summary.md's first line is its title, which the section heading already says.
        let body = markdown.hasPrefix("# ") ? String(markdown.drop { $0 != "\n" }) : markdown
        html += MarkdownHTML.render(body, charts: charts)
        if result.scenario.kind != .layout, let timings = TimingChart.svg(result) {
            html += "<figure class=\"chart\" data-chart=\"timings\">\n" + timings + "<figcaption>timings</figcaption></figure>\n"
        }
        return html + "</section>\n"
    }

    static func provenanceTable(_ result: ResultDocument) -> String {
        let p = result.provenance, s = result.scenario
        var rows: [(String, String)] = [
            ("scenario", "\(s.name) (\(s.file), \(s.contentHash)): \(s.description)"),
            ("engine", result.engine),
            ("commit", (p.gitCommit ?? "unknown") + (p.gitDirty == true ? " (uncommitted changes)" : "")),
            ("build", "\(p.buildConfiguration), \(p.swiftCompiler)"),
            ("allocator", p.allocator ?? "not counted"),
            ("machine", "\(p.machine.cores) cores, \(p.machine.cpuModel ?? "unknown CPU"), "
                + "\(p.machine.system) \(p.machine.release) \(p.machine.architecture)"),
            ("run", "\(p.timestamp): " + p.arguments.joined(separator: " ")),
            ("repetitions", "\(s.repetitions) after \(s.warmup) warm-up; threads "
                + s.threads.map(String.init).joined(separator: ", ")),
        ]
        if !result.timingsValid { rows.append(("timings", "DEBUG BUILD: not meaningful")) }
        var html = "<table class=\"provenance\"><tbody>\n"
        for (key, value) in rows {
            html += "<tr><th>\(MarkdownHTML.escape(key))</th><td>\(MarkdownHTML.escape(value))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// Median cells/s of each phase by thread count, one line per result and phase, over the union of the
    /// results' thread counts (a line skips the counts its run did not have). Nil without layout results.
    static func threadsAcross(_ inputs: [Input]) -> String? {
        let layouts = inputs.enumerated().filter { $0.element.document.scenario.kind == .layout }
        let threads = Array(Set(layouts.flatMap { $0.element.document.scenario.threads })).sorted()
        guard !layouts.isEmpty, !threads.isEmpty else { return nil }
        var series: [SVGLineChart.Series] = []
        for (resultIndex, input) in layouts {
            let result = input.document
            let width = result.scenario.widths.first ?? 0
            for (phaseIndex, phase) in ReportRows.phaseOrder.enumerated() {
                let points: [SVGLineChart.Point] = threads.enumerated().compactMap { position, count in
                    guard let metric = result.metrics.first("layout.\(phase.rawValue).cellsPerSecond", threads: count,
                                                            width: width) else { return nil }
                    return SVGLineChart.Point(x: Double(position), y: metric.value, low: metric.samples.min,
                                              high: metric.samples.max, label: NumberFormat.si(metric.value))
                }
                guard !points.isEmpty else { continue }
                series.append(SVGLineChart.Series(name: "\(phase.title), \(label(resultIndex, input))", points: points,
                                                  colorIndex: phaseIndex, dashed: resultIndex % 2 == 1))
            }
        }
        guard !series.isEmpty else { return nil }
        let chart = SVGLineChart(
            title: "layout throughput by thread count, across results",
            subtitle: "median cells/s at each result's first width, bars min–max; dashed: every other result",
            xLabel: "worker threads", yLabel: "cells per second (log scale)",
            xTicks: threads.enumerated().map { (Double($0.offset), String($0.element)) }, series: series)
        return chart.render()
    }

    /// "A", "B", … then the scenario name: short enough for a legend.
    static func label(_ index: Int, _ input: Input) -> String {
        let letter = index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "#\(index + 1)"
        return "\(letter) \(input.document.scenario.name)"
    }

    static let style = """
        body{font-family:Helvetica,Arial,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#222}
        h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
        table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;white-space:nowrap}
        th{background:#f5f5f5}td:first-child,th:first-child{text-align:left}
        table.provenance td{text-align:left;white-space:normal}
        code{font-family:Menlo,Consolas,monospace;font-size:12px}
        pre{background:#f7f7f7;padding:8px;overflow-x:auto;font-size:12px}
        blockquote{border-left:3px solid #d62728;margin:8px 0;padding:2px 10px;background:#fff5f5}
        figure.chart{margin:12px 0}figure.chart svg{max-width:100%;height:auto;border:1px solid #eee}
        figcaption{font-size:12px;color:#666}
        """
}
