// Allocation counting without linking an allocator into the library: BenchHarness asks through this
// protocol and `bench` answers with jemalloc's mallctl when it is built with the Jemalloc trait (the
// default). Tests and sanitizer builds (`--disable-default-traits`) pass no counter, and the result then
// says that allocations were not counted instead of reporting zeros.

public protocol AllocationCounting: Sendable {
    /// How reports name the allocator, e.g. "jemalloc 5.3.0-0-g54eaed1d…".
    var allocatorDescription: String { get }

    /// A reading taken on the calling thread. Must not allocate. `allocations` counts the process's
    /// allocation requests so far (all threads, after making the calling thread's own cached counts
    /// visible); `bytes` counts the bytes the *calling thread* has allocated so far. The runner reads
    /// both on the one thread that does the counted work while every other worker is parked, so the
    /// differences of two readings are that work's allocations and bytes.
    func read() -> AllocationReading
}

public struct AllocationReading: Hashable, Sendable {
    public var allocations: UInt64
    public var bytes: UInt64

    public init(allocations: UInt64, bytes: UInt64) {
        self.allocations = allocations
        self.bytes = bytes
    }

    /// The counts between `earlier` and this reading.
    public func since(_ earlier: AllocationReading) -> AllocationReading {
        AllocationReading(allocations: allocations &- earlier.allocations, bytes: bytes &- earlier.bytes)
    }
}
