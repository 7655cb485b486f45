// A tree scenario (Scenarios/README.md, "Tree scenarios"): layout of one extreme tree shape, measured with
// the layout runner's phases and metrics (create, fresh, cached, invalidated; a "cell" of the runner is one
// tree). Two shapes:
//
//   deep  `nodes` nested stacks: a chain of nodes, each one's spec an inset (top 0.5) around a vertical
//         stack holding the next node, a leaf at the bottom — layout recursion as deep as the tree
//   wide  one vertical stack of `nodes` leaf children, fixed heights mixed with flexGrow children, laid
//         out at an exact height so the flexible children share the rest
//
// Decoding is below, the trees in TreeModel.swift and TreeEngine.swift.

public enum TreeShape: String, Hashable, Sendable, CaseIterable {
    case deep, wide
}

public struct TreeScenario: Hashable, Sendable {
    public var name: String
    public var file: String
    public var contentHash: String
    public var description: String
    public var shape: TreeShape
    /// Seeds the wide tree's child sizes (tree i draws from its own stream); the deep tree has no random part.
    public var seed: UInt32
    /// deep: nesting levels (stacked nodes above the leaf); wide: children of the one stack.
    public var nodes: Int
    /// Independent trees per pass: the runner's cells, spread over the worker threads.
    public var trees: Int
    public var widths: [Double]
    public var threads: [ThreadCount]
    public var phases: [LayoutPhase]
    public var warmup: Int
    public var repetitions: Int

    public init(name: String, file: String, contentHash: String, description: String, shape: TreeShape,
                seed: UInt32 = 0, nodes: Int, trees: Int = 1, widths: [Double], threads: [ThreadCount] = [.count(1)],
                phases: [LayoutPhase] = TreeScenario.allowedPhases, warmup: Int = 1, repetitions: Int) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.shape = shape
        self.seed = seed
        self.nodes = nodes
        self.trees = trees
        self.widths = widths
        self.threads = threads
        self.phases = phases
        self.warmup = warmup
        self.repetitions = repetitions
    }

    public static let nodeRange = 1...100_000
    public static let treeRange = 1...10_000
    /// The runner's phases that mean something for a synthetic tree (no hand-written "manual" floor: the
    /// hand computation is the frame check's oracle, not a competing layout).
    public static let allowedPhases: [LayoutPhase] = [.create, .fresh, .cached, .invalidated]

    /// Stack per thread for a run: the deep tree gets `stackBytesPerLevel` per nesting level on top of the
    /// pool's default; the wide tree recurses two levels and gets the default. Only address space is
    /// reserved until a frame touches it, but the whole size is one mapping per thread, which a machine
    /// may refuse (bench then names `nodes`).
    public var stackSize: Int {
        shape == .deep ? WorkerPool.defaultStackSize + nodes * Self.stackBytesPerLevel : WorkerPool.defaultStackSize
    }

    /// Stack per level of the deep tree: each level recurses node → spec → stack → child node, and the frames
    /// of that recursion are larger in a debug build than in a release one. Release gets 4 KiB a level, room
    /// above its frames without reserving more address space than a machine maps for one thread at
    /// `nodeRange`'s maximum; debug and sanitizer builds, whose frames grow further with instrumentation, get
    /// 64 KiB. Without an explicit size the default stack holds only a few thousand levels.
    public static var stackBytesPerLevel: Int { BuildConfiguration.isDebug ? 64 << 10 : 4 << 10 }

    /// The layout runner's scenario for this tree: the runner reads cells, widths, threads, phases and
    /// repetitions from it; the engine (TreeEngine) makes its own models, so the generator is a placeholder.
    public var runnerScenario: Scenario {
        Scenario(name: name, file: file, contentHash: contentHash, description: description,
                 generator: .feedParity(FeedParityGenerator(seed: seed)), cells: trees, widths: widths,
                 threads: threads, phases: phases, warmup: warmup, repetitions: repetitions)
    }
}

extension TreeScenario {
    static let topLevelKeys = ["version", "kind", "description", "shape", "seed", "nodes", "trees", "widths",
                               "threads", "phases", "warmup", "repetitions"]
}

/// Decoding a tree scenario, as strict as the other kinds (unknown keys, fractions where a whole number is
/// needed and out-of-range values are errors naming the JSON path).
extension ScenarioDecoder {
    func treeScenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> TreeScenario {
        let fields = try self.fields(json, allowed: TreeScenario.topLevelKeys, context: "a tree scenario")
        let shape = try fields.choice("shape", TreeShape.self)
        let seed = try fields.seed()
        let nodes = try fields.integer("nodes", in: TreeScenario.nodeRange)
        let trees = try fields.optionalInteger("trees", in: TreeScenario.treeRange, default: 1)
        let widths = try fields.required("widths", widthList)
        let threads = try fields.optional("threads", threadList) ?? [.count(1), .cores]
        let phases = try fields.optional("phases", phaseList) ?? TreeScenario.allowedPhases
        for (index, phase) in phases.enumerated() where !TreeScenario.allowedPhases.contains(phase) {
            throw reader.fail(JSONPath.appending(fields.path("phases"), index: index), .invalidValue(
                "a tree scenario measures " + TreeScenario.allowedPhases.map { JSONText.quoted($0.rawValue) }
                    .joined(separator: ", ") + ", not \(JSONText.quoted(phase.rawValue))"))
        }
        let (warmup, repetitions) = try fields.repetitions()

        return TreeScenario(name: name, file: reader.file, contentHash: contentHash, description: fields.description,
                            shape: shape, seed: seed, nodes: nodes, trees: trees, widths: widths,
                            threads: threads, phases: phases, warmup: warmup, repetitions: repetitions)
    }
}
