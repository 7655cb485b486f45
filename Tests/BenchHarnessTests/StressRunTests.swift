import Testing
@testable import BenchHarness

// Live stress runs (issue #7). Under `swift test --sanitize=thread` these are the concurrency tests: the
// thread sanitizer reports any data race in the node tree they drive, and the test process then exits
// non-zero. The invariants are checked at quiescence and any failure fails the test; every message names the
// seed.

@Suite(.serialized) struct StressRunTests {
    /// The bounded run of issue #7: 20,000 operations from 4 worker threads and the main actor at once.
    @MainActor @Test func boundedRunOnFourThreadsAndTheMainActor() {
        let options = StressOptions(threads: 4, operations: 20_000, seed: 7)
        let result = StressRunner.run(options)
        print(StressReport.lines(for: result).joined(separator: "\n"))

        #expect(result.steps.count == 20_000)
        #expect(result.steps.map(\.seq) == Array(0..<20_000), "sequence numbers are 0…n-1, each once")
        #expect(Set(result.steps.map(\.lane)) == Set(0...4), "every worker and the main actor executed operations")
        let kinds = Set(result.steps.map(\.op.kind))
        for kind in [StressOperationKind.create, .measure, .setText, .setStyle, .insert, .layoutPass, .handOff,
                     .load, .mainLayout, .flush, .setProperty] {
            #expect(kinds.contains(kind), "seed 7: no \(kind.rawValue) operation in 20,000")
        }
        // The table's need its commits, which cannot land inside this main-queue job (StressTableCLITests).
        for result in result.invariants where result.invariant != .released && !result.invariant.isTable {
            #expect(result.checked > 0, "seed 7: \(result.invariant.rawValue) checked nothing")
        }
        StressTestSupport.expectInvariants(result)
    }

    @MainActor @Test(arguments: StressRecipe.runnable)
    func everyRecipeRunsAndHoldsItsInvariants(_ recipe: StressRecipe) {
        let options = StressOptions(threads: 3, operations: 4_000, seed: 11, recipe: recipe)
        let result = StressRunner.run(options)
        #expect(result.steps.count == 4_000, "seed 11, recipe \(recipe.rawValue)")
        let target = result.invariants.first { $0.invariant.rawValue == recipe.targetInvariant }
        // A table invariant needs the table's commits, which cannot land in process (StressTableCLITests).
        if target?.invariant.isTable != true {
            #expect((target?.checked ?? 0) > 0, "seed 11: \(recipe.rawValue) never exercised \(recipe.targetInvariant)")
        }
        StressTestSupport.expectInvariants(result)

        let kinds = Set(result.steps.map(\.op.kind))
        switch recipe {
        case .independentTrees:
            // Each worker keeps to its own trees: nothing is shared, handed off or loaded.
            #expect(!kinds.contains(.load) && !kinds.contains(.handOff))
            #expect(!result.steps.contains { if case .create(_, true) = $0.op { return true } else { return false } })
        case .textCache:
            #expect(!kinds.contains(.insert) && !kinds.contains(.setStyle))
        case .scrollContent:
            #expect(result.steps.contains { step in
                if case .create(let root, _) = step.op { return root.kind == .scroll } else { return false }
            })
        case .transitionRace:
            // Transitions reach the main actor and apply, superseding ones among them, while workers
            // cancel and re-vary the same nodes.
            #expect(kinds.isSuperset(of: [.transition, .cancelTransition, .setVariant, .measure]))
            #expect(result.transitionsMeasured > 0)
            #expect(result.steps.contains { if case .transition(_, _, _, _?) = $0.op { true } else { false } })
        case .asmOrder:
            #expect(kinds.isSuperset(of: [.setVariant, .setAutomaticallyManagesSubnodes, .layoutPass, .mainLayout]))
        case .mixed:
            #expect(kinds.isSuperset(of: [.setVariant, .transition, .tableBatch, .tableScroll]))
        case .tableBatchRace, .tableRangeEdit:
            #expect(kinds.isSuperset(of: [.tableBatch, .tableScroll, .tableCommit]))
        case .tableStaleSize:
            #expect(kinds.isSuperset(of: [.tableBatch, .tableWidth, .tableCommit]))
        default:
            break
        }
    }

    @MainActor @Test func aDurationStopsTheRunBeforeTheBudget() {
        let result = StressRunner.run(StressOptions(threads: 2, operations: 50_000_000, seed: 3, duration: 0.3))
        #expect(result.stoppedByDuration)
        #expect(result.steps.count < 50_000_000)
        #expect(result.elapsed < 30)
    }

    /// A recorded run replays one operation at a time with every step legal at its turn (sequence order
    /// preserves what each operation relied on), and two replays agree exactly.
    @MainActor @Test(arguments: [StressRecipe.mixed, .transitionRace, .asmOrder])
    func aRecordedRunReplaysEveryStepDeterministically(_ recipe: StressRecipe) {
        let options = StressOptions(threads: 3, operations: 3_000, seed: 5, recipe: recipe)
        let live = StressRunner.run(options)
        let script = StressScript(recipe: options.recipe, steps: live.steps)
        let first = StressReplayer.replay(script)
        let second = StressReplayer.replay(script)
        #expect(first.skipped == 0, "seed 5: \(first.skipped) recorded steps were not legal on replay")
        #expect(first.executed == live.steps.count)
        #expect(first.counts == second.counts)
        #expect(first.invariants == second.invariants, "two replays of the same script disagree (seed 5)")
    }

    @MainActor @Test func operationCountsAddUpToTheSteps() {
        let result = StressRunner.run(StressOptions(threads: 2, operations: 1_500, seed: 9))
        #expect(result.counts.values.reduce(0, +) == result.steps.count)
        let lines = StressReport.lines(for: result)
        #expect(lines.first?.hasPrefix("bench stress: seed 9, 2 worker threads + the main actor, 1500 operations") == true)
        #expect(lines.contains { $0.contains("ops/s") })
        #expect(lines.contains { $0.hasPrefix("invariants: \(StressInvariant.allCases.count) checked") })
        #expect(lines.last == "seed 9")
    }
}
