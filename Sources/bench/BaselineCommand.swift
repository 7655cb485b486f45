import ArgumentParser
import BenchHarness
import Foundation

/// `bench baseline update`: records a baseline for the gate from a run — a scenario run now, a saved
/// result, or (with neither) the existing baseline's own scenario run again with its settings.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record baselines for the regression gate (`bench check`).",
        subcommands: [BaselineUpdateCommand.self],
        defaultSubcommand: BaselineUpdateCommand.self
    )
}

struct BaselineUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Write a baseline from a run: --scenario runs one, --from takes a saved result, neither re-runs the existing baseline's.",
        discussion: """
            The baseline stores the scenario (file, content hash, seed, sizes, threads, repetitions), the engine, the \
            run's provenance and every metric with its gate (GatePolicy: counters exact or ±0.5% per cell, \
            instruction counts and cache misses ±1% per cell, ratios in bands, times reported); the run's full \
            result is written beside it as NAME.result.json, and with instruction counts their function profile as \
            NAME.profile.json. Instruction counts (callgrind; valgrind must be installed) are measured with \
            --instructions, and by default when the baseline being replaced has them; --no-instructions drops them. Gates pinned by hand in the existing baseline ("pinned": true) are kept unless --reset-gates. Timings from \
            a debug build are refused unless --allow-debug. Exit codes: 0 written; 1 refused (debug build, or the \
            engine's frames differ from the manual layout's); 2 bad input or a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    @Option(name: .long, help: "The baseline to write (e.g. Results/baselines/ci.json).")
    var output: String

    @Option(name: .long, help: "Run this scenario (a name or a path) and record it.")
    var scenario: String?

    @Option(name: .long, help: "Record this saved result.json instead of running.")
    var from: String?

    @Option(name: .long, help: "With --scenario: the engine (nodetree, the default, or layoutcore).")
    var engine: String?

    @Option(name: .long, help: "With --scenario: thread counts, e.g. 1,2 (default: the scenario's).")
    var threads: String?

    @OptionGroup var repetitionOptions: RepetitionOptions

    @Flag(name: .long, help: "Allow timings from a debug build (the baseline's ratios are then not gated).")
    var allowDebug = false

    @Flag(name: .long, help: "Give every metric its default gate, even where the existing baseline pinned another.")
    var resetGates = false

    @Flag(inversion: .prefixedNo, help: "Measure instruction counts under callgrind (default: when the baseline being replaced has them).")
    var instructions: Bool?

    func validate() throws {
        if scenario != nil && from != nil { throw ValidationError("give --scenario or --from, not both") }
        if from != nil && (engine != nil || threads != nil || repetitionOptions.repetitions != nil
            || repetitionOptions.warmup != nil || instructions != nil) {
            throw ValidationError("--engine, --threads, --repetitions, --warmup and --[no-]instructions apply to a run, "
                + "not to --from (a saved result keeps the counts it has)")
        }
        if scenario == nil && (engine != nil || threads != nil) {
            throw ValidationError("--engine and --threads need --scenario (a re-run uses the baseline's)")
        }
        if let engine, FeedParityEngineKind(rawValue: engine) == nil {
            throw ValidationError("--engine must be one of "
                + FeedParityEngineKind.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(engine)\"")
        }
        try repetitionOptions.check()
        if let threads { _ = try RunCommand.parseThreads(threads) }
    }

    func run() throws {
        let previous = try loadPrevious()
        var (result, profile) = try makeResult(previous: previous)
        if result.frameChecks.contains(where: { $0.mismatches > 0 }) {
            ExitStatus.printError("error: not recording a run whose engine frames differ from the manual layout's")
            throw ExitCode(1)
        }
        if !result.timingsValid && !allowDebug {
            ExitStatus.printError("error: \(from ?? "the run") has timings from a debug build: record a release run, "
                + "or pass --allow-debug (the baseline's ratios are then not gated)")
            throw ExitCode(1)
        }

        // The result kept beside the baseline names its scenario file as the baseline does (relative to the
        // checkout), not by the recording machine's absolute path.
        result.scenario.file = Baseline.relativeScenarioPath(result.scenario.file, packageRoot: PackageLocation.root)
        let resultPath = Self.resultPath(beside: output)
        let resultName = (resultPath as NSString).lastPathComponent
        var making = Baseline.make(from: result, resultFile: resultName, previous: previous,
                                   resetGates: resetGates)
        let profilePath = Self.profilePath(beside: output)
        if profile != nil { making.baseline.profile = (profilePath as NSString).lastPathComponent }
        do {
            try GateRun.write(result.json(), to: resultPath)
            if let profile { try GateRun.write(profile.json(), to: profilePath) }
            try GateRun.write(making.baseline.json(), to: output)
        } catch {
            ExitStatus.printError("error: could not write the baseline: \(error)")
            throw ExitStatus.badInput
        }
        summarize(making, previous: previous, result: result, resultPath: resultPath)
    }

    /// The existing baseline at --output: needed for a re-run, used for hand-set gates and the change list.
    func loadPrevious() throws -> Baseline? {
        guard FileManager.default.fileExists(atPath: output) else {
            if scenario == nil && from == nil {
                ExitStatus.printError("error: \(output) does not exist yet: record it with --scenario NAME (or --from RESULT.json)")
                throw ExitStatus.badInput
            }
            return nil
        }
        do {
            return try Baseline.load(path: output)
        } catch {
            if scenario == nil && from == nil { throw ExitStatus.report(error, expecting: .baseline) }
            ExitStatus.printError("warning: replacing \(output), which is not a valid baseline: \(error.description)")
            return nil
        }
    }

    func makeResult(previous: Baseline?) throws -> (ResultDocument, FunctionProfile?) {
        if let from {
            let result: ResultDocument
            do {
                result = try ResultDocument.load(path: from)
            } catch {
                throw ExitStatus.report(error, expecting: .result)
            }
            return (result, try InstructionRun.loadProfile(at: InstructionRun.profilePath(besideResult: from)))
        }
        try GateRun.refuseDebugTimings(allowDebug: allowDebug, command: "baseline update")
        let measureInstructions = instructions ?? (previous?.gatesInstructions ?? false)
        if measureInstructions && CallgrindRun.valgrindVersion() == nil {
            ExitStatus.printError("error: \(CallgrindRun.Failure.valgrindMissing.description); or record without "
                + "instruction counts: --no-instructions")
            throw ExitStatus.badInput
        }
        guard let scenario else {
            // A re-run of the existing baseline's scenario with its settings (previous is non-nil here).
            guard var baseline = previous else { throw ExitStatus.badInput }
            repetitionOptions.apply(to: &baseline.scenario)
            let run = try GateRun.runBaselineScenario(baseline, baselineFile: output, requireSameScenario: false,
                                                      instructions: measureInstructions)
            return (run.result, run.profile)
        }
        var loaded: Scenario
        do {
            loaded = try ScenarioCatalog.standard().load(scenario)
        } catch {
            throw ExitStatus.report(error, expecting: .scenario)
        }
        repetitionOptions.apply(to: &loaded)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threadCounts = try RunCommand.threadCounts(threads, cores: cores) ?? loaded.threadCounts(cores: cores)
        let kind = engine.flatMap(FeedParityEngineKind.init(rawValue:)) ?? .nodetree
        var result = GateRun.run(loaded, engine: kind, threadCounts: threadCounts)
        guard measureInstructions else { return (result, nil) }
        let measurement = try InstructionRun.measure(loaded, path: loaded.file, engine: kind)
        print(InstructionCounting.table(measurement, scenario: loaded.name))
        InstructionRun.add(measurement, to: &result)
        return (result, measurement.profile)
    }

    /// "Results/baselines/ci.json" → "Results/baselines/ci.profile.json".
    static func profilePath(beside baseline: String) -> String {
        let stem = baseline.hasSuffix(".json") ? String(baseline.dropLast(5)) : baseline
        return stem + ".profile.json"
    }

    /// "Results/baselines/ci.json" → "Results/baselines/ci.result.json".
    static func resultPath(beside baseline: String) -> String {
        let stem = baseline.hasSuffix(".json") ? String(baseline.dropLast(5)) : baseline
        return stem + ".result.json"
    }

    func summarize(_ making: Baseline.Making, previous: Baseline?, result: ResultDocument, resultPath: String) {
        let metrics = making.baseline.metrics
        let counters = metrics.filter { $0.gate.kind == "counter" }.count
        let ratios = metrics.filter { $0.gate.kind == "ratio" }.count
        print("wrote \(output): \(counters) counters and \(ratios) ratios gated, "
              + "\(metrics.count - counters - ratios) metrics reported; the run's result: \(resultPath)")
        if !making.keptGates.isEmpty {
            print("kept the pinned gates of " + making.keptGates.map(\.description).joined(separator: ", ")
                  + " (--reset-gates gives them the defaults)")
        }
        if !making.resetGates.isEmpty {
            print("gave the default gate to " + making.resetGates.map(\.description).joined(separator: ", ")
                  + " (their gates in the previous baseline differed; add \"pinned\": true to a metric to keep its gate)")
        }
        guard let previous else { return }
        // What a commit of the new baseline changes: the previous baseline's gate verdicts on this run.
        let changes = Gate.compare(previous, baselineFile: output, run: result, runName: "the new run").rows
            .filter { $0.verdict.fails || $0.verdict == .new }
        if changes.isEmpty {
            print("every gated metric is within the previous baseline's gates")
        } else {
            print("against the previous baseline (\(previous.provenance.timestamp)):")
            for row in changes {
                let before = row.baseline.map { JSONText.number($0) } ?? "–"
                let after = row.now.map { JSONText.number($0) } ?? "–"
                print("  \(row.key): \(before) → \(after) \(row.unit) (\(row.verdict.text))")
            }
        }
    }
}
