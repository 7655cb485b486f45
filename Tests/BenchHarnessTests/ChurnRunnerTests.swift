import Testing
@testable import BenchHarness
import NodeTree

/// The churn runner and its result: counts are deterministic, every diff is checked against its target, the
/// LCS diff runs where the scenario says (and says where it does not), and the result JSON has the metric
/// names Results/README.md promises. No assertion is about how long anything took.
@Suite struct ChurnRunnerTests {
    static func scenario(sizes: [Int], mixes: [EditMix] = [ChurnInputTests.mixes[0]], inputs: Int = 2,
                         lcs: LCSSettings = LCSSettings(), asm: Bool = true) -> ChurnScenario {
        ChurnScenario(name: "tiny-churn", file: "tiny-churn.json", contentHash: "fnv1a64:0000000000000000",
                      description: "tiny", seed: 7, sizes: sizes, mixes: mixes, inputs: inputs, lcs: lcs, asm: asm,
                      warmup: 0, repetitions: 2)
    }

    /// Short timings: the tests are about what is measured, not how long it takes.
    static func run(_ scenario: ChurnScenario, counter: (any AllocationCounting)? = nil) -> ChurnMeasurements {
        ChurnRunner(scenario: scenario, options: ChurnRunOptions(allocationCounter: counter,
                                                                 targetPairNanoseconds: 20_000)).run()
    }

    @Test func everyCaseIsMeasuredAndChecked() {
        let scenario = Self.scenario(sizes: [10, 60], mixes: Array(ChurnInputTests.mixes.prefix(4)),
                                     lcs: LCSSettings(slowN: 60, slowRepetitions: 1))
        let result = Self.run(scenario, counter: FakeCounter())
        #expect(result.cases.map(\.n) == [10, 10, 10, 10, 60, 60, 60, 60])
        #expect(result.allocator == "fake")
        for item in result.cases {
            let label = "n \(item.n), \(item.mix.name)"
            #expect(item.totalMismatches == 0, "\(label)")
            #expect(item.asmMismatches == 0 && item.lcsMismatches == 0, "\(label)")
            #expect(item.ours.count == 2 && item.asmChanges.count == 2 && item.asmPass.count == 2, "\(label)")
            #expect(item.lcs.count == (item.n == 60 ? 1 : 2), "slow LCS at 60: \(label)")
            #expect(item.lcsSlow == (item.n == 60), "\(label)")
            #expect(item.lcsRatios.count == item.lcs.count, "\(label)")
            // The fake counter adds one allocation per reading: one per diff.
            #expect(item.allocations == 1 && item.lcsAllocations == 1, "\(label)")
            #expect(item.edits == item.mix.editCount(n: item.n))
            // Operation counts are the diffs' own, recomputed here.
            let pairs = ChurnInput.pairs(scenario, n: item.n, mixIndex: scenario.mixes.firstIndex(of: item.mix)!,
                                         old: ChurnInput.oldList(n: item.n))
            let operations = pairs.map { pair in
                let diff = SubnodeDiff.diff(from: pair.old, to: pair.new)
                return diff.insertions.count + diff.removals.count + diff.moves.count
            }
            #expect(item.operations == Double(operations.reduce(0, +)) / Double(pairs.count), "\(label)")
        }
        #expect(result.notes.contains { $0.hasPrefix("at n = 60 Texture's LCS diff ran 1 repetition(s)") })
    }

    @Test func countersAreDeterministic() {
        let scenario = Self.scenario(sizes: [50], mixes: ChurnInputTests.mixes, asm: false)
        let first = Self.run(scenario), second = Self.run(scenario)
        #expect(first.cases.map(\.operations) == second.cases.map(\.operations))
        #expect(first.cases.map(\.lcsOperations) == second.cases.map(\.lcsOperations))
        #expect(first.cases.allSatisfy { $0.allocations == nil && $0.asmPass.isEmpty && $0.asmMismatches == nil })
    }

    @Test func lcsAboveMaxNIsNotRunAndSaysSo() {
        let result = Self.run(Self.scenario(sizes: [20, 40], lcs: LCSSettings(maxN: 20), asm: false))
        #expect(!result.cases[0].lcs.isEmpty && result.cases[1].lcs.isEmpty)
        #expect(result.cases[1].lcsOperations == nil && result.cases[1].lcsRatios.isEmpty)
        #expect(result.notes.contains { $0.hasPrefix("Texture's LCS diff not run at n = 40 (above lcs.maxN = 20") })
        let document = ResultDocument.make(churn: Self.scenario(sizes: [20, 40], lcs: LCSSettings(maxN: 20), asm: false),
                                           measurements: result, provenance: ResultDocumentTests.provenance,
                                           timingsValid: false)
        let table = TableReport.render(document)
        #expect(table.contains("not run"))
        #expect(table.contains("note: Texture's LCS diff not run at n = 40"))
    }

    /// The names the issue asks for, with the mix as a label, deterministic where they are counts.
    @Test func resultHasTheRequiredMetricNames() throws {
        let scenario = Self.scenario(sizes: [1000, 10000], inputs: 1, lcs: LCSSettings(maxN: 1000), asm: false)
        let document = ResultDocument.make(churn: scenario, measurements: Self.run(scenario),
                                           provenance: ResultDocumentTests.provenance, timingsValid: false)
        let text = document.json()
        let decoded = try ResultDocument.decode(text, file: "result.json")
        #expect(decoded == document)
        #expect(decoded.scenario.kind == .churn)
        let names = Set(decoded.metrics.map(\.name))
        for name in ["diff.n10000.microseconds", "diff.n1000.lcsRatio", "diff.n1000.microseconds",
                     "diff.n1000.lcsMicroseconds", "diff.n1000.operations", "diff.n10000.operations",
                     "diff.n1000.lcsOperations", "diff.n1000.edits", "diff.n1000.mismatches"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let mix = ChurnInputTests.mixes[0].name
        #expect(decoded.metrics.first("diff.n10000.microseconds", mix: mix)?.unit == "µs")
        #expect(decoded.metrics.first("diff.n1000.lcsRatio", mix: mix)?.lowerIsBetter == false)
        #expect(decoded.metrics.first("diff.n1000.operations", mix: mix)?.deterministic == true)
        #expect(decoded.metrics.first("diff.n1000.microseconds", mix: mix)?.deterministic == false)
        #expect(text.contains(#""labels": {"mix": "mixed"}"#))
        #expect(text.contains(#""kind": "churn""#))
        // bench report renders the same table from the saved JSON.
        #expect(TableReport.render(decoded) == TableReport.render(document))
        #expect(TableReport.render(document).contains("mix mixed (5% of n: insert, remove, move 1:1:1)"))
        #expect(KindReport.diffSVG(document).hasPrefix("<svg"))
        #expect(MarkdownReport.render(document).contains("| n | edits | ops |"))
    }

    @Test func layoutResultsKeepTheirJSON() {
        // No "kind" key and no "mix" label in a layout result: old files and new ones read the same.
        let text = ResultDocumentTests.result().json()
        #expect(!text.contains(#""kind""#) && !text.contains(#""mix""#))
    }
}
