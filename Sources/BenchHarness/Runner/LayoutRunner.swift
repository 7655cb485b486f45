import LayoutCore

// The run: for every width and thread count, warm-up repetitions and then measured ones, each a
// throughput pass of every phase followed by a latency pass (per-cell clocks are kept out of the
// throughput passes, where they would weigh on the cheap manual layout). Then, on the calling thread
// with the workers gone, a counted pass per width: allocations and bytes (when a counter is given),
// measure calls, and the engine's frames against the manual layout's for every cell — twice, so counts
// that differ between identical passes are caught instead of reported as deterministic.

public struct LayoutRunOptions {
    public var threadCounts: [Int]
    public var allocationCounter: (any AllocationCounting)?
    /// Called on the calling thread with a short description of what runs next (for a progress line).
    public var progress: ((String) -> Void)?
    /// The workers' stack size (deep trees recurse once per level; WorkerPool.defaultStackSize otherwise).
    public var stackSize: Int

    public init(threadCounts: [Int], allocationCounter: (any AllocationCounting)? = nil,
                progress: ((String) -> Void)? = nil, stackSize: Int = WorkerPool.defaultStackSize) {
        self.threadCounts = threadCounts
        self.allocationCounter = allocationCounter
        self.progress = progress
        self.stackSize = stackSize
    }
}

public struct LayoutRunner<Engine: CellLayoutEngine> {
    public let engine: Engine
    public let scenario: Scenario
    public let models: [Engine.Model]
    public let options: LayoutRunOptions

    public init(engine: Engine, scenario: Scenario, options: LayoutRunOptions) {
        self.engine = engine
        self.scenario = scenario
        self.options = options
        models = engine.models(for: scenario)
    }

    /// The phases that run: creation and fresh layout always (the others need laid-out cells), cached
    /// and invalidated only with a layout cache, manual when asked for.
    var cacheAvailable: Bool { engine.layoutCacheUnavailableReason == nil }
    var wantsCache: Bool { cacheAvailable && scenario.phases.contains(where: \.needsLayoutCache) }
    var wantsManual: Bool { scenario.phases.contains(.manual) }

    /// A feed-parity manual pass over 1,000 cells takes well under a millisecond — too short to time
    /// against thread wake-up and clock granularity — so throughput passes lay the feed out this many times
    /// (at least the engine's `manualCellsPerPass`, 50,000 cells by default) and report times per round.
    /// The feed's manual layout measures text from a cold cache and runs once.
    public var manualRounds: Int {
        max(1, (engine.manualCellsPerPass + models.count - 1) / max(1, models.count))
    }

    public func run() -> RunMeasurements {
        // Every layout of a run is at scale 2, whatever another user of the process set.
        if PixelGrid.scale != 2 { PixelGrid.scale = 2 }
        var result = RunMeasurements(engineName: engine.name, cells: models.count,
                                     nodesPerCell: engine.nodesPerCell(of: models),
                                     widths: scenario.widths, threadCounts: options.threadCounts,
                                     warmup: scenario.warmup, repetitions: scenario.repetitions)
        if let reason = engine.layoutCacheUnavailableReason {
            for phase in scenario.phases where phase.needsLayoutCache {
                result.unavailable.append(UnavailablePhase(phase: phase, reason: reason))
            }
        }
        result.allocator = options.allocationCounter?.allocatorDescription
        result.manualRounds = manualRounds

        let storage = CellStorage<Engine.Cell, Engine.Frames>(count: models.count)
        for width in scenario.widths {
            for threads in options.threadCounts {
                let (timed, probe) = measurePhases(width: width, threads: threads, storage: storage)
                result.timed += timed
                result.addProbe(threads: threads, wallNanoseconds: probe)
            }
            let (counted, check, note) = countedPasses(width: width, storage: storage)
            result.counted += counted
            result.frameChecks.append(check)
            if let note { result.notes.append(note) }
        }
        return result
    }

    // MARK: Timed repetitions

