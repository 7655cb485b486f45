import Testing
@testable import BenchHarness

/// The gate's verdicts: counters two-sided within their tolerance, ratios inside their band, timings
/// never gated, missing and new metrics, and the runs that cannot be compared at all (exit code 2).
@Suite struct GateCheckTests {
    typealias F = GateFixture

    @Test func defaultGates() {
        let gates = Dictionary(uniqueKeysWithValues: F.baseline().metrics.map { ($0.key, $0.gate) })
        func gate(_ name: String, _ labels: MetricLabels) -> MetricGate? { gates[MetricKey(name: name, labels: labels)] }
        #expect(gate("layout.fresh.allocationsPerCell", F.width) == .counter(Tolerance(relative: 0.005)))
        #expect(gate("layout.cached.cacheHitsPerCell", F.width) == .counter(Tolerance(relative: 0.005)))
        #expect(gate("layout.nodesPerCell", MetricLabels()) == .counter(.exact))
        #expect(gate("layout.frameMismatches", F.width) == .counter(.exact))
        #expect(gate("layout.manualRatio", F.oneThread) == .ratio(Band(minFactor: 0.5, maxFactor: 2)))
        #expect(gate("layout.fresh.scaling", F.twoThreads) == .ratio(Band(min: 0.5)))
        #expect(gate("layout.manualRatio", F.twoThreads)?.kind == "none")
        #expect(gate("layout.cached.manualRatio", F.oneThread)?.kind == "none")
        #expect(gate("layout.manual.scaling", F.twoThreads)?.kind == "none")
        #expect(gate("layout.fresh.cellsPerSecond", F.oneThread) == .reported(reason: GatePolicy.timingReason))
        #expect(gate("layout.fresh.wallTime", F.oneThread)?.kind == "none")
        // A debug run's ratios are not gated; its counters are.
        let debug = F.baseline(F.result(timingsValid: false))
        #expect(debug.metrics.filter { $0.gate.kind == "ratio" }.isEmpty)
        #expect(debug.metrics.filter { $0.gate.kind == "counter" }.count == 6)
    }

    @Test func theSameRunPasses() {
        let report = Gate.compare(F.baseline(), baselineFile: "b.json", run: F.result(), runName: "r.json")
        #expect(report.passed)
        #expect(report.rows.count == F.metrics.count)
        #expect(report.rows.filter { $0.verdict == .pass }.count == 8)
        #expect(report.rows.filter { $0.verdict == .reported }.count == 5)
        // Gated counters first, then ratios, then what is only reported.
        #expect(report.rows.map(\.group) == report.rows.map(\.group).sorted())
        #expect(report.renderText().contains("gate passed: 6 counters and 2 ratios hold; 5 reported, not gated"))
    }

    @Test func countersWithinTheirToleranceHold() {
        // 0.5 % of 29.78 is 0.1489: +0.1 and -0.14 hold.
        #expect(F.verdict("layout.fresh.allocationsPerCell", F.width, now: 29.88) == .pass)
        #expect(F.verdict("layout.fresh.allocationsPerCell", F.width, now: 29.64) == .pass)
        #expect(F.verdict("layout.fresh.bytesPerCell", F.width, now: 7442.88 * 1.004) == .pass)
    }

