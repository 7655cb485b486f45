// The regression gate (`bench check`): first whether a run can be compared with a baseline at all (the
// same scenario text, sizes, threads and engine; the same build configuration, allocator and compiler —
// else a typed error, exit code 2), then every metric of the baseline against the run: counters within
// their tolerance on both sides, ratios inside their band, timings reported, baseline metrics missing from
// the run failed, new ones listed. Rendering is GateReport+Rendering.swift.

/// The verdict on one metric.
public enum GateVerdict: Hashable, Sendable {
    /// Within its tolerance or band.
    case pass
    /// Worse than the tolerance or band allows.
    case regression
    /// Better than the tolerance or band allows: fails until the baseline is re-recorded.
    case unrecordedImprovement
    /// In the baseline, not in the run.
    case missing
    /// The run reports the metric in another unit.
    case unitChanged(String)
    /// Recorded and shown, never gated (an absolute time, or a gate set to "none").
    case reported
    /// A ratio whose timings are not meaningful (a debug build on either side).
    case notGated(String)
    /// In the run, not in the baseline.
    case new

    public var fails: Bool {
        switch self {
        case .regression, .unrecordedImprovement, .missing, .unitChanged: return true
        case .pass, .reported, .notGated, .new: return false
        }
    }

    public var text: String {
        switch self {
        case .pass: return "ok"
        case .regression: return "REGRESSION"
        case .unrecordedImprovement: return "IMPROVED (not recorded)"
        case .missing: return "MISSING"
        case .unitChanged(let unit): return "UNIT CHANGED (now \(unit))"
        case .reported: return "reported"
        case .notGated(let why): return "not gated (\(why))"
        case .new: return "new (not gated)"
        }
    }
}

/// One row of the gate's table.
public struct GateRow: Hashable, Sendable {
    /// Table order: gated counters, gated ratios, reported metrics, new metrics.
    public enum Group: Int, Comparable, Sendable {
        case counter, ratio, reported, new
        public static func < (a: Group, b: Group) -> Bool { a.rawValue < b.rawValue }
    }

    public var key: MetricKey
    public var unit: String
    public var baseline: Double?
    public var now: Double?
    public var lowerIsBetter: Bool
    /// nil for a metric new in the run.
    public var gate: MetricGate?
    public var verdict: GateVerdict

    public var group: Group {
        switch gate {
        case .counter?: return .counter
        case .ratio?: return .ratio
        case .reported?: return .reported
        case nil: return .new
        }
    }
}

/// The outcome of comparing a run with a baseline.
public struct GateReport: Sendable {
    public var baselineFile: String
    /// The result file, or a description of the run `bench check` made.
    public var runName: String
    public var baseline: Baseline
    public var run: ResultDocument
    public var rows: [GateRow]
    /// Differences that do not block the comparison (repetitions, machine, allocator version).
    public var notes: [String]
    /// For each failing instruction metric, where the instructions moved (set by `explainInstructions`).
    public var instructionMoves: [InstructionMoves] = []

    public var failures: [GateRow] { rows.filter { $0.verdict.fails } }
    public var passed: Bool { failures.isEmpty }
}

public enum Gate {
    // MARK: Can the two be compared?

