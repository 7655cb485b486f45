// A scroll scenario (Scenarios/README.md, "Scroll scenarios"): a ScrollNode with automaticallyManagesSubnodes
// and automaticallyManagesContentSize whose content — a vertical stack of rows — grows and shrinks in
// batches, as a feed appends a page or deletes items. Each step measures the scroll node and runs its
// layout pass (ASM diff and commit, the new rows' views, frames, the view's contentSize), and checks that
// the view's contentSize is the applied layout's (Texture #891, #774). Decoding is below, the run in
// ScrollRunner.swift.

/// Where the scroll node sits: directly in the window, or in a screen node's stack under a header (its size
/// then comes from its parent's measurement, as in most apps).
public enum ScrollHost: String, Hashable, Sendable, CaseIterable {
    case window, stack
}

public struct ScrollScenario: Hashable, Sendable {
    public var name: String
    public var file: String
    public var contentHash: String
    public var description: String
    /// Seeds the rows' heights: row k (k-th row ever made) draws from SplitMix64 seeded (seed << 32) | k.
    public var seed: UInt32
    /// The scroll node's size (its bounds; content scrolls vertically inside).
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var host: ScrollHost
    /// Rows before the first step.
    public var rows: Int
    /// Row heights: min + a draw in 0 ..< span, whole points.
    public var rowHeightMin: Int
    public var rowHeightSpan: Int
    /// Rows appended (growing steps) or removed (shrinking steps) per step.
    public var batch: Int
    /// Steps per run: `run` growing steps, then `run` shrinking ones, and again.
    public var run: Int
    /// Steps per repetition.
    public var steps: Int
    public var warmup: Int
    public var repetitions: Int

    public init(name: String, file: String, contentHash: String, description: String, seed: UInt32 = 0,
                viewportWidth: Double, viewportHeight: Double, host: ScrollHost = .window, rows: Int, rowHeightMin: Int = 24,
                rowHeightSpan: Int = 56, batch: Int, run: Int = 5, steps: Int, warmup: Int = 1, repetitions: Int) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.seed = seed
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.host = host
        self.rows = rows
        self.rowHeightMin = rowHeightMin
        self.rowHeightSpan = rowHeightSpan
        self.batch = batch
        self.run = run
        self.steps = steps
        self.warmup = warmup
        self.repetitions = repetitions
    }

    public static let rowRange = 0...100_000
    public static let batchRange = 1...10_000
    public static let runRange = 1...10_000
    public static let stepRange = 1...100_000
    public static let rowHeightMinRange = 1...1_000
    public static let rowHeightSpanRange = 1...1_000
    public static let viewportRange = 64...4096

    /// True when step `step` (0-based) appends rows, false when it removes them.
    public func grows(step: Int) -> Bool { (step / run) % 2 == 0 }
}

extension ScrollScenario {
    static let topLevelKeys = ["version", "kind", "description", "seed", "viewport", "host", "rows", "rowHeight", "batch",
                               "run", "steps", "warmup", "repetitions"]
}

/// Decoding a scroll scenario, as strict as the other kinds.
extension ScenarioDecoder {
    func scrollScenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> ScrollScenario {
        let fields = try self.fields(json, allowed: ScrollScenario.topLevelKeys, context: "a scroll scenario")
        let seed = try fields.seed()

        // "viewport": [width, height], whole points.
        let (viewportValue, viewportPath) = try fields.required("viewport")
        let viewport = try reader.array(viewportValue, at: viewportPath)
        guard viewport.count == 2 else {
            throw reader.fail(viewportPath, .invalidValue("must be [width, height], found \(viewport.count) entries"))
        }
        let width = try integer(viewport[0], at: JSONPath.appending(viewportPath, index: 0),
                                     in: ScrollScenario.viewportRange, what: "a whole number of points")
        let height = try integer(viewport[1], at: JSONPath.appending(viewportPath, index: 1),
                                      in: ScrollScenario.viewportRange, what: "a whole number of points")

        let host = try fields.optional("host") { value, path throws(LayoutDocumentError) in
            try reader.choice(value, at: path, ScrollHost.self)
        } ?? .window

        let rows = try fields.integer("rows", in: ScrollScenario.rowRange)

        var heightMin = 24, heightSpan = 56
        if let value = fields.object["rowHeight"] {
            let path = fields.path("rowHeight")
            let distribution = try reader.object(value, at: path)
            try reader.checkKeys(distribution, at: path, allowed: ["min", "span"], context: "a row height distribution")
            heightMin = try optionalInteger(distribution, "min", at: path, in: ScrollScenario.rowHeightMinRange,
                                                 default: heightMin)
            heightSpan = try optionalInteger(distribution, "span", at: path, in: ScrollScenario.rowHeightSpanRange,
                                                  default: heightSpan)
        }

        let batch = try fields.integer("batch", in: ScrollScenario.batchRange)
        let run = try fields.optionalInteger("run", in: ScrollScenario.runRange, default: 5)
        let steps = try fields.integer("steps", in: ScrollScenario.stepRange)
        let (warmup, repetitions) = try fields.repetitions()

        return ScrollScenario(name: name, file: reader.file, contentHash: contentHash, description: fields.description,
                              seed: seed, viewportWidth: Double(width), viewportHeight: Double(height),
                              host: host, rows: rows, rowHeightMin: heightMin, rowHeightSpan: heightSpan, batch: batch, run: run,
                              steps: steps, warmup: warmup, repetitions: repetitions)
    }
}
