import LayoutCore
import NodeTree
import TextEngine

// The `feed` scenario's engine: NodeTree's thread-safe nodes with their layout cache, the two real cells
// (FeedPhotoCell.swift, FeedItemCell.swift) and real text measured by TextEngine in DejaVu Sans.
//
// Cold text caches. Every TextNode of the feed measures through this engine's own TextLayoutCache (a
// TextMeasurer with that cache, given to the nodes at init), never TextLayoutCache.shared. The engine empties
// it before every `fresh` and every `manual` pass (prepare(for:)), so both start from a cold text cache in
// every repetition — as the node caches of freshly created cells are cold — while `cached` and `invalidated`
// see what the fresh pass left, as an app would. The cache is sized so a counted pass over the feed never
// evicts (65,536 entries for up to 2,048 cells; more for larger feeds, at most 2²⁰): then its hit/miss
// counts are deterministic. (TextLayoutCache.shared holds 4,096 entries; a 1,000-cell feed makes about
// 12,000 distinct measurements, so with it the counts would depend on how the per-process hash seed spreads
// keys over its shards.)

public struct NodeTreeFeedEngine: CellLayoutEngine {
    public typealias Model = FeedCellModel
    public typealias Cell = FeedCellNode
    public typealias Frames = FeedCellFrames

    /// The cache every text of the feed is measured through.
    public let textCache: TextLayoutCache
    /// TextMeasurer over `textCache`: the cells' text nodes and the manual layout measure with it.
    public let measurer: TextMeasurer

    public init(textCacheCapacity: Int = 65_536) {
        textCache = TextLayoutCache(capacity: textCacheCapacity)
        measurer = TextMeasurer(cache: textCache)
    }

    /// An engine whose text cache holds a counted pass over `cells` cells without evicting.
    public init(cells: Int) {
        self.init(textCacheCapacity: Swift.min(1 << 20, Swift.max(65_536, cells * 32)))
    }

    public var name: String {
        "NodeTree (ASDKgram photo cells and LayoutKit feed items: CellNode subclasses with ASM, TextNode on TextEngine, DejaVu Sans)"
    }

    public var layoutCacheUnavailableReason: String? { nil }

    public func models(for scenario: Scenario) -> [FeedCellModel] {
        guard case .feed(let generator) = scenario.generator else {
            preconditionFailure("the feed engine runs the feed generator, not \(scenario.generator.name)")
        }
        return generator.feed(count: scenario.cells)
    }

    public func nodesPerCell(of models: [FeedCellModel]) -> Double {
        models.isEmpty ? 0 : Double(models.reduce(0) { $0 + $1.nodeCount }) / Double(models.count)
    }

    public func makeCell(_ model: FeedCellModel) -> FeedCellNode {
        switch model {
        case .photo(let photo): return FeedPhotoCellNode(photo, measurer: measurer)
        case .item(let item): return FeedItemCellNode(item, measurer: measurer)
        }
    }

    /// layoutThatFits on the cell: the node keeps the result as its pending layout (Texture's), which is
    /// what a later call with the same range returns.
    public func layout(_ cell: FeedCellNode, width: Double) {
        _ = cell.layoutThatFits(SizeRange(width: width))
    }

    /// New texts on the affected text nodes (the photo's time and likes, the item's action and poster
    /// time; each setter calls setNeedsLayout on its node), then setNeedsLayout on the cell. A second call
    /// puts the original texts back.
    public func invalidate(_ cell: FeedCellNode) {
        cell.toggleUpdate()
    }

    /// The cell's size and its leaves' frames in layout order; a leaf out of place is recorded as a null
    /// rect, so a wrong node order cannot pass.
    public func frames(of cell: FeedCellNode, width: Double) -> FeedCellFrames? {
        let layout = cell.layoutThatFits(SizeRange(width: width))
        let nodes = cell.layoutNodes
        var frames = FeedCellFrames(kind: cell is FeedPhotoCellNode ? .photo : .item, size: layout.size)
        for (index, sublayout) in layout.sublayouts.prefix(FeedCellFrames.capacity).enumerated() {
            let inPlace = index < nodes.count && sublayout.element === nodes[index]
            frames.append(inPlace ? sublayout.frame : .null)
        }
        return frames
    }

    public func manualFrames(_ model: FeedCellModel, width: Double) -> FeedCellFrames {
        FeedManualLayout.frames(model, width: width, measurer: measurer)
    }

    /// The manual frames of what the cell shows now (its update after an odd number of invalidations).
    public func expectedFrames(of cell: FeedCellNode, model: FeedCellModel, width: Double) -> FeedCellFrames {
        FeedManualLayout.frames(model, width: width, updated: cell.showsUpdate, measurer: measurer)
    }

    /// Empties the text cache before the passes that must start cold.
    public func prepare(for phase: LayoutPhase) {
        if phase == .fresh || phase == .manual { textCache.removeAll() }
    }

    /// The manual layout measures text from a cold cache: one round, never repeated on a warm cache.
    public var manualCellsPerPass: Int { 1 }

    public func cacheCounts(of cell: FeedCellNode) -> (hits: Int, misses: Int)? {
        cell.allNodes.layoutCacheCounts
    }

    public func textMeasurementCounters() -> TextMeasurementCounters? {
        let statistics = textCache.statistics
        return TextMeasurementCounters(hits: statistics.hits, misses: statistics.misses,
                                       evictions: statistics.evictions)
    }
}