    /// Throws (exit code 2) when `result` is not a run of the baseline's scenario with its sizes, threads
    /// and engine, or comes from another build configuration, allocator or compiler.
    public static func checkComparable(_ baseline: Baseline, baselineFile: String, result: ResultDocument,
                                       resultFile: String) throws(LayoutDocumentError) {
        let b = baseline.scenario, r = result.scenario
        func fail(_ path: String, _ reason: String) -> LayoutDocumentError {
            .invalid(file: resultFile, path: path, reason: .invalidValue(reason))
        }
        if r.contentHash != b.contentHash {
            throw fail("$.scenario.contentHash", "the run's scenario \(JSONText.quoted(r.name)) (\(r.contentHash)) is not "
                + "the one \(baselineFile) records (\(JSONText.quoted(b.name)), \(b.contentHash)): another scenario ran or "
                + "its file changed since the baseline was recorded; re-record it: \(baseline.updateCommand(path: baselineFile))")
        }
        if r.seed != b.seed { throw fail("$.scenario.seed", "\(r.seed), but the baseline's run had seed \(b.seed)") }
        if r.cells != b.cells { throw fail("$.scenario.cells", "\(r.cells), but the baseline's run had \(b.cells) cells") }
        if r.widths != b.widths {
            throw fail("$.scenario.widths", "\(numbers(r.widths)), but the baseline's run had widths \(numbers(b.widths))")
        }
        if r.threads != b.threads {
            throw fail("$.scenario.threads", "\(numbers(r.threads.map(Double.init))), but the baseline's run had threads "
                + "\(numbers(b.threads.map(Double.init))) (run with --threads "
                + b.threads.map(String.init).joined(separator: ",") + ", or let bench check run it)")
        }
        if result.engine != baseline.engine {
            throw fail("$.engine", "\(JSONText.quoted(result.engine)), but the baseline measured "
                + JSONText.quoted(baseline.engine))
        }
        if let mismatch = environmentMismatch(baseline: baseline.provenance, run: result.provenance, runNoun: "the run") {
            throw fail("$.provenance." + mismatch.field, mismatch.reason)
        }
        if baseline.gatesInstructions {
            guard result.metrics.contains(where: { PhaseCounts.isCallgrindMetric($0.name) }) else {
                throw fail("$.metrics", "the baseline gates instruction counts (layout.PHASE.instructionsPerCell, …) and "
                    + "the run has none: measure them with `bench run --instructions`, or let bench check run the scenario")
            }
            if let reason = instructionCounterMismatch(baseline: baseline.provenance.instructionCounter,
                                                       run: result.provenance.instructionCounter, runNoun: "the run",
                                                       update: baseline.updateCommand(path: baselineFile)) {
                throw fail("$.provenance.instructionCounter", reason)
            }
        }
    }

    /// Why instruction counts taken with `run` cannot be compared with a baseline's taken with `baseline`,
    /// or nil: another valgrind version or another simulated cache counts differently.
    public static func instructionCounterMismatch(baseline: InstructionCounter?, run: InstructionCounter?, runNoun: String,
                                                  update: String) -> String? {
        guard let baseline else { return nil }
        guard let run else { return "\(runNoun) does not say what counted its instructions: not comparable" }
        if run.valgrind != baseline.valgrind {
            return "not comparable: the baseline's instruction counts were taken with valgrind \(baseline.valgrind), "
                + "\(runNoun)'s with valgrind \(run.valgrind) (counts change with valgrind's version); re-record: \(update)"
        }
        if run.cache != baseline.cache {
            return "not comparable: the baseline simulated the caches \(baseline.cache), \(runNoun) \(run.cache); "
                + "re-record: \(update)"
        }
        return nil
    }

    /// Why a run with provenance `run` cannot be compared with a baseline recorded with `baseline`: the
    /// provenance field and the reason, or nil. Deterministic counters depend on the build configuration,
    /// the allocator (no jemalloc, no allocation counts) and the compiler (swift-nio keeps allocation limits
    /// per Swift version for the same reason); ratios on the build configuration.
    public static func environmentMismatch(baseline: Provenance, run: Provenance, runNoun: String)
        -> (field: String, reason: String)?
    {
        if run.buildConfiguration != baseline.buildConfiguration {
            let hint = run.buildConfiguration == "debug" ? " (build with `swift run -c release bench …`)" : ""
            return ("buildConfiguration", "the baseline was recorded by a \(baseline.buildConfiguration) build, "
                + "\(runNoun) is a \(run.buildConfiguration) build: counters and ratios compare only within one "
                + "build configuration\(hint)")
        }
        if run.jemalloc != baseline.jemalloc {
            let reason = baseline.jemalloc
                ? "the baseline was recorded with jemalloc, \(runNoun) has no jemalloc (a sanitizer or "
                    + "--disable-default-traits build): allocation counts compare only under the same allocator"
                : "the baseline was recorded without jemalloc, \(runNoun) counts allocations with it: "
                    + "re-record the baseline with the same build"
            return ("jemalloc", reason)
        }
        if run.swiftCompiler != baseline.swiftCompiler {
            return ("swiftCompiler", "the baseline was recorded with Swift \(baseline.swiftCompiler), \(runNoun) was "
                + "built with Swift \(run.swiftCompiler): allocation counts change with the compiler and runtime; "
                + "re-record the baseline with this toolchain")
        }
        return nil
    }

    // MARK: Comparing

