import LayoutCore

// What the runner needs from a layout engine to measure the feed-parity cell. The engine is a type
// parameter of the runner, so the measured loops are specialized for it (no protocol dispatch inside a
// pass). Two engines implement it: NodeTree's CellNode with its layout cache (FeedParityCell.swift, the
// default) and LayoutCore's minimal uncached nodes (FeedParityLayoutCoreCell.swift), so the cost of the
// node layer can be seen apart from the layout algorithm.

public protocol FeedParityEngine: Sendable {
    /// One cell's nodes. A cell is used by one thread at a time; the runner hands cells between threads
    /// only across the worker pool's synchronization.
    associatedtype Cell: AnyObject

    /// How reports name the engine, e.g. "LayoutCore (LeafNode + SpecHostNode)".
    var name: String { get }
    /// Nodes in one cell (for nodes/s).
    var nodesPerCell: Int { get }
    /// nil when the engine's nodes cache their layouts (so cached and invalidated re-layout can be
    /// measured), else why those phases are not available.
    var layoutCacheUnavailableReason: String? { get }

    /// Creates the cell's nodes (any thread), as a user's cell init would.
    func makeCell(_ model: FeedParityCellModel) -> Cell
    /// Lays the cell out at `width` with a free height (layoutThatFits of a table cell), keeping the
    /// result in the cell as a node keeps its calculated layout.
    func layout(_ cell: Cell, width: Double)
    /// setNeedsLayout on the cell, as a user does when its content changed: the next `layout` must
    /// recompute the cell. Called only when caching is available.
    func invalidate(_ cell: Cell)
    /// The frames of the cell laid out at `width` (its cached layout where the engine caches), nil when
    /// the engine has none. Used after the counted pass, never inside a measured one.
    func frames(of cell: Cell, width: Double) -> FeedParityFrames?
    /// Calls of the cell's text measure functions so far (a deterministic counter).
    func measureCalls(of cell: Cell) -> Int
    /// Layout cache hits and misses of all the cell's nodes so far, nil without a cache.
    func cacheCounts(of cell: Cell) -> (hits: Int, misses: Int)?
}

extension FeedParityEngine {
    public func cacheCounts(of cell: Cell) -> (hits: Int, misses: Int)? { nil }
}

/// The engines `bench run --engine` can choose.
public enum FeedParityEngineKind: String, CaseIterable, Sendable {
    /// NodeTree's CellNode subclass (thread-safe nodes, layout cache): the default.
    case nodetree
    /// LayoutCore's LeafNode + SpecHostNode (no cache, no locks).
    case layoutcore
}

/// A laid-out feed-parity cell: its size and the frames of its five leaves, relative to the cell.
public struct FeedParityFrames: Hashable, Sendable, CustomStringConvertible {
    public var size: Size
    public var avatar: Rect
    public var userName: Rect
    public var location: Rect
    public var photo: Rect
    public var comments: Rect

    public init(size: Size, avatar: Rect, userName: Rect, location: Rect, photo: Rect, comments: Rect) {
        self.size = size
        self.avatar = avatar
        self.userName = userName
        self.location = location
        self.photo = photo
        self.comments = comments
    }

    public static let zero = FeedParityFrames(size: .zero, avatar: .zero, userName: .zero, location: .zero,
                                              photo: .zero, comments: .zero)

    public var description: String {
        "size \(size), avatar \(avatar), userName \(userName), location \(location), photo \(photo), "
            + "comments \(comments)"
    }
}
