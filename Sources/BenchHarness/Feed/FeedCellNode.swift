import NodeTree
import Synchronization
import TextEngine

// What the feed's two cells share: a CellNode with automatic subnode management (no addSubnode calls — the
// layout spec decides which subnodes exist, as ASDKgram's PhotoCellNode does), TextNodes that measure through
// the engine's measurer, and an update the invalidated phase applies (new texts, then setNeedsLayout).

public class FeedCellNode: CellNode, @unchecked Sendable {
    /// Whether the cell shows its model's update (toggled by `toggleUpdate`).
    private let updateShown = Atomic<Bool>(false)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// True after an odd number of `toggleUpdate` calls.
    public var showsUpdate: Bool { updateShown.load(ordering: .acquiring) }

    /// Shows the update (or the original texts again): sets the changed texts on their text nodes — each
    /// text node's setter calls its own setNeedsLayout — and calls setNeedsLayout on the cell.
    public func toggleUpdate() {
        let updated = !showsUpdate
        updateShown.store(updated, ordering: .releasing)
        showUpdate(updated)
        setNeedsLayout()
    }

    /// Subclasses: put the updated (or original) texts on the affected text nodes.
    func showUpdate(_ updated: Bool) {
        preconditionFailure("\(type(of: self)) must override showUpdate(_:)")
    }

    /// The nodes the cell's layout holds now, in its order (depth-first over the spec: the order ASM gives
    /// the subnodes and the order of FeedCellFrames).
    public var layoutNodes: [DisplayNode] {
        preconditionFailure("\(type(of: self)) must override layoutNodes")
    }

    /// Every node the cell created, the cell included (those out of the layout too), for cache counts.
    public var allNodes: [DisplayNode] {
        preconditionFailure("\(type(of: self)) must override allNodes")
    }

    /// A text node measured by `measurer`, showing `text`.
    static func textNode(_ text: AttributedText?, measurer: TextMeasurer) -> TextNode {
        let node = TextNode(measurer: measurer)
        if let text { node.attributedText = text }
        return node
    }
}
