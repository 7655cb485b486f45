import Testing
@testable import BenchHarness

/// The gate on callgrind's counts (GatePolicy, GateCheck, GateReport+InstructionMoves): default gates, the
/// two-sided ±1 % on instructions, when counts cannot be compared, and the "where it moved" lines.
@Suite struct GateInstructionTests {
    typealias F = GateFixture

    static let counter = InstructionCounter(valgrind: "3.19.0", cache: CallgrindRun.cacheDescription)

    static var provenance: Provenance {
        var provenance = F.provenance
        provenance.instructionCounter = counter
        return provenance
    }

    static let counts = PhaseCounts(phase: .fresh, cells: 100, instructions: 793_532, systemInstructions: 20_196,
                                    l1DataMisses: 5_452, lastLevelMisses: 8, lockAcquisitions: 1_504, retainReleases: 2_506)

    static let metrics = F.metrics + counts.metrics(width: 375)

    static func result(_ metrics: [Metric] = metrics, provenance: Provenance = provenance) -> ResultDocument {
        F.result(metrics, provenance: provenance)
    }

    static func baseline() -> Baseline { F.baseline(result()) }

    static func verdict(_ name: String, now value: Double) -> GateVerdict? {
        let run = result(F.changing(name, F.width, to: value, in: metrics))
        let report = Gate.compare(baseline(), baselineFile: "b.json", run: run, runName: "r.json")
        return report.rows.first { $0.key == MetricKey(name: name, labels: F.width) }?.verdict
    }

    @Test func defaultGates() {
        let gates = Dictionary(uniqueKeysWithValues: Self.baseline().metrics.map { ($0.name + "@\($0.labels.threads ?? 0)", $0.gate) })
        #expect(gates["layout.fresh.instructionsPerCell@0"] == .counter(Tolerance(relative: 0.01)))
        #expect(gates["layout.fresh.lockAcquisitionsPerCell@0"] == .counter(Tolerance(relative: 0.01)))
        #expect(gates["layout.fresh.retainReleasesPerCell@0"] == .counter(Tolerance(relative: 0.01)))
        #expect(gates["layout.fresh.l1DataMissesPerCell@0"] == .counter(Tolerance(relative: 0.01, absolute: 0.05)))
        #expect(gates["layout.fresh.lastLevelMissesPerCell@0"] == .counter(Tolerance(relative: 0.01, absolute: 0.05)))
        #expect(gates["layout.fresh.systemInstructionsPerCell@0"] == .reported(reason: GatePolicy.systemInstructionsReason))
        #expect(Self.baseline().gatesInstructions)
        #expect(!F.baseline().gatesInstructions)
    }

    @Test func instructionsGateTwoSidedAtOnePercent() {
        let name = "layout.fresh.instructionsPerCell"
        let recorded = 7935.32
        #expect(Self.verdict(name, now: recorded * 1.009) == .pass)
        #expect(Self.verdict(name, now: recorded * 1.015) == .regression)
        #expect(Self.verdict(name, now: recorded * 0.985) == .unrecordedImprovement)
        #expect(Self.verdict("layout.fresh.l1DataMissesPerCell", now: 54.52 * 1.009) == .pass)
        #expect(Self.verdict("layout.fresh.l1DataMissesPerCell", now: 54.52 * 1.015) == .regression)
        // A handful of last-level misses per pass: the absolute 0.05 per cell decides, not 1 % of 0.08.
        #expect(Self.verdict("layout.fresh.lastLevelMissesPerCell", now: 0.12) == .pass)
        #expect(Self.verdict("layout.fresh.lastLevelMissesPerCell", now: 0.14) == .regression)
        // The system libraries' instructions move between CPUs: reported only.
        #expect(Self.verdict("layout.fresh.systemInstructionsPerCell", now: 999) == .reported)
    }

    func comparabilityError(_ run: ResultDocument) -> String? { F.comparabilityError(run, against: Self.baseline()) }

