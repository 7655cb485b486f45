// From scroll measurements to a result (metric names in Results/README.md, "Scroll metrics"; keep the two in
// step), and the scroll table. PART is measure (layoutThatFits of the scroll node), pass (its layout pass:
// ASM diff and commit, views, frames, contentSize) or step (both). Metrics carry the viewport width as `width`.

extension ResultDocument {
    public static let scrollEngine = "NodeTree ScrollNode (ASM + automaticallyManagesContentSize, vertical stack of "
        + "leaf rows), loaded in a window on the main actor"

    public static func make(scroll scenario: ScrollScenario, measurements: ScrollMeasurements, provenance: Provenance,
                            timingsValid: Bool) -> ResultDocument {
        var metrics: [Metric] = []
        let labels = MetricLabels(width: scenario.viewportWidth)
        func micro(_ samples: [Double]) -> [Double] { samples.map { $0 / 1000 } }
        let parts: [(String, [Double], [Double])] = [
            ("measure", measurements.measure, measurements.allMeasure),
            ("pass", measurements.pass, measurements.allPass),
            ("step", measurements.step, measurements.allStep),
        ]
        for (part, medians, all) in parts where !medians.isEmpty {
            let prefix = "scroll.\(part)."
            metrics.append(.timing(prefix + "microseconds", unit: "µs", samples: micro(medians), labels: labels,
                                   lowerIsBetter: true))
            let pooled = Statistics.summary(micro(all))
            for percentile in [50.0, 90, 99] {
                metrics.append(Metric(name: prefix + "p\(Int(percentile))Microseconds", unit: "µs",
                                      value: Statistics.percentile(micro(all), percentile), labels: labels,
                                      samples: pooled, lowerIsBetter: true, deterministic: false))
            }
        }
        metrics.append(.counter("scroll.insertedSubnodes", unit: "nodes", value: measurements.insertedPerStep,
                                labels: labels))
        metrics.append(.counter("scroll.removedSubnodes", unit: "nodes", value: measurements.removedPerStep,
                                labels: labels))
        if let misses = measurements.cacheMissesPerStep {
            metrics.append(.counter("scroll.cacheMissesPerStep", unit: "misses", value: misses, labels: labels))
        }
        if let allocations = measurements.allocationsPerStep {
            metrics.append(.counter("scroll.allocationsPerStep", unit: "allocations", value: allocations, labels: labels))
        }
        metrics.append(.counter("scroll.contentSizeMismatches", unit: "steps",
                                value: Double(measurements.contentSizeMismatches), labels: labels))
        var notes = measurements.notes
        let host = scenario.host == .window ? "the scroll node directly in the window"
            : "the scroll node under a 44-point header in a screen node's stack (flexGrow 1), measured through it"
        notes.insert(host + "; rows \(scenario.rowHeightMin)–\(scenario.rowHeightMin + scenario.rowHeightSpan - 1) points tall; "
            + "\(scenario.batch) rows appended per growing step, \(scenario.batch) contiguous rows removed at a seeded "
            + "position per shrinking step, in runs of \(scenario.run); \(scenario.rows) rows at the start, "
            + "\(measurements.maxRows) at most, \(measurements.finalRows) after the last step", at: 0)
        if let first = measurements.firstMismatch {
            notes.append("contentSize check failed in \(measurements.contentSizeMismatches) of "
                + "\(measurements.checkedSteps) steps; first: \(first)")
        }
        let summary = ScenarioSummary(
            name: scenario.name, file: scenario.file, contentHash: scenario.contentHash,
            description: scenario.description, generator: "scroll", seed: scenario.seed, cells: scenario.rows,
            widths: [scenario.viewportWidth], threads: [1], phases: [], warmup: scenario.warmup,
            repetitions: scenario.repetitions, kind: .scroll)
        return ResultDocument(scenario: summary, engine: scrollEngine, provenance: provenance, timingsValid: timingsValid,
                              metrics: metrics, latency: [], unavailable: [], frameChecks: [], notes: notes)
    }
}

extension KindReport {
    static func scrollSections(_ result: ResultDocument) -> [ReportSection] {
        let metrics = result.metrics
        let width = result.scenario.widths.first
        func metric(_ name: String) -> Metric? { metrics.first("scroll." + name, mix: nil, width: width) }
        let steps = metric("step.p50Microseconds")?.samples.count ?? 0
        var section = ReportSection(title: "per step (\(steps) measured steps)",
                                    header: ["per step", "median µs", "p50 µs", "p90 µs", "p99 µs", "spread"])
        for (label, part) in [("measure (layoutThatFits)", "measure"),
                              ("pass (ASM diff + commit, views, frames, contentSize)", "pass"),
                              ("step (measure + pass)", "step")] {
            guard let median = metric(part + ".microseconds") else { continue }
            section.rows.append([label, NumberFormat.significant(median.value),
                                 metric(part + ".p50Microseconds").map { NumberFormat.significant($0.value) } ?? "–",
                                 metric(part + ".p90Microseconds").map { NumberFormat.significant($0.value) } ?? "–",
                                 metric(part + ".p99Microseconds").map { NumberFormat.significant($0.value) } ?? "–",
                                 NumberFormat.percent(median.samples.relativeSpread)])
        }
        var line = "subnodes per step: "
            + [("inserted", "insertedSubnodes"), ("removed", "removedSubnodes")]
            .compactMap { label, name in metric(name).map { NumberFormat.count($0.value) + " " + label } }
            .joined(separator: ", ")
        line += metric("cacheMissesPerStep").map { "; \(NumberFormat.count($0.value)) layout cache misses" } ?? ""
        line += metric("allocationsPerStep").map { "; \(NumberFormat.count($0.value)) allocations" }
            ?? "; allocations not counted"
        section.lines.append(line)
        let mismatches = Int(saturating: metric("contentSizeMismatches")?.value ?? 0)
        section.lines.append(mismatches == 0
            ? "contentSize: the view's equals the applied layout's and the hand-computed one after every step"
            : "CONTENT SIZE MISMATCH after \(mismatches) step(s) (see the notes)")
        return [section]
    }
}
