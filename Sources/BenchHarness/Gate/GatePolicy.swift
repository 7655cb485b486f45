// The gate a new baseline gives each metric (Results/README.md "Gate" has the same table; keep the two
// in step). A baseline file stores the gate of every metric, so a gate can be changed by hand in the file;
// `bench baseline update` keeps such hand-set gates unless --reset-gates.
//
// - Deterministic counters (allocations, bytes, measure calls, cache hits and misses per cell, nodes per
//   cell, frame mismatches) do not depend on the machine: they gate two-sided, like swift-nio's allocation
//   tests. A per-cell average (a run's count ÷ cells, named "…PerCell") may move by 0.5 % of its value; a
//   count that is a whole number per run (nodes per cell, frame mismatches, any other deterministic metric)
//   must be exact. A zero stays exact either way.
// - Counts from callgrind (Instructions/PhaseCounts.swift; `layout.PHASE.instructionsPerCell` and its
//   siblings) are the gate's view of time: identical on every rerun of the same binary, so a tolerance of
//   ±1 % for instructions, lock acquisitions and retain/release catches a change a wall clock cannot see
//   on a shared machine (a 2 % slower fresh layout) and leaves room for the next machine of this kind.
//   Simulated cache misses (outside the system libraries, like the gated instructions; a fully associative
//   L1, so that where the allocator put things does not decide them) get ±1 % or 0.05 per cell: the
//   last-level count is a handful per pass (Results/README.md, "Gate", has the measurements). The system
//   libraries' instructions are reported, not gated: glibc and libm pick routines by CPU feature.
// - Ratios of two timings taken in the same run (engine ÷ manual, N threads ÷ 1 thread) survive a shared
//   machine when the band is as wide as their measured spread: engine ÷ manual on one thread within
//   0.5×…2× of the recorded ratio (beyond the low edge is an unrecorded improvement) — wide enough that
//   whichever run of unchanged code recorded the baseline, the others stay inside, with a margin; N-thread
//   scaling of the engine phases at least 0.5 (Results/README.md, "Gate", has the measured spreads).
// - Not gated: engine ÷ manual on N > 1 threads (it is the 1-thread ratio times the two scalings, which
//   are gated, and it is the noisiest), the cached phase's ratios (in the CI scenario a cached pass over
//   the feed lasts microseconds, so one preemption decides it; the cache itself is gated by its
//   deterministic counters), the manual floor's own scaling (says nothing about Loom),
//   ratios of a debug build, and every absolute time (cells/s, ms, latency): those are reported beside the
//   recorded value, never gated.

public enum GatePolicy {
    /// Relative tolerance of per-cell averages of deterministic counters.
    public static let perCellTolerance = Tolerance(relative: 0.005)
    /// Engine ÷ manual and other ratios: within 2× either way of the recorded ratio.
    public static let ratioBand = Band(minFactor: 0.5, maxFactor: 2)
    /// N threads ÷ 1 thread: at least half the single-thread throughput.
    public static let scalingBand = Band(min: 0.5)
    /// Instructions, lock acquisitions and retain/release per cell (callgrind).
    public static let instructionTolerance = Tolerance(relative: 0.01)
    /// Simulated L1 data and last-level misses per cell (callgrind).
    public static let cacheMissTolerance = Tolerance(relative: 0.01, absolute: 0.05)
    public static let systemInstructionsReason = "C library, libm and allocator: routines picked by CPU"

    public static let timingReason = "absolute time"
    public static let debugReason = "debug build timings"
    public static let cachedReason = "cached pass too short to time; its counters are gated"
    public static let manualScalingReason = "the floor's own scaling"
    public static let multiThreadRatioReason = "1-thread ratio and scalings are gated"

    /// The gate a new baseline gives `metric` of a run whose timings are valid or not.
    /// Deterministic counters that are whole numbers per run (not a run's count ÷ cells): exact.
    public static let wholeNumberCounters: Set<String> = ["layout.nodesPerCell", "layout.frameMismatches"]

    public static func defaultGate(for metric: Metric, timingsValid: Bool) -> MetricGate {
        if metric.deterministic && PhaseCounts.isCallgrindMetric(metric.name) {
            if metric.name.hasSuffix(".systemInstructionsPerCell") { return .reported(reason: systemInstructionsReason) }
            if metric.name.hasSuffix("MissesPerCell") { return .counter(cacheMissTolerance) }
            return .counter(instructionTolerance)
        }
        if metric.deterministic {
            let average = metric.name.hasSuffix("PerCell") && !wholeNumberCounters.contains(metric.name)
            return average ? .counter(perCellTolerance) : .counter(.exact)
        }
        guard metric.unit == "×" else { return .reported(reason: timingReason) }
        guard timingsValid else { return .reported(reason: debugReason) }
        if metric.name.hasPrefix("layout.cached.") { return .reported(reason: cachedReason) }
        if metric.name.hasSuffix(".scaling") {
            if metric.name == "layout.manual.scaling" { return .reported(reason: manualScalingReason) }
            return .ratio(scalingBand)
        }
        if metric.name.hasSuffix("manualRatio"), let threads = metric.labels.threads, threads > 1 {
            return .reported(reason: multiThreadRatioReason)
        }
        return .ratio(ratioBand)
    }
}
