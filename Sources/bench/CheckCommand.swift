import ArgumentParser
import BenchHarness
import Foundation

/// `bench check --baseline FILE [RESULT.json]`: the regression gate. Compares a run with a committed
/// baseline — without a result file it first runs the baseline's own scenario as the baseline's run did —
/// prints a table of every metric and exits 0 (holds), 1 (a regression, an unrecorded improvement or a
/// missing metric) or 2 (bad input, or a run that cannot be compared with the baseline).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a run against a baseline (the regression gate).",
        discussion: """
            Deterministic counters (allocations, bytes, measure calls, cache hits and misses per cell, nodes, frame \
            mismatches) must be within the tolerance the baseline stores, on both sides: a regression fails, and so \
            does an improvement beyond the tolerance until it is recorded with `bench baseline update`. When the \
            baseline has instruction counts (layout.PHASE.instructionsPerCell, cache misses, locks, retain/release \
            per cell; deterministic, from callgrind), the run measures them too — valgrind must be installed and be \
            the baseline's version — and a failing instruction metric lists the five functions whose instructions \
            moved most (from the baseline's NAME.profile.json and the run's). Ratios of \
            timings taken in the same run (engine ÷ manual, N threads ÷ 1) must be inside their band; absolute times \
            are reported, never gated. Without RESULT.json the baseline's scenario runs first (same file, seed, \
            sizes, threads, repetitions, engine; saved under Results/runs/ unless --no-save). See Results/README.md. \
            Exit codes: 0 the gate holds; 1 it fails; 2 bad input — an unreadable or invalid baseline or result \
            (one line: file, JSON path, reason), or a run that cannot be compared: another scenario text, sizes, \
            threads or engine, or another build configuration, allocator (jemalloc or not), compiler or valgrind \
            than the baseline's — or an output file that cannot be written, and a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    @Option(name: .long, help: "The baseline (e.g. Results/baselines/ci.json).")
    var baseline: String

    @Argument(help: "A result.json to check; none runs the baseline's scenario first.")
    var result: String?

    @Option(name: .long, help: "Also write the gate's table as Markdown to this file (e.g. a CI job summary).")
    var markdown: String?

    @Flag(name: .long, help: "Do not save the run under Results/runs/ (only without RESULT.json).")
    var noSave = false

    @Option(name: .long, help: "Directory to save the run in (default: Results/runs of the package).")
    var output: String?

    func validate() throws {
        if result != nil && (noSave || output != nil) {
            throw ValidationError("--no-save and --output apply only when bench check runs the scenario (no RESULT.json)")
        }
    }

    func run() throws {
        let recorded: Baseline
        do {
            recorded = try Baseline.load(path: baseline)
        } catch {
            throw ExitStatus.report(error, expecting: .baseline)
        }
        let document: ResultDocument
        let runName: String
        let runProfile: FunctionProfile?
        if let result {
            do {
                document = try ResultDocument.load(path: result)
            } catch {
                throw ExitStatus.report(error, expecting: .result)
            }
            runName = result
            runProfile = try InstructionRun.loadProfile(at: InstructionRun.profilePath(besideResult: result))
        } else {
            // Before spending a run: can this bench's runs be compared with the baseline at all?
            if let mismatch = Gate.environmentMismatch(baseline: recorded.provenance, run: GateRun.currentProvenance(),
                                                       runNoun: "this bench") {
                throw ExitStatus.report(.invalid(file: baseline, path: "$.provenance." + mismatch.field,
                                                 reason: .invalidValue(mismatch.reason)))
            }
            try InstructionRun.checkCounter(for: recorded, baselineFile: baseline)
            (document, runProfile) = try GateRun.runBaselineScenario(recorded, baselineFile: baseline,
                                                                     requireSameScenario: true,
                                                                     instructions: recorded.gatesInstructions)
            runName = "this run"
            if !noSave {
                do {
                    let path = try ResultFiles.save(document, under: output ?? ResultFiles.defaultRunsDirectory,
                                                    profile: runProfile)
                    print("saved \(path) (+ summary.md, charts)\n")
                } catch {
                    ExitStatus.printError("error: could not save the run: \(error)")
                    throw ExitStatus.badInput
                }
            }
        }
        do {
            try Gate.checkComparable(recorded, baselineFile: baseline, result: document, resultFile: result ?? "this run")
        } catch {
            throw ExitStatus.report(error)
        }
        var report = Gate.compare(recorded, baselineFile: baseline, run: document, runName: runName)
        if recorded.gatesInstructions {
            let baselineProfilePath = recorded.profile.map { besideBaseline($0) }
            let baselineProfile = try baselineProfilePath.flatMap { try InstructionRun.loadProfile(at: $0) }
            let missing = baselineProfile == nil
                ? "the baseline has no function profile (\(baselineProfilePath ?? "none recorded"))"
                : "the run has no function profile (profile.json beside the result)"
            report.explainInstructions(baselineProfile: baselineProfile, runProfile: runProfile, missingReason: missing)
        }
        print(report.renderText(), terminator: "")
        if let markdown {
            do {
                try GateRun.write(report.renderMarkdown(), to: markdown)
            } catch {
                ExitStatus.printError("error: could not write \(markdown): \(error)")
                throw ExitStatus.badInput
            }
        }
        if !report.passed { throw ExitCode(1) }
    }

    /// A file the baseline names, relative to the baseline's directory.
    func besideBaseline(_ name: String) -> String {
        if name.hasPrefix("/") { return name }
        let directory = (baseline as NSString).deletingLastPathComponent
        return directory.isEmpty ? name : directory + "/" + name
    }
}
