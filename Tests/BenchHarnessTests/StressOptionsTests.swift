import Testing
@testable import BenchHarness

// Recipes, options and durations: what `bench stress` accepts and the exact message for what it refuses.

@Suite struct StressOptionsTests {
    @Test func runnableRecipesNameTheirIssuesAndAnInvariant() throws {
        let invariants = Set(StressInvariant.allCases.map(\.rawValue))
        for recipe in StressRecipe.runnable {
            #expect(!recipe.issues.isEmpty && !recipe.summary.isEmpty)
            #expect(invariants.contains(recipe.targetInvariant), "\(recipe.rawValue)")
            #expect(try StressRecipe.named(recipe.rawValue) == recipe)
        }
        #expect(StressRecipe.runnable.map(\.rawValue)
                    == ["mixed", "stale-layout", "unchanged-size", "scroll-content", "independent-trees", "text-cache",
                        "transition-race", "asm-order", "table-batch-race", "table-stale-size", "table-range-edit"])
    }

    /// The ASM recipes (refused until automatic subnode management and transitions were merged) now run,
    /// name their Texture issues and target asm-subnodes; mixed draws their operations too.
    @Test func theASMRecipesRunAndTargetASMSubnodes() throws {
        #expect(try StressRecipe.named("transition-race") == .transitionRace)
        #expect(try StressRecipe.named("asm-order") == .asmOrder)
        #expect(StressRecipe.transitionRace.issues == "Texture #2061, #463")
        #expect(StressRecipe.asmOrder.issues == "Texture #2549, #693")
        #expect(StressRecipe.transitionRace.targetInvariant == "asm-subnodes")
        #expect(StressRecipe.asmOrder.targetInvariant == "asm-subnodes")
        let mixed = StressRecipe.mixed.profile
        #expect(mixed.asmShare > 0 && mixed.asmShare < 0.5)
        for kind in [StressOperationKind.setVariant, .setAutomaticallyManagesSubnodes, .cancelTransition] {
            #expect((mixed.worker[kind] ?? 0) > 0, "\(kind)")
        }
        #expect((mixed.main[.transition] ?? 0) > 0)
        // Moderate: under a tenth of either lane kind's weight.
        let workerShare = [StressOperationKind.setVariant, .setAutomaticallyManagesSubnodes, .cancelTransition]
            .map { mixed.worker[$0] ?? 0 }.reduce(0, +) / mixed.worker.values.reduce(0, +)
        let mainShare = [StressOperationKind.transition, .setVariant, .cancelTransition]
            .map { mixed.main[$0] ?? 0 }.reduce(0, +) / mixed.main.values.reduce(0, +)
        #expect(workerShare < 0.1 && mainShare < 0.1, "\(workerShare) \(mainShare)")
    }

    @Test func anUnknownRecipeListsTheRunnableOnes() {
        #expect(throws: StressInputError.badOption("--recipe", "fast", "unknown recipe; one of mixed, stale-layout, "
                                                    + "unchanged-size, scroll-content, independent-trees, text-cache, "
                                                    + "transition-race, asm-order, table-batch-race, "
                                                    + "table-stale-size, table-range-edit")) {
            try StressRecipe.named("fast")
        }
    }

    @Test func optionsOutOfRangeAreInputErrors() {
        #expect(throws: StressInputError.badOption("--threads", "0", "must be between 1 and 64")) {
            try StressOptions(threads: 0).validate()
        }
        #expect(throws: StressInputError.badOption("--threads", "65", "must be between 1 and 64")) {
            try StressOptions(threads: 65).validate()
        }
        #expect(throws: StressInputError.badOption("--ops", "0", "must be between 1 and 10000000")) {
            try StressOptions(operations: 0).validate()
        }
        #expect(throws: StressInputError.badOption("--ops", "1000000000000", "must be between 1 and 10000000")) {
            try StressOptions(operations: 1_000_000_000_000).validate()
        }
        #expect(throws: Never.self) { try StressOptions(operations: StressOptions.maximumOperations).validate() }
        #expect(throws: (any Error).self) { try StressOptions(duration: -1).validate() }
        #expect(throws: (any Error).self) { try StressOptions(shrinkSeconds: .nan).validate() }
        #expect(throws: Never.self) { try StressOptions().validate() }
    }

    @Test func aLaneReservesABoundedNumberOfSteps() {
        // Reserving a share of the budget up front made `--ops 1000000000000` abort before the first step.
        #expect(StressRunner.initialStepCapacity(budget: 600) == 600)
        #expect(StressRunner.initialStepCapacity(budget: StressOptions.maximumOperations) == StressRunner.reservedStepsPerLane)
        #expect(StressRunner.initialStepCapacity(budget: .max) == StressRunner.reservedStepsPerLane)
    }

    @Test func durationsParse() {
        #expect(StressDuration.parse("30s") == 30)
        #expect(StressDuration.parse("2m") == 120)
        #expect(StressDuration.parse("500ms") == 0.5)
        #expect(StressDuration.parse("1h") == 3600)
        #expect(StressDuration.parse("1.5") == 1.5)
        for bad in ["", "s", "-1s", "0s", "5x", "1e3s", "inf", " 5s"] {
            #expect(StressDuration.parse(bad) == nil, "\(bad)")
        }
        #expect(StressDuration.format(0.25) == "250 ms")
        #expect(StressDuration.format(1.234) == "1.23 s")
        #expect(StressDuration.format(42.17) == "42.1 s")
    }

    @Test func theInvariantsAreTheDocumentedSeventeen() {
        #expect(StressInvariant.allCases.map(\.rawValue) == [
            "hierarchy", "views", "pending-state", "layout-settled", "applied-layout", "asm-subnodes", "visible-frames",
            "scroll-content-size",
            "stable-relayout", "layout-cache", "measure-results", "released",
            "table-rows", "table-measured", "table-ranges", "table-views", "table-released",
        ])
    }
}
