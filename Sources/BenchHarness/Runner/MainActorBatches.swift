import LayoutCore
import NodeTree

// Main-actor batches (Scenarios/README.md, "Main-actor batches"; docs/ARCHITECTURE.md, "How a benchmark run flows"):
// off-main threads create and measure the feed's cells, then the main actor takes them in the batches a scroll at a
// refresh rate asks for — the cells whose top enters the viewport during one frame — loads their views, applies ASM and
// frames, and the time of each batch is measured against the frame budget.
//
//   measure     a worker pool (one thread per core) creates every cell and lays it out at the width
//               (layoutThatFits: the cell keeps the pending layout), untimed
//   schedule    cell i spans [y_i, y_i + h_i) in a table of the cells one below the other; at frame k the
//               viewport is [k × speed / rate, … + viewportHeight); the batch of frame k is every cell whose
//               top is inside it and was not shown before. Frame 0 is the first screen (loaded, untimed,
//               not counted); only frames with at least one entering cell are batches
//   batch       timed on the main actor: for each entering cell, add its view to the table view (loads
//               the cell's view; didLoad), set its frame; then the table's layoutIfNeeded — each new cell's
//               layout pass applies its pending layout: ASM inserts its subnodes (their views load), frames
//   report      per refresh rate: p50 and p99 ms per batch over every measured batch, frames over budget
//               (batch time > 1000 / rate ms) per scroll, batches and cells per batch (deterministic)
//
// Cells are created anew for every rate and repetition (a loaded cell cannot be loaded again) and
// released on the main actor (their views belong to it).

/// The scenario's "mainActor" object.
public struct MainActorBatchSettings: Hashable, Sendable {
    /// Scroll speed, points per second.
    public var scrollSpeed: Double
    /// Refresh rates, Hz.
    public var refreshRates: [Int]
    /// The viewport's height, points (its width is the cell width).
    public var viewportHeight: Double

    public init(scrollSpeed: Double, refreshRates: [Int] = [60, 120], viewportHeight: Double = 667) {
        self.scrollSpeed = scrollSpeed
        self.refreshRates = refreshRates
        self.viewportHeight = viewportHeight
    }

    public static let speedRange = 1...100_000
    public static let rateRange = 1...1_000
    public static let keys = ["scrollSpeed", "refreshRates", "viewportHeight"]

    /// The frame budget at `rate` Hz, milliseconds.
    public static func budgetMilliseconds(rate: Int) -> Double { 1000 / Double(rate) }

    /// The batches of a scroll over cells of `heights` (stacked from y = 0): per frame with entering cells,
    /// their indices; frame 0 (the first screen) comes first and is separate.
    public func batches(heights: [Double], rate: Int) -> (firstScreen: [Int], frames: [[Int]]) {
        var next = 0
        var top = 0.0
        var tops: [Double] = []
        tops.reserveCapacity(heights.count)
        for height in heights {
            tops.append(top)
            top += height
        }
        func entering(below bottom: Double) -> [Int] {
            var cells: [Int] = []
            while next < tops.count && tops[next] < bottom {
                cells.append(next)
                next += 1
            }
            return cells
        }
        let firstScreen = entering(below: viewportHeight)
        var frames: [[Int]] = []
        var frame = 1
        while next < tops.count {
            // Offsets by multiplication, not accumulation, so rounding never drifts.
            let offset = Double(frame) * scrollSpeed / Double(rate)
            let cells = entering(below: offset + viewportHeight)
            if !cells.isEmpty { frames.append(cells) }
            frame += 1
        }
        return (firstScreen, frames)
    }
}

/// One refresh rate's batches.
public struct MainActorSeries: Sendable {
    public var rate: Int
    public var width: Double
    /// Milliseconds of every measured batch (all repetitions).
    public var batchMilliseconds: [Double] = []
    /// Per measured repetition: frames over budget.
    public var framesOverBudget: [Double] = []
    /// Batches per scroll and cells per batch (deterministic: they follow from the heights).
    public var batches = 0
    public var cellsPerBatch = 0.0

    public init(rate: Int, width: Double) {
        self.rate = rate
        self.width = width
    }
}

/// Allocations per cell of the main-actor work (two identical counted scrolls; the second is reported).
public struct MainActorCounted: Hashable, Sendable {
    public var width: Double
    /// Allocations of the batches ÷ cells in them (the first screen excluded).
    public var allocationsPerCell: Double
    /// True when the two counted scrolls allocated differently.
    public var differed: Bool
}

@MainActor
public struct MainActorBatchRunner {
    public let engine: NodeTreeFeedEngine
    public let models: [FeedCellModel]
    public let settings: MainActorBatchSettings
    public let threads: Int
    public let warmup: Int
    public let repetitions: Int
    public let allocationCounter: (any AllocationCounting)?

    public init(engine: NodeTreeFeedEngine, models: [FeedCellModel], settings: MainActorBatchSettings, threads: Int,
                warmup: Int, repetitions: Int, allocationCounter: (any AllocationCounting)? = nil) {
        self.engine = engine
        self.models = models
        self.settings = settings
        self.threads = threads
        self.warmup = warmup
        self.repetitions = repetitions
        self.allocationCounter = allocationCounter
    }

