import LayoutCore

// The feed-parity cell on LayoutCore's minimal nodes: five leaves (avatar, user name, location, photo,
// comments — the texts measure with SyntheticText) under a SpecHostNode whose spec closure builds a fresh
// spec tree on every layout, as a user's layoutSpecThatFits: does in Texture. Each cell is its own layout
// root. LayoutCore nodes neither cache layouts nor lock, so only node creation and fresh layout can be
// measured — and the difference to the NodeTree engine is the cost of the node layer.

/// The cell on LayoutCore's minimal nodes (tree: FeedParitySpec).
public struct LayoutCoreFeedParityEngine: FeedParityEngine {
    public init() {}

    public var name: String { "LayoutCore (LeafNode + SpecHostNode, no layout cache)" }
    /// Five leaves and the host.
    public var nodesPerCell: Int { 6 }
    public var layoutCacheUnavailableReason: String? {
        "not available until NodeTree: LayoutCore nodes do not cache layouts"
    }

    public func makeCell(_ model: FeedParityCellModel) -> LayoutCoreFeedParityCell {
        LayoutCoreFeedParityCell(model)
    }

    public func layout(_ cell: LayoutCoreFeedParityCell, width: Double) {
        cell.layout = cell.host.layoutThatFits(SizeRange(width: width))
    }

    public func invalidate(_ cell: LayoutCoreFeedParityCell) {
        cell.layout = nil
    }

    public func frames(of cell: LayoutCoreFeedParityCell, width: Double) -> FeedParityFrames? {
        guard let layout = cell.layout else { return nil }
        return FeedParityFrames(size: layout.size,
                                avatar: layout.frame(for: cell.avatar),
                                userName: layout.frame(for: cell.userName),
                                location: layout.frame(for: cell.location),
                                photo: layout.frame(for: cell.photo),
                                comments: layout.frame(for: cell.comments))
    }

    public func measureCalls(of cell: LayoutCoreFeedParityCell) -> Int {
        cell.counter.calls
    }
}

/// One cell's nodes and its last layout. Used by one thread at a time (the runner's contract), hence
/// unchecked.
public final class LayoutCoreFeedParityCell: @unchecked Sendable {
    public let avatar: LeafNode
    public let userName: LeafNode
    public let location: LeafNode
    public let photo: LeafNode
    public let comments: LeafNode
    public let host: SpecHostNode
    /// The host's last layout (flattened: the five leaves' frames), as a node keeps its calculated layout.
    public var layout: Layout?
    let counter: MeasureCounter

    public init(_ model: FeedParityCellModel) {
        let counter = MeasureCounter()
        self.counter = counter
        avatar = LeafNode("avatar", width: 30, height: 30)
        userName = Self.text("userName", characters: model.userNameLength, counter: counter)
        location = Self.text("location", characters: model.locationLength, counter: counter)
        // No size of its own: a leaf fills the ratio spec's exact range (Texture's default measure).
        photo = LeafNode("photo")
        comments = Self.text("comments", characters: model.commentsLength, counter: counter)
        host = SpecHostNode("cell") { [avatar, userName, location, photo, comments] _ in
            FeedParitySpec.make(avatar: avatar, userName: userName, location: location, photo: photo, comments: comments)
        }
    }

    /// A text leaf measured by SyntheticText, counting its measure calls.
    static func text(_ name: String, characters: Int, counter: MeasureCounter) -> LeafNode {
        LeafNode(name) { maxSize in
            counter.calls += 1
            let size = SyntheticText.size(characters: characters, availableWidth: maxSize.width)
            return Size(width: size.width, height: size.height)
        }
    }
}

/// Measure calls of one cell's texts. Touched only by the thread laying the cell out.
final class MeasureCounter: @unchecked Sendable {
    var calls = 0
}
