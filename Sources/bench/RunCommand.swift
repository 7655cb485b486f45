import ArgumentParser
import BenchHarness
import Foundation

/// `bench run` (the default subcommand, so `bench --scenario feed` works): runs a scenario's
/// layout passes on a pool of worker threads and prints a table; saves result.json, summary.md and
/// two charts under Results/runs/ unless --no-save. `--single-pass PHASE` instead runs one phase once,
/// synchronously, for callgrind.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a layout benchmark scenario (default: \(RunCommand.defaultScenario)).",
        discussion: """
            Scenarios are Scenarios/NAME.json (see Scenarios/README.md and `bench list`); metric names and \
            the result schema are in Results/README.md. Timings from a debug build are refused unless \
            --allow-debug is given (the result is then marked). Exit codes: 0 ok, 1 refused or the engine's \
            frames differ from the manual layout's, 2 a bad scenario file or a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    static let defaultScenario = "feed"

    @Option(name: .long, help: "A scenario name (Scenarios/NAME.json) or a path to a scenario file.")
    var scenario: String = RunCommand.defaultScenario

    @Option(name: .long, help: "The engine: nodetree (CellNode with layout cache, the default) or layoutcore (uncached LayoutCore nodes; feed-parity scenarios only).")
    var engine: String = FeedParityEngineKind.nodetree.rawValue

    @Option(name: .long, help: "Thread counts, e.g. 1,2 or 1,cores (default: the scenario's).")
    var threads: String?

    @OptionGroup var repetitionOptions: RepetitionOptions

    @Flag(name: .long, help: "Print the result JSON on stdout instead of the table.")
    var json = false

    @Flag(name: .long, help: "Do not write the result under Results/runs/.")
    var noSave = false

    @Option(name: .long, help: "Directory to create the run directory in (default: Results/runs of the package).")
    var output: String?

    @Flag(name: .long, help: "Allow a debug build to run; its result is marked as not meaningful.")
    var allowDebug = false

    @Option(name: .long, help: "Run one phase (create, fresh, cached, invalidated, manual) once, synchronously, for callgrind.")
    var singlePass: String?

    @Option(name: .long, help: "With --single-pass: the cell width (default: the scenario's first).")
    var width: Double?

    @Flag(name: .long, help: "Also count instructions, cache misses, locks and retain/release per cell under callgrind (feed and feed-parity scenarios; needs valgrind).")
    var instructions = false

    @Option(name: .long, help: "Feed scenarios: direct (the worker pool's phases), pipeline (TableNode and its data controller), or both (the default; the pipeline runs when the scenario has a mainActor object).")
    var mode: String = FeedRunMode.both.rawValue

    var engineKind: FeedParityEngineKind { FeedParityEngineKind(rawValue: engine) ?? .nodetree }

    func validate() throws {
        if FeedParityEngineKind(rawValue: engine) == nil {
            throw ValidationError("--engine must be one of "
                + FeedParityEngineKind.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(engine)\"")
        }
        try repetitionOptions.check()
        if let threads { _ = try Self.parseThreads(threads) }
        try Self.validateMode(mode)
        if let singlePass, LayoutPhase(rawValue: singlePass) == nil {
            throw ValidationError("--single-pass must be one of "
                + LayoutPhase.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(singlePass)\"")
        }
        if instructions && singlePass != nil {
            throw ValidationError("--instructions counts every phase itself; use it without --single-pass")
        }
        if let width, !Scenario.widthRange.contains(width) {
            throw ValidationError("--width must be from \(Int(Scenario.widthRange.lowerBound)) to \(Int(Scenario.widthRange.upperBound))")
        }
    }

    func run() throws {
        let file = try InstructionRun.loadScenarioFile(scenario)
        if case .layout(let loaded) = file, case .feed = loaded.generator {
            if engineKind != .nodetree {
                throw ValidationError("--engine \(engine) runs only feed-parity scenarios; \(loaded.name) uses the feed generator")
            }
            if let width, width < FeedGenerator.minimumWidth {
                throw ValidationError("--width must be at least \(Int(FeedGenerator.minimumWidth)) for the feed's cells")
            }
        }
        if BuildConfiguration.isDebug && !allowDebug {
            ExitStatus.printError("""
                error: refusing to report timings from a debug build: build with `swift run -c release bench …` \
                (or pass --allow-debug, which marks the result as not meaningful)
                """)
            throw ExitCode(1)
        }
        // Churn and transition scenarios: RunCommand+Kinds.swift.
        guard case .layout(var loaded) = file else {
            if instructions {
                throw ValidationError("--instructions counts layout scenarios (feed, feed-parity generators) only")
            }
            return try runKind(file)
        }
        repetitionOptions.apply(to: &loaded)
        if let singlePass, let phase = LayoutPhase(rawValue: singlePass) {
            try runSinglePass(phase, loaded)
            return
        }
        try runScenario(loaded)
    }

    func runScenario(_ scenario: Scenario) throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threadCounts = try Self.threadCounts(threads, cores: cores) ?? scenario.threadCounts(cores: cores)
        let counter = JemallocCounter.make()
        // Taken before the run: its timestamp is when the run started.
        let provenance = Provenance.current(allocator: counter?.allocatorDescription)
        let load = NoiseNotes.oneMinuteLoad()
        let progress = ProgressLine()
        let options = LayoutRunOptions(threadCounts: threadCounts, allocationCounter: counter,
                                       progress: progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil)
        if case .feed = scenario.generator, !feedRunMode.runsDirect {
            return try runPipelineOnly(scenario, threadCounts: threadCounts)
        }
        var measurements: RunMeasurements
        switch (scenario.generator, engineKind) {
        case (.feed, _):
            let engine = NodeTreeFeedEngine(cells: scenario.cells)
            let runner = LayoutRunner(engine: engine, scenario: scenario, options: options)
            measurements = runner.runSpecialized()
            if let settings = scenario.mainActor {
                // Main-actor batches of a simulated scroll (Runner/MainActorBatches.swift); this synchronous
                // command runs on the main thread, which is the main actor's.
                let models = runner.models
                let cores = ProcessInfo.processInfo.activeProcessorCount
                for width in scenario.widths {
                    let (series, counted) = MainActor.assumeIsolated {
                        let show: ((String) -> Void)? = progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil
                        return MainActorBatchRunner(engine: engine, models: models, settings: settings, threads: cores,
                                             warmup: scenario.warmup, repetitions: scenario.repetitions,
                                             allocationCounter: counter).run(width: width, progress: show)
                    }
                    measurements.mainActor += series
                    if let counted {
                        measurements.mainActorCounted.append(counted)
                        if counted.differed {
                            measurements.notes.append("width \(Int(width)): the two counted main-actor scrolls "
                                + "allocated differently; the second is reported")
                        }
                    }
                }
            }
        case (.feedParity, .nodetree):
            measurements = LayoutRunner(engine: NodeTreeFeedParityEngine(), scenario: scenario, options: options)
                .runSpecialized()
        case (.feedParity, .layoutcore):
            measurements = LayoutRunner(engine: LayoutCoreFeedParityEngine(), scenario: scenario, options: options)
                .runSpecialized()
        }
        progress.clear()

        var result = ResultDocument.make(scenario: scenario, measurements: measurements, provenance: provenance,
                                         timingsValid: !BuildConfiguration.isDebug)
        Self.note(load: load, in: &result)
        let pipeline = runsPipeline(scenario) && !instructions ? measurePipeline(scenario, threadCounts: threadCounts) : nil
        if let pipeline { result.metrics += pipeline.metrics }
        if instructions {
            let measurement = try InstructionRun.measure(scenario, path: scenario.file, engine: engineKind)
            InstructionRun.add(measurement, to: &result)
            try emit(result, profile: measurement.profile,
                     trailer: InstructionCounting.table(measurement, scenario: scenario.name))
        } else {
            try emit(result, trailer: pipeline.map(PipelineReport.render))
        }
        if let pipeline { try Self.requireNoMainActorBlocks(pipeline) }
        if measurements.frameChecks.contains(where: { $0.mismatches > 0 }) {
            ExitStatus.printError("error: the engine's frames differ from the manual layout's (see the table)")
            throw ExitCode(1)
        }
    }

    func runSinglePass(_ phase: LayoutPhase, _ scenario: Scenario) throws {
        let outcome: SinglePassOutcome
        do {
            switch (scenario.generator, engineKind) {
            case (.feed, _):
                outcome = try SinglePass.runSpecialized(phase, scenario: scenario,
                                                        engine: NodeTreeFeedEngine(cells: scenario.cells), width: width)
            case (.feedParity, .nodetree):
                outcome = try SinglePass.runSpecialized(phase, scenario: scenario, engine: NodeTreeFeedParityEngine(),
                                                        width: width)
            case (.feedParity, .layoutcore):
                outcome = try SinglePass.runSpecialized(phase, scenario: scenario, engine: LayoutCoreFeedParityEngine(),
                                                        width: width)
            }
        } catch {
            ExitStatus.printError("error: --single-pass \(error)")
            throw ExitCode(1)
        }
        let calls = outcome.measureCalls.map { ", \($0) measure calls" } ?? ""
        print("single pass: \(phase.title) of \(outcome.cells) cells at width \(Int(outcome.width)), "
              + "\(Double(outcome.wallNanoseconds) / 1e6) ms wall (one pass: not a benchmark)\(calls)")
        print("instructions per cell: valgrind --tool=callgrind --toggle-collect=loom_bench_measured_region "
              + "bench run --scenario \(scenario.name) --engine \(engineKind.rawValue) --single-pass \(phase.rawValue); "
              + "Ir ÷ \(outcome.cells) (or: bench instructions --scenario \(scenario.name))")
    }

    /// Adds the noise note of a machine that was busy when the run started (NoiseNotes.swift).
    static func note(load: Double?, in result: inout ResultDocument) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if let note = NoiseNotes.loadNote(oneMinuteLoad: load, cores: cores) { result.notes.append(note) }
    }

    /// "1,2,cores" → [.count(1), .count(2), .cores].
    static func parseThreads(_ text: String) throws -> [ThreadCount] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var counts: [ThreadCount] = []
        for entry in entries {
            if entry == "cores" {
                counts.append(.cores)
            } else if let count = Int(entry), Scenario.threadRange.contains(count) {
                counts.append(.count(count))
            } else {
                throw ValidationError("--threads takes thread counts from 1 to \(Scenario.threadRange.upperBound) "
                    + "or \"cores\", separated by commas; \"\(entry)\" is not one")
            }
        }
        return counts
    }

    /// The distinct thread counts of a --threads value, "cores" resolved; nil without one.
    static func threadCounts(_ threads: String?, cores: Int) throws -> [Int]? {
        try threads.map { try parseThreads($0).map { $0.resolved(cores: cores) } }.map(unique)
    }

    static func unique(_ counts: [Int]) -> [Int] {
        var seen: [Int] = []
        for count in counts where !seen.contains(count) { seen.append(count) }
        return seen
    }
}

/// One progress line on stderr, rewritten in place — only when stderr is a terminal.
final class ProgressLine: @unchecked Sendable {
    let isEnabled = isatty(STDERR_FILENO) == 1

    func show(_ text: String) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    func clear() {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
