// The instruction counts of a layout scenario (`bench instructions`, `bench run --instructions`, and
// `bench check` when its baseline gates them): every phase the scenario and engine measure, at each of the
// scenario's widths, one callgrind run each (CallgrindRun.swift), as metrics for the result, a function
// profile for the gate's "where it moved", and the counter's identity (valgrind's version and the
// simulated cache) for the provenance.

public struct InstructionMeasurement: Sendable {
    public var counts: [(width: Double, counts: PhaseCounts)]
    public var profile: FunctionProfile
    public var counter: InstructionCounter

    /// Every count as the result's metrics, in phase order per width.
    public var metrics: [Metric] { counts.flatMap { $0.counts.metrics(width: $0.width) } }

    /// The metrics as result.json writes them, and what counted them.
    public var metricsJSON: String {
        JSONPrettyPrinter.print(.object(JSONObject([
            .init(key: "instructionCounter", value: .object(JSONObject([
                .init(key: "valgrind", value: .string(counter.valgrind)),
                .init(key: "cache", value: .string(counter.cache)),
            ]))),
            .init(key: "metrics", value: .array(metrics.map { $0.jsonValue() })),
        ])))
    }
}

/// What counted the instructions: valgrind's version and the simulated cache. Counts taken with another
/// of either are not comparable (the gate refuses them, exit 2).
public struct InstructionCounter: Hashable, Sendable {
    public var valgrind: String
    public var cache: String

    public init(valgrind: String, cache: String) {
        self.valgrind = valgrind
        self.cache = cache
    }
}

public enum InstructionCounting {
    /// The phases of `scenario` that `engine` can run in a single pass, in the scenario's order.
    public static func phases(of scenario: Scenario, engineHasCache: Bool) -> [LayoutPhase] {
        scenario.phases.filter { engineHasCache || !$0.needsLayoutCache }
    }

    /// Measures `phases` of the scenario file at `scenarioPath` (already loaded as `scenario`) with the
    /// engine named `engine` ("nodetree", "layoutcore"). `progress` is told each phase before it runs.
    public static func measure(_ scenario: Scenario, scenarioPath: String, engine: String, phases: [LayoutPhase],
                               bench: String = CallgrindRun.currentExecutable(),
                               progress: ((String) -> Void)? = nil) throws(CallgrindRun.Failure) -> InstructionMeasurement {
        guard let version = CallgrindRun.valgrindVersion() else { throw .valgrindMissing }
        var counts: [(width: Double, counts: PhaseCounts)] = []
        var profiles: [FunctionProfile.Phase] = []
        for width in scenario.widths {
            for phase in phases {
                progress?("callgrind: \(phase.rawValue) at width \(JSONText.number(width))")
                let outcome = try CallgrindRun.measure(phase, scenarioPath: scenarioPath, engine: engine, width: width,
                                                       cells: scenario.cells, bench: bench)
                counts.append((width, PhaseCounts(phase: phase, cells: outcome.cells, profile: outcome.profile)))
                profiles.append(FunctionProfile.Phase(phase: phase, width: width, cells: outcome.cells,
                                                      profile: outcome.profile))
            }
        }
        return InstructionMeasurement(counts: counts, profile: FunctionProfile(phases: profiles),
                                      counter: InstructionCounter(valgrind: version, cache: CallgrindRun.cacheDescription))
    }

    /// The counts as a table: one row per phase and width, per cell.
    public static func table(_ measurement: InstructionMeasurement, scenario: String) -> String {
        var table = TextTable(header: ["per cell", "width", "instructions", "system", "L1d misses", "LL misses",
                                       "locks", "retain/release"])
        for (width, counts) in measurement.counts {
            let cells = Double(max(1, counts.cells))
            func perCell(_ value: UInt64) -> String { NumberFormat.fixed(Double(value) / cells, decimals: 2) }
            table.add([counts.phase.rawValue, JSONText.number(width), perCell(counts.instructions),
                       perCell(counts.systemInstructions), perCell(counts.l1DataMisses), perCell(counts.lastLevelMisses),
                       perCell(counts.lockAcquisitions), perCell(counts.retainReleases)])
        }
        return "\(scenario): one single pass per phase under callgrind (valgrind \(measurement.counter.valgrind), "
            + "simulated caches \(measurement.counter.cache)); deterministic: the same binary counts the same.\n"
            + "instructions and cache misses: outside the C library, libm, the dynamic linker and the allocator "
            + "(their instructions: \"system\")\n"
            + table.render()
    }
}