    /// Every baseline metric against the run, then the run's metrics the baseline does not have.
    public static func compare(_ baseline: Baseline, baselineFile: String, run: ResultDocument, runName: String)
        -> GateReport
    {
        var byKey: [MetricKey: Metric] = [:]
        for metric in run.metrics where byKey[MetricKey(metric)] == nil { byKey[MetricKey(metric)] = metric }
        let timingsValid = baseline.timingsValid && run.timingsValid
        var rows: [GateRow] = []
        var seen = Set<MetricKey>()
        for recorded in baseline.metrics {
            seen.insert(recorded.key)
            let now = byKey[recorded.key]
            var row = GateRow(key: recorded.key, unit: recorded.unit, baseline: recorded.value, now: now?.value,
                              lowerIsBetter: recorded.lowerIsBetter, gate: recorded.gate, verdict: .pass)
            if let now {
                row.verdict = now.unit != recorded.unit ? .unitChanged(now.unit)
                    : verdict(recorded, now: now.value, timingsValid: timingsValid)
            } else {
                row.verdict = .missing
            }
            rows.append(row)
        }
        for metric in run.metrics where !seen.contains(MetricKey(metric)) {
            seen.insert(MetricKey(metric))
            rows.append(GateRow(key: MetricKey(metric), unit: metric.unit, baseline: nil, now: metric.value,
                                lowerIsBetter: metric.lowerIsBetter, gate: nil, verdict: .new))
        }
        // Stable: within a group, the baseline's (the run's) order.
        let ordered = rows.enumerated().sorted { ($0.element.group, $0.offset) < ($1.element.group, $1.offset) }
            .map(\.element)
        return GateReport(baselineFile: baselineFile, runName: runName, baseline: baseline, run: run, rows: ordered,
                          notes: notes(baseline, run: run))
    }

    /// The verdict on one recorded metric given the run's value.
    public static func verdict(_ recorded: BaselineMetric, now: Double, timingsValid: Bool) -> GateVerdict {
        switch recorded.gate {
        case .reported:
            return .reported
        case .counter(let tolerance):
            let difference = now - recorded.value
            // A hair of slack for the decimal round trip of per-cell averages (e.g. 2978 / 100).
            let allowed = tolerance.allowedDeviation(from: recorded.value) + 1e-9 * max(1, abs(recorded.value))
            if abs(difference) <= allowed { return .pass }
            return (difference > 0) == recorded.lowerIsBetter ? .regression : .unrecordedImprovement
        case .ratio(let band):
            guard timingsValid else { return .notGated("debug timings") }
            let (low, high) = band.bounds(around: recorded.value)
            if let low, now < low { return recorded.lowerIsBetter ? .unrecordedImprovement : .regression }
            if let high, now > high { return recorded.lowerIsBetter ? .regression : .unrecordedImprovement }
            return .pass
        }
    }

    static func notes(_ baseline: Baseline, run: ResultDocument) -> [String] {
        var notes: [String] = []
        let b = baseline.provenance, r = run.provenance
        if baseline.scenario.repetitions != run.scenario.repetitions || baseline.scenario.warmup != run.scenario.warmup {
            notes.append("the baseline's run had \(baseline.scenario.repetitions) repetitions after \(baseline.scenario.warmup) "
                + "warm-up, this one \(run.scenario.repetitions) after \(run.scenario.warmup) (counters do not depend on it)")
        }
        if b.allocator != r.allocator {
            notes.append("allocator differs: \(b.allocator ?? "none") in the baseline, \(r.allocator ?? "none") now")
        }
        if b.machine.cpuModel != r.machine.cpuModel || b.machine.cores != r.machine.cores {
            notes.append("another machine: \(b.machine.cores) cores (\(b.machine.cpuModel ?? "CPU unknown")) in the "
                + "baseline, \(r.machine.cores) (\(r.machine.cpuModel ?? "CPU unknown")) now — absolute times are not comparable")
        }
        if baseline.gatesInstructions, let before = b.machine.cpuSignature, let now = r.machine.cpuSignature, before != now {
            notes.append("another CPU (\(before) in the baseline, \(now) now): the system libraries' instructions may "
                + "differ (reported, not gated); the gated counts do not depend on it")
        }
        if !baseline.timingsValid || !run.timingsValid {
            notes.append("timings of a debug build: ratios are not gated")
        }
        return notes
    }

    static func numbers(_ values: [Double]) -> String {
        "[" + values.map(JSONText.number).joined(separator: ", ") + "]"
    }
}
