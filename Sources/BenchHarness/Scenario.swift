// A benchmark scenario (Scenarios/README.md describes the file format): which feed to generate, at which
// widths and thread counts, which phases to measure and how many times. Decoding is in
// Scenario+Decoding.swift, finding scenario files in ScenarioCatalog.swift.

public struct Scenario: Hashable, Sendable {
    /// The only format version this bench reads (the optional "version" key).
    public static let version = 1

    /// The file name without ".json": what `--scenario` and `bench list` call it.
    public var name: String
    /// The file as it was named when loaded.
    public var file: String
    /// FNV-1a (64-bit) of the file's bytes, "fnv1a64:" + 16 hex digits, so a result names exactly the
    /// scenario text it ran.
    public var contentHash: String
    public var description: String
    public var generator: FeedGeneratorKind
    /// Cells in the feed.
    public var cells: Int
    /// Cell widths in points; each is measured with a free height.
    public var widths: [Double]
    public var threads: [ThreadCount]
    public var phases: [LayoutPhase]
    /// Unreported repetitions before the measured ones.
    public var warmup: Int
    public var repetitions: Int
    /// Main-actor batches of a simulated scroll (the "mainActor" object; feed generator only), nil when the
    /// file has none (Runner/MainActorBatches.swift).
    public var mainActor: MainActorBatchSettings?

    public init(name: String, file: String, contentHash: String, description: String,
                generator: FeedGeneratorKind, cells: Int, widths: [Double], threads: [ThreadCount],
                phases: [LayoutPhase], warmup: Int, repetitions: Int, mainActor: MainActorBatchSettings? = nil) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.generator = generator
        self.cells = cells
        self.widths = widths
        self.threads = threads
        self.phases = phases
        self.warmup = warmup
        self.repetitions = repetitions
        self.mainActor = mainActor
    }

    /// The thread counts with "cores" replaced by `cores`, duplicates removed, in file order.
    public func threadCounts(cores: Int) -> [Int] {
        var counts: [Int] = []
        for entry in threads {
            let count = entry.resolved(cores: cores)
            if !counts.contains(count) { counts.append(count) }
        }
        return counts
    }

    /// The seed of the scenario's generator.
    public var seed: UInt32 {
        switch generator {
        case .feedParity(let generator): return generator.seed
        case .feed(let generator): return generator.seed
        }
    }
}

/// The feed generators a scenario can name.
public enum FeedGeneratorKind: Hashable, Sendable {
    /// "feed-parity": the engine-neutral cell of FeedParityModel.swift.
    case feedParity(FeedParityGenerator)
    /// "feed" (the default scenario): ASDKgram photo cells and LayoutKit feed items with real text (Feed/).
    case feed(FeedGenerator)

    public var name: String {
        switch self {
        case .feedParity: return "feed-parity"
        case .feed: return "feed"
        }
    }
}

/// One entry of a scenario's "threads": a fixed count or the machine's cores.
public enum ThreadCount: Hashable, Sendable, CustomStringConvertible {
    case count(Int)
    /// ProcessInfo's active processor count at run time.
    case cores

    public func resolved(cores: Int) -> Int {
        switch self {
        case .count(let count): return count
        case .cores: return max(1, cores)
        }
    }

    public var description: String {
        switch self {
        case .count(let count): return String(count)
        case .cores: return "cores"
        }
    }
}

/// What a run measures. Node creation and fresh layout always run (the other phases need the cells);
/// the list says which are timed and reported.
public enum LayoutPhase: String, Hashable, Sendable, CaseIterable {
    /// Creating every cell's nodes (init on any thread).
    case create
    /// The first layout of freshly created cells (cold caches).
    case fresh
    /// Laying out again with nothing changed (served from the nodes' layout cache).
    case cached
    /// Laying out again after invalidating every cell (setNeedsLayout).
    case invalidated
    /// The same frames by hand-written arithmetic: the floor.
    case manual

    /// How tables name the phase.
    public var title: String {
        switch self {
        case .create: return "node creation"
        case .fresh: return "fresh layout"
        case .cached: return "cached re-layout"
        case .invalidated: return "invalidated re-layout"
        case .manual: return "manual (floor)"
        }
    }

    /// True for the phases that need an engine with a layout cache.
    public var needsLayoutCache: Bool {
        self == .cached || self == .invalidated
    }
}
