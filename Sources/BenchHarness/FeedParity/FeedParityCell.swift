import LayoutCore
import NodeTree
import Synchronization

// The feed-parity cell as a NodeTree CellNode subclass — what a Loom user writes: subnodes created and
// added in init (any thread), layoutSpecThatFits building the spec tree (FeedParitySpec) on every layout.
// Avatar and photo are image nodes without images (the avatar sized by its style, the photo filling the
// ratio spec); the three texts are SyntheticTextNodes, so the measure is the format's and not a font's.
// NodeTree caches layouts per node, so all four engine phases can be measured.

public final class FeedParityCellNode: CellNode, @unchecked Sendable {
    public let avatar: ImageNode
    public let userName: SyntheticTextNode
    public let location: SyntheticTextNode
    public let photo: ImageNode
    public let comments: SyntheticTextNode

    public init(_ model: FeedParityCellModel) {
        avatar = ImageNode()
        avatar.style.preferredSize = Size(width: 30, height: 30)
        userName = SyntheticTextNode(characters: model.userNameLength)
        location = SyntheticTextNode(characters: model.locationLength)
        photo = ImageNode()
        comments = SyntheticTextNode(characters: model.commentsLength)
        super.init()
        addSubnode(avatar)
        addSubnode(userName)
        addSubnode(location)
        addSubnode(photo)
        addSubnode(comments)
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        FeedParitySpec.make(avatar: avatar, userName: userName, location: location, photo: photo, comments: comments)
    }

    /// The cell and its five subnodes.
    var allNodes: [DisplayNode] { [self, avatar, userName, location, photo, comments] }
}

/// A text leaf with the format's synthetic measure (SyntheticText). Its length is fixed at init, so the
/// node needs no state of its own beyond a measure counter.
public final class SyntheticTextNode: DisplayNode, @unchecked Sendable {
    public let characters: Int
    /// calculateSizeThatFits calls (an atomic: a node may be measured on any thread). Counted with a
    /// wrapping add, one locked instruction: `add` checks for overflow and compiled to a compare-and-swap
    /// loop.
    let measureCount = Atomic<Int>(0)

    public init(characters: Int) {
        self.characters = characters
        super.init()
    }

    /// Measured by the leaf path directly (NodeTree's LayoutMethodOverrides).
    public override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: SyntheticTextNode.self, [.calculateSizeThatFits])
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        measureCount.wrappingAdd(1, ordering: .relaxed)
        let size = SyntheticText.size(characters: characters, availableWidth: constrainedSize.width)
        return Size(width: size.width, height: size.height)
    }

    public var measureCalls: Int { measureCount.load(ordering: .relaxed) }
}

/// The default engine: NodeTree's thread-safe nodes with their layout cache.
public struct NodeTreeFeedParityEngine: FeedParityEngine {
    public init() {}

    public var name: String { "NodeTree (CellNode subclass with 5 subnodes, layout cache)" }
    public var nodesPerCell: Int { 6 }
    public var layoutCacheUnavailableReason: String? { nil }

    public func makeCell(_ model: FeedParityCellModel) -> FeedParityCellNode {
        FeedParityCellNode(model)
    }

    /// layoutThatFits on the cell: the node keeps the result as its pending layout (Texture's), which is
    /// what a later call with the same range returns.
    public func layout(_ cell: FeedParityCellNode, width: Double) {
        _ = cell.layoutThatFits(SizeRange(width: width))
    }

    public func invalidate(_ cell: FeedParityCellNode) {
        cell.setNeedsLayout()
    }

    public func frames(of cell: FeedParityCellNode, width: Double) -> FeedParityFrames? {
        let layout = cell.layoutThatFits(SizeRange(width: width))
        return FeedParityFrames(size: layout.size,
                                avatar: layout.frame(for: cell.avatar),
                                userName: layout.frame(for: cell.userName),
                                location: layout.frame(for: cell.location),
                                photo: layout.frame(for: cell.photo),
                                comments: layout.frame(for: cell.comments))
    }

    public func measureCalls(of cell: FeedParityCellNode) -> Int {
        cell.userName.measureCalls + cell.location.measureCalls + cell.comments.measureCalls
    }

    public func cacheCounts(of cell: FeedParityCellNode) -> (hits: Int, misses: Int)? {
        cell.allNodes.layoutCacheCounts
    }
}
