import ArgumentParser
import BenchHarness
import Foundation

// `bench run` for tree scenarios (deep, wide): the layout runner with the tree engine, on a thread whose
// stack holds the deep tree's recursion (BigStackThread; the workers get the same size), then the layout
// table, charts and result as for a feed. The result is a layout result whose generator is the shape.
// --engine, --single-pass and --width are refused; --threads, --repetitions and --warmup apply.

extension RunCommand {
    func runTree(_ loaded: TreeScenario) throws {
        var refused: [String] = []
        if engineKind != .nodetree { refused.append("--engine") }
        if singlePass != nil { refused.append("--single-pass") }
        if width != nil { refused.append("--width") }
        if !refused.isEmpty {
            throw ValidationError(refused.joined(separator: ", ") + " do" + (refused.count == 1 ? "es" : "")
                + " not apply to tree scenarios; \(loaded.name) is a tree scenario")
        }
        var scenario = loaded
        repetitionOptions.apply(to: &scenario)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let runner = scenario.runnerScenario
        let threadCounts = try Self.threadCounts(threads, cores: cores) ?? runner.threadCounts(cores: cores)
        let counter = JemallocCounter.make()
        let provenance = Provenance.current(allocator: counter?.allocatorDescription)
        let load = NoiseNotes.oneMinuteLoad()
        let progress = ProgressLine()
        let options = LayoutRunOptions(threadCounts: threadCounts, allocationCounter: counter,
                                       progress: progress.isEnabled ? { progress.show(scenario.name + ": " + $0) } : nil,
                                       stackSize: scenario.stackSize)
        let engine = NodeTreeTreeEngine(scenario: scenario)
        let measurements: RunMeasurements
        do {
            measurements = try BigStackThread.run(stackSize: scenario.stackSize) {
                LayoutRunner(engine: engine, scenario: runner, options: options).runSpecialized()
            }
        } catch {
            progress.clear()
            // The stack grows with the deep tree's levels: fewer levels is what makes it fit.
            let field = scenario.shape == .deep ? "$.nodes: a deep tree of \(scenario.nodes) levels: " : ""
            ExitStatus.printError("error: \(scenario.file): \(field)\(error.description)")
            throw ExitStatus.badInput
        }
        progress.clear()
        var result = ResultDocument.make(scenario: runner, measurements: measurements, provenance: provenance,
                                         timingsValid: !BuildConfiguration.isDebug)
        result.scenario.generator = scenario.shape.rawValue
        result.notes.append(treeNote(scenario))
        Self.note(load: load, in: &result)
        try emit(result)
        if measurements.frameChecks.contains(where: { $0.mismatches > 0 }) {
            ExitStatus.printError("error: the tree's frames differ from the hand-computed ones (see the table)")
            throw ExitCode(1)
        }
    }

    func treeNote(_ scenario: TreeScenario) -> String {
        let stack = "\(scenario.stackSize >> 20) MiB thread stacks"
        switch scenario.shape {
        case .deep:
            return "a cell is one tree of \(scenario.nodes + 1) nodes (\(scenario.nodes) nested inset + vertical stack "
                + "levels, a 44-point leaf); frames checked: the leaf's frame in the root against (0, 0.5 × levels, "
                + "width, 44); invalidated = setNeedsLayout on every node; \(stack)"
        case .wide:
            return "a cell is one tree of \(scenario.nodes + 1) nodes (a vertical stack of \(scenario.nodes) leaves, every "
                + "fifth flexGrow 1 or 2, the rest 8–39 points tall, laid out at exactly the height that gives each grow "
                + "unit 4 points); frames checked: every child against Texture's grow rule by hand; invalidated = "
                + "setNeedsLayout on every node; \(stack)"
        }
    }
}
