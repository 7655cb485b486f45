import Foundation

/// A kind of file bench reads, the project's own files of that kind (the fuzzer's seeds) and the commands
/// that read one.
public enum FuzzFamily: String, CaseIterable, Sendable {
    case scenario, layout, baseline, result, replay

    /// Where the seeds are, relative to the package root: every `.json` file directly in `directory`, or
    /// the listed files.
    var seedSource: (directory: String, files: [String]?) {
        switch self {
        case .scenario: ("Scenarios", nil)
        case .layout: ("Scenarios/layout", nil)
        case .baseline: ("Results/baselines", ["ci.json"])
        case .result: ("Results/baselines", ["ci.result.json"])
        case .replay: ("Scenarios/regressions", nil)
        }
    }

    /// The files a command reads besides the input, copied into the family's work directory (so a baseline's
    /// `"profile": "ci.profile.json"` resolves beside it, and a result's profile beside the result).
    var supportFiles: [String] {
        switch self {
        case .baseline, .result: ["Results/baselines/ci.json", "Results/baselines/ci.result.json",
                                  "Results/baselines/ci.profile.json"]
        default: []
        }
    }

    /// The input's file name in the work directory.
    var inputName: String {
        switch self {
        case .scenario: "fuzz-scenario.json"
        case .layout: "fuzz-layout.json"
        case .baseline: "fuzz-baseline.json"
        case .result: "fuzz.result.json"
        case .replay: "fuzz-replay.json"
        }
    }

    /// The commands run on an input at `input`, whose support files are in `directory`.
    ///
    /// - scenario: `run` with the work capped (one repetition, no warm-up, nothing saved; `--allow-debug`
    ///   so a debug build runs it too instead of refusing with exit 1).
    /// - baseline: `check` against the committed result (a result given, so nothing is run or measured).
    /// - result: `report` (which writes summary.md and charts beside the input: in the work directory) and
    ///   `check` of the input against the committed baseline.
    /// - replay: `stress --replay`, which only replays and checks (it saves nothing).
    public func commands(input: String, directory: String) -> [[String]] {
        switch self {
        case .scenario:
            [["run", "--scenario", input, "--no-save", "--repetitions", "1", "--warmup", "0", "--allow-debug"]]
        case .layout:
            [["layout", input]]
        case .baseline:
            [["check", "--baseline", input, directory + "/ci.result.json"]]
        case .result:
            [["report", input], ["check", "--baseline", directory + "/ci.json", input]]
        case .replay:
            [["stress", "--replay", input]]
        }
    }

    /// The command that tells a slow valid input from a hang: a scenario whose run does not finish in time
    /// is fine when it validates (a legitimate scenario can ask for a million cells); nil for the others.
    public func validation(input: String) -> [String]? {
        self == .scenario ? ["validate", input] : nil
    }
}

/// One of the project's files, parsed once.
public struct FuzzSeed: Sendable {
    /// The path relative to the package root, e.g. `Scenarios/ci.json`.
    public let path: String
    public let bytes: [UInt8]
    /// The parsed tree; nil when the file is not JSON (then it is mutated as bytes only).
    public let tree: FuzzJSON?
}

/// One mutated input: which seed it came from and what was done to it.
public struct FuzzInput: Sendable {
    public let family: FuzzFamily
    public let index: Int
    public let seedPath: String
    public let mutations: [String]
    public let bytes: [UInt8]
}

/// A family's seeds and the inputs made from them.
public struct FuzzCorpus: Sendable {
    public let family: FuzzFamily
    public let seeds: [FuzzSeed]

    public init(family: FuzzFamily, seeds: [FuzzSeed]) {
        self.family = family
        self.seeds = seeds
    }

    /// Reads the family's seed files under `root` (sorted by name, so the same checkout gives the same
    /// inputs). No seed at all is bad input.
    public static func load(family: FuzzFamily, root: String) throws(LayoutDocumentError) -> FuzzCorpus {
        let (directory, files) = family.seedSource
        let names: [String]
        if let files {
            names = files
        } else {
            let full = root + "/" + directory
            guard let listing = try? FileManager.default.contentsOfDirectory(atPath: full) else {
                throw .unreadable(file: full, reason: "cannot list the directory of the \(family.rawValue) seeds")
            }
            names = listing.filter { $0.hasSuffix(".json") }.sorted()
        }
        var seeds: [FuzzSeed] = []
        for name in names {
            let path = directory + "/" + name
            let bytes = try FileInput.read(path: root + "/" + path)
            seeds.append(FuzzSeed(path: path, bytes: bytes, tree: FuzzJSON.parse(bytes)))
        }
        guard !seeds.isEmpty else {
            throw .unreadable(file: root + "/" + directory, reason: "no \(family.rawValue) seed (*.json) there")
        }
        return FuzzCorpus(family: family, seeds: seeds)
    }

    /// Input number `index` of the run with `seed`: a function of the two (and the seeds), not of the inputs
    /// before it, so `--skip K --count 1` makes input K alone.
    public func input(seed: UInt64, index: Int) -> FuzzInput {
        var random = SplitMix64(seed: Self.streamSeed(seed: seed, family: family, index: index))
        let seedFile = seeds[random.below(seeds.count)]
        let donors = seeds.compactMap(\.tree)
        var mutator = FuzzMutator(random: random, donors: donors)
        var bytes = seedFile.bytes
        // Mostly structural mutations (1…3) on the parsed tree, sometimes bytes on top; one input in five
        // is mutated as bytes only.
        let structural = seedFile.tree == nil || mutator.random.below(5) == 0 ? 0 : 1 + mutator.random.below(3)
        if structural > 0, var tree = seedFile.tree {
            for _ in 0..<structural { mutator.mutate(&tree) }
            bytes = Array(tree.text(pretty: mutator.random.below(2) == 0).utf8)
        }
        let byteMutations = structural == 0 ? 1 + mutator.random.below(3) : (mutator.random.below(4) == 0 ? 1 : 0)
        for _ in 0..<byteMutations { mutator.mutate(bytes: &bytes) }
        return FuzzInput(family: family, index: index, seedPath: seedFile.path, mutations: mutator.log, bytes: bytes)
    }

    /// SplitMix64 of the run's seed, then of the family's number and the input's index mixed in turn.
    static func streamSeed(seed: UInt64, family: FuzzFamily, index: Int) -> UInt64 {
        var generator = SplitMix64(seed: seed)
        var value = generator.next()
        for part in [UInt64(FuzzFamily.allCases.firstIndex(of: family)!), UInt64(index)] {
            generator = SplitMix64(seed: value ^ part)
            value = generator.next()
        }
        return value
    }
}
