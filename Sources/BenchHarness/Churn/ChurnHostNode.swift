import Foundation
import LayoutCore
import NodeTree

// What ASM does with a churn input: an unloaded node with automaticallyManagesSubnodes whose spec is a
// vertical stack of its current `children` (leaves of a fixed height, one per list element). Changing the
// children and laying the node out again is a real layout pass — the stack over n cached leaves, the
// flattening, automaticSubnodeChanges (the identity diff) and the commit of the changes on an unloaded node.

final class ChurnHostNode: DisplayNode, @unchecked Sendable {
    static let width = 375.0
    static let rowHeight = 4.0

    private let lock = NSLock()
    private var storedChildren: [DisplayNode] = []

    /// A host sized for lists of about `n` rows (the bounds stay fixed, so every pass uses the same range).
    init(n: Int) {
        super.init()
        automaticallyManagesSubnodes = true
        frame = Rect(origin: .zero, size: Size(width: Self.width, height: max(1, Double(n)) * Self.rowHeight))
    }

    /// The stack's children; the next layout pass after `setNeedsLayout()` makes them the subnodes.
    var children: [DisplayNode] {
        get { lock.withLock { storedChildren } }
        set { lock.withLock { storedChildren = newValue } }
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        StackLayoutSpec.vertical(children: children)
    }

    /// A leaf of the stack: a plain node of a fixed height, stretched to the width.
    static func makeLeaf() -> DisplayNode {
        let leaf = DisplayNode()
        leaf.style.height = .points(rowHeight)
        return leaf
    }

    /// The sublayouts a layout of `nodes` has (what automaticSubnodeChanges compares).
    static func sublayouts(_ nodes: [DisplayNode]) -> [Layout] {
        nodes.enumerated().map { index, node in
            Layout(node: node, size: Size(width: width, height: rowHeight),
                   position: Point(x: 0, y: Double(index) * rowHeight))
        }
    }

    /// Children `nodes`, then a layout pass now (on this thread: the node is not loaded).
    func layOut(_ nodes: [DisplayNode]) {
        children = nodes
        setNeedsLayout()
        layoutIfNeeded()
    }
}

/// DisplayNode leaves for the ASM measurements, one per element id of a size (ids 0 … n − 1 for the old
/// list, n … for inserted elements: the same id stands for the same node within a pair).
final class ChurnNodePool {
    private var leaves: [DisplayNode]

    init(n: Int) {
        leaves = (0..<n).map { _ in ChurnHostNode.makeLeaf() }
    }

    func nodes(_ items: [ChurnItem]) -> [DisplayNode] {
        if let largest = items.map(\.id).max(), largest >= leaves.count {
            for _ in leaves.count...largest { leaves.append(ChurnHostNode.makeLeaf()) }
        }
        return items.map { leaves[$0.id] }
    }
}
