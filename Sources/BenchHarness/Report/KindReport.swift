// Tables for the churn and transition kinds (`bench run`, `bench report`, summary.md), read back from a
// result's metrics like the layout tables: churn grouped by edit mix, one row per list size, with units in
// the header and the LCS ÷ ours ratio beside both times; transitions one table per direction, one row per
// component (measure, diff, context, total, the call), with the subnode changes and allocations under it.

/// A titled table with lines of text under it, rendered as plain text or Markdown.
struct ReportSection {
    var title: String
    var header: [String]
    var rows: [[String]] = []
    var lines: [String] = []

    func text() -> String {
        var table = TextTable(header: header)
        for row in rows { table.add(row) }
        return "\n" + title + "\n" + table.render() + lines.map { $0 + "\n" }.joined()
    }

    func markdown() -> String {
        var out = "## \(title)\n\n| " + header.joined(separator: " | ") + " |\n"
        out += "| --- |" + String(repeating: " ---: |", count: max(0, header.count - 1)) + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        if !lines.isEmpty { out += "\n" + lines.map { $0 + "\n" }.joined() }
        return out + "\n"
    }
}

enum KindReport {
    static let diffChartName = "diff.svg"

    static func header(_ result: ResultDocument) -> [String] {
        let rows = ReportRows(result: result)
        var lines = [titleLine(result), "engine: \(result.engine)", rows.provenanceLine, repetitionsLine(result)]
        if let warning = rows.debugWarning { lines.append("\n" + warning) }
        return lines
    }

    static func titleLine(_ result: ResultDocument) -> String {
        let s = result.scenario
        let source = "(\(s.file), \(s.contentHash))"
        switch s.kind {
        case .churn:
            let sizes = churnSizes(result).map(String.init).joined(separator: ", ")
            return "\(s.name): subnode diffs at n = \(sizes), \(churnMixes(result).count) edit mixes × "
                + "\(s.cells) inputs, seed \(s.seed) " + source
        case .scroll:
            return "\(s.name): ScrollNode content growing and shrinking from \(s.cells) rows, viewport width "
                + s.widths.map(JSONText.number).joined(separator: ", ") + ", seed \(s.seed) " + source
        case .transition, .layout, .tree:
            let widths = s.widths.map(JSONText.number).joined(separator: ", ")
            let what = s.generator == TransitionKind.signup.rawValue ? "form" : "cell"
            let seed = s.generator == TransitionKind.signup.rawValue ? "" : ", seed \(s.seed)"
            return "\(s.name): \(s.generator) transitions, \(s.cells) \(what)\(s.cells == 1 ? "" : "s"), width "
                + "\(widths)\(seed) " + source
        }
    }

    static func repetitionsLine(_ result: ResultDocument) -> String {
        let s = result.scenario
        let reps = "medians of \(s.repetitions) repetition\(s.repetitions == 1 ? "" : "s") after \(s.warmup) warm-up"
        switch s.kind {
        case .churn:
            return reps + "; µs per diff (mean over the inputs); spread = (max − min) / median; LCS ÷ ours per "
                + "repetition on the same inputs"
        case .scroll:
            return reps + " (each the median step); p50/p90/p99 over every measured step; "
                + "spread = (max − min) / median"
        case .transition, .layout, .tree:
            return reps + " (each the median over its transitions); p90 over every measured transition; "
                + "spread = (max − min) / median"
        }
    }

    static func table(_ result: ResultDocument) -> String {
        var out = header(result).joined(separator: "\n") + "\n"
        for section in sections(result) { out += section.text() }
        if !result.notes.isEmpty { out += "\n" }
        for note in result.notes { out += "note: \(note)\n" }
        return out
    }

    static func markdown(_ result: ResultDocument) -> String {
        let s = result.scenario
        var out = "# \(s.name) — \(s.description)\n\n"
        let lines = header(result)
        if let warning = ReportRows(result: result).debugWarning { out += "> **\(warning)**\n\n" }
        out += lines.prefix(4).map { "- \($0)\n" }.joined() + "\n"
        for section in sections(result) { out += section.markdown() }
        if s.kind == .churn { out += "![µs per diff by n](\(diffChartName))\n" }
        if !result.notes.isEmpty { out += "\n## Notes\n\n" + result.notes.map { "- \($0)\n" }.joined() }
        return out
    }

