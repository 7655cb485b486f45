import ArgumentParser
import BenchHarness
import Foundation

// `bench run --mode`: a feed scenario runs its direct phases (today's worker pool laying out cells — the
// figures earlier results compare with), the pipeline (a TableNode and its data controller, range
// controller and batch fetching; BenchHarness/Pipeline), or both (the default). With `both` the pipeline
// runs when the scenario has a "mainActor" object, whose scroll settings it takes (feed.json has one);
// small feeds without one stay as quick as they were. Other generators ignore the option.

enum FeedRunMode: String, CaseIterable {
    case direct, pipeline, both

    var runsDirect: Bool { self != .pipeline }
}

extension RunCommand {
    var feedRunMode: FeedRunMode { FeedRunMode(rawValue: mode) ?? .both }

    /// After the direct phases: the pipeline too (a feed scenario; `both` needs its "mainActor" object).
    func runsPipeline(_ scenario: Scenario) -> Bool {
        guard case .feed = scenario.generator else { return false }
        switch feedRunMode {
        case .direct: return false
        case .pipeline: return true
        case .both: return scenario.mainActor != nil
        }
    }

    static func validateMode(_ mode: String) throws {
        if FeedRunMode(rawValue: mode) == nil {
            throw ValidationError("--mode must be one of "
                + FeedRunMode.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(mode)\"")
        }
    }

    /// The pipeline's measurements for a feed scenario (main thread: the main actor's).
    func measurePipeline(_ scenario: Scenario, threadCounts: [Int]) -> PipelineMeasurements {
        let progress = ProgressLine()
        let settings = PipelineSettings(scenario: scenario, threadCounts: threadCounts)
        let measured = MainActor.assumeIsolated {
            let show: ((String) -> Void)? = progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil
            return PipelineRunner(settings: settings, scenario: scenario, progress: show).run()
        }
        progress.clear()
        return measured
    }

    /// `--mode pipeline`: the pipeline alone, as a result with the pipeline's metrics only.
    func runPipelineOnly(_ scenario: Scenario, threadCounts: [Int]) throws {
        let counter = JemallocCounter.make()
        let provenance = Provenance.current(allocator: counter?.allocatorDescription)
        let load = NoiseNotes.oneMinuteLoad()
        let pipeline = measurePipeline(scenario, threadCounts: threadCounts)
        let measurements = RunMeasurements(engineName: "NodeTree TableNode pipeline", cells: scenario.cells,
                                           nodesPerCell: 0, widths: scenario.widths, threadCounts: threadCounts,
                                           warmup: scenario.warmup, repetitions: scenario.repetitions)
        var result = ResultDocument.make(scenario: scenario, measurements: measurements, provenance: provenance,
                                         timingsValid: !BuildConfiguration.isDebug)
        result.metrics += pipeline.metrics
        Self.note(load: load, in: &result)
        if json {
            try emit(result)
        } else {
            print(Self.pipelineOnlyTable(result, pipeline), terminator: "")
            try saveWithoutTable(result)
        }
        try Self.requireNoMainActorBlocks(pipeline)
    }

    /// `emit`'s saving, without its table.
    private func saveWithoutTable(_ result: ResultDocument) throws {
        guard !noSave else { return }
        do {
            let path = try ResultFiles.save(result, under: output ?? ResultFiles.defaultRunsDirectory, profile: nil)
            print("\nsaved \(path) (+ summary.md, charts)")
        } catch {
            ExitStatus.printError("error: could not save the result: \(error)")
            throw ExitCode(1)
        }
    }

    /// The layout table's header (scenario, engine, build) and notes, then the pipeline's table: the
    /// layout table's phase and counter sections would be empty.
    static func pipelineOnlyTable(_ result: ResultDocument, _ pipeline: PipelineMeasurements) -> String {
        let lines = TableReport.render(result).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix { !$0.isEmpty }.filter { !$0.hasPrefix("medians of") }
        let notes = lines.filter { $0.hasPrefix("note:") || $0.hasPrefix("DEBUG BUILD") }
        return (header + [""] + notes).joined(separator: "\n") + "\n\n" + PipelineReport.render(pipeline)
    }

    /// A node block on the main actor breaks the pipeline's contract: the run fails.
    static func requireNoMainActorBlocks(_ pipeline: PipelineMeasurements) throws {
        guard pipeline.blocksOnMainActor > 0 else { return }
        ExitStatus.printError("error: \(pipeline.blocksOnMainActor) node blocks ran on the main actor")
        throw ExitCode(1)
    }
}