    @Test func countsFromAnotherCounterOrNoneAreBadInput() {
        #expect(comparabilityError(Self.result()) == nil)
        #expect(comparabilityError(Self.result(F.metrics))?.hasPrefix("r.json: $.metrics: the baseline gates instruction "
            + "counts (layout.PHASE.instructionsPerCell, …) and the run has none: measure them with `bench run "
            + "--instructions`") == true)
        var otherValgrind = Self.provenance
        otherValgrind.instructionCounter?.valgrind = "3.22.0"
        #expect(comparabilityError(Self.result(provenance: otherValgrind)) == "r.json: $.provenance.instructionCounter: "
            + "not comparable: the baseline's instruction counts were taken with valgrind 3.19.0, the run's with valgrind "
            + "3.22.0 (counts change with valgrind's version); re-record: swift run -c release bench baseline update "
            + "--output b.json")
        var otherCache = Self.provenance
        otherCache.instructionCounter?.cache = "I1=65536,8,64"
        #expect(comparabilityError(Self.result(provenance: otherCache))?.contains("the baseline simulated the caches") == true)
        // Another CPU only adds a note: the gated counts leave the CPU-dependent libraries out.
        var otherCPU = Self.provenance
        otherCPU.machine.cpuSignature = "GenuineIntel 6/106/6"
        var baselineProvenance = Self.provenance
        baselineProvenance.machine.cpuSignature = "AuthenticAMD 25/1/1"
        let baseline = F.baseline(Self.result(provenance: baselineProvenance))
        #expect(comparabilityError(Self.result(provenance: otherCPU)) == nil)
        let notes = Gate.compare(baseline, baselineFile: "b.json", run: Self.result(provenance: otherCPU), runName: "r").notes
        #expect(notes.contains { $0.hasPrefix("another CPU (AuthenticAMD 25/1/1 in the baseline, GenuineIntel 6/106/6 now)") })
    }

    @Test func aFailingInstructionMetricSaysWhereItMoved() {
        let run = Self.result(F.changing("layout.fresh.instructionsPerCell", F.width, to: 7935.32 * 1.02, in: Self.metrics))
        var report = Gate.compare(Self.baseline(), baselineFile: "b.json", run: run, runName: "r.json")
        #expect(!report.passed)
        let before = FunctionProfile(phases: [FunctionProfileTests.phase(FunctionProfileTests.chain(line: 30_000))])
        let now = FunctionProfile(phases: [FunctionProfileTests.phase(FunctionProfileTests.chain(line: 78_000))])
        report.explainInstructions(baselineProfile: before, runProfile: now, missingReason: "none")
        #expect(report.instructionMoves.count == 1)
        #expect(report.instructionMoves.first?.phase == .fresh)
        let text = report.renderText()
        #expect(text.contains("  regression: layout.fresh.instructionsPerCell [width 375]: 7935.32 → 8094.0264 instructions "
            + "(+2.0%; allowed ±1%)"), "\(text)")
        #expect(text.contains("where fresh layout's instructions moved (per cell, inclusive, baseline → now;"))
        let row = text.split(separator: "\n").first { $0.hasPrefix("  Stack.layoutDefaultLine") }
        #expect(row.map { $0.split(separator: " ", omittingEmptySubsequences: true) } == ["Stack.layoutDefaultLine", "+480.0",
                                                                                           "300.0", "780.0", "+480.0"])

        report.explainInstructions(baselineProfile: nil, runProfile: now, missingReason: "the baseline has no profile")
        #expect(report.renderText().contains("  not available: the baseline has no profile"))
    }

    @Test func provenanceAndBaselineKeepTheCounterAndTheProfile() throws {
        var provenance = Self.provenance
        provenance.machine.cpuSignature = "AuthenticAMD 25/1/1"
        let result = Self.result(provenance: provenance)
        let decoded = try ResultDocument.decode(Array(result.json().utf8), file: "r.json")
        #expect(decoded.provenance.instructionCounter == Self.counter)
        #expect(decoded.provenance.machine.cpuSignature == "AuthenticAMD 25/1/1")
        // Without them, the keys are not written (results without instruction counts read as before).
        let plain = F.result()
        #expect(!plain.json().contains("instructionCounter") && !plain.json().contains("cpuSignature"))

        var baseline = F.baseline(result)
        baseline.profile = "ci.profile.json"
        let read = try Baseline.decode(baseline.json(), file: "b.json")
        #expect(read.profile == "ci.profile.json")
        #expect(read.provenance.instructionCounter == Self.counter)
        #expect(try Baseline.decode(F.baseline().json(), file: "b.json").profile == nil)
    }
}
