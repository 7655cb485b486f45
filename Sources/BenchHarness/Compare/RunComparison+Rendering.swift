import Foundation

// `bench compare`'s table (stdout) and Markdown: one row per metric both runs have — timings first, then
// counters, in the baseline's order — then what only one run had, and a count of the verdicts. The legend
// says what the change, the interval and p are, so a table pasted elsewhere still reads right.

extension RunComparison {
    static let header = ["metric", "unit", "A median", "B median", "change B/A", "interval", "p", "verdict"]

    /// "B vs A" with the method, in one line.
    var legend: String {
        let level = NumberFormat.fixed((1 - alpha) * 100, decimals: alpha * 100 == (alpha * 100).rounded() ? 0 : 1)
        if let rounds {
            return "\(rounds) rounds of A and B back to back; change = Hodges–Lehmann estimate of B ÷ A over the "
                + "rounds' ratios of medians, interval = its \(level)% confidence interval; p = two-sided Wilcoxon "
                + "signed-rank over the rounds; faster/slower when p < \(JSONText.number(alpha)) and the whole "
                + "interval lies beyond ±\(NumberFormat.percent(threshold)); counters (deterministic) compared exactly"
        }
        return "change = Hodges–Lehmann estimate of B ÷ A over the repetitions' pairs, interval = its "
            + "\(level)% confidence interval; p = two-sided Mann–Whitney U; faster/slower when p < "
            + "\(JSONText.number(alpha)) and the whole interval lies beyond ±\(NumberFormat.percent(threshold)); "
            + "counters (deterministic) compared exactly"
    }

    var orderedRows: [ComparisonRow] {
        rows.filter { !$0.deterministic } + rows.filter(\.deterministic)
    }

    public func renderText() -> String {
        var out = "compare: A = \(baselineFile), B = \(candidateFile)\n" + legend + "\n"
        for note in notes { out += "note: \(note)\n" }
        var table = TextTable(header: Self.header)
        for row in orderedRows { table.add(cells(row)) }
        out += "\n" + table.render()
        out += onlyLines.map { $0 + "\n" }.joined()
        out += "\n" + summaryLine + "\n"
        return out
    }

    public func renderMarkdown() -> String {
        var out = "## `\(candidateFile)` (B) vs `\(baselineFile)` (A)\n\n" + legend + ".\n\n"
        for note in notes { out += "> \(note)\n" }
        if !notes.isEmpty { out += "\n" }
        out += "| " + Self.header.joined(separator: " | ") + " |\n"
        out += "| --- | --- |" + String(repeating: " ---: |", count: Self.header.count - 3) + " --- |\n"
        for row in orderedRows {
            var cells = cells(row)
            cells[0] = "`\(cells[0])`"
            if row.isRegression { cells[cells.count - 1] = "**\(cells[cells.count - 1])**" }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if !onlyLines.isEmpty { out += "\n" + onlyLines.map { "- " + $0 + "\n" }.joined() }
        out += "\n" + summaryLine + "\n"
        return out
    }

    func cells(_ row: ComparisonRow) -> [String] {
        let dash = "–"
        func format(_ value: Double) -> String {
            if row.deterministic { return NumberFormat.count(value) }
            return row.unit.hasSuffix("/s") ? NumberFormat.si(value) : NumberFormat.significant(value)
        }
        var change = dash
        if let estimate = row.estimate {
            change = Self.percentChange(estimate.ratio)
        } else if row.deterministic, row.verdict == .changed, row.baseline.median != 0 {
            change = Self.percentChange(row.candidate.median / row.baseline.median)
        }
        var interval = dash
        if let lower = row.estimate?.lower, let upper = row.estimate?.upper {
            interval = Self.percentChange(lower) + " … " + Self.percentChange(upper)
        }
        let p = row.test.map { Self.pText($0.pValue) } ?? dash
        let verdict = row.reason.map { row.verdictText + ": " + $0 } ?? row.verdictText
        return [row.description, row.unit, format(row.baseline.median), format(row.candidate.median), change, interval,
                p, verdict]
    }

    /// 1.034 → "+3.4%", 0.9 → "−10.0%".
    static func percentChange(_ ratio: Double) -> String {
        let percent = (ratio - 1) * 100
        let text = NumberFormat.fixed(abs(percent), decimals: 1)
        return (text == "0.0" ? "±" : percent > 0 ? "+" : "−") + text + "%"
    }

    /// Three significant digits, small values in scientific form: "0.412", "0.0031", "2.1e-05".
    static func pText(_ p: Double) -> String {
        if p >= 0.001 { return NumberFormat.significant(p) }
        let exponent = Int((log10(p)).rounded(.down))
        let mantissa = p / pow(10, Double(exponent))
        return NumberFormat.fixed(mantissa, decimals: 1) + "e" + (exponent < 0 ? "-" : "+")
            + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
    }

    var onlyLines: [String] {
        var lines: [String] = []
        if !onlyInBaseline.isEmpty {
            lines.append("only in A (not compared): " + onlyInBaseline.joined(separator: ", "))
        }
        if !onlyInCandidate.isEmpty {
            lines.append("only in B (not compared): " + onlyInCandidate.joined(separator: ", "))
        }
        return lines
    }

    /// "timings: 2 slower, 1 faster, 30 no difference, 3 without samples; counters: 12 equal, 1 changed".
    public var summaryLine: String {
        func count(_ rows: [ComparisonRow], _ text: String) -> String? {
            rows.isEmpty ? nil : "\(rows.count) \(text)"
        }
        let timed = rows.filter { !$0.deterministic && $0.name != ProbeSeries.metricName }
        let timing = [
            count(timed.filter { $0.verdict == .worse }, "worse (slower)"),
            count(timed.filter { $0.verdict == .better }, "better (faster)"),
            count(timed.filter { $0.verdict == .noDifference }, "no difference"),
            count(timed.filter { $0.verdict == .inconclusive }, "inconclusive (the machine differed)"),
            count(timed.filter { $0.verdict == .noSamples }, "without samples"),
        ].compactMap { $0 }
        let counters = rows.filter(\.deterministic)
        let counter = [
            count(counters.filter { $0.verdict == .equal }, "equal"),
            count(counters.filter { $0.verdict == .changed }, "changed"),
        ].compactMap { $0 }
        var parts: [String] = []
        if !timing.isEmpty { parts.append("timings: " + timing.joined(separator: ", ")) }
        if !counter.isEmpty { parts.append("counters: " + counter.joined(separator: ", ")) }
        if parts.isEmpty { parts.append("no metric in both runs") }
        let regressions = regressions.count
        return parts.joined(separator: "; ") + (regressions == 0 ? "" : " — \(regressions) regression"
            + (regressions == 1 ? "" : "s") + ": " + self.regressions.map(\.description).joined(separator: ", "))
    }
}
