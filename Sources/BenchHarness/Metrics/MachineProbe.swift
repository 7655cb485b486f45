// A fixed piece of work, timed beside every measured repetition at the repetition's thread count, that does not
// depend on the code under test: the same constants, the same loop, in every build of the harness. Two runs
// whose probes took different times ran on a machine in different states (a neighbour's load, a smaller share
// of a core, the hypervisor placing the two virtual cores differently), and their layout times then differ by
// that much whatever the code did. `bench compare` reads the probe (RunComparison+Probe.swift) and calls such
// a difference inconclusive instead of calling the machine's drift a change of the code.
//
// One item of work is a chain of dependent multiply–xorshift steps (how fast the core runs this thread) and a
// chase through a table of indices that forms one random cycle, so each load waits for the one before (how
// long the caches and memory take, which another tenant's traffic changes). The table is built once from a
// fixed seed and only read afterwards, so threads probing at once share nothing they write.

public enum MachineProbe {
    /// Items per thread of one probe pass: a pass lasts a few milliseconds, short beside a repetition.
    public static let itemsPerThread = 48
    static let chainSteps = 4_096
    static let chaseSteps = 768
    /// 2^20 indices (4 MiB): more than a core's private caches hold, so the chase reaches the shared cache.
    static let tableCount = 1 << 20

    /// One random cycle through every index (Sattolo's shuffle of the identity, from a fixed seed): following
    /// it from any index visits all of them before coming back.
    static let table: [UInt32] = {
        var next = (0..<UInt32(tableCount)).map { $0 }
        var state: UInt64 = 0x5DEE_CE66_D1CE_4E5B
        var i = tableCount - 1
        while i > 0 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let j = Int((state >> 33) % UInt64(i))
            next.swapAt(i, j)
            i -= 1
        }
        return next
    }()

    /// One item's work; its result only keeps the optimizer from dropping the work.
    static func work(item: Int) -> UInt64 {
        var x = UInt64(truncatingIfNeeded: item) &+ 0x9E37_79B9_7F4A_7C15
        for _ in 0..<chainSteps { x = (x &* 6_364_136_223_846_793_005) ^ (x >> 29) }
        return table.withUnsafeBufferPointer { next in
            var index = Int(x % UInt64(tableCount))
            for _ in 0..<chaseSteps { index = Int(next[index]) }
            return x ^ UInt64(index)
        }
    }

    /// Wall time of one probe pass on every worker of `pool` (`itemsPerThread` items each, shared out as the
    /// layout passes share cells).
    static func run(on pool: WorkerPool, slots: PassSlots) -> UInt64 {
        _ = table.count  // built before the clock starts
        let timing = TimedPass.run(on: pool, slots: slots, count: itemsPerThread * pool.threadCount,
                                   recordLatency: false) { item in
            blackHole(work(item: item))
        }
        return timing.wallNanoseconds
    }
}

/// The probe's pass times at one thread count, one per measured repetition (of every width).
public struct ProbeSeries: Hashable, Sendable {
    public var threads: Int
    public var wallNanoseconds: [Double]

    public init(threads: Int, wallNanoseconds: [Double] = []) {
        self.threads = threads
        self.wallNanoseconds = wallNanoseconds
    }

    /// The metric `bench compare` reads: milliseconds per probe pass, per repetition.
    public static let metricName = "machine.probe.wallTime"
}
