import Histogram
import Synchronization

// One pass over every cell on every worker of a pool: workers take chunks of cell indices from an atomic
// index until none are left, each timing its own span (wall and thread CPU time) and, in latency passes,
// every cell. Per-worker results go into cache-line-padded slots so workers never share a line.

/// What one pass measured.
public struct PassTiming: Sendable {
    /// From the first worker's start to the last worker's end.
    public var wallNanoseconds: UInt64
    /// The workers' CPU time, summed.
    public var cpuNanoseconds: UInt64
    /// Per-cell latencies (latency passes only), merged over workers.
    public var latency: Histogram<UInt64>?
}

/// Per-cell latency histograms: nanoseconds from 1 ns to 10 s at three significant digits.
public enum LatencyHistogram {
    public static let highestTrackable: UInt64 = 10_000_000_000

    public static func make() -> Histogram<UInt64> {
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: highestTrackable,
                          numberOfSignificantValueDigits: .three)
    }
}

/// Reusable per-worker state for passes on one pool.
final class PassSlots: @unchecked Sendable {
    struct Slot {
        var start: UInt64 = 0
        var end: UInt64 = 0
        var cpu: UInt64 = 0
        var histogram: Histogram<UInt64>?
    }

    /// Two cache lines per slot (adjacent-line prefetch pairs lines on x86).
    static let alignment = 128
    static var stride: Int { (MemoryLayout<Slot>.stride + alignment - 1) / alignment * alignment }

    let count: Int
    private let base: UnsafeMutableRawPointer
    let next = Atomic<Int>(0)

    init(count: Int) {
        self.count = count
        base = .allocate(byteCount: Self.stride * count, alignment: Self.alignment)
        for index in 0..<count {
            (base + index * Self.stride).initializeMemory(as: Slot.self, repeating: Slot(), count: 1)
        }
    }

    deinit {
        for index in 0..<count {
            slot(index).deinitialize(count: 1)
        }
        base.deallocate()
    }

    @inline(__always) func slot(_ index: Int) -> UnsafeMutablePointer<Slot> {
        (base + index * Self.stride).assumingMemoryBound(to: Slot.self)
    }
}

enum TimedPass {
    /// Cells a worker takes per visit to the shared index: few enough to balance 2–8 threads over a
    /// thousand cells of microseconds each. Repeated passes (the manual layout, far cheaper a cell) take
    /// `repeatedChunk`, so the shared index's cache line is not on their profile.
    static let chunk = 8
    static let repeatedChunk = 128

    /// Runs `body(i)` for every i in 0..<count on the workers of `pool`, each index exactly once per
    /// round (`rounds` > 1 repeats the whole index range, for phases too short to time in one round).
    @inline(__always)
    static func run(on pool: WorkerPool, slots: PassSlots, count: Int, rounds: Int = 1, recordLatency: Bool,
                    _ body: (Int) -> Void) -> PassTiming {
        precondition(slots.count == pool.threadCount && rounds >= 1)
        slots.next.store(0, ordering: .relaxed)
        for worker in 0..<slots.count {
            slots.slot(worker).pointee.histogram = recordLatency ? LatencyHistogram.make() : nil
        }
        let total = count * rounds
        let chunk = rounds == 1 ? Self.chunk : Self.repeatedChunk
        pool.run { worker in
            let slot = slots.slot(worker)
            let cpuStart = CPUClock.threadCPUNanoseconds()
            let start = CPUClock.wallNanoseconds()
            while true {
                let first = slots.next.add(chunk, ordering: .relaxed).oldValue
                if first >= total { break }
                // The cell index of `first` within its round, then advanced with a wrap (no division per cell).
                var index = rounds == 1 ? first : first % count
                for _ in first..<min(first + chunk, total) {
                    if recordLatency {
                        let cellStart = CPUClock.wallNanoseconds()
                        body(index)
                        let elapsed = CPUClock.wallNanoseconds() &- cellStart
                        slot.pointee.histogram!.record(min(elapsed, LatencyHistogram.highestTrackable))
                    } else {
                        body(index)
                    }
                    index += 1
                    if index == count { index = 0 }
                }
            }
        let end = CPUClock.wallNanoseconds()
            slot.pointee.start = start
            slot.pointee.end = end
            slot.pointee.cpu = CPUClock.threadCPUNanoseconds() &- cpuStart
        }

        var first = UInt64.max, last: UInt64 = 0, cpu: UInt64 = 0
        var latency: Histogram<UInt64>?
        for worker in 0..<slots.count {
            let slot = slots.slot(worker)
            first = min(first, slot.pointee.start)
            last = max(last, slot.pointee.end)
            cpu &+= slot.pointee.cpu
            if let histogram = slot.pointee.histogram {
                if latency == nil { latency = histogram } else { latency!.add(histogram) }
                slot.pointee.histogram = nil
            }
        }
        return PassTiming(wallNanoseconds: last &- first, cpuNanoseconds: cpu, latency: latency)
    }
}
