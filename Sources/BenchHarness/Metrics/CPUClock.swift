#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Clocks for the runner, in nanoseconds: the monotonic wall clock, and the CPU time of the calling
// thread (CLOCK_THREAD_CPUTIME_ID), so a pass reports the CPU its workers used beside its wall time.

public enum CPUClock {
    /// The monotonic clock (not affected by clock changes).
    @inline(__always) public static func wallNanoseconds() -> UInt64 {
        read(CLOCK_MONOTONIC)
    }

    /// CPU time consumed by the calling thread so far.
    @inline(__always) public static func threadCPUNanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    /// CPU time consumed by the whole process so far.
    public static func processCPUNanoseconds() -> UInt64 {
        read(CLOCK_PROCESS_CPUTIME_ID)
    }

    @inline(__always) private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
