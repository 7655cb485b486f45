import Dispatch
import Foundation
import LayoutCore
import NodeTree

// The feed through Texture's pipeline (`bench run --mode pipeline`, and the default `both` for feed
// scenarios; Results/README.md "Pipeline metrics"): a TableNode over the generated feed, its data controller
// measuring off the main actor, its range controller and batch fetching driven by a simulated scroll.
// The main thread is the main actor here (a synchronous command), and it runs the main queue — where the
// list's commits arrive — from a run loop between frames, as an app's run loop does.
//
//   throughput   per measuring mode (an own pool of each thread count, Dispatch's concurrentPerform), the
//                modes taking turns of one unmeasured and three measured reloads: a new table and an emptied
//                text cache, reloadData of every cell of the scenario, until the commit. cells/s = cells ÷
//                the data controller's allocation+measurement time; also the wall time from reloadData to
//                the end of the commit
//   scroll       per refresh rate: a table with a first page, batch fetching on (a page per fetch, appended
//                from the fetch's background queue), scrolled at the scenario's speed for a few seconds
//                in real time. Per frame, the main actor's work: the scroll step (range update, batch
//                check) plus the commits that ran before the frame's deadline; frames over budget,
//                range-update time per frame, interface-state transitions per second, frames that found
//                the content's end (the data controller had not caught up), fetch-to-commit latency
//   streaming    at the first rate: the same scroll while two background threads stream batch updates
//                (inserts at the top, deletes, moves, reloads; seeded) — batch-to-commit p50/p99 and the
//                frames of the main actor under that load

public struct PipelineSettings: Sendable {
    public var cells: Int
    public var width: Double
    public var threadCounts: [Int]
    public var warmup: Int
    /// Repetitions of each scroll (3 s of real time each).
    public var repetitions: Int
    /// Measured reloads per measuring mode: a reload takes milliseconds, so the scaling ratio (a median of
    /// per-reload ratios) gets more pairs than the scrolls could afford. Rounded up to whole turns.
    public var throughputRepetitions: Int
    /// Measured reloads in one turn of a mode, after its unmeasured one.
    static let measuredReloadsPerTurn = 3
    public var refreshRates: [Int]
    public var scrollSpeed: Double
    public var viewportHeight: Double
    /// Seconds of simulated (and real) scrolling per rate and repetition.
    public var scrollSeconds = 3.0
    public var pageSize = 20
    public var seed: UInt64

    public init(scenario: Scenario, threadCounts: [Int]) {
        cells = scenario.cells
        width = scenario.widths.first ?? 375
        self.threadCounts = threadCounts
        warmup = min(scenario.warmup, 1)
        repetitions = max(1, min(scenario.repetitions, 5))
        throughputRepetitions = (max(15, scenario.repetitions) + Self.measuredReloadsPerTurn - 1)
            / Self.measuredReloadsPerTurn * Self.measuredReloadsPerTurn
        let mainActor = scenario.mainActor ?? MainActorBatchSettings(scrollSpeed: 6000)
        refreshRates = mainActor.refreshRates
        scrollSpeed = mainActor.scrollSpeed
        viewportHeight = mainActor.viewportHeight
        seed = UInt64(scenario.seed)
    }
}

@MainActor
public struct PipelineRunner {
    public let settings: PipelineSettings
    let models: [FeedCellModel]
    /// One engine for every table: its text cache is emptied before each measured reload, as the direct
    /// mode's fresh pass does (`prepare(for: .fresh)` keeps the tables' storage). A new engine per reload
    /// would also measure allocating and first touching the cache's tables, from both workers at once.
    let engine: NodeTreeFeedEngine
    let progress: ((String) -> Void)?

    public init(settings: PipelineSettings, scenario: Scenario, progress: ((String) -> Void)? = nil) {
        self.settings = settings
        engine = NodeTreeFeedEngine(cells: scenario.cells)
        models = engine.models(for: scenario)
        self.progress = progress
    }

    public func run() -> PipelineMeasurements {
        var result = PipelineMeasurements(settings: settings)
        let modes = settings.threadCounts.map { MeasuringMode.pool(width: $0) } + [.concurrentPerform]
        result.throughput = modes.map { PipelineThroughput(mode: $0) }
        // The modes take turns in rounds, so that a change in the machine's load spreads over all of them
        // instead of landing on one (the scaling ratio pairs the i-th measured reload of each, from the same
        // round). Within its turn a mode first reloads once unmeasured, so that a measured reload follows one of
        // its own mode, as in an app, which keeps one measuring mode: what another mode leaves behind (which
        // threads ran last, what their caches and the allocator's hold) is not what it starts from.
        let perTurn = PipelineSettings.measuredReloadsPerTurn
        let rounds = (settings.throughputRepetitions + perTurn - 1) / perTurn
        for round in 0..<rounds {
            for (index, mode) in modes.enumerated() {
                progress?("pipeline throughput \(result.throughput[index].label), round \(round + 1)/\(rounds)")
                reload(mode, measured: false, into: &result.throughput[index])
                for _ in 0..<perTurn {
                    reload(mode, measured: true, into: &result.throughput[index])
                }
            }
        }
        for rate in settings.refreshRates {
            result.scrolls.append(scroll(rate: rate, streaming: false))
        }
        if let rate = settings.refreshRates.first {
            result.streaming = scroll(rate: rate, streaming: true)
        }
        return result
    }

    // MARK: - Throughput

