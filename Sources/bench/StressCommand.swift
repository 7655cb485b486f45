import ArgumentParser
import BenchHarness
import Foundation

/// `bench stress`: drive random operations at a shared forest of nodes from many threads and the main
/// actor at once, then check the invariants at quiescence (issue #7). Exit 0 when they hold, 1 when one
/// fails (the run's script is saved under Scenarios/regressions/), 2 on bad input.
struct StressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress",
        abstract: "Concurrency stress of the node tree: random operations from many threads, invariants at the end.",
        discussion: """
            Worker threads create nodes, set styles and texts, invalidate, measure shared subtrees, edit \
            their own unloaded trees, change ASM nodes' variants and write view properties; the main actor \
            loads views, attaches trees, runs layout passes, flushes and layout transitions — all at once. \
            At quiescence: hierarchy links, views, pending state, settled and applied layouts, ASM subnodes \
            against their applied layouts, every frame and every cached layout against a \
            fresh single-threaded layout, scroll content sizes, stable relayout, and every node released.
            A failing run prints its seed and saves a minimal replayable script to Scenarios/regressions/ \
            (see its README, which also shows how to run this under the thread sanitizer).
            Recipes: \(StressRecipe.allCases.map(\.rawValue).joined(separator: ", ")).
            Exit status: 0 invariants hold, 1 an invariant failed, 2 bad input or a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    // Values are read as text and checked in `makeOptions`, so every bad value is one line and exit 2;
    // `.unconditional` takes "-5" as a value, not as a flag.
    @Option(parsing: .unconditional, help: "Worker threads besides the main actor (1…64).")
    var threads = "8"

    @Option(parsing: .unconditional, help: "Operations in all, over every thread (1…10000000).")
    var ops = "100000"

    @Option(parsing: .unconditional, help: "Seed of the random operations (an unsigned integer).")
    var seed = "1"

    @Option(parsing: .unconditional, help: "Stop after this long even if operations remain (e.g. 30s, 2m, 500ms).")
    var duration: String?

    @Option(help: "The mix of operations: a Texture bug class (see --list-recipes).")
    var recipe = "mixed"

    @Option(help: "Replay a saved script one operation at a time and check the invariants.")
    var replay: String?

    @Option(help: "Shrink a saved failing script further (for --shrink-seconds) and save the result.")
    var shrink: String?

    @Option(help: "Where a failing run's script is saved (default: Scenarios/regressions of this checkout).")
    var regressions: String?

    @Flag(help: "Do not save a failing run's script.")
    var noSave = false

    @Option(parsing: .unconditional, help: "How long shrinking a failing script may take, in seconds.")
    var shrinkSeconds = "60"

    @Flag(help: "List the recipes and the bugs they stand for.")
    var listRecipes = false

    @Option(help: .hidden)
    var injectFault: String?

    @OptionGroup var race: StressRaceOptions

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unrecognized: [String] = []

    func run() throws {
        do {
            if let first = unrecognized.first {
                throw StressInputError.unknownArgument(first)
            }
            if listRecipes {
                Self.printRecipes()
                return
            }
            if let replay {
                try Self.replay(path: replay)
                return
            }
            if let shrink {
                guard let seconds = Double(shrinkSeconds), seconds >= 0 else {
                    throw StressInputError.badOption("--shrink-seconds", shrinkSeconds, "expected a number of seconds ≥ 0")
                }
                let directory = regressions ?? Self.defaultRegressionDirectory()
                try Self.shrink(path: shrink, seconds: seconds, directory: directory)
                return
            }
            let options = try makeOptions()
            try Self.runStress(options)
        } catch let error as StressInputError {
            ExitStatus.printError("error: \(error.description)")
            throw ExitStatus.badInput
        }
    }

    func makeOptions() throws(StressInputError) -> StressOptions {
        var options = StressOptions()
        guard let threads = Int(threads) else { throw .badOption("--threads", threads, "expected an integer") }
        guard let operations = Int(ops) else { throw .badOption("--ops", ops, "expected an integer") }
        guard let seed = UInt64(seed) else { throw .badOption("--seed", seed, "expected an unsigned integer") }
        options.threads = threads
        options.operations = operations
        options.seed = seed
        if let duration {
            guard let seconds = StressDuration.parse(duration) else {
                throw .badOption("--duration", duration, "expected a positive time such as 30s, 2m or 500ms")
            }
            options.duration = seconds
        }
        options.recipe = try StressRecipe.named(recipe)
        if let injectFault {
            guard let fault = StressFault(rawValue: injectFault) else {
                throw .badOption("--inject-fault", injectFault, "one of "
                                    + StressFault.allCases.map(\.rawValue).joined(separator: ", "))
            }
            options.fault = fault
        }
        guard let shrink = Double(shrinkSeconds) else {
            throw .badOption("--shrink-seconds", shrinkSeconds, "expected a number of seconds")
        }
        options.shrinkSeconds = shrink
        options.regressionDirectory = noSave ? nil : (regressions ?? Self.defaultRegressionDirectory())
        try race.apply(to: &options)
        try options.validate()
        return options
    }

    static func runStress(_ options: StressOptions) throws {
        let lines = MainActor.assumeIsolated {
            // The header first, so a crash still leaves the seed on the terminal.
            emit(StressReport.header(options))
            let result = StressRunner.run(options, log: { emit($0) })
            return (StressReport.lines(for: result).dropFirst(), result.passed)
        }
        for line in lines.0 { emit(line) }
        if !lines.1 { throw ExitCode(1) }
    }

    static func replay(path: String) throws {
        let script = try StressScript.load(path: path)
        let (lines, passed) = MainActor.assumeIsolated {
            let outcome = StressReplayer.replay(script)
            return (StressReport.lines(forReplay: outcome, script: script, path: path), outcome.passed)
        }
        for line in lines { emit(line) }
        if !passed { throw ExitCode(1) }
    }

    /// Replays the script, shrinks it against its first failing invariant and saves the smaller script as
    /// NAME-shrunk.json in `directory`. Exit 0 when saved, 1 when the script does not fail at all.
    static func shrink(path: String, seconds: Double, directory: String) throws {
        let script = try StressScript.load(path: path)
        let result: (lines: [String], saved: Bool) = MainActor.assumeIsolated {
            let outcome = StressReplayer.replay(script)
            guard let failure = outcome.firstFailure else {
                return (["\(path): all invariants hold on replay; nothing to shrink"], false)
            }
            emit("\(path): \(script.steps.count) operations fail \(failure.invariant.rawValue); shrinking for at most "
                 + StressDuration.format(seconds) + "…")
            let shrinking = StressShrinker.shrinkReporting(script, invariant: failure.invariant, seconds: seconds)
            var shrunk = shrinking.script
            shrunk.shrunkFrom = script.shrunkFrom ?? script.steps.count
            let replay = StressReplayer.replay(shrunk)
            if let message = replay.invariants.first(where: { $0.invariant == failure.invariant })?.violations.first {
                shrunk.failure = StressScriptFailure(invariant: failure.invariant.rawValue, message: message)
            }
            let base = ((script.name ?? "script") + "-shrunk")
            do {
                let saved = try shrunk.save(inDirectory: directory, baseName: base)
                let cut = shrinking.stoppedByTime ? " (the time ran out: shrinking this file again may go further)" : ""
                return (["shrunk \(script.steps.count) → \(shrunk.steps.count) operations\(cut): \(saved)"], true)
            } catch {
                return (["could not save the shrunk script: \(error)"], false)
            }
        }
        for line in result.lines { emit(line) }
        if !result.saved { throw ExitCode(1) }
    }

    static func printRecipes() {
        for recipe in StressRecipe.allCases {
            emit("\(recipe.rawValue): \(recipe.summary) (\(recipe.issues); checks \(recipe.targetInvariant) first)")
        }
    }

    /// Prints a line now (stdout is flushed, so progress and the seed appear before a long step or a crash).
    static func emit(_ line: String) {
        print(line)
        fflush(nil)  // every output stream (Glibc's stdout global is not concurrency-safe to name)
    }

    /// Scenarios/regressions of the checkout this executable was built from, else of the current
    /// directory.
    static func defaultRegressionDirectory(sourceFile: String = #filePath) -> String {
        var components = sourceFile.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Sources/bench/StressCommand.swift
        let root = components.joined(separator: "/")
        if FileManager.default.fileExists(atPath: root + "/Scenarios") { return root + "/Scenarios/regressions" }
        return "Scenarios/regressions"
    }
}
