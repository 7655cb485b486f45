import BenchHarness

#if Jemalloc
import CJemalloc
#endif

// BenchHarness's AllocationCounting answered with jemalloc's mallctl (jemalloc's "stats.arenas" statistics).
// Allocations are `nrequests` of all arenas (small + large) — not `nmalloc`, which with the per-thread
// cache counts only refills — read after flushing the calling thread's cache and bumping the stats
// epoch. Bytes are the calling thread's cumulative `thread.allocated`. The MIBs are looked up once, so
// a reading does not allocate.

enum JemallocCounter {
    /// The counter, or nil when bench was built without the Jemalloc trait (or jemalloc's statistics
    /// are unavailable).
    static func make() -> (any AllocationCounting)? {
        #if Jemalloc
        return MallctlCounter()
        #else
        return nil
        #endif
    }
}

#if Jemalloc
struct MallctlCounter: AllocationCounting {
    private let smallRequests: [Int]
    private let largeRequests: [Int]
    private let flush: [Int]
    private let epoch: [Int]
    private let threadAllocated: [Int]
    let allocatorDescription: String

    init?() {
        guard let small = Self.mib("stats.arenas.4096.small.nrequests"),
              let large = Self.mib("stats.arenas.4096.large.nrequests"),
              let flush = Self.mib("thread.tcache.flush"), let epoch = Self.mib("epoch"),
              let threadAllocated = Self.mib("thread.allocated") else { return nil }
        smallRequests = small
        largeRequests = large
        self.flush = flush
        self.epoch = epoch
        self.threadAllocated = threadAllocated
        allocatorDescription = "jemalloc " + (Allocator.jemallocVersion ?? "(version unknown)")
            + (Allocator.transparentHugePages.map { ", thp \($0)" } ?? "")
        // Statistics must actually be there (jemalloc built with --enable-stats, as Debian's is).
        guard read().allocations > 0 else { return nil }
    }

    func read() -> AllocationReading {
        _ = flush.withUnsafeBufferPointer { mallctlbymib($0.baseAddress, $0.count, nil, nil, nil, 0) }
        var newEpoch: UInt64 = 1
        _ = epoch.withUnsafeBufferPointer {
            mallctlbymib($0.baseAddress, $0.count, nil, nil, &newEpoch, MemoryLayout<UInt64>.size)
        }
        let allocations = Self.read(smallRequests) &+ Self.read(largeRequests)
        return AllocationReading(allocations: allocations, bytes: Self.read(threadAllocated))
    }

    private static func mib(_ name: String) -> [Int]? {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        let status = mib.withUnsafeMutableBufferPointer { mallctlnametomib(name, $0.baseAddress, &length) }
        return status == 0 ? Array(mib.prefix(length)) : nil
    }

    private static func read(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { mallctlbymib($0.baseAddress, $0.count, &value, &length, nil, 0) }
        return status == 0 ? value : 0
    }
}
#endif
