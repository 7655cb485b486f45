// A churn scenario (Scenarios/README.md, "Churn scenarios"): subnode diffs of seeded lists of n elements
// under edit mixes, timing NodeTree's identity diff (SubnodeDiff) and Texture's LCS diff (TextureLCSDiff)
// on the same inputs, and optionally what ASM does with the same edit on an unloaded node. Decoding is in
// ChurnScenario+Decoding.swift, the inputs in ChurnInput.swift, the run in ChurnRunner.swift.

public struct ChurnScenario: Hashable, Sendable {
    public var name: String
    public var file: String
    /// FNV-1a (64-bit) of the file's bytes, as for layout scenarios.
    public var contentHash: String
    public var description: String
    public var seed: UInt32
    /// List sizes n (old list length), ascending as written.
    public var sizes: [Int]
    public var mixes: [EditMix]
    /// Distinct (old, new) pairs per size and mix.
    public var inputs: Int
    public var lcs: LCSSettings
    /// Also time ASM on the same edits: automaticSubnodeChanges and a layout pass of an unloaded node.
    public var asm: Bool
    public var warmup: Int
    public var repetitions: Int

    public init(name: String, file: String, contentHash: String, description: String, seed: UInt32, sizes: [Int],
                mixes: [EditMix], inputs: Int = 8, lcs: LCSSettings = LCSSettings(), asm: Bool = true, warmup: Int = 1,
                repetitions: Int) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.seed = seed
        self.sizes = sizes
        self.mixes = mixes
        self.inputs = inputs
        self.lcs = lcs
        self.asm = asm
        self.warmup = warmup
        self.repetitions = repetitions
    }

    /// Bounds that keep a run finite (LCS memory is (n+1)² × 4 bytes: 400 MB at 10,000).
    public static let sizeRange = 1...1_000_000
    public static let inputRange = 1...1_000
    public static let lcsSizeRange = 0...20_000
}

/// How the new list of a pair is made from the old one: `max(1, round(edits × n))` edits, each an insertion,
/// a removal or a move, drawn with these relative weights.
public struct EditMix: Hashable, Sendable {
    /// How tables and the `mix` metric label name it, e.g. "mixed-1%".
    public var name: String
    /// Edits as a fraction of n (0 < edits ≤ 1).
    public var edits: Double
    public var insertWeight: Double
    public var removeWeight: Double
    public var moveWeight: Double

    public init(name: String, edits: Double, insert: Double = 0, remove: Double = 0, move: Double = 0) {
        self.name = name
        self.edits = edits
        insertWeight = insert
        removeWeight = remove
        moveWeight = move
    }

    /// Edits applied to a list of `n` elements.
    public func editCount(n: Int) -> Int {
        max(1, Int((edits * Double(n)).rounded(.toNearestOrAwayFromZero)))
    }

    /// "1% of n: insert, remove, move 1:1:1".
    public var summary: String {
        var kinds: [(String, Double)] = []
        if insertWeight > 0 { kinds.append(("insert", insertWeight)) }
        if removeWeight > 0 { kinds.append(("remove", removeWeight)) }
        if moveWeight > 0 { kinds.append(("move", moveWeight)) }
        let share = NumberFormat.tick(edits * 100) + "% of n"
        if kinds.count == 1 { return share + ": " + kinds[0].0 + "s" }
        return share + ": " + kinds.map(\.0).joined(separator: ", ") + " "
            + kinds.map { NumberFormat.tick($0.1) }.joined(separator: ":")
    }
}

/// Texture's LCS diff takes O(m·n) time and memory; these say where to run it and how often.
public struct LCSSettings: Hashable, Sendable {
    /// The largest n at which it is timed (0: never); larger sizes show "not run" in the table and a note.
    public var maxN: Int
    /// From this n on, each repetition diffs one input pair once (pair r mod inputs), with
    /// `slowRepetitions` measured repetitions after `slowWarmup` warm-up ones.
    public var slowN: Int
    public var slowRepetitions: Int
    public var slowWarmup: Int

    public init(maxN: Int = 10_000, slowN: Int = 10_000, slowRepetitions: Int = 3, slowWarmup: Int = 0) {
        self.maxN = maxN
        self.slowN = slowN
        self.slowRepetitions = slowRepetitions
        self.slowWarmup = slowWarmup
    }

    public func runs(n: Int) -> Bool { n <= maxN }
    public func isSlow(n: Int) -> Bool { n >= slowN }
}
