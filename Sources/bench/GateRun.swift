import ArgumentParser
import BenchHarness
import Foundation

/// Running a scenario for the gate (`bench check` without a result file, `bench baseline update`): the same
/// run as `bench run` (worker pool, jemalloc counter when linked, provenance taken before the run), with the
/// thread counts, repetitions and warm-up given, printing the run's table.
enum GateRun {
    /// The engine kind whose engine results name `name`, e.g. "NodeTree (CellNode subclass …)" → .nodetree.
    static func engineKind(named name: String) -> FeedParityEngineKind? {
        FeedParityEngineKind.allCases.first { engineName($0) == name }
    }

    static func engineName(_ kind: FeedParityEngineKind) -> String {
        switch kind {
        case .nodetree: return NodeTreeFeedParityEngine().name
        case .layoutcore: return LayoutCoreFeedParityEngine().name
        }
    }

    /// The provenance this bench would give a run now (for checking a baseline before running).
    static func currentProvenance() -> Provenance {
        Provenance.current(allocator: JemallocCounter.make()?.allocatorDescription)
    }

    /// Runs `scenario` (repetitions and warm-up already set) at `threadCounts` and prints its table.
    static func run(_ scenario: Scenario, engine: FeedParityEngineKind, threadCounts: [Int]) -> ResultDocument {
        let counter = JemallocCounter.make()
        let provenance = Provenance.current(allocator: counter?.allocatorDescription)
        let progress = ProgressLine()
        let options = LayoutRunOptions(threadCounts: threadCounts, allocationCounter: counter,
                                       progress: progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil)
        let measurements: RunMeasurements
        switch engine {
        case .nodetree:
            measurements = LayoutRunner(engine: NodeTreeFeedParityEngine(), scenario: scenario, options: options)
                .runSpecialized()
        case .layoutcore:
            measurements = LayoutRunner(engine: LayoutCoreFeedParityEngine(), scenario: scenario, options: options)
                .runSpecialized()
        }
        progress.clear()
        let result = ResultDocument.make(scenario: scenario, measurements: measurements, provenance: provenance,
                                         timingsValid: !BuildConfiguration.isDebug)
        print(TableReport.render(result))
        return result
    }

    /// Loads the baseline's scenario file and runs it as the baseline's run did (threads, repetitions,
    /// warm-up, engine), then, with `instructions`, counts its instructions under callgrind. With
    /// `requireSameScenario`, a scenario file whose content hash is not the baseline's is bad input (the
    /// baseline is stale).
    static func runBaselineScenario(_ baseline: Baseline, baselineFile: String, requireSameScenario: Bool,
                                    instructions: Bool) throws -> (result: ResultDocument, profile: FunctionProfile?)
    {
        guard let engine = engineKind(named: baseline.engine) else {
            let known = FeedParityEngineKind.allCases.map { JSONText.quoted(engineName($0)) }.joined(separator: ", ")
            throw ExitStatus.report(.invalid(file: baselineFile, path: "$.engine", reason: .invalidValue(
                "\(JSONText.quoted(baseline.engine)) is not an engine this bench can run (it has \(known))")))
        }
        let path = baseline.scenarioPath()
        var scenario: Scenario
        do {
            scenario = try Scenario.load(path: path)
        } catch {
            throw ExitStatus.report(error)
        }
        if requireSameScenario && scenario.contentHash != baseline.scenario.contentHash {
            throw ExitStatus.report(.invalid(file: path, path: "$", reason: .invalidValue(
                "the scenario changed since \(baselineFile) was recorded (\(scenario.contentHash) now, "
                    + "\(baseline.scenario.contentHash) recorded): re-record the baseline: \(baseline.updateCommand(path: baselineFile))")))
        }
        scenario.repetitions = baseline.scenario.repetitions
        scenario.warmup = baseline.scenario.warmup
        var result = run(scenario, engine: engine, threadCounts: baseline.scenario.threads)
        guard instructions else { return (result, nil) }
        let measurement = try InstructionRun.measure(scenario, path: path, engine: engine)
        print(InstructionCounting.table(measurement, scenario: scenario.name))
        InstructionRun.add(measurement, to: &result)
        return (result, measurement.profile)
    }

    /// Refuses (exit 1) a run from a debug build unless allowed, as `bench run` does.
    static func refuseDebugTimings(allowDebug: Bool, command: String) throws {
        guard BuildConfiguration.isDebug && !allowDebug else { return }
        ExitStatus.printError("""
            error: refusing to record timings from a debug build: build with `swift run -c release bench \(command) …` \
            (or pass --allow-debug, which marks the baseline's timings as not meaningful: its ratios are not gated)
            """)
        throw ExitCode(1)
    }

    static func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