    /// Warm-up and measured repetitions of every phase at one width and thread count, and the machine probe's
    /// time after each measured repetition (MachineProbe.swift).
    func measurePhases(width: Double, threads: Int, storage: CellStorage<Engine.Cell, Engine.Frames>)
        -> (timed: [TimedPhase], probe: [Double])
    {
        var phases = [LayoutPhase.create, .fresh]
        if wantsCache { phases += [.cached, .invalidated] }
        if wantsManual { phases.append(.manual) }
        var timed = phases.map { TimedPhase(phase: $0, threads: threads, width: width) }
        var probe: [Double] = []

        WorkerPool.with(threads: threads, stackSize: options.stackSize) { pool in
            let slots = PassSlots(count: threads)
            let total = scenario.warmup + scenario.repetitions
            for repetition in 0..<total {
                let measured = repetition >= scenario.warmup
                options.progress?(measured
                    ? "width \(JSONText.number(width)), \(threads) thread(s): repetition \(repetition - scenario.warmup + 1)/\(scenario.repetitions)"
                    : "width \(JSONText.number(width)), \(threads) thread(s): warm-up \(repetition + 1)/\(scenario.warmup)")
                let throughput = repetitionPasses(phases, width: width, pool: pool, slots: slots, storage: storage,
                                                  recordLatency: false)
                // Warm-ups probe too: the first probe builds its table and finds it still in the caches.
                let probed = MachineProbe.run(on: pool, slots: slots)
                guard measured else { continue }
                probe.append(Double(probed))
                let latency = repetitionPasses(phases, width: width, pool: pool, slots: slots, storage: storage,
                                               recordLatency: true)
                for index in phases.indices {
                    // Per round of the feed, so every phase's times are per feed pass.
                    let rounds = Double(phases[index] == .manual ? manualRounds : 1)
                    timed[index].wallNanoseconds.append(Double(throughput[index].wallNanoseconds) / rounds)
                    timed[index].cpuNanoseconds.append(Double(throughput[index].cpuNanoseconds) / rounds)
                    if let histogram = latency[index].latency {
                        if timed[index].latency == nil { timed[index].latency = histogram }
                        else { timed[index].latency!.add(histogram) }
                    }
                }
            }
        }
        storage.removeAll()
        return (timed.filter { scenario.phases.contains($0.phase) }, probe)
    }

    /// One pass of each phase, in order, on fresh cells.
    func repetitionPasses(_ phases: [LayoutPhase], width: Double, pool: WorkerPool, slots: PassSlots,
                          storage: CellStorage<Engine.Cell, Engine.Frames>, recordLatency: Bool) -> [PassTiming] {
        // The previous repetition's cells are freed here, outside every timed pass.
        storage.removeAll()
        let count = models.count
        return models.withUnsafeBufferPointer { models in
            phases.map { phase in
                engine.prepare(for: phase)
                switch phase {
                case .create:
                    return TimedPass.run(on: pool, slots: slots, count: count, recordLatency: recordLatency) { i in
                        storage.cells[i] = engine.makeCell(models[i])
                    }
                case .fresh, .cached:
                    return TimedPass.run(on: pool, slots: slots, count: count, recordLatency: recordLatency) { i in
                        engine.layout(storage.cells[i].unsafelyUnwrapped, width: width)
                    }
                case .invalidated:
                    for i in 0..<count { engine.invalidate(storage.cells[i].unsafelyUnwrapped) }
                    return TimedPass.run(on: pool, slots: slots, count: count, recordLatency: recordLatency) { i in
                        engine.layout(storage.cells[i].unsafelyUnwrapped, width: width)
                    }
                case .manual:
                    // Latency passes time each cell anyway; throughput passes repeat the feed.
                    let rounds = recordLatency ? 1 : manualRounds
                    return TimedPass.run(on: pool, slots: slots, count: count, rounds: rounds,
                                         recordLatency: recordLatency) { i in
                        storage.manual[i] = engine.manualFrames(models[i], width: width)
                    }
                }
            }
        }
    }

    // MARK: Counted passes

