// The text `bench stress` prints: the run (ops/s, per-kind counts), the invariants checked and the seed;
// for a replay, the script and the same invariant table.

public enum StressReport {
    /// The lines for a live run.
    public static func lines(for result: StressResult) -> [String] {
        let o = result.options
        var lines = [header(o)]
        let rate = Int(result.operationsPerSecond.rounded())
        var ran = "operations: \(result.steps.count) in \(StressDuration.format(result.elapsed)), \(rate) ops/s"
        if result.stoppedByDuration { ran += " (stopped by --duration)" }
        ran += "; checks \(StressDuration.format(result.checkTime))"
        lines.append(ran)
        lines += countLines(result.counts)
        if o.contention > 0 {
            lines.append("contended: \(result.contendedOperations) operations on the hot nodes, "
                         + "\(result.unorderedTouches) unordered touches (two lanes inside one node at once)")
        }
        for problem in result.contentionProblems.prefix(5) { lines.append("  hot nodes: \(problem)") }
        lines.append("forest: \(result.nodesCreated) nodes created, \(result.skipped) draws skipped "
                     + "(an operand changed hands meanwhile)")
        if let transitions = result.counts[.transition], transitions > 0 {
            // Started vs measured: the rest were superseded, cancelled or refused under a transitioning ancestor.
            lines.append("transitions: \(result.transitionsMeasured) measured and applied, from "
                         + "\(transitions) transition operations (a superseding one starts two)")
        }
        lines += invariantLines(result.invariants)
        for regression in result.regressions {
            let what = regression.invariant.rawValue
            if let path = regression.path {
                let how = regression.reproducedSequentially
                    ? "\(regression.steps) of \(regression.recordedSteps) operations after shrinking"
                        + (regression.shrinkStoppedByTime ? ", cut short by --shrink-seconds; bench stress --shrink goes on" : "")
                    : "all \(regression.recordedSteps) operations; it did not fail when replayed one at a time"
                lines.append("regression script (\(what)): \(path) (\(how))")
                lines.append("  replay: bench stress --replay \(path)")
            } else {
                lines.append("regression script (\(what)): not saved: \(regression.saveError ?? "unknown error")")
            }
        }
        let failed = failedNames(result.invariants) + (result.contentionProblems.isEmpty ? "" : ", hot nodes")
        lines.append(result.passed ? "result: all invariants hold" : "result: FAILED (\(failed))")
        lines.append("seed \(o.seed)")
        return lines
    }

    /// The first line of a live run: what runs, and the seed.
    public static func header(_ o: StressOptions) -> String {
        "bench stress: seed \(o.seed), \(o.threads) worker thread\(o.threads == 1 ? "" : "s") + the main actor, "
            + "\(o.operations) operations, recipe \(o.recipe.rawValue) (\(o.recipe.issues))"
            + (o.duration.map { ", at most \(StressDuration.format($0))" } ?? "")
            + (o.fault.map { ", injected fault \($0.rawValue)" } ?? "")
            + (o.race.map { ", injected race \($0.rawValue)" } ?? "")
    }

    /// The lines for a replay.
    public static func lines(forReplay outcome: StressReplayOutcome, script: StressScript, path: String) -> [String] {
        var lines: [String] = []
        var header = "bench stress --replay \(path): \(outcome.steps) operations, recipe \(script.recipe.rawValue)"
        if let seed = script.seed { header += ", recorded with seed \(seed)" }
        if let threads = script.threads { header += " on \(threads) thread\(threads == 1 ? "" : "s") + the main actor" }
        if let fault = script.fault { header += ", injected fault \(fault.rawValue)" }
        lines.append(header)
        if let origin = script.origin { lines.append("origin: \(origin)") }
        if let issue = script.knownIssue { lines.append("known issue: \(issue)") }
        if script.reproducedSequentially == false {
            lines.append("note: this run's failure did not reproduce one operation at a time when it was saved")
        }
        lines.append("replayed one at a time in sequence order: \(outcome.executed) executed, \(outcome.skipped) "
                     + "skipped, \(StressDuration.format(outcome.elapsed))")
        lines += countLines(outcome.counts)
        lines += invariantLines(outcome.invariants)
        lines.append(outcome.passed ? "result: all invariants hold"
                        : "result: FAILED (\(failedNames(outcome.invariants)))")
        if let seed = script.seed { lines.append("seed \(seed)") }
        return lines
    }

    static func failedNames(_ invariants: [StressInvariantResult]) -> String {
        invariants.filter { !$0.holds }.map(\.invariant.rawValue).joined(separator: ", ")
    }

    /// "  measure 3021  setText 1200 …", five kinds per line, in kind order; kinds never run are left out.
    static func countLines(_ counts: [StressOperationKind: Int]) -> [String] {
        let entries = StressOperationKind.allCases.compactMap { kind in
            counts[kind].map { "\(kind.rawValue) \($0)" }
        }
        var lines: [String] = []
        var index = 0
        while index < entries.count {
            lines.append("  " + entries[index..<min(index + 5, entries.count)].joined(separator: "  "))
            index += 5
        }
        return lines
    }

    static func invariantLines(_ invariants: [StressInvariantResult]) -> [String] {
        let failed = invariants.filter { !$0.holds }.count
        var lines = ["invariants: \(invariants.count) checked, "
                     + (failed == 0 ? "all hold" : "\(failed) failed")]
        let width = invariants.map(\.invariant.rawValue.count).max() ?? 0
        for result in invariants {
            let name = result.invariant.rawValue + String(repeating: " ", count: width - result.invariant.rawValue.count)
            let status = result.holds ? "ok    " : "FAILED"
            var line = "  \(status) \(name)  \(result.checked) checked"
            if !result.holds { line += ", \(result.violationCount) violation\(result.violationCount == 1 ? "" : "s")" }
            line += " — \(result.invariant.summary)"
            lines.append(line)
            for note in result.notes {
                lines.append("         note: \(note)")
            }
            for violation in result.violations.prefix(3) {
                lines.append("         \(violation)")
            }
            if result.violationCount > 3 {
                lines.append("         … and \(result.violationCount - 3) more")
            }
        }
        return lines
    }
}
