import NodeTree

// What `bench stress` is asked to do (issue #7): how many worker threads drive random operations at the
// shared forest next to the main actor, how many operations in all, from which seed, for how long at most,
// with which recipe (the mix of operations and the forest's shape) — and the knobs around a failure:
// where a failing run's script is saved and how long shrinking it may take.
//
// Bad values are input errors (`StressInputError`), never traps: `bench` prints one line and exits 2.

/// The parameters of one stress run.
public struct StressOptions: Sendable, Equatable {
    /// Worker threads (plain OS threads), besides the main actor's lane.
    public var threads = 8
    /// Operations in all, over every lane (workers and the main actor).
    public var operations = 100_000
    /// Seeds every lane's random generator (lane i draws from a stream derived from the seed and i).
    public var seed: UInt64 = 1
    /// Stop early once this many seconds have passed (the operation count still bounds the run).
    public var duration: Double?
    public var recipe: StressRecipe = .mixed
    /// A deliberate bug in how the runner drives the tree, to prove the checks and the shrinker work.
    public var fault: StressFault?
    /// Directory for the script of a failing run (nil: do not save).
    public var regressionDirectory: String?
    /// Time shrinking a failing script may take before the smallest failing script so far is saved.
    public var shrinkSeconds: Double = 60
    /// The share of each lane's draws that are contended operations on the hot nodes
    /// (StressContention.swift), on top of the recorded operations; 0 turns them off.
    public var contention: Double = 0.25
    /// A deliberate race inside NodeTree (builds with LOOM_RACE_FAULTS only; RaceFaults.swift).
    public var race: RaceFault?
    /// Seeded delays at the tree's lock releases (builds with LOOM_RACE_FAULTS only).
    public var perturbSchedule = true

    public init(threads: Int = 8, operations: Int = 100_000, seed: UInt64 = 1, duration: Double? = nil,
                recipe: StressRecipe = .mixed, fault: StressFault? = nil, regressionDirectory: String? = nil,
                shrinkSeconds: Double = 60) {
        self.threads = threads
        self.operations = operations
        self.seed = seed
        self.duration = duration
        self.recipe = recipe
        self.fault = fault
        self.regressionDirectory = regressionDirectory
        self.shrinkSeconds = shrinkSeconds
    }

    /// The largest thread count accepted (the machine has 2 cores; more than this only measures the
    /// scheduler).
    public static let maximumThreads = 64

    /// The largest operation count accepted: every operation is recorded (the script a failing run saves
    /// holds them all), so the recording grows with the count; ten million is ten times the largest run the
    /// docs use (a million under the thread sanitizer) and keeps the recording in the low gigabytes.
    public static let maximumOperations = 10_000_000

    /// Checks the ranges `bench` cannot express in types.
    public func validate() throws(StressInputError) {
        guard (1...Self.maximumThreads).contains(threads) else {
            throw .badOption("--threads", "\(threads)", "must be between 1 and \(Self.maximumThreads)")
        }
        guard (1...Self.maximumOperations).contains(operations) else {
            throw .badOption("--ops", "\(operations)", "must be between 1 and \(Self.maximumOperations)")
        }
        if let duration, !(duration > 0 && duration.isFinite) {
            throw .badOption("--duration", "\(duration)", "must be a positive time such as 30s, 2m or 500ms")
        }
        guard (0...1).contains(contention) else {
            throw .badOption("--contention", "\(contention)", "must be a share between 0 and 1")
        }
        guard shrinkSeconds >= 0, shrinkSeconds.isFinite else {
            throw .badOption("--shrink-seconds", "\(shrinkSeconds)", "must be a number of seconds ≥ 0")
        }
    }
}

/// A deliberate mistake in how the stress runner drives the node tree. Each one breaks one invariant on
/// purpose; tests (and `--inject-fault`) use them to show that the check catches it, that the failing run
/// becomes a script, and that the shrinker makes the script small. Never part of a normal run.
public enum StressFault: String, CaseIterable, Codable, Sendable {
    /// Content changes invalidate the changed node only, not its supernodes (the app-side mistake behind
    /// Texture's stale-layout reports): ancestors keep serving layouts measured with the old content.
    /// Breaks `layout-cache`.
    case staleAncestors = "stale-ancestors"
    /// Keeps one created node alive after the forest is dropped. Breaks `released`.
    case leakNode = "leak-node"
    /// Skips the final flush of pending view state at quiescence. Breaks `pending-state` whenever a loaded
    /// node got a property write off the main actor.
    case skipFinalFlush = "skip-final-flush"
    /// At quiescence, after the final layout pass, removes one subnode of an ASM node by hand, behind ASM's
    /// back (StressInvariants+ASM.swift). Breaks `asm-subnodes` whenever an ASM node had a subnode (and
    /// `layout-settled` when that node is loaded: the edit marks it for layout after the last pass).
    case asmEditBehindBack = "asm-edit-behind-back"
    /// Table batches change the model but leave their first delete out of the batch they record (the app
    /// mistake behind Texture's "invalid number of rows"): the table refuses the batch and keeps its old
    /// rows. Breaks `table-rows` whenever a batch deletes.
    case tableUnrecordedDelete = "table-unrecorded-delete"

    public var summary: String {
        switch self {
        case .staleAncestors: "content changes do not invalidate the supernodes (breaks layout-cache)"
        case .leakNode: "one node is kept alive after the forest is dropped (breaks released)"
        case .skipFinalFlush: "no final flush of pending view state (breaks pending-state)"
        case .asmEditBehindBack: "one ASM subnode removed by hand at quiescence (breaks asm-subnodes)"
        case .tableUnrecordedDelete: "table batches leave a model delete unrecorded (breaks table-rows)"
        }
    }
}

/// Bad input to `bench stress`: a flag value out of range, an unknown recipe, a replay file that cannot
/// be read or is not a valid script. `description` is the one line `bench` prints after "error: ".
public enum StressInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flag with a value that is not acceptable: flag, the value as given, why.
    case badOption(String, String, String)
    /// A flag or argument `bench stress` does not take.
    case unknownArgument(String)
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not a valid stress script; `path` is the JSON path of the offending value.
    case invalidScript(file: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .badOption(let flag, let value, let reason):
            return "\(flag) \(value): \(reason)"
        case .unknownArgument(let argument):
            return "unknown option or argument \(argument) (see bench stress --help)"
        case .unreadable(let file, let reason):
            return "\(file): cannot read the file: \(reason)"
        case .invalidScript(let file, let path, let reason):
            return "\(file): \(path): \(reason)"
        }
    }
}

/// Durations on the command line: "30s", "2m", "500ms", "1h" or a plain number of seconds.
public enum StressDuration {
    public static func parse(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(text)
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = text.dropLast(suffix.count)
            scale = factor
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value > 0, value.isFinite else { return nil }
        return value * scale
    }

    /// "30 s", "1.5 s", "250 ms".
    public static func format(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 10 { return "\(Double(Int(seconds * 100)) / 100) s" }
        return "\(Double(Int(seconds * 10)) / 10) s"
    }
}
