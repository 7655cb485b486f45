import LayoutCore

// The trees of the tree scenarios as plain values, and their frames computed by hand — the oracle the
// runner's frame check compares the engine with (TreeEngine.swift builds the nodes).
//
// deep (levels L, width W): node k (0 ≤ k < L) lays out InsetLayoutSpec(top 0.5) → vertical stack
//   (alignItems stretch) → node k + 1; node L is a leaf 44 points tall with no width of its own. Each level
//   moves its child 0.5 down and stretches it to W, so the leaf's frame in the root is
//   (0, 0.5 × L, W, 44) and the root is W × (0.5 × L + 44).
//
// wide (children n, width W): one vertical stack (alignItems stretch, spacing 0) of n leaves; child i is
//   flexible when i % 5 == 4 (no height of its own, flexGrow 1 or 2 by (i / 5) % 2) and otherwise fixed,
//   8 … 39 points tall (drawn from the tree's SplitMix64 stream, seeded (seed << 32) | tree index). The
//   tree is laid out at exactly W × H with H = Σ fixed + 4 × Σ flexGrow, so the flexible children share
//   4 × Σ flexGrow points: Texture's grow rule gives each floor(violation × (flexGrow / Σ flexGrow)) and the
//   first flexible child the remainder (StackLayout+Flex.swift), which `frames` reproduces.

public enum TreeModel: Hashable, Sendable {
    case deep(levels: Int)
    case wide(WideTreeModel)

    /// The deep tree's inset per level and its leaf's height.
    public static let levelInset = 0.5
    public static let leafHeight = 44.0

    /// Nodes in the tree, the root included.
    public var nodeCount: Int {
        switch self {
        case .deep(let levels): return levels + 1
        case .wide(let model): return model.heights.count + 1
        }
    }

    /// The models of `scenario`'s trees; tree i depends only on the seed and i.
    public static func trees(for scenario: TreeScenario) -> [TreeModel] {
        (0..<scenario.trees).map { index in
            switch scenario.shape {
            case .deep: return .deep(levels: scenario.nodes)
            case .wide: return .wide(WideTreeModel(seed: scenario.seed, index: index, children: scenario.nodes))
            }
        }
    }

    /// The range the tree is laid out in at `width`: a free height for the deep tree, exactly its height
    /// for the wide one (so its flexible children grow).
    public func range(width: Double) -> SizeRange {
        switch self {
        case .deep: return SizeRange(width: width)
        case .wide(let model): return SizeRange(exactly: Size(width: width, height: model.exactHeight))
        }
    }

    /// The frames by hand (see the top of the file).
    public func frames(width: Double) -> TreeFrames {
        switch self {
        case .deep(let levels):
            let top = Self.levelInset * Double(levels)
            return TreeFrames(size: Size(width: width, height: top + Self.leafHeight),
                              frames: [Rect(x: 0, y: top, width: width, height: Self.leafHeight)])
        case .wide(let model):
            let heights = model.flexedHeights()
            var frames: [Rect] = []
            frames.reserveCapacity(heights.count)
            var y = 0.0
            for height in heights {
                frames.append(Rect(x: 0, y: y, width: width, height: height))
                y += height
            }
            return TreeFrames(size: Size(width: width, height: model.exactHeight), frames: frames)
        }
    }
}

/// One wide tree: per child a fixed height, or 0 and a flexGrow factor.
public struct WideTreeModel: Hashable, Sendable {
    /// Fixed height of each child (0 for flexible children).
    public var heights: [Double]
    /// flexGrow of each child (0 for fixed ones).
    public var grows: [Double]

    /// Points each unit of flexGrow receives.
    public static let growUnit = 4.0

    public init(heights: [Double], grows: [Double]) {
        precondition(heights.count == grows.count, "one height and one flexGrow per child")
        self.heights = heights
        self.grows = grows
    }

    /// The seeded tree (see the top of the file).
    public init(seed: UInt32, index: Int, children: Int) {
        var random = SplitMix64(seed: (UInt64(seed) << 32) | UInt64(UInt32(truncatingIfNeeded: index)))
        var heights: [Double] = [], grows: [Double] = []
        heights.reserveCapacity(children)
        grows.reserveCapacity(children)
        for child in 0..<children {
            if child % 5 == 4 {
                heights.append(0)
                grows.append((child / 5) % 2 == 0 ? 1 : 2)
            } else {
                heights.append(8 + Double(random.next() % 32))
                grows.append(0)
            }
        }
        self.init(heights: heights, grows: grows)
    }

    public var totalGrow: Double { grows.reduce(0, +) }

    /// Σ fixed heights + growUnit × Σ flexGrow: the exact height the tree is laid out at.
    public var exactHeight: Double { heights.reduce(0, +) + Self.growUnit * totalGrow }

    /// Each child's height after flexing, by Texture's grow rule: floor(violation × (grow / Σ grow)), the
    /// remainder to the first child that flexes.
    public func flexedHeights() -> [Double] {
        let total = totalGrow
        guard total > 0 else { return heights }
        let violation = Self.growUnit * total
        var result = heights
        var remaining = violation
        var first: Int?
        for index in grows.indices where grows[index] > 0 {
            let share = (violation * (grows[index] / total)).rounded(.down)
            result[index] = heights[index] + share
            remaining -= share
            if first == nil && share != 0 { first = index }
        }
        if let first { result[first] += remaining }
        return result
    }
}

/// A laid-out tree: its size and the frames checked — the deep tree's leaf in root coordinates, the wide
/// tree's children in the stack (in order).
public struct TreeFrames: Hashable, Sendable, CustomStringConvertible {
    public var size: Size
    public var frames: [Rect]

    public init(size: Size, frames: [Rect]) {
        self.size = size
        self.frames = frames
    }

    public var description: String {
        let shown = frames.prefix(3).map { "\($0)" }.joined(separator: ", ")
        return "size \(size), \(frames.count) frame(s): \(shown)\(frames.count > 3 ? ", …" : "")"
    }
}
