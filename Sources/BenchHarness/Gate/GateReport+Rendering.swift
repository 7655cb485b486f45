// The gate's table on stdout and its Markdown twin for a CI summary (`bench check --markdown FILE`):
// what was compared, one row per metric (baseline, now, change, gate, verdict; failures first by group),
// then the verdict with every failure spelled out and how to record an intended change.

extension GateReport {
    static let timingUnits: Set<String> = ["cells/s", "nodes/s", "ms", "ns", "µs", "s"]

    /// The cells of a row: metric, unit, baseline, now, change, gate, verdict.
    func cells(_ row: GateRow) -> [String] {
        var verdict = row.verdict.text
        if row.verdict == .reported, case .reported(let reason)? = row.gate, reason != GatePolicy.timingReason {
            verdict = "not gated (\(reason))"
        }
        return [row.key.description, row.unit, row.baseline.map { Self.format($0, unit: row.unit) } ?? "–",
                row.now.map { Self.format($0, unit: row.unit) } ?? "–", Self.change(row), Self.gateText(row), verdict]
    }

    static let header = ["metric", "unit", "baseline", "now", "change", "gate", "verdict"]
    /// Numbers right-aligned, words left-aligned.
    static let rightAligned = [false, false, true, true, true, false, false]

    /// Lines of cells padded to their column's width, two spaces apart (no trailing blanks).
    /// Cells longer than this are cut with "…": a metric name or unit read from a file can be any length,
    /// and one padded megabyte-wide column made every row of the table a megabyte.
    static let cellLimit = 80

    static func alignedTable(_ lines: [[String]]) -> String {
        let lines = lines.map { $0.map { $0.count > cellLimit ? String($0.prefix(cellLimit - 1)) + "…" : $0 } }
        var widths = Array(repeating: 0, count: header.count)
        for line in lines {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var out = ""
        for line in lines {
            var text = ""
            for (column, cell) in line.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                text += (column == 0 ? "" : "  ") + (rightAligned[column] ? pad + cell : cell + pad)
            }
            // Trailing blanks go in one step (the padding of a left-aligned last column).
            if let last = text.lastIndex(where: { $0 != " " }) { text = String(text[...last]) } else { text = "" }
            out += text + "\n"
        }
        return out
    }

    public func renderText() -> String {
        var out = headerLines().joined(separator: "\n") + "\n\n"
        out += Self.alignedTable([Self.header] + rows.map(cells))
        for note in notes { out += "note: \(note)\n" }
        out += "\n" + verdictLines().joined(separator: "\n") + "\n"
        return out
    }

    /// Gated rows and failures in the table; reported and new rows in a collapsed block after it.
    public func renderMarkdown() -> String {
        var out = "## Regression gate: " + (passed ? "passed" : "**FAILED**") + "\n\n"
        out += headerLines().map { "- " + $0 + "\n" }.joined() + "\n"
        let main = rows.filter { $0.verdict.fails || $0.group == .counter || $0.group == .ratio }
        let rest = rows.filter { !($0.verdict.fails || $0.group == .counter || $0.group == .ratio) }
        out += markdownTable(main)
        if !rest.isEmpty {
            out += "\n<details><summary>\(rest.count) metrics reported, not gated</summary>\n\n"
                + markdownTable(rest) + "\n</details>\n"
        }
        if !notes.isEmpty { out += "\n" + notes.map { "- note: \($0)\n" }.joined() }
        let verdict = verdictLines()
        out += "\n" + verdict[0] + "\n"
        if verdict.count > 1 {
            out += "\n```\n" + verdict.dropFirst().joined(separator: "\n") + "\n```\n"
        }
        return out
    }

