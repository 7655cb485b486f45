import LayoutCore

// What the runner needs from a layout engine to measure the feed-parity cell: a CellLayoutEngine
// (Runner/CellLayoutEngine.swift) whose models are FeedParityCellModels and whose frames are
// FeedParityFrames, with the feed-parity generator and manual layout supplied here. Two engines implement
// it: NodeTree's CellNode with its layout cache (FeedParityCell.swift, the default) and LayoutCore's minimal
// uncached nodes (FeedParityLayoutCoreCell.swift), so the cost of the node layer can be seen apart from the
// layout algorithm.

public protocol FeedParityEngine: CellLayoutEngine where Model == FeedParityCellModel, Frames == FeedParityFrames {
    /// Nodes in one cell (for nodes/s).
    var nodesPerCell: Int { get }
}

extension FeedParityEngine {
    /// The feed-parity generator's cells (precondition: the scenario names that generator; `bench run`
    /// picks the engine by generator).
    public func models(for scenario: Scenario) -> [FeedParityCellModel] {
        guard case .feedParity(let generator) = scenario.generator else {
            preconditionFailure("\(name) runs the feed-parity generator, not \(scenario.generator.name)")
        }
        return generator.feed(count: scenario.cells)
    }

    public func nodesPerCell(of models: [FeedParityCellModel]) -> Double { Double(nodesPerCell) }

    /// FeedParityManualLayout.swift.
    public func manualFrames(_ model: FeedParityCellModel, width: Double) -> FeedParityFrames {
        FeedParityManualLayout.frames(model, width: width)
    }
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
