import Foundation
import Testing
@testable import BenchHarness

/// The worker pool (exactly N threads, every index once) and the runner: determinism of frames and
/// counters, the phases it reports, and what it says about the ones it cannot measure.
@Suite struct RunnerTests {
    static func scenario(cells: Int = 60, seed: UInt32 = 12345, widths: [Double] = [375], threads: [ThreadCount] = [.count(1)],
                         phases: [LayoutPhase] = LayoutPhase.allCases, repetitions: Int = 2) -> Scenario {
        Scenario(name: "test", file: "test.json", contentHash: "fnv1a64:0000000000000000", description: "test",
                 generator: .feedParity(FeedParityGenerator(seed: seed)), cells: cells, widths: widths,
                 threads: threads, phases: phases, warmup: 1, repetitions: repetitions)
    }

    static func run(_ scenario: Scenario, threads: [Int] = [1]) -> RunMeasurements {
        LayoutRunner(engine: NodeTreeFeedParityEngine(), scenario: scenario,
                     options: LayoutRunOptions(threadCounts: threads)).run()
    }

    @Test(arguments: [1, 2, 3])
    func poolRunsTheJobOnceOnEachOfExactlyNThreads(threads: Int) {
        let seen = Locked<[Int: UInt]>([:])
        WorkerPool.with(threads: threads) { pool in
            for _ in 0..<3 {
                seen.withLock { $0.removeAll() }
                pool.run { worker in
                    let thread = currentThreadID()
                    seen.withLock { $0[worker] = thread }
                }
                let result = seen.withLock { $0 }
                #expect(result.keys.sorted() == Array(0..<threads))
                #expect(Set(result.values).count == threads)
            }
        }
    }

    /// A pool of at most as many workers as the process has CPUs pins each to its own CPU (CPUAffinity:
    /// an unpinned worker woken on its waker's CPU can share that core for a whole short pass), so every
    /// worker is found running on its CPU; a larger pool pins none.
    @Test func poolPinsEachWorkerToItsOwnCPUWhileThereAreEnough() throws {
        let allowed = CPUAffinity.allowedCPUs()
        try #require(!allowed.isEmpty, "sched_getaffinity gave no CPUs")
        for threads in Set([1, min(2, allowed.count), allowed.count]).sorted() {
            let seen = Locked<[Int: Int]>([:])
            WorkerPool.with(threads: threads) { pool in
                #expect(pool.pinnedCPUs == Array(allowed.prefix(threads)))
                pool.run { worker in
                    let cpu = CPUAffinity.currentCPU() ?? -1
                    seen.withLock { $0[worker] = cpu }
                }
            }
            let cpus = seen.withLock { $0 }
            #expect((0..<threads).map { cpus[$0] } == allowed.prefix(threads).map { Optional($0) })
        }
        WorkerPool.with(threads: allowed.count + 1) { pool in
            #expect(pool.pinnedCPUs.allSatisfy { $0 == nil })
        }
    }

    @Test(arguments: [1, 2, 4])
    func passVisitsEveryIndexExactlyOnce(threads: Int) {
        let count = 1001
        let visits = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        visits.initialize(repeating: 0)
        defer { visits.deallocate() }
        WorkerPool.with(threads: threads) { pool in
            let slots = PassSlots(count: threads)
            for recordLatency in [false, true] {
                let timing = TimedPass.run(on: pool, slots: slots, count: count, recordLatency: recordLatency) { i in
                    visits[i] += 1
                }
                #expect(timing.wallNanoseconds > 0)
                #expect((timing.latency?.totalCount ?? 0) == (recordLatency ? UInt64(count) : 0))
            }
        }
        #expect(visits.allSatisfy { $0 == 2 })
    }

    @Test func sameSeedGivesTheSameFramesAndCounters() {
        let first = Self.run(Self.scenario(), threads: [1, 2])
        let second = Self.run(Self.scenario(), threads: [2])
        #expect(first.frameChecks == second.frameChecks)
        #expect(first.frameChecks.allSatisfy { $0.mismatches == 0 })
        #expect(first.counted == second.counted)
        #expect(first.counted.first { $0.phase == .fresh }?.measureCalls ?? 0 > 0)
        #expect(first.notes.isEmpty)

        // The frames themselves, built twice independently.
        let engine = NodeTreeFeedParityEngine()
        for model in FeedParityGenerator().feed(count: 60) {
            let a = engine.makeCell(model), b = engine.makeCell(model)
            engine.layout(a, width: 320)
            engine.layout(b, width: 320)
            #expect(engine.frames(of: a, width: 320) == engine.frames(of: b, width: 320))
        }
    }

