import ArgumentParser
import BenchHarness
import Foundation

// `bench run` for churn and transition scenarios: the same flow as a layout run (debug refusal, table or
// --json on stdout, a run directory unless --no-save), with that kind's runner. Options that only make sense
// for layout passes (--threads, --engine, --single-pass, --width) are refused rather than ignored.

extension RunCommand {
    func runKind(_ file: ScenarioFile) throws {
        // Trees run through the layout runner, so --threads applies to them (RunCommand+Tree.swift).
        if case .tree(let scenario) = file { return try runTree(scenario) }
        var layoutOnly: [String] = []
        if threads != nil { layoutOnly.append("--threads") }
        if engineKind != .nodetree { layoutOnly.append("--engine") }
        if singlePass != nil { layoutOnly.append("--single-pass") }
        if width != nil { layoutOnly.append("--width") }
        if !layoutOnly.isEmpty {
            throw ValidationError(layoutOnly.joined(separator: ", ") + " only appl" + (layoutOnly.count == 1 ? "ies" : "y")
                + " to layout scenarios; \(file.name) is a \(file.kind.rawValue) scenario")
        }

        let counter = JemallocCounter.make()
        let provenance = Provenance.current(allocator: counter?.allocatorDescription)
        let load = NoiseNotes.oneMinuteLoad()
        let progress = ProgressLine()
        let show: ((String) -> Void)? = progress.isEnabled ? { progress.show(file.name + ": " + $0) } : nil
        let timingsValid = !BuildConfiguration.isDebug
        var result: ResultDocument
        var rebuildFailures = 0
        var contentSizeMismatches = 0
        switch file {
        case .churn(var scenario):
            repetitionOptions.apply(to: &scenario)
            let measurements = ChurnRunner(scenario: scenario,
                                           options: ChurnRunOptions(allocationCounter: counter, progress: show)).run()
            rebuildFailures = measurements.cases.map(\.totalMismatches).reduce(0, +)
            result = .make(churn: scenario, measurements: measurements, provenance: provenance,
                           timingsValid: timingsValid)
        case .transition(var scenario):
            repetitionOptions.apply(to: &scenario)
            let options = TransitionRunOptions(allocationCounter: counter, progress: show)
            let measurements = MainActor.assumeIsolated { [scenario] in
                TransitionRunner(scenario: scenario, options: options).run()
            }
            result = .make(transition: scenario, measurements: measurements, provenance: provenance,
                           timingsValid: timingsValid)
        case .scroll(var scenario):
            repetitionOptions.apply(to: &scenario)
            let options = ScrollRunOptions(allocationCounter: counter, progress: show)
            let measurements = MainActor.assumeIsolated { [scenario] in
                ScrollRunner(scenario: scenario, options: options).run()
            }
            contentSizeMismatches = measurements.contentSizeMismatches
            result = .make(scroll: scenario, measurements: measurements, provenance: provenance,
                           timingsValid: timingsValid)
        case .layout, .tree:
            preconditionFailure("layout and tree scenarios run through runScenario and runTree")
        }
        progress.clear()
        Self.note(load: load, in: &result)
        try emit(result)
        if rebuildFailures > 0 {
            ExitStatus.printError("error: \(rebuildFailures) diff output(s) did not rebuild their target list (see the table)")
            throw ExitCode(1)
        }
        if contentSizeMismatches > 0 {
            ExitStatus.printError("error: the scroll view's contentSize differed from the applied layout's after "
                + "\(contentSizeMismatches) step(s) (see the table)")
            throw ExitCode(1)
        }
    }

    /// The table (or --json) on stdout, and the run directory unless --no-save.
    /// Prints the result (and `trailer` under the table) and saves it with its function profile, if any.
    func emit(_ result: ResultDocument, profile: FunctionProfile? = nil, trailer: String? = nil) throws {
        if json {
            print(result.json(), terminator: "")
        } else {
            print(TableReport.render(result), terminator: "")
            if let trailer { print("\n" + trailer, terminator: "") }
        }
        guard !noSave else { return }
        do {
            let path = try ResultFiles.save(result, under: output ?? ResultFiles.defaultRunsDirectory, profile: profile)
            let renderings = switch result.scenario.kind {
            case .layout: "summary.md, charts, report.html"
            case .churn: "summary.md, chart, report.html"
            default: "summary.md, report.html"
            }
            if json { ExitStatus.printError("saved \(path)") } else { print("\nsaved \(path) (+ \(renderings))") }
        } catch {
            ExitStatus.printError("error: could not save the result: \(error)")
            throw ExitCode(1)
        }
    }
}