    /// Two identical counted passes at `width` on the calling thread, after one that warms it up; the
    /// second's counts are reported, and a note is returned if they differ from the first's. The warm-up
    /// pass is there because the timed passes ran on the pool's threads: the calling thread's first
    /// layouts make its spec arena and layout scratch (allocations once per thread, not per cell), and
    /// comparing that pass with the next flagged every run as differing.
    func countedPasses(width: Double, storage: CellStorage<Engine.Cell, Engine.Frames>)
        -> ([CountedPhase], FrameCheck, String?)
    {
        options.progress?("width \(JSONText.number(width)): counted passes")
        _ = countedPass(width: width, storage: storage)
        let first = countedPass(width: width, storage: storage)
        let evictionsBefore = engine.textMeasurementCounters()?.evictions ?? 0
        let second = countedPass(width: width, storage: storage)
        let evictions = (engine.textMeasurementCounters()?.evictions ?? 0) - evictionsBefore
        let check = frameCheck(width: width, storage: storage)
        storage.removeAll()
        var notes: [String] = []
        // Only the reported phases matter (a tree scenario counts the manual oracle but does not report it).
        let differing = zip(first, second).filter { $0.0 != $0.1 && scenario.phases.contains($0.1.phase) }
            .map { $0.1.phase.rawValue }
        if !differing.isEmpty {
            notes.append("width \(JSONText.number(width)): the two counted passes differed in "
                + differing.joined(separator: ", ") + "; the second is reported")
        }
        if evictions > 0 {
            notes.append("width \(JSONText.number(width)): the text measurement cache evicted \(evictions) entries "
                + "during the counted pass, so its hit/miss split depends on this process's hash seed")
        }
        return (second.filter { scenario.phases.contains($0.phase) }, check,
                notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    func countedPass(width: Double, storage: CellStorage<Engine.Cell, Engine.Frames>) -> [CountedPhase] {
        storage.removeAll()
        let counter = options.allocationCounter
        let count = models.count
        var counted: [CountedPhase] = []
        counted.reserveCapacity(LayoutPhase.allCases.count)

        func measure(_ phase: LayoutPhase, _ body: () -> Void) {
            engine.prepare(for: phase)
            let engineCounters = phase != .manual && phase != .create
            let callsBefore = engineCounters ? measureCalls(storage) : 0
            let cacheBefore = engineCounters ? cacheCounts(storage) : nil
            let textBefore = engineCounters ? engine.textMeasurementCounters() : nil
            let before = counter?.read()
            body()
            let after = counter?.read()
            var entry = CountedPhase(phase: phase, width: width)
            if let before, let after {
                let delta = after.since(before)
                entry.allocations = delta.allocations
                entry.bytes = delta.bytes
            }
            if engineCounters {
                entry.measureCalls = measureCalls(storage) - callsBefore
                if let cacheBefore, let cacheAfter = cacheCounts(storage) {
                    entry.cacheHits = cacheAfter.hits - cacheBefore.hits
                    entry.cacheMisses = cacheAfter.misses - cacheBefore.misses
                }
                // An engine that counts text measurement itself: its calls are the measure calls.
                if let textBefore, let text = engine.textMeasurementCounters()?.since(textBefore) {
                    entry.measureCalls = text.calls
                    entry.textCacheHits = text.hits
                    entry.textCacheMisses = text.misses
                }
            }
            counted.append(entry)
        }

        models.withUnsafeBufferPointer { models in
            measure(.create) { for i in 0..<count { storage.cells[i] = engine.makeCell(models[i]) } }
            measure(.fresh) { for i in 0..<count { engine.layout(storage.cells[i]!, width: width) } }
            if wantsCache {
                measure(.cached) { for i in 0..<count { engine.layout(storage.cells[i]!, width: width) } }
                for i in 0..<count { engine.invalidate(storage.cells[i]!) }
                measure(.invalidated) { for i in 0..<count { engine.layout(storage.cells[i]!, width: width) } }
            }
            measure(.manual) {
                for i in 0..<count { storage.manual[i] = engine.manualFrames(models[i], width: width) }
            }
        }
        return counted
    }

    /// The cache counts of every cell, summed; nil when the engine has no cache.
    func cacheCounts(_ storage: CellStorage<Engine.Cell, Engine.Frames>) -> (hits: Int, misses: Int)? {
        var hits = 0, misses = 0
        for i in 0..<storage.count {
            guard let cell = storage.cells[i] else { continue }
            guard let counts = engine.cacheCounts(of: cell) else { return nil }
            hits += counts.hits
            misses += counts.misses
        }
        return (hits, misses)
    }

    func measureCalls(_ storage: CellStorage<Engine.Cell, Engine.Frames>) -> Int {
        var calls = 0
        for i in 0..<storage.count {
            if let cell = storage.cells[i] { calls += engine.measureCalls(of: cell) }
        }
        return calls
    }

    /// The engine's frames (from the counted pass) against freshly computed manual frames of what each
    /// cell shows.
    func frameCheck(width: Double, storage: CellStorage<Engine.Cell, Engine.Frames>) -> FrameCheck {
        var mismatches = 0
        var firstMismatch: String?
        for (i, model) in models.enumerated() {
            let engineFrames = storage.cells[i].flatMap { engine.frames(of: $0, width: width) }
            let manual = storage.cells[i].map { engine.expectedFrames(of: $0, model: model, width: width) }
                ?? engine.manualFrames(model, width: width)
            if engineFrames != manual {
                mismatches += 1
                if firstMismatch == nil {
                    firstMismatch = "cell \(i) at width \(JSONText.number(width)): engine "
                        + (engineFrames.map { "\($0)" } ?? "no layout") + "; manual \(manual)"
                }
            }
        }
        return FrameCheck(width: width, cells: models.count, mismatches: mismatches, firstMismatch: firstMismatch)
    }
}

/// The cells of a run and the manual layout's output, in buffers every worker writes at its own
/// indices (so no array copy-on-write or exclusivity check is shared between threads).
final class CellStorage<Cell: AnyObject, Frames>: @unchecked Sendable {
    let count: Int
    let cells: UnsafeMutableBufferPointer<Cell?>
    let manual: UnsafeMutableBufferPointer<Frames?>

    init(count: Int) {
        self.count = count
        cells = .allocate(capacity: count)
        cells.initialize(repeating: nil)
        manual = .allocate(capacity: count)
        manual.initialize(repeating: nil)
    }

    /// Releases every cell (on the calling thread).
    func removeAll() {
        for i in 0..<count { cells[i] = nil }
    }

    deinit {
        cells.deinitialize()
        cells.deallocate()
        manual.deinitialize()
        manual.deallocate()
    }
}