    @Test func timedPhasesRepetitionsAndLatencies() {
        let measurements = Self.run(Self.scenario(repetitions: 3), threads: [1, 2])
        let phases: [LayoutPhase] = [.create, .fresh, .cached, .invalidated, .manual]
        #expect(measurements.timed.map(\.phase) == phases + phases)
        #expect(measurements.timed.map(\.threads) == Array(repeating: 1, count: 5) + Array(repeating: 2, count: 5))
        for timed in measurements.timed {
            #expect(timed.wallNanoseconds.count == 3)
            #expect(timed.cpuNanoseconds.count == 3)
            #expect(timed.latency?.totalCount == UInt64(3 * 60))
        }
        #expect(measurements.unavailable.isEmpty)
        // Nothing is measured again from the cache.
        let cached = measurements.counted.first { $0.phase == .cached }
        #expect(cached?.measureCalls == 0)
        #expect(cached?.cacheHits == 60)
        #expect(cached?.cacheMisses == 0)
        // Without a counter: no allocation numbers, but measure calls.
        #expect(measurements.allocator == nil)
        #expect(measurements.counted.allSatisfy { $0.allocations == nil && $0.bytes == nil })
    }

    @Test func anEngineWithoutCacheReportsThoseCachedPhasesAsUnavailable() {
        let measurements = LayoutRunner(engine: LayoutCoreFeedParityEngine(), scenario: Self.scenario(),
                                        options: LayoutRunOptions(threadCounts: [2])).run()
        #expect(measurements.timed.map(\.phase) == [.create, .fresh, .manual])
        #expect(measurements.counted.map(\.phase) == [.create, .fresh, .manual])
        #expect(measurements.unavailable.map(\.phase) == [.cached, .invalidated])
        #expect(measurements.unavailable.allSatisfy { $0.reason.hasPrefix("not available until NodeTree") })
        #expect(measurements.frameChecks.allSatisfy { $0.mismatches == 0 })
        #expect(measurements.counted.allSatisfy { $0.cacheHits == nil })
    }

    @Test func onlyTheListedPhasesAreReported() {
        let measurements = Self.run(Self.scenario(phases: [.fresh]))
        #expect(measurements.timed.map(\.phase) == [.fresh])
        #expect(measurements.counted.map(\.phase) == [.fresh])
        #expect(measurements.unavailable.isEmpty)
    }

    @Test func countsComeFromTheCounterOnTheCallingThread() {
        let counter = FakeCounter()
        let measurements = LayoutRunner(engine: NodeTreeFeedParityEngine(), scenario: Self.scenario(cells: 10),
                                        options: LayoutRunOptions(threadCounts: [1], allocationCounter: counter)).run()
        #expect(measurements.allocator == "fake")
        // Each read adds 1 allocation and 8 bytes: every counted phase sees exactly one step.
        #expect(measurements.counted.allSatisfy { $0.allocations == 1 && $0.bytes == 8 })
    }

    @Test func singlePassRunsOnePhase() throws {
        let outcome = try SinglePass.run(.fresh, scenario: Self.scenario(cells: 20), engine: NodeTreeFeedParityEngine())
        #expect(outcome.cells == 20)
        #expect(outcome.width == 375)
        #expect((outcome.measureCalls ?? 0) >= 60)
        let cached = try SinglePass.run(.cached, scenario: Self.scenario(cells: 20), engine: NodeTreeFeedParityEngine())
        #expect(cached.measureCalls == 0)
        #expect(throws: SinglePassError.self) {
            try SinglePass.run(.cached, scenario: Self.scenario(cells: 20), engine: LayoutCoreFeedParityEngine())
        }
    }
}

/// A counter whose every reading is one allocation and 8 bytes after the previous one.
final class FakeCounter: AllocationCounting, @unchecked Sendable {
    private let state = Locked(AllocationReading(allocations: 0, bytes: 0))
    var allocatorDescription: String { "fake" }
    func read() -> AllocationReading {
        state.withLock { reading in
            reading.allocations += 1
            reading.bytes += 8
            return reading
        }
    }
}

/// A value behind an NSLock (TSan sees it).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// The calling thread's pthread identity as a number.
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
