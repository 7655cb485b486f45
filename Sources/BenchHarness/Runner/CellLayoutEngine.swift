import LayoutCore

// What the runner (LayoutRunner, SinglePass) needs from a layout engine to measure a feed of cells: the
// models of a scenario, cells made from them, layout and invalidation, the frames of a laid-out cell and the
// hand-written manual layout of the same frames (the oracle and the floor), plus the deterministic counters.
// The engine is a type parameter of the runner, so the measured loops are specialized for it (no protocol
// dispatch inside a pass).
//
// Two families implement it: the feed-parity engines (FeedParityEngine refines this protocol with the
// feed-parity model and frames; FeedParity/) and the `feed` engine with the real cells (Feed/FeedEngine.swift).

public protocol CellLayoutEngine: Sendable {
    /// One cell's content, as the generator made it (plain data, shared read-only by every worker).
    associatedtype Model: Sendable
    /// One cell's nodes. A cell is used by one thread at a time; the runner hands cells between threads
    /// only across the worker pool's synchronization.
    associatedtype Cell: AnyObject
    /// A laid-out cell's size and its leaves' frames, as both the engine and the manual layout give them.
    associatedtype Frames: Equatable & Sendable & CustomStringConvertible

    /// How reports name the engine, e.g. "LayoutCore (LeafNode + SpecHostNode)".
    var name: String { get }
    /// nil when the engine's nodes cache their layouts (so cached and invalidated re-layout can be
    /// measured), else why those phases are not available.
    var layoutCacheUnavailableReason: String? { get }

    /// The scenario's cells. Called once per run, outside every measured pass.
    func models(for scenario: Scenario) -> [Model]
    /// Nodes per cell of these models, averaged (for nodes/s and `layout.nodesPerCell`).
    func nodesPerCell(of models: [Model]) -> Double

    /// Creates the cell's nodes (any thread), as a user's cell init would.
    func makeCell(_ model: Model) -> Cell
    /// Lays the cell out at `width` with a free height (layoutThatFits of a table cell), keeping the
    /// result in the cell as a node keeps its calculated layout.
    func layout(_ cell: Cell, width: Double)
    /// Invalidates the cell as a user does when its content changed (setNeedsLayout; the feed engine also
    /// changes texts first): the next `layout` must recompute it. Called only when caching is available.
    func invalidate(_ cell: Cell)
    /// The frames of the cell laid out at `width` (its cached layout where the engine caches), nil when
    /// the engine has none. Used after the counted pass, never inside a measured one.
    func frames(of cell: Cell, width: Double) -> Frames?

    /// The hand-written layout of `model` at `width`: the same frames by arithmetic (the floor).
    func manualFrames(_ model: Model, width: Double) -> Frames
    /// What `frames(of:width:)` must equal for `cell`, made from `model` and maybe invalidated since —
    /// the manual frames of the content the cell shows now. Default: `manualFrames(model, width:)`.
    func expectedFrames(of cell: Cell, model: Model, width: Double) -> Frames

    /// Runs before every pass of `phase` (throughput, latency, counted, single), on the calling thread
    /// with the workers parked, outside the timing and the allocation counts. Default: nothing. The feed
    /// engine empties its text measurement cache here before `fresh` and `manual`, so both start cold.
    func prepare(for phase: LayoutPhase)
    /// At least this many cells per manual throughput pass: a manual layout too short to time is
    /// repeated over the feed (its times are divided back per round). Default 50,000; an engine whose
    /// manual pass must start cold (the feed's) says 1, so it runs once.
    var manualCellsPerPass: Int { get }

    /// Calls of the cell's text measure functions so far (a deterministic counter). Engines that count
    /// engine-wide (`textMeasurementCounters()`) need not implement it.
    func measureCalls(of cell: Cell) -> Int
    /// Layout cache hits and misses of all the cell's nodes so far, nil without a cache.
    func cacheCounts(of cell: Cell) -> (hits: Int, misses: Int)?
    /// Engine-wide text measurement counters so far (calls, text cache hits, misses, evictions), nil when
    /// the engine has none. When present, counted passes take measure calls from here.
    func textMeasurementCounters() -> TextMeasurementCounters?
}

extension CellLayoutEngine {
    public func expectedFrames(of cell: Cell, model: Model, width: Double) -> Frames {
        manualFrames(model, width: width)
    }

    public func prepare(for phase: LayoutPhase) {}

    public var manualCellsPerPass: Int { 50_000 }

    public func measureCalls(of cell: Cell) -> Int { 0 }

    public func cacheCounts(of cell: Cell) -> (hits: Int, misses: Int)? { nil }

    public func textMeasurementCounters() -> TextMeasurementCounters? { nil }
}

/// Text measurement counters of an engine that measures through one cache of its own.
public struct TextMeasurementCounters: Hashable, Sendable {
    /// Measure calls that reached the cache (every non-empty text measured: hits + misses).
    public var calls: Int { hits + misses }
    public var hits: Int
    public var misses: Int
    /// Entries dropped because the cache was full. While this stays 0 the hit/miss split of a
    /// single-threaded pass is deterministic; evictions depend on how the (per-process seeded) hashes fall
    /// into the cache's shards.
    public var evictions: Int

    /// The counts since `earlier`.
    public func since(_ earlier: TextMeasurementCounters) -> TextMeasurementCounters {
        TextMeasurementCounters(hits: hits - earlier.hits, misses: misses - earlier.misses,
                                evictions: evictions - earlier.evictions)
    }
}