    func markdownTable(_ rows: [GateRow]) -> String {
        var out = "| " + Self.header.joined(separator: " | ") + " |\n"
        out += "| --- | --- | ---: | ---: | ---: | --- | --- |\n"
        for row in rows {
            var cells = cells(row).map { $0.replacingPipes() }
            cells[0] = "`" + cells[0] + "`"
            if row.verdict.fails { cells[6] = "**" + cells[6] + "**" }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// What was compared with what.
    func headerLines() -> [String] {
        let s = baseline.scenario
        return [
            "gate: \(baselineFile) — scenario \(s.name) (\(s.file), \(s.contentHash)), \(s.cells) cells, "
                + "width\(s.widths.count == 1 ? "" : "s") " + s.widths.map(JSONText.number).joined(separator: ", ")
                + ", threads " + s.threads.map(String.init).joined(separator: ", ") + ", engine " + baseline.engine,
            "baseline: " + Self.provenanceText(baseline.provenance),
            "now: \(runName) — " + Self.provenanceText(run.provenance),
        ]
    }

    static func provenanceText(_ p: Provenance) -> String {
        var parts = [p.timestamp]
        if let commit = p.gitCommit { parts.append("commit " + String(commit.prefix(12)) + (p.gitDirty == true ? " (dirty)" : "")) }
        parts.append(p.buildConfiguration)
        parts.append("Swift " + p.swiftCompiler)
        // "jemalloc 5.3.0-0-g54eaed1d…" → "jemalloc 5.3.0".
        parts.append(p.jemalloc ? (p.allocator.map { $0.split(separator: "-").first.map(String.init) ?? $0 } ?? "jemalloc")
                                : "no jemalloc")
        parts.append("\(p.machine.cores) cores")
        if let counter = p.instructionCounter { parts.append("valgrind " + counter.valgrind) }
        return parts.joined(separator: ", ")
    }

    /// The verdict, each failure on its own line, and how to record an intended change.
    func verdictLines() -> [String] {
        let gatedCounters = rows.filter { $0.group == .counter }.count
        let gatedRatios = rows.filter { $0.group == .ratio && $0.verdict != .notGated("debug timings") }.count
        let reported = rows.filter { $0.group == .reported || $0.verdict == .notGated("debug timings") }.count
        let new = rows.filter { $0.group == .new }.count
        let tail = "\(reported) reported, not gated" + (new > 0 ? "; \(new) new, not gated" : "")
        guard !passed else {
            return ["gate passed: \(gatedCounters) counters and \(gatedRatios) ratios hold; " + tail]
        }
        var counts: [String] = []
        for (verdict, noun) in [(GateVerdict.regression, "regression"), (.unrecordedImprovement, "unrecorded improvement"),
                                (.missing, "missing metric")] {
            let n = failures.filter { $0.verdict == verdict }.count
            if n > 0 { counts.append("\(n) \(noun)\(n == 1 ? "" : "s")") }
        }
        let unitChanges = failures.filter { if case .unitChanged = $0.verdict { return true } else { return false } }.count
        if unitChanges > 0 { counts.append("\(unitChanges) unit change\(unitChanges == 1 ? "" : "s")") }
        var lines = ["gate FAILED: " + counts.joined(separator: ", ") + " (of \(gatedCounters) counters and "
            + "\(gatedRatios) ratios; " + tail + ")"]
        for row in failures { lines.append("  " + failureLine(row)) }
        lines += instructionMoveLines()
        if failures.contains(where: { $0.verdict == .unrecordedImprovement }) {
            lines.append("An improvement beyond the tolerance fails until it is recorded, so the baseline stays honest.")
        }
        lines.append("If the change is intended, record it (re-runs the baseline's scenario) and commit the baseline:")
        lines.append("  " + baseline.updateCommand(path: baselineFile))
        lines.append("  (or from a saved run: bench baseline update --from RESULT.json --output \(baselineFile))")
        return lines
    }

    func failureLine(_ row: GateRow) -> String {
        let unit = row.unit == "×" ? "×" : " " + row.unit
        switch row.verdict {
        case .missing:
            return "missing: \(row.key) is in the baseline but not in the run"
        case .unitChanged(let unit):
            return "unit changed: \(row.key) was recorded in \(row.unit), the run reports \(unit)"
        default:
            let label = row.verdict == .regression ? "regression" : "improvement not recorded"
            let base = row.baseline.map { Self.format($0, unit: row.unit) } ?? "–"
            let now = row.now.map { Self.format($0, unit: row.unit) } ?? "–"
            return "\(label): \(row.key): \(base) → \(now)\(unit) (\(Self.change(row)); allowed \(Self.gateText(row)))"
        }
    }

    static func format(_ value: Double, unit: String) -> String {
        if unit == "×" { return NumberFormat.significant(value) }
        if timingUnits.contains(unit) { return NumberFormat.si(value) }
        // Counters: whole numbers as such, averages to 4 decimals without trailing zeros.
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = NumberFormat.fixed(value, decimals: 4)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func change(_ row: GateRow) -> String {
        guard let base = row.baseline, let now = row.now else { return "–" }
        if now == base { return row.baseline == 0 ? "0" : "0.0%" }
        if base == 0 { return (now > 0 ? "+" : "-") + format(abs(now), unit: row.unit) }
        let percent = (now - base) / abs(base) * 100
        return (percent >= 0 ? "+" : "-") + NumberFormat.fixed(abs(percent), decimals: 1) + "%"
    }

    static func gateText(_ row: GateRow) -> String {
        switch row.gate {
        case .counter(let tolerance)?: return tolerance.text
        case .ratio(let band)?: return band.text(around: row.baseline ?? 0, unit: row.unit)
        case .reported?, nil: return "–"
        }
    }
}

private extension String {
    /// A Markdown table cell: "|" escaped.
    func replacingPipes() -> String {
        var out = ""
        for character in self { out += character == "|" ? "\\|" : String(character) }
        return out
    }
}
