// The table `bench run` prints on stdout (and `bench report` reprints): per width, throughput grouped by
// phase with one row per thread count (units in the header), the engine/manual ratio, then the counters
// per cell and the frame check.

public enum TableReport {
    public static func render(_ result: ResultDocument) -> String {
        if result.scenario.kind != .layout { return KindReport.table(result) }  // churn, transitions
        let rows = ReportRows(result: result)
        var out = rows.titleLine + "\n"
        out += "engine: \(result.engine)\n"
        out += rows.provenanceLine + "\n"
        out += rows.repetitionsLine + "\n"
        if let warning = rows.debugWarning { out += "\n" + warning + "\n" }

        for width in result.scenario.widths {
            out += "\n" + throughputTable(rows, width: width)
            let ratios = rows.manualRatios(width: width)
            if !ratios.isEmpty {
                out += "\nengine ÷ manual (fresh layout time per cell, same repetitions; min–max): "
                    + ratios.map { ratioText(threads: $0.threads, ratio: $0.ratio, bold: false) }
                    .joined(separator: ", ") + "\n"
            }
            out += "\n" + counterTable(rows, width: width)
            if let check = result.frameChecks.first(where: { $0.width == width }) {
                out += frameCheckLine(check) + "\n"
            }
            out += mainActorTable(result, width: width)  // ResultDocument+MainActor.swift
        }
        for note in result.notes { out += "note: \(note)\n" }
        return out
    }

    static func throughputTable(_ rows: ReportRows, width: Double) -> String {
        var table = TextTable(header: ["width \(JSONText.number(width))"] + ThroughputRow.header)
        for group in rows.throughput(width: width) {
            if let reason = group.unavailable {
                table.addNote(group.phase.title, reason)
                continue
            }
            for (index, row) in group.rows.enumerated() {
                table.add([index == 0 ? group.phase.title : ""] + row.formattedCells)
            }
        }
        return table.render()
    }

    static func counterTable(_ rows: ReportRows, width: Double) -> String {
        let counters = rows.counters(width: width)
        let allocator = rows.shortAllocator.map { ", \($0)" } ?? ""
        let textCache = rows.textCacheCounted
        var table = TextTable(header: ["per cell (1 thread\(allocator))"] + CounterRow.header(textCache: textCache))
        for row in counters {
            table.add(row.formattedCells(textCache: textCache))
        }
        var out = table.render()
        if !rows.allocationsCounted {
            out += "allocations not counted: bench was built without the Jemalloc trait\n"
        }
        return out
    }

    /// "1 thread 15.1× (14.2–16.0×)".
    static func ratioText(threads: Int, ratio: Metric, bold: Bool) -> String {
        let value = NumberFormat.ratio(ratio.value)
        let range = NumberFormat.significant(ratio.samples.min) + "–" + NumberFormat.ratio(ratio.samples.max)
        let threadsText = threads == 1 ? "1 thread" : "\(threads) threads"
        return threadsText + " " + (bold ? "**\(value)**" : value) + " (" + range + ")"
    }

    static func frameCheckLine(_ check: FrameCheck) -> String {
        if check.mismatches == 0 {
            return "frames: the engine's equal the manual layout's for all \(check.cells) cells"
        }
        return "FRAMES DIFFER: \(check.mismatches) of \(check.cells) cells; first: \(check.firstMismatch ?? "?")"
    }
}
