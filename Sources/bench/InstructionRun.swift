import ArgumentParser
import BenchHarness
import Foundation

/// Measuring a layout scenario's instruction counts from the command line (`bench instructions`,
/// `bench run --instructions`, and the gate when its baseline has them): callgrind runs of this very
/// executable, one per phase and width, turned into metrics and a function profile. Failures (no
/// valgrind, a child that failed) are one `error:` line and exit 2.
enum InstructionRun {
    /// Measures `scenario` (loaded from `path`) with `engine`, showing progress on a terminal.
    static func measure(_ scenario: Scenario, path: String, engine: FeedParityEngineKind) throws -> InstructionMeasurement {
        let progress = ProgressLine()
        defer { progress.clear() }
        let phases = InstructionCounting.phases(of: scenario, engineHasCache: engine == .nodetree)
        do {
            return try InstructionCounting.measure(scenario, scenarioPath: path, engine: engine.rawValue, phases: phases,
                                                   progress: progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil)
        } catch {
            ExitStatus.printError("error: \(error.description)")
            throw ExitStatus.badInput
        }
    }

    /// Adds the counts to `result` (metrics, and what counted them in the provenance).
    static func add(_ measurement: InstructionMeasurement, to result: inout ResultDocument) {
        result.metrics += measurement.metrics
        result.provenance.instructionCounter = measurement.counter
    }

    /// Before a run whose baseline gates instruction counts: valgrind must be there, and be the baseline's.
    static func checkCounter(for baseline: Baseline, baselineFile: String) throws {
        guard baseline.gatesInstructions else { return }
        guard let version = CallgrindRun.valgrindVersion() else {
            ExitStatus.printError("error: \(baselineFile) gates instruction counts and valgrind is not installed: "
                + "run scripts/setup.sh (or apt-get install valgrind)")
            throw ExitStatus.badInput
        }
        let current = InstructionCounter(valgrind: version, cache: CallgrindRun.cacheDescription)
        if let reason = Gate.instructionCounterMismatch(baseline: baseline.provenance.instructionCounter, run: current,
                                                         runNoun: "this machine",
                                                         update: baseline.updateCommand(path: baselineFile)) {
            ExitStatus.printError("error: \(baselineFile): $.provenance.instructionCounter: \(reason)")
            throw ExitStatus.badInput
        }
    }

    /// The function profile saved beside a result: "DIR/profile.json" for a run's "DIR/result.json",
    /// "DIR/NAME.profile.json" for "DIR/NAME.result.json" (the result `bench baseline update` keeps beside
    /// the baseline NAME.json).
    static func profilePath(besideResult result: String) -> String {
        if result.hasSuffix(".result.json") { return String(result.dropLast(".result.json".count)) + ".profile.json" }
        let directory = (result as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "" : directory + "/") + ResultFiles.profileName
    }

    /// The scenario file named `name` (a name under Scenarios/ or a path); bad input is one line, exit 2.
    static func loadScenarioFile(_ name: String) throws -> ScenarioFile {
        do {
            return try ScenarioCatalog.standard().loadFile(name)
        } catch {
            throw ExitStatus.report(error, expecting: .scenario)
        }
    }

    /// Loads the profile at `path` if there is one; a file that exists but cannot be read is bad input.
    static func loadProfile(at path: String) throws -> FunctionProfile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try FunctionProfile.load(path: path)
        } catch {
            throw ExitStatus.report(error)
        }
    }
}

/// `bench instructions`: the deterministic counts of each phase, per cell, under callgrind.
struct InstructionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instructions",
        abstract: "Count instructions, cache misses, locks and retain/release per cell under callgrind.",
        discussion: """
            Runs each phase of a layout scenario once (`bench run --single-pass PHASE`) under valgrind's callgrind, \
            counting only the pass, and prints per cell: instructions outside the C library, libm, the dynamic \
            linker and the allocator; those libraries' instructions ("system"); simulated L1 data and last-level \
            cache misses in the same code (outside those libraries); lock acquisitions; Swift retain/release calls. The counts are deterministic: the same \
            binary counts the same on every run. Needs valgrind (scripts/setup.sh installs it). Metric names and \
            method: Results/README.md, "Instruction counts". Exit codes: 0 ok; 2 a bad scenario file, no \
            valgrind, or a pass that failed under it, and a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    @Option(name: .long, help: "A scenario name (Scenarios/NAME.json) or a path to a scenario file.")
    var scenario: String = "feed-parity"

    @Option(name: .long, help: "The engine: nodetree (the default) or layoutcore (feed-parity scenarios only; no cached or invalidated phase).")
    var engine: String = FeedParityEngineKind.nodetree.rawValue

    @Flag(name: .long, help: "Print the counts as the result's metrics (JSON) instead of the table.")
    var json = false

    func validate() throws {
        if FeedParityEngineKind(rawValue: engine) == nil {
            throw ValidationError("--engine must be one of "
                + FeedParityEngineKind.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(engine)\"")
        }
    }

    func run() throws {
        guard case .layout(let loaded) = try InstructionRun.loadScenarioFile(scenario) else {
            throw ValidationError("bench instructions runs layout scenarios (feed, feed-parity generators); "
                + "\(scenario) is not one")
        }
        let kind = FeedParityEngineKind(rawValue: engine) ?? .nodetree
        if case .feed = loaded.generator, kind != .nodetree {
            throw ValidationError("--engine \(engine) runs only feed-parity scenarios; \(loaded.name) uses the feed generator")
        }
        let measurement = try InstructionRun.measure(loaded, path: loaded.file, engine: kind)
        if json {
            print(measurement.metricsJSON)
        } else {
            print(InstructionCounting.table(measurement, scenario: loaded.name), terminator: "")
        }
    }
}
