import LayoutCore
import NodeTree

// The tree scenarios' engine for LayoutRunner: NodeTree nodes with automatic subnode management (the spec
// decides the subnodes, as the feed's cells do) and their layout cache. A "cell" of the runner is one tree;
// its nodes per cell are the tree's nodes, so nodes/s is the tree's throughput.
//
//   create       build the tree's nodes (the deep chain bottom-up: each level holds the next)
//   fresh        layoutThatFits on the root, caches cold
//   cached       the same call again: the root's cache answers
//   invalidated  setNeedsLayout on every node (what a change at the leaf escalating to the root does to the
//                deep chain; every child changing in the wide stack), then the call again
//
// The frame check compares `frames(of:)` — the deep leaf's frame in the root, found by running the layout
// passes top-down and adding up the frames they set; the wide children's frames in the root's layout — with
// TreeModel.frames, computed by hand. The counted pass's cache misses show the work of a fresh layout: deep,
// levels + 1 per tree; wide, children + 1 plus the flexible children measured again at their flexed height.

public struct NodeTreeTreeEngine: CellLayoutEngine {
    public typealias Model = TreeModel
    public typealias Cell = TreeRootNode
    public typealias Frames = TreeFrames

    public let scenario: TreeScenario

    public init(scenario: TreeScenario) {
        self.scenario = scenario
    }

    public var name: String {
        switch scenario.shape {
        case .deep:
            return "NodeTree (\(scenario.nodes) nested ASM nodes, each an inset around a vertical stack of the next; a leaf at the bottom)"
        case .wide:
            return "NodeTree (one ASM node, a vertical stack of \(scenario.nodes) leaf nodes: fixed heights and flexGrow 1/2)"
        }
    }

    public var layoutCacheUnavailableReason: String? { nil }

    public func models(for _: Scenario) -> [TreeModel] { TreeModel.trees(for: scenario) }

    public func nodesPerCell(of models: [TreeModel]) -> Double {
        models.isEmpty ? 0 : Double(models.reduce(0) { $0 + $1.nodeCount }) / Double(models.count)
    }

    public func makeCell(_ model: TreeModel) -> TreeRootNode { TreeRootNode(model) }

    public func layout(_ cell: TreeRootNode, width: Double) {
        _ = cell.layoutThatFits(cell.model.range(width: width))
    }

    public func invalidate(_ cell: TreeRootNode) {
        for node in cell.allNodes { node.setNeedsLayout() }
    }

    public func frames(of cell: TreeRootNode, width: Double) -> TreeFrames? {
        let layout = cell.layoutThatFits(cell.model.range(width: width))
        switch cell.model {
        case .deep:
            // A node's layout holds its subnodes' layouts without theirs (flattened), so the leaf's place
            // in the root is found as Texture's layout pass finds it: the root gets its size as frame, and
            // each node's pass (unloaded: on this thread) applies its layout — ASM commits the next level
            // as its subnode and sets that subnode's frame — top-down; the frames' origins add up.
            cell.frame = Rect(origin: Point(x: 0, y: 0), size: layout.size)
            cell.layoutIfNeeded()
            var origin = Point(x: 0, y: 0)
            var parent: DisplayNode = cell
            for node in cell.descendants {
                // A node out of place (not the parent's only subnode) cannot pass.
                guard parent.subnodes.count == 1, parent.subnodes[0] === node else {
                    return TreeFrames(size: layout.size, frames: [.null])
                }
                let frame = node.frame
                origin = Point(x: origin.x + frame.origin.x, y: origin.y + frame.origin.y)
                node.layoutIfNeeded()
                parent = node
            }
            let leafSize = cell.descendants.last?.frame.size ?? layout.size
            return TreeFrames(size: layout.size, frames: [Rect(origin: origin, size: leafSize)])
        case .wide:
            let children = cell.descendants
            var frames: [Rect] = []
            frames.reserveCapacity(layout.sublayouts.count)
            for (sublayout, node) in zip(layout.sublayouts, children) {
                frames.append(sublayout.element === node ? sublayout.frame : .null)
            }
            if layout.sublayouts.count != children.count { frames.append(.null) }
            return TreeFrames(size: layout.size, frames: frames)
        }
    }

    public func manualFrames(_ model: TreeModel, width: Double) -> TreeFrames { model.frames(width: width) }

    /// The hand computation is the oracle, not a competing layout: computed once per check.
    public var manualCellsPerPass: Int { 1 }

    public func cacheCounts(of cell: TreeRootNode) -> (hits: Int, misses: Int)? {
        cell.allNodes.layoutCacheCounts
    }
}

/// A tree's root. `descendants` holds every other node: deep, the chain top-down with the leaf last; wide,
/// the children in stack order.
public final class TreeRootNode: DisplayNode, @unchecked Sendable {
    public let model: TreeModel
    public let descendants: [DisplayNode]
    private let spec: TreeSpec

    private enum TreeSpec {
        case level(DisplayNode)
        case stack([DisplayNode])
    }

    /// The root and its descendants (allocates: for counting and invalidation, outside timed loops).
    public var allNodes: [DisplayNode] { [self] + descendants }

    public init(_ model: TreeModel) {
        self.model = model
        switch model {
        case .deep(let levels):
            // Bottom-up, so each level can hold the next; the root is the topmost level.
            let leaf = DisplayNode()
            leaf.style.height = .points(TreeModel.leafHeight)
            var chain: [DisplayNode] = [leaf]
            chain.reserveCapacity(levels)
            var next: DisplayNode = leaf
            for _ in 0..<(levels - 1) {
                next = TreeLevelNode(child: next)
                chain.append(next)
            }
            descendants = chain.reversed()
            spec = .level(next)
        case .wide(let wide):
            var children: [DisplayNode] = []
            children.reserveCapacity(wide.heights.count)
            for (height, grow) in zip(wide.heights, wide.grows) {
                let child = DisplayNode()
                if grow > 0 {
                    child.style.flexGrow = grow
                } else {
                    child.style.height = .points(height)
                }
                children.append(child)
            }
            descendants = children
            spec = .stack(children)
        }
        super.init()
        automaticallyManagesSubnodes = true
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        switch spec {
        case .level(let child): return TreeLevelNode.levelSpec(child)
        case .stack(let children): return StackLayoutSpec.vertical(children: children)
        }
    }
}

/// One level of the deep chain: an inset (top 0.5) around a vertical stack holding the next level.
final class TreeLevelNode: DisplayNode, @unchecked Sendable {
    let child: DisplayNode

    init(child: DisplayNode) {
        self.child = child
        super.init()
        automaticallyManagesSubnodes = true
    }

    static func levelSpec(_ child: DisplayNode) -> any LayoutElement {
        InsetLayoutSpec(insets: EdgeInsets(top: TreeModel.levelInset),
                        child: StackLayoutSpec.vertical(children: [child]))
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        Self.levelSpec(child)
    }
}