    static func sections(_ result: ResultDocument) -> [ReportSection] {
        switch result.scenario.kind {
        case .churn: return churnSections(result)
        case .scroll: return scrollSections(result)  // ResultDocument+Scroll.swift
        case .transition, .layout, .tree: return transitionSections(result)
        }
    }

    // MARK: Churn

    /// Sizes in the order their metrics appear.
    static func churnSizes(_ result: ResultDocument) -> [Int] {
        var sizes: [Int] = []
        for metric in result.metrics where metric.name.hasPrefix("diff.n") && metric.name.hasSuffix(".microseconds") {
            let middle = metric.name.dropFirst("diff.n".count).dropLast(".microseconds".count)
            if let n = Int(middle), !sizes.contains(n) { sizes.append(n) }
        }
        return sizes
    }

    static func churnMixes(_ result: ResultDocument) -> [String] {
        var mixes: [String] = []
        for metric in result.metrics where metric.name.hasPrefix("diff.") {
            if let mix = metric.labels.mix, !mixes.contains(mix) { mixes.append(mix) }
        }
        return mixes
    }

    static let churnHeader = ["n", "edits", "ops", "LCS ops", "ours µs", "spread", "LCS µs", "spread", "LCS ÷ ours",
                              "ASM diff µs", "ASM pass µs", "allocs", "LCS allocs"]

    static func churnSections(_ result: ResultDocument) -> [ReportSection] {
        let metrics = result.metrics
        var sections: [ReportSection] = []
        var inputs = 0, failures = 0
        for mix in churnMixes(result) {
            let description = result.notes.first { $0.hasPrefix("mix \(mix): ") }
                .map { String($0.dropFirst("mix \(mix): ".count).prefix { $0 != ";" }) }
            var section = ReportSection(title: "mix \(mix)" + (description.map { " (\($0))" } ?? ""),
                                        header: churnHeader)
            for n in churnSizes(result) {
                func metric(_ suffix: String) -> Metric? { metrics.first("diff.n\(n).\(suffix)", mix: mix) }
                guard let ours = metric("microseconds") else { continue }
                let dash = "–"
                let lcs = metric("lcsMicroseconds")
                let failed = ["mismatches", "lcsMismatches", "asmMismatches"].compactMap { metric($0)?.value }
                inputs += result.scenario.cells
                failures = Int(saturating: Double(failures) + failed.reduce(0, +))
                section.rows.append([
                    String(n),
                    metric("edits").map { NumberFormat.count($0.value) } ?? dash,
                    metric("operations").map { NumberFormat.count($0.value) } ?? dash,
                    metric("lcsOperations").map { NumberFormat.count($0.value) } ?? dash,
                    NumberFormat.significant(ours.value),
                    NumberFormat.percent(ours.samples.relativeSpread),
                    lcs.map { NumberFormat.significant($0.value) } ?? "not run",
                    lcs.map { NumberFormat.percent($0.samples.relativeSpread) + ($0.samples.count < ours.samples.count
                                                                                     ? " (\($0.samples.count)×)" : "") } ?? dash,
                    metric("lcsRatio").map { NumberFormat.ratio($0.value) } ?? dash,
                    metric("asmChangesMicroseconds").map { NumberFormat.significant($0.value) } ?? dash,
                    metric("asmLayoutPassMicroseconds").map { NumberFormat.significant($0.value) } ?? dash,
                    metric("allocations").map { NumberFormat.count($0.value) } ?? dash,
                    metric("lcsAllocations").map { NumberFormat.count($0.value) } ?? dash,
                ])
            }
            sections.append(section)
        }
        if var last = sections.popLast() {
            last.lines.append(failures == 0
                ? "check: every diff rebuilt its target (ours applied, Texture's LCS through its commit, ASM's "
                    + "subnodes after a layout pass) for all \(inputs) inputs"
                : "REBUILD FAILURES: \(failures) input(s) not rebuilt (see the notes and the *Mismatches metrics)")
            last.lines.append("ops = insertions + removals + moves per diff; ASM diff = automaticSubnodeChanges on a "
                + "node holding the old list; ASM pass = its layout pass to the new list (stack of n leaves, diff, "
                + "commit; unloaded)" + (metrics.contains { $0.name.hasSuffix(".allocations") }
                    ? "; allocs per diff (jemalloc)" : "; allocations not counted"))
            sections.append(last)
        }
        return sections
    }

    /// Inputs that a diff did not rebuild, over every size and mix.
    static func churnFailures(_ result: ResultDocument) -> Int {
        Int(saturating: result.metrics.filter { $0.name.hasPrefix("diff.") && $0.name.hasSuffix("ismatches") }
            .map(\.value).reduce(0, +))
    }