    /// Every rate at `width`, then (with a counter) the counted scrolls.
    public func run(width: Double, progress: ((String) -> Void)? = nil) -> ([MainActorSeries], MainActorCounted?) {
        var series: [MainActorSeries] = []
        for rate in settings.refreshRates {
            var entry = MainActorSeries(rate: rate, width: width)
            let budget = MainActorBatchSettings.budgetMilliseconds(rate: rate)
            for repetition in 0..<(warmup + repetitions) {
                progress?("main-actor batches at \(rate) Hz, width \(JSONText.number(width)): "
                    + (repetition < warmup ? "warm-up \(repetition + 1)/\(warmup)"
                                           : "repetition \(repetition - warmup + 1)/\(repetitions)"))
                let outcome = scroll(width: width, rate: rate, counter: nil)
                guard repetition >= warmup else { continue }
                let times = outcome.batchMilliseconds
                entry.batchMilliseconds += times
                entry.framesOverBudget.append(Double(times.filter { $0 > budget }.count))
                entry.batches = times.count
                entry.cellsPerBatch = times.isEmpty ? 0 : Double(outcome.batchedCells) / Double(times.count)
            }
            series.append(entry)
        }
        guard allocationCounter != nil, let rate = settings.refreshRates.first else { return (series, nil) }
        progress?("main-actor batches, width \(JSONText.number(width)): counted passes")
        let first = scroll(width: width, rate: rate, counter: allocationCounter)
        let second = scroll(width: width, rate: rate, counter: allocationCounter)
        let perCell = Double(second.allocations) / Double(max(1, second.batchedCells))
        return (series, MainActorCounted(width: width, allocationsPerCell: perCell,
                                         differed: first.allocations != second.allocations))
    }

    /// One scroll through the feed at `rate`: measure off-main, then every batch on the main actor.
    private func scroll(width: Double, rate: Int, counter: (any AllocationCounting)?)
        -> (batchMilliseconds: [Double], allocations: UInt64, batchedCells: Int)
    {
        // Measure: create and lay out every cell on the pool (off the main actor), untimed.
        let storage = CellStorage<FeedCellNode, FeedCellFrames>(count: models.count)
        WorkerPool.with(threads: threads) { pool in
            let slots = PassSlots(count: threads)
            models.withUnsafeBufferPointer { models in
                _ = TimedPass.run(on: pool, slots: slots, count: models.count, recordLatency: false) { i in
                    let cell = engine.makeCell(models[i])
                    engine.layout(cell, width: width)
                    storage.cells[i] = cell
                }
            }
        }
        var heights: [Double] = []
        heights.reserveCapacity(models.count)
        for i in 0..<models.count { heights.append(storage.cells[i]!.calculatedSize.height) }
        let (firstScreen, frames) = settings.batches(heights: heights, rate: rate)

        // The table: a view as wide as the cells, holding them one below the other.
        let table = PlatformView(frame: Rect(x: 0, y: 0, width: width, height: settings.viewportHeight))
        var tops: [Double] = []
        tops.reserveCapacity(heights.count)
        var top = 0.0
        for height in heights {
            tops.append(top)
            top += height
        }
        func show(_ batch: [Int]) {
            for i in batch {
                let cell = storage.cells[i]!
                table.addSubview(cell.view)
                cell.frame = Rect(x: 0, y: tops[i], width: width, height: heights[i])
            }
            table.layoutIfNeeded()
        }

        show(firstScreen)
        var times: [Double] = []
        times.reserveCapacity(frames.count)
        let before = counter?.read()
        for batch in frames {
            let start = CPUClock.wallNanoseconds()
            show(batch)
            times.append(Double(CPUClock.wallNanoseconds() &- start) / 1e6)
        }
        let allocations = before.map { counter!.read().since($0).allocations } ?? 0
        // Released here, on the main actor: the cells' views belong to it.
        storage.removeAll()
        return (times, allocations, models.count - firstScreen.count)
    }
}

extension ScenarioDecoder {
    /// {"scrollSpeed": points/s, "refreshRates": [Hz, …] (optional, [60, 120]), "viewportHeight": points
    /// (optional, 667)} — only with the feed generator, whose NodeTree cells have views to load.
    func mainActorSettings(_ value: JSONValue, at path: String,
                           generator: FeedGeneratorKind) throws(LayoutDocumentError) -> MainActorBatchSettings {
        guard case .feed = generator else {
            throw reader.fail(path, .invalidValue(
                "main-actor batches need the \"feed\" generator (its NodeTree cells load views), not "
                    + JSONText.quoted(generator.name)))
        }
        let context = "the main-actor batches"
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: MainActorBatchSettings.keys, context: context)
        let speed = try integer(try reader.required(object, "scrollSpeed", at: path, context: context),
                                at: JSONPath.appending(path, key: "scrollSpeed"), in: MainActorBatchSettings.speedRange,
                                what: "a whole number of points per second")
        var rates = [60, 120]
        if let ratesValue = object["refreshRates"] {
            let ratesPath = JSONPath.appending(path, key: "refreshRates")
            rates = []
            for (index, element) in try nonEmptyArray(ratesValue, at: ratesPath, of: "refresh rates").enumerated() {
                let elementPath = JSONPath.appending(ratesPath, index: index)
                let rate = try integer(element, at: elementPath, in: MainActorBatchSettings.rateRange,
                                       what: "a whole number of Hz")
                guard !rates.contains(rate) else {
                    throw reader.fail(elementPath, .invalidValue("duplicate refresh rate \(rate)"))
                }
                rates.append(rate)
            }
        }
        let range = Scenario.widthRange
        let height = try object["viewportHeight"].map { value throws(LayoutDocumentError) in
            try integer(value, at: JSONPath.appending(path, key: "viewportHeight"),
                        in: Int(range.lowerBound)...Int(range.upperBound), what: "a whole number of points")
        } ?? 667
        return MainActorBatchSettings(scrollSpeed: Double(speed), refreshRates: rates, viewportHeight: Double(height))
    }
}