    /// One reloadData of every cell on a new table, until its commit.
    private func reload(_ mode: MeasuringMode, measured: Bool, into series: inout PipelineThroughput) {
        engine.prepare(for: .fresh)
        let source = FeedListSource(engine: engine, pool: models,
                                    initialRows: settings.cells, pageSize: 0)
        let table = TableNode(measuringMode: mode)
        table.dataSource = source
        table.delegate = source
        table.setViewportSize(Size(width: settings.width, height: settings.viewportHeight))
        let start = DispatchTime.now().uptimeNanoseconds
        table.reloadData()
        table.waitUntilAllUpdatesAreProcessed()
        let wall = DispatchTime.now().uptimeNanoseconds - start
        // What the commit left on the main queue (its batch-fetch check) runs now, so the table and its
        // cells are released here, on the main actor, and not during the next measured reload.
        Self.drainMainQueue()
        let statistics = table.dataControllerStatistics
        series.blocksOnMainActor += statistics.nodeBlocksOnMainActor
        guard measured else { return }
        series.cellsPerSecond.append(Double(statistics.lastMeasuredCells)
                                     / max(Double(statistics.lastMeasureNanoseconds) / 1e9, 1e-9))
        series.reloadMilliseconds.append(Double(wall) / 1e6)
    }

    // MARK: - Scroll

    private func scroll(rate: Int, streaming: Bool) -> PipelineScroll {
        var series = PipelineScroll(rate: rate, streaming: streaming)
        for repetition in 0..<(settings.warmup + settings.repetitions) {
            progress?("pipeline \(streaming ? "streaming" : "scroll") \(rate) Hz \(repetition + 1)/\(settings.warmup + settings.repetitions)")
            let outcome = scrollOnce(rate: rate, streaming: streaming, repetition: repetition)
            guard repetition >= settings.warmup else { continue }
            series.add(outcome)
        }
        return series
    }

    private func scrollOnce(rate: Int, streaming: Bool, repetition: Int) -> PipelineScroll.Outcome {
        engine.prepare(for: .fresh)
        let source = FeedListSource(engine: engine, pool: models,
                                    initialRows: settings.pageSize, pageSize: settings.pageSize)
        let table = TableNode(measuringMode: .pool(width: settings.threadCounts.max() ?? 1))
        table.dataSource = source
        table.delegate = source
        table.setViewportSize(Size(width: settings.width, height: settings.viewportHeight))
        table.reloadData()
        Self.pump { table.committedEditCount >= 1 }
        _ = table.takeBatchToCommitLatencies()

        // Two streaming threads, so edits also race each other for their turns.
        let streamers = streaming ? (0..<2).map {
            EditStreamer(table: table, source: source, seed: settings.seed &+ UInt64(repetition * 2 + $0))
        } : []
        for streamer in streamers { streamer.start() }
        let budget = 1e9 / Double(rate)
        let frames = Int(settings.scrollSeconds * Double(rate))
        let step = settings.scrollSpeed / Double(rate)
        let before = table.listStatistics
        var lastCommit = before.commitNanoseconds
        var outcome = PipelineScroll.Outcome()
        var offset = 0.0
        let start = DispatchTime.now().uptimeNanoseconds
        for frame in 0..<frames {
            let frameStart = DispatchTime.now().uptimeNanoseconds
            let maxOffset = max(0, table.contentSize.height - settings.viewportHeight)
            if offset + step > maxOffset { outcome.stalledFrames += 1 }
            offset = min(offset + step, maxOffset)
            table.scroll(toOffset: offset)
            let stepWork = DispatchTime.now().uptimeNanoseconds - frameStart
            // The rest of the frame: the run loop runs what arrived on the main queue (commits, batch
            // checks, completions) until the frame's deadline.
            let deadline = Double(start) + Double(frame + 1) * budget
            let remaining = (deadline - Double(DispatchTime.now().uptimeNanoseconds)) / 1e9
            if remaining > 0 { RunLoop.main.run(until: Date(timeIntervalSinceNow: remaining)) }
            let commits = table.listStatistics.commitNanoseconds
            let work = Double(stepWork + (commits - lastCommit))
            lastCommit = commits
            outcome.frameWorkNanoseconds.append(work)
            if work > budget { outcome.framesOverBudget += 1 }
        }
        for streamer in streamers { streamer.stop() }
        let after = table.listStatistics
        outcome.frames = frames
        outcome.seconds = Double(frames) / Double(rate)
        outcome.rangeUpdateNanosecondsPerFrame = Double(after.rangeUpdateNanoseconds - before.rangeUpdateNanoseconds)
            / Double(max(frames, 1))
        outcome.transitions = after.interfaceStateTransitions - before.interfaceStateTransitions
        outcome.fetches = after.batchFetchesBegun - before.batchFetchesBegun
        outcome.edits = streamers.reduce(0) { $0 + $1.submitted }
        outcome.rejectedEdits = streamers.reduce(0) { $0 + $1.rejected }
        // Let the last edits commit, so their latencies count and the table is quiet when released.
        Self.pump { table.committedEditCount >= table.submittedEditCount }
        outcome.batchToCommitNanoseconds = table.takeBatchToCommitLatencies().map { Double($0) }
        outcome.blocksOnMainActor = table.dataControllerStatistics.nodeBlocksOnMainActor
        return outcome
    }

    /// Runs the main run loop until everything queued on the main queue before this call has run.
    static func drainMainQueue() {
        let drained = Locked(false)
        DispatchQueue.main.async { drained.withLock { $0 = true } }
        pump { drained.withLock { $0 } }
    }

    /// Runs the main run loop until `done` (a bound keeps a stuck pipeline from hanging the command).
    static func pump(_ done: () -> Bool) {
        let limit = Date(timeIntervalSinceNow: 120)
        while !done(), Date() < limit {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
    }
}
