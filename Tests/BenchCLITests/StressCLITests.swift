import Foundation
import Testing

/// `bench stress` as a user runs it: the output of a run, replays of the saved scripts, exit codes 0/1/2,
/// one-line errors for bad flags and bad replay files, and a failing run saving its script.
@Suite(.serialized) struct StressCLITests {
    @Test func aRunPrintsRateCountsInvariantsAndTheSeed() throws {
        let output = try BenchExecutable.run(["stress", "--threads", "2", "--ops", "600", "--seed", "3", "--no-save"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "bench stress: seed 3, 2 worker threads + the main actor, 600 operations, recipe "
                    + "mixed (all of the below)")
        #expect(lines.contains { $0.hasPrefix("operations: 600 in ") && $0.contains(" ops/s") })
        #expect(lines.contains { $0.hasPrefix("  ") && $0.contains("measure ") })
        #expect(lines.contains { $0.hasPrefix("  ") && $0.contains("create ") })
        #expect(lines.contains { $0.hasPrefix("invariants: 17 checked") })
        #expect(lines.contains { $0.contains("layout-cache") && $0.contains(" checked") })
        #expect(lines.last == "seed 3")
    }

    @Test func theMaximumOperationsRunForASecond() throws {
        // The largest accepted count, bounded by time: the lanes start without reserving a share of it.
        let output = try BenchExecutable.run(["stress", "--threads", "2", "--ops", "10000000", "--duration", "1s",
                                              "--seed", "5", "--no-save"], timeout: 120)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("seed 5\n"))
    }

    @Test func replayingAHandWrittenScriptExitsZero() throws {
        let output = try BenchExecutable.run(["stress", "--replay", "Scenarios/regressions/stale-layout-after-text-change.json"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("replayed one at a time in sequence order: 17 executed, 0 skipped"))
        #expect(output.stdout.contains("result: all invariants hold"))
    }

    @Test func replayingAFixedBugExitsZero() throws {
        // Saved from a live run when the NodeTree layout pass looped under a zero-size supernode; now a guard.
        let output = try BenchExecutable.run(["stress", "--replay",
                                              "Scenarios/regressions/nodetree-layout-loop-zero-size-supernode.json"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("ok     layout-settled"))
        #expect(output.stdout.hasSuffix("seed 1\n"))
    }

    @Test(arguments: [
        (["--threads", "0"], "error: --threads 0: must be between 1 and 64"),
        (["--threads", "many"], "error: --threads many: expected an integer"),
        (["--ops", "-5"], "error: --ops -5: must be between 1 and 10000000"),
        // Each lane used to reserve a quarter of the budget up front: this aborted before the first step.
        (["--ops", "1000000000000", "--duration", "1s"], "error: --ops 1000000000000: must be between 1 and 10000000"),
        (["--seed", "-1"], "error: --seed -1: expected an unsigned integer"),
        (["--duration", "5 parsecs"], "error: --duration 5 parsecs: expected a positive time such as 30s, 2m or 500ms"),
        (["--recipe", "fast"], "error: --recipe fast: unknown recipe; one of mixed, stale-layout, unchanged-size, "
            + "scroll-content, independent-trees, text-cache, transition-race, asm-order, table-batch-race, "
            + "table-stale-size, table-range-edit"),
        (["--inject-fault", "gremlins"], "error: --inject-fault gremlins: one of stale-ancestors, leak-node, skip-final-flush, "
            + "asm-edit-behind-back, table-unrecorded-delete"),
        (["--bogus"], "error: unknown option or argument --bogus (see bench stress --help)"),
        (["--replay", "Scenarios/regressions/missing.json"],
         "error: Scenarios/regressions/missing.json: cannot read the file: No such file or directory"),
    ])
    func badInputIsOneLineAndExitTwo(_ arguments: [String], _ message: String) throws {
        let output = try BenchExecutable.run(["stress"] + arguments)
        #expect(output.status == 2)
        #expect(output.stderr == message + "\n")
        #expect(output.stdout == "")
    }

    @Test func anInvalidReplayFileNamesTheJSONPath() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.json", #"{"steps": [{"seq": 0, "lane": 3, "op": {"load": {"root": 1}}}]}"#)
        let output = try BenchExecutable.run(["stress", "--replay", file.path])
        #expect(output.status == 2)
        #expect(output.stderr == "error: \(file.path): $.steps[0].lane: \"load\" runs on the main actor only "
                    + "(lane 0), found lane 3\n")
    }

    @Test func aFailingRunSavesAShrunkScriptAndExitsOne() throws {
        let directory = try TemporaryDirectory()
        let output = try BenchExecutable.run(["stress", "--threads", "2", "--ops", "6000", "--seed", "5",
                                              "--recipe", "stale-layout", "--inject-fault", "stale-ancestors",
                                              "--regressions", directory.url.path, "--shrink-seconds", "600"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("FAILED layout-cache"))
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(saved.contains("stale-layout-seed5-layout-cache.json"), "\(saved)")
        #expect(output.stdout.contains("regression script (layout-cache): \(directory.url.path)/stale-layout-seed5-layout-cache.json"))
        #expect(output.stdout.hasSuffix("seed 5\n"))

        let replay = try BenchExecutable.run(["stress", "--replay",
                                              directory.url.appendingPathComponent("stale-layout-seed5-layout-cache.json").path])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("FAILED layout-cache"))
    }

    @Test func listRecipesNamesTheASMOnesWithoutAPendingMark() throws {
        let output = try BenchExecutable.run(["stress", "--list-recipes"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("stale-layout: stale layout after setNeedsLayout"))
        #expect(output.stdout.contains("transition-race: parent and child transitioning at once, measured in the "
                                        + "background meanwhile (Texture #2061, #463; checks asm-subnodes first)\n"))
        #expect(output.stdout.contains("asm-order: ASM subnode order and late insertion as variants change "
                                        + "(Texture #2549, #693; checks asm-subnodes first)\n"))
        #expect(!output.stdout.contains("pending"))
    }

    /// The ASM recipes were refused ("pending ASM merge") until ASM and transitions were merged; a short
    /// live run of each now holds every invariant and reports its transitions.
    @Test func theASMRecipesRunFromTheCommandLine() throws {
        for recipe in ["transition-race", "asm-order"] {
            let output = try BenchExecutable.run(["stress", "--threads", "2", "--ops", "1500", "--seed", "2",
                                                  "--recipe", recipe, "--no-save"])
            #expect(output.status == 0, "\(recipe): \(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("ok     asm-subnodes"), "\(output.stdout)")
        }
    }
}
