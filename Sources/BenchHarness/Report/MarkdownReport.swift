// summary.md of a run directory: the same numbers as the stdout table, as Markdown tables, with the two
// charts beside it.

public enum MarkdownReport {
    public static let throughputChartName = "throughput.svg"
    public static let latencyChartName = "latency.svg"

    public static func render(_ result: ResultDocument) -> String {
        if result.scenario.kind != .layout { return KindReport.markdown(result) }  // churn, transitions
        let rows = ReportRows(result: result)
        let s = result.scenario
        var out = "# \(s.name) — \(s.description)\n\n"
        if let warning = rows.debugWarning { out += "> **\(warning)**\n\n" }
        out += "- scenario: `\(s.file)` (`\(s.contentHash)`), \(s.cells) cells, seed \(s.seed), generator `\(s.generator)`\n"
        out += "- engine: \(result.engine)\n"
        out += "- \(rows.provenanceLine)\n"
        out += "- run \(result.provenance.timestamp): \(rows.repetitionsLine)\n\n"

        for width in s.widths {
            out += "## Width \(JSONText.number(width))\n\n"
            out += "| phase | " + ThroughputRow.header.joined(separator: " | ") + " |\n"
            out += "| --- |" + String(repeating: " ---: |", count: ThroughputRow.header.count) + "\n"
            for group in rows.throughput(width: width) {
                if let reason = group.unavailable {
                    out += "| \(group.phase.title) | – | \(reason) | | | | | | | | | |\n"
                    continue
                }
                for (index, row) in group.rows.enumerated() {
                    let cells = [index == 0 ? group.phase.title : ""] + row.formattedCells
                    out += "| " + cells.joined(separator: " | ") + " |\n"
                }
            }
            let ratios = rows.manualRatios(width: width)
            if !ratios.isEmpty {
                out += "\nEngine ÷ manual (fresh layout time per cell, same repetitions): "
                    + ratios.map { TableReport.ratioText(threads: $0.threads, ratio: $0.ratio, bold: true) }
                    .joined(separator: ", ") + "\n"
            }
            let counterHeader = CounterRow.header(textCache: rows.textCacheCounted)
            out += "\n| per cell (1 thread) | " + counterHeader.joined(separator: " | ") + " |\n"
            out += "| --- |" + String(repeating: " ---: |", count: counterHeader.count) + "\n"
            for row in rows.counters(width: width) {
                out += "| " + row.formattedCells(textCache: rows.textCacheCounted).joined(separator: " | ") + " |\n"
            }
            if !rows.allocationsCounted {
                out += "\nAllocations not counted: bench was built without the Jemalloc trait.\n"
            }
            if let check = result.frameChecks.first(where: { $0.width == width }) {
                out += "\n" + TableReport.frameCheckLine(check) + ".\n"
            }
            // Main-actor batches (ResultDocument+MainActor.swift), as the stdout table shows them.
            let mainActor = TableReport.mainActorTable(result, width: width)
            if !mainActor.isEmpty { out += "\nMain-actor batches:\n\n```" + mainActor + "```\n" }
            out += "\n"
        }
        out += "![throughput by thread count](\(throughputChartName))\n\n"
        out += "![per-cell latency distribution](\(latencyChartName))\n"
        if !result.notes.isEmpty {
            out += "\n## Notes\n\n" + result.notes.map { "- \($0)\n" }.joined()
        }
        return out
    }
}