    @Test func aCounterRegressionFails() {
        #expect(F.verdict("layout.fresh.allocationsPerCell", F.width, now: 29.93) == .regression)
        #expect(F.verdict("layout.fresh.allocationsPerCell", F.width, now: 30.78) == .regression)
        // Zero stays exact: one allocation in 100 cells of the cached phase is a regression.
        #expect(F.verdict("layout.cached.allocationsPerCell", F.width, now: 0.01) == .regression)
        // Exact counters.
        #expect(F.verdict("layout.nodesPerCell", MetricLabels(), now: 7) == .regression)
        #expect(F.verdict("layout.frameMismatches", F.width, now: 1) == .regression)
        // Higher is better: fewer cache hits is the regression.
        #expect(F.verdict("layout.cached.cacheHitsPerCell", F.width, now: 0.9) == .regression)

        let report = Gate.compare(F.baseline(), baselineFile: "Results/baselines/ci.json",
                                  run: F.result(F.changing("layout.fresh.allocationsPerCell", F.width, to: 30.78)),
                                  runName: "r.json")
        #expect(!report.passed)
        #expect(report.failures.map(\.key.description) == ["layout.fresh.allocationsPerCell [width 375]"])
        let text = report.renderText()
        #expect(text.contains("gate FAILED: 1 regression (of 6 counters and 2 ratios; 5 reported, not gated)"))
        #expect(text.contains(
            "  regression: layout.fresh.allocationsPerCell [width 375]: 29.78 → 30.78 allocations (+3.4%; allowed ±0.5%)"))
        #expect(text.contains("swift run -c release bench baseline update --output Results/baselines/ci.json"))
        let row = text.split(separator: "\n").first { $0.hasPrefix("layout.fresh.allocationsPerCell") }
        let cells = row?.split(separator: " ").map(String.init) ?? []
        #expect(cells == ["layout.fresh.allocationsPerCell", "[width", "375]", "allocations", "29.78", "30.78", "+3.4%",
                          "±0.5%", "REGRESSION"])
    }

    @Test func anUnrecordedImprovementFailsAndSaysHowToRecordIt() {
        #expect(F.verdict("layout.fresh.allocationsPerCell", F.width, now: 19) == .unrecordedImprovement)
        #expect(F.verdict("layout.cached.cacheHitsPerCell", F.width, now: 1.1) == .unrecordedImprovement)
        #expect(F.verdict("layout.frameMismatches", F.width, now: -1) == .unrecordedImprovement)
        let report = Gate.compare(F.baseline(), baselineFile: "Results/baselines/ci.json",
                                  run: F.result(F.changing("layout.fresh.allocationsPerCell", F.width, to: 19)),
                                  runName: "this run")
        #expect(!report.passed)
        let text = report.renderText()
        #expect(text.contains("IMPROVED (not recorded)"))
        #expect(text.contains("improvement not recorded: layout.fresh.allocationsPerCell [width 375]: 29.78 → 19 allocations"))
        #expect(text.contains("An improvement beyond the tolerance fails until it is recorded"))
        #expect(text.contains("  swift run -c release bench baseline update --output Results/baselines/ci.json\n"))
    }

    @Test func aMissingMetricFails() {
        let run = F.result(F.changing("layout.fresh.bytesPerCell", F.width, to: nil))
        let report = Gate.compare(F.baseline(), baselineFile: "b.json", run: run, runName: "r.json")
        #expect(!report.passed)
        let row = report.rows.first { $0.key.name == "layout.fresh.bytesPerCell" }
        #expect(row?.verdict == .missing)
        #expect(row?.now == nil)
        #expect(report.renderText().contains("missing: layout.fresh.bytesPerCell [width 375] is in the baseline but not in the run"))
        // A missing timing fails too: the run did not measure what the baseline did.
        let noTiming = F.result(F.changing("layout.fresh.wallTime", F.oneThread, to: nil))
        #expect(!Gate.compare(F.baseline(), baselineFile: "b.json", run: noTiming, runName: "r.json").passed)
    }

    @Test func aNewMetricIsReportedNotGated() {
        let run = F.result(F.metrics + [.counter("layout.fresh.diffOperationsPerCell", unit: "operations", value: 3,
                                                  labels: F.width)])
        let report = Gate.compare(F.baseline(), baselineFile: "b.json", run: run, runName: "r.json")
        #expect(report.passed)
        #expect(report.rows.last?.verdict == .new)
        #expect(report.rows.last?.baseline == nil)
        #expect(report.renderText().contains("new (not gated)"))
        #expect(report.renderText().contains("; 1 new, not gated"))
    }

    @Test func ratiosGateInsideTheirBand() {
        // Engine ÷ manual recorded at 210: 105 … 420 holds; lower is better, so below is an improvement.
        #expect(F.verdict("layout.manualRatio", F.oneThread, now: 400) == .pass)
        #expect(F.verdict("layout.manualRatio", F.oneThread, now: 110) == .pass)
        #expect(F.verdict("layout.manualRatio", F.oneThread, now: 450) == .regression)
        #expect(F.verdict("layout.manualRatio", F.oneThread, now: 100) == .unrecordedImprovement)
        // Scaling: at least 0.5, no upper edge.
        #expect(F.verdict("layout.fresh.scaling", F.twoThreads, now: 0.6) == .pass)
        #expect(F.verdict("layout.fresh.scaling", F.twoThreads, now: 3) == .pass)
        #expect(F.verdict("layout.fresh.scaling", F.twoThreads, now: 0.4) == .regression)
        // Not gated by default.
        #expect(F.verdict("layout.manualRatio", F.twoThreads, now: 5000) == .reported)
        #expect(F.verdict("layout.cached.manualRatio", F.oneThread, now: 400) == .reported)
        #expect(F.verdict("layout.manual.scaling", F.twoThreads, now: 0.01) == .reported)
        let report = Gate.compare(F.baseline(), baselineFile: "b.json",
                                  run: F.result(F.changing("layout.manualRatio", F.oneThread, to: 450)), runName: "r.json")
        #expect(report.renderText().contains(
            "regression: layout.manualRatio [1 thread, width 375]: 210 → 450× (+114.3%; allowed 105–420×)"))
    }

    @Test func aHugeUnitFromAFileIsCutInTheTable() {
        var metrics = F.metrics
        metrics[8].unit = String(repeating: "u", count: 200_000)
        let report = Gate.compare(F.baseline(), baselineFile: "b.json", run: F.result(metrics), runName: "r.json")
        let lines = report.renderText().split(separator: "\n")
        let row = lines.first { $0.hasPrefix("layout.fresh.allocationsPerCell") }
        #expect(row?.hasSuffix("UNIT CHANGED (now " + String(repeating: "u", count: GateReport.cellLimit - 19) + "…") == true,
                "\(row?.suffix(120) ?? "")")
        // Every table row stays short: the long cell no longer widens the column for the others.
        let tableRows = lines.filter { $0.hasPrefix("layout.") }
        #expect(tableRows.allSatisfy { $0.count < 300 }, "\(tableRows.map(\.count).max() ?? 0)")
    }

    @Test func absoluteTimesAreNeverGated() {
        #expect(F.verdict("layout.fresh.cellsPerSecond", F.oneThread, now: 1) == .reported)
        #expect(F.verdict("layout.fresh.wallTime", F.oneThread, now: 1e6) == .reported)
    }

    @Test func debugTimingsAreNotGated() {
        var baseline = F.baseline()
        baseline.timingsValid = false
        let run = F.result(F.changing("layout.manualRatio", F.oneThread, to: 1e6), timingsValid: false)
        let report = Gate.compare(baseline, baselineFile: "b.json", run: run, runName: "r.json")
        #expect(report.passed)
        #expect(report.rows.first { $0.key.name == "layout.manualRatio" }?.verdict == .notGated("debug timings"))
        #expect(report.notes.contains("timings of a debug build: ratios are not gated"))
    }

    @Test func aUnitChangeFails() {
        var metrics = F.metrics
        metrics[8].unit = "bytes"
        let report = Gate.compare(F.baseline(), baselineFile: "b.json", run: F.result(metrics), runName: "r.json")
        #expect(report.failures.map(\.verdict) == [.unitChanged("bytes")])
    }

    // MARK: Runs that cannot be compared (bench: exit code 2)

    func comparabilityError(_ result: ResultDocument) -> String? { F.comparabilityError(result) }

    @Test func provenanceMismatchesAreBadInput() {
        #expect(comparabilityError(F.result()) == nil)
        var noJemalloc = F.provenance
        noJemalloc.jemalloc = false
        noJemalloc.allocator = nil
        #expect(comparabilityError(F.result(provenance: noJemalloc)) == "r.json: $.provenance.jemalloc: the baseline was "
            + "recorded with jemalloc, the run has no jemalloc (a sanitizer or --disable-default-traits build): allocation "
            + "counts compare only under the same allocator")
        var debug = F.provenance
        debug.buildConfiguration = "debug"
        #expect(comparabilityError(F.result(provenance: debug)) == "r.json: $.provenance.buildConfiguration: the baseline "
            + "was recorded by a release-unchecked build, the run is a debug build: counters and ratios compare only within "
            + "one build configuration (build with `swift run -c release bench …`)")
        var compiler = F.provenance
        compiler.swiftCompiler = "6.3.2"
        #expect(comparabilityError(F.result(provenance: compiler))?.hasPrefix(
            "r.json: $.provenance.swiftCompiler: the baseline was recorded with Swift 6.3.1, the run was built with Swift 6.3.2")
            == true)
        // Another machine or allocator build is only a note.
        var machine = F.provenance
        machine.machine.cores = 8
        machine.allocator = "jemalloc 5.3.1"
        #expect(comparabilityError(F.result(provenance: machine)) == nil)
        let notes = Gate.compare(F.baseline(), baselineFile: "b.json", run: F.result(provenance: machine), runName: "r").notes
        #expect(notes.count == 2)
    }

    @Test func anotherScenarioIsBadInput() {
        #expect(comparabilityError(F.result(contentHash: "fnv1a64:ffffffffffffffff")) == "r.json: $.scenario.contentHash: "
            + "the run's scenario \"ci\" (fnv1a64:ffffffffffffffff) is not the one b.json records (\"ci\", "
            + "fnv1a64:0123456789abcdef): another scenario ran or its file changed since the baseline was recorded; "
            + "re-record it: swift run -c release bench baseline update --output b.json")
        #expect(comparabilityError(F.result(threads: [1])) == "r.json: $.scenario.threads: [1], but the baseline's run had "
            + "threads [1, 2] (run with --threads 1,2, or let bench check run it)")
        #expect(comparabilityError(F.result(engine: "LayoutCore")) == "r.json: $.engine: \"LayoutCore\", but the baseline "
            + "measured \"NodeTree (CellNode subclass with 5 subnodes, layout cache)\"")
    }

    @Test func markdownHasTheGatedTableAndTheRestFolded() {
        let run = F.result(F.changing("layout.fresh.allocationsPerCell", F.width, to: 30.78))
        let markdown = Gate.compare(F.baseline(), baselineFile: "b.json", run: run, runName: "r.json").renderMarkdown()
        #expect(markdown.hasPrefix("## Regression gate: **FAILED**\n"))
        #expect(markdown.contains("| metric | unit | baseline | now | change | gate | verdict |"))
        #expect(markdown.contains(
            "| `layout.fresh.allocationsPerCell [width 375]` | allocations | 29.78 | 30.78 | +3.4% | ±0.5% | **REGRESSION** |"))
        #expect(markdown.contains("<details><summary>5 metrics reported, not gated</summary>"))
        #expect(markdown.contains("gate FAILED: 1 regression"))
    }
}
