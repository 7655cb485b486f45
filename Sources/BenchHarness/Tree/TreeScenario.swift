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
struct TreeScenarioDecoder {
    let reader: JSONReader
    var base: ScenarioDecoder { ScenarioDecoder(reader: reader) }

    func scenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> TreeScenario {
        let root = JSONPath.root
        let context = "a tree scenario"
        let object = try reader.object(json, at: root)
        try reader.checkKeys(object, at: root, allowed: TreeScenario.topLevelKeys, context: context)
        try base.checkVersion(object)

        let (descriptionValue, descriptionPath) = try base.required(object, "description", at: root, context: context)
        let description = try reader.string(descriptionValue, at: descriptionPath)
        let (shapeValue, shapePath) = try base.required(object, "shape", at: root, context: context)
        let shape = try reader.choice(shapeValue, at: shapePath, TreeShape.self)
        let seed = try base.optionalInteger(object, "seed", at: root, in: 0...Int(UInt32.max), default: 0)
        let (nodesValue, nodesPath) = try base.required(object, "nodes", at: root, context: context)
        let nodes = try base.integer(nodesValue, at: nodesPath, in: TreeScenario.nodeRange)
        let trees = try base.optionalInteger(object, "trees", at: root, in: TreeScenario.treeRange, default: 1)
        let (widthsValue, widthsPath) = try base.required(object, "widths", at: root, context: context)
        let widths = try base.widthList(widthsValue, at: widthsPath)
        let threads = try object["threads"].map { value throws(LayoutDocumentError) in
            try base.threadList(value, at: JSONPath.appending(root, key: "threads"))
        } ?? [.count(1), .cores]
        let phasesPath = JSONPath.appending(root, key: "phases")
        let phases = try object["phases"].map { value throws(LayoutDocumentError) in
            try base.phaseList(value, at: phasesPath)
        } ?? TreeScenario.allowedPhases
        for (index, phase) in phases.enumerated() where !TreeScenario.allowedPhases.contains(phase) {
            throw reader.fail(JSONPath.appending(phasesPath, index: index), .invalidValue(
                "a tree scenario measures " + TreeScenario.allowedPhases.map { JSONText.quoted($0.rawValue) }
                    .joined(separator: ", ") + ", not \(JSONText.quoted(phase.rawValue))"))
        }
        let warmup = try base.optionalInteger(object, "warmup", at: root, in: Scenario.warmupRange, default: 1)
        let (repetitionsValue, repetitionsPath) = try base.required(object, "repetitions", at: root, context: context)
        let repetitions = try base.integer(repetitionsValue, at: repetitionsPath, in: Scenario.repetitionRange)

        return TreeScenario(name: name, file: reader.file, contentHash: contentHash, description: description,
                            shape: shape, seed: UInt32(seed), nodes: nodes, trees: trees, widths: widths,
                            threads: threads, phases: phases, warmup: warmup, repetitions: repetitions)
    }
}