    // MARK: Transitions

    static func transitionSections(_ result: ResultDocument) -> [ReportSection] {
        let prefix = "transition.\(result.scenario.generator)."
        let metrics = result.metrics
        var widths: [Double?] = []
        for metric in metrics where metric.name == prefix + "microseconds" { widths.append(metric.labels.width) }
        return widths.map { width in
            func metric(_ suffix: String) -> Metric? { metrics.first(prefix + suffix, mix: nil, width: width) }
            let count = metric("p90Microseconds")?.samples.count ?? 0
            let title: String
            if let width, let from = result.scenario.widths.first(where: { $0 != width }) {
                title = "\(JSONText.number(from)) → \(JSONText.number(width))"
            } else {
                title = result.scenario.generator == TransitionKind.signup.rawValue ? "name ↔ age field" : "transitions"
            }
            var section = ReportSection(title: "\(title) (\(count) transitions)",
                                        header: ["per transition", "median µs", "p90 µs", "min µs", "spread"])
            for (label, component) in [("measure", "measure"), ("diff", "diff"), ("context", "context"),
                                       ("total (measure + diff + context)", ""), ("call (clock around the call)", "call")] {
                let name = component.isEmpty ? "microseconds" : component + "Microseconds"
                guard let median = metric(name) else { continue }
                let p90Name = component.isEmpty ? "p90Microseconds" : component + "P90Microseconds"
                let p90 = metric(p90Name)
                section.rows.append([label, NumberFormat.significant(median.value),
                                     p90.map { NumberFormat.significant($0.value) } ?? "–",
                                     NumberFormat.significant(p90?.samples.min ?? median.samples.min),
                                     NumberFormat.percent(median.samples.relativeSpread)])
            }
            let changes = [("inserted", "insertedSubnodes"), ("removed", "removedSubnodes"), ("moved", "movedSubnodes")]
                .compactMap { label, suffix in metric(suffix).map { NumberFormat.count($0.value) + " " + label } }
            var line = "subnodes per transition: " + changes.joined(separator: ", ")
            line += metric("allocations").map { "; \(NumberFormat.count($0.value)) allocations per prepareLayoutTransition" }
                ?? "; allocations not counted"
            section.lines.append(line)
            return section
        }
    }

    // MARK: Charts

    /// Churn: µs per diff by n (log–log), ours solid and the LCS diff dashed, one colour per mix.
    static func diffSVG(_ result: ResultDocument) -> String {
        let sizes = churnSizes(result)
        var series: [SVGLineChart.Series] = []
        for (index, mix) in churnMixes(result).enumerated() {
            for (suffix, name, dashed) in [("microseconds", "ours", false), ("lcsMicroseconds", "LCS", true)] {
                let points: [SVGLineChart.Point] = sizes.enumerated().compactMap { position, n in
                    guard let metric = result.metrics.first("diff.n\(n).\(suffix)", mix: mix) else { return nil }
                    return SVGLineChart.Point(x: Double(position), y: metric.value, low: metric.samples.min,
                                              high: metric.samples.max, label: NumberFormat.significant(metric.value))
                }
                guard !points.isEmpty else { continue }
                series.append(SVGLineChart.Series(name: "\(name), \(mix)", points: points, colorIndex: index,
                                                  dashed: dashed))
            }
        }
        let p = result.provenance
        var subtitle = "median µs per diff, bars min–max; \(p.buildConfiguration), \(p.machine.cores) cores"
        if let commit = p.gitCommit { subtitle += ", \(commit.prefix(8))" }
        if !result.timingsValid { subtitle += " — DEBUG BUILD, not meaningful" }
        let chart = SVGLineChart(
            title: "\(result.scenario.name): subnode diff, ours (solid) vs Texture's LCS (dashed)", subtitle: subtitle,
            xLabel: "list size n", yLabel: "µs per diff (log scale)",
            xTicks: sizes.enumerated().map { (Double($0.offset), String($0.element)) }, series: series)
        return chart.render()
    }

    /// The renderings `bench report` and a saved run write beside result.json for these kinds.
    static func renderings(_ result: ResultDocument, prefix: String) -> [(String, String)] {
        var files = [(prefix + ResultFiles.summaryName, markdown(result))]
        if result.scenario.kind == .churn { files.append((prefix + diffChartName, diffSVG(result))) }
        return files
    }
}
