// The deterministic counts of one phase's single pass, read from its callgrind profile (Results/README.md,
// "Instruction counts"): instructions split into the project's own and the system's, simulated cache
// misses, and the calls that are atomic operations — lock acquisitions and Swift retain/release.
//
// Why the split: glibc picks memcpy, memset, strlen and libm's ceil by CPU feature at load time
// (`__memset_avx2_unaligned_erms`, `__ceil_sse41`), so the same binary counts differently on another CPU
// of the same machine kind; the gate therefore gates the instructions outside the C library, libm, the
// dynamic linker and the allocator, and reports theirs beside it. Cache misses are counted in the same
// code only: the system routines' own misses move with the routine chosen. Swift's runtime (libswiftCore)
// picks no routine by CPU and stays in the gated figures: its retains, releases and metadata lookups are
// the engine's work.

public struct PhaseCounts: Hashable, Sendable {
    public var phase: LayoutPhase
    public var cells: Int
    /// Instructions outside the system objects (the bench binary, the Swift runtime and libraries).
    public var instructions: UInt64
    /// Instructions in the C library, libm, the dynamic linker and the allocator.
    public var systemInstructions: UInt64
    /// Simulated L1 data cache misses, reads and writes (D1mr + D1mw), outside the system objects.
    public var l1DataMisses: UInt64
    /// Simulated last-level cache misses, instruction and data (ILmr + DLmr + DLmw), outside the system
    /// objects.
    public var lastLevelMisses: UInt64
    /// Calls of the pthread lock functions (the node lock word's spin lock, mutexes).
    public var lockAcquisitions: UInt64
    /// Calls of the Swift runtime's retain and release entry points.
    public var retainReleases: UInt64

    public init(phase: LayoutPhase, cells: Int, instructions: UInt64, systemInstructions: UInt64, l1DataMisses: UInt64,
                lastLevelMisses: UInt64, lockAcquisitions: UInt64, retainReleases: UInt64) {
        self.phase = phase
        self.cells = cells
        self.instructions = instructions
        self.systemInstructions = systemInstructions
        self.l1DataMisses = l1DataMisses
        self.lastLevelMisses = lastLevelMisses
        self.lockAcquisitions = lockAcquisitions
        self.retainReleases = retainReleases
    }

    /// The counts of `profile`, a single pass of `phase` over `cells` cells.
    public init(phase: LayoutPhase, cells: Int, profile: CallgrindProfile) {
        var system: UInt64 = 0
        var systemL1: UInt64 = 0
        var systemLastLevel: UInt64 = 0
        var locks: UInt64 = 0
        var retains: UInt64 = 0
        for (name, function) in profile.functions {
            if Self.isSystemObject(function.object) {
                system += profile.selfCost("Ir", of: name)
                systemL1 += profile.selfCost("D1mr", of: name) + profile.selfCost("D1mw", of: name)
                systemLastLevel += profile.selfCost("ILmr", of: name) + profile.selfCost("DLmr", of: name)
                    + profile.selfCost("DLmw", of: name)
            }
            let symbol = Self.unversioned(name)
            if Self.lockFunctions.contains(symbol) { locks += function.calls }
            if Self.isRetainOrRelease(symbol) { retains += function.calls }
        }
        func minus(_ total: UInt64, _ part: UInt64) -> UInt64 { total - min(part, total) }
        self.init(phase: phase, cells: cells, instructions: minus(profile.total("Ir"), system), systemInstructions: system,
                  l1DataMisses: minus(profile.total("D1mr") + profile.total("D1mw"), systemL1),
                  lastLevelMisses: minus(profile.total("ILmr") + profile.total("DLmr") + profile.total("DLmw"),
                                         systemLastLevel),
                  lockAcquisitions: locks, retainReleases: retains)
    }

    /// Objects whose instructions are the system's: glibc (libc, libm, libpthread, libdl, librt), the
    /// dynamic linker, jemalloc, and the C and C++ support libraries.
    static let systemObjectPrefixes = ["libc.so", "libc-", "libm.so", "libm-", "libpthread", "libdl", "librt", "ld-linux",
                                       "ld64.so", "libjemalloc", "libgcc_s", "libstdc++"]

    static func isSystemObject(_ path: String) -> Bool {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return systemObjectPrefixes.contains { base.hasPrefix($0) }
    }

    /// Lock entry points: one call is one acquisition on an uncontended single-threaded pass (the single pass
    /// runs on one thread, so a trylock never fails and never repeats).
    static let lockFunctions: Set<String> = [
        "pthread_spin_lock", "pthread_spin_trylock", "pthread_mutex_lock", "pthread_mutex_trylock",
        "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock",
    ]

    /// The Swift runtime's strong retain and release entry points (atomic by default).
    static func isRetainOrRelease(_ symbol: String) -> Bool {
        guard symbol.hasPrefix("swift_") else { return false }
        var name = symbol.dropFirst("swift_".count)
        if name.hasPrefix("nonatomic_") { name = name.dropFirst("nonatomic_".count) }
        if name.hasSuffix("_n") { name = name.dropLast(2) }
        return retainReleaseStems.contains(String(name))
    }

    static let retainReleaseStems: Set<String> = [
        "retain", "release", "tryRetain", "bridgeObjectRetain", "bridgeObjectRelease", "unknownObjectRetain",
        "unknownObjectRelease",
    ]

    /// "pthread_spin_trylock@@GLIBC_2.34" → "pthread_spin_trylock" (callgrind keeps the symbol version).
    static func unversioned(_ name: String) -> String {
        guard let at = name.firstIndex(of: "@") else { return name }
        return String(name[..<at])
    }

    /// The counts as the run's metrics, per cell, labelled with the width of the pass.
    public func metrics(width: Double) -> [Metric] {
        let labels = MetricLabels(width: width)
        let perCell = { (count: UInt64) in Double(count) / Double(max(1, cells)) }
        let prefix = "layout.\(phase.rawValue)."
        return [
            .counter(prefix + "instructionsPerCell", unit: "instructions", value: perCell(instructions), labels: labels),
            .counter(prefix + "systemInstructionsPerCell", unit: "instructions", value: perCell(systemInstructions),
                     labels: labels),
            .counter(prefix + "l1DataMissesPerCell", unit: "misses", value: perCell(l1DataMisses), labels: labels),
            .counter(prefix + "lastLevelMissesPerCell", unit: "misses", value: perCell(lastLevelMisses), labels: labels),
            .counter(prefix + "lockAcquisitionsPerCell", unit: "calls", value: perCell(lockAcquisitions), labels: labels),
            .counter(prefix + "retainReleasesPerCell", unit: "calls", value: perCell(retainReleases), labels: labels),
        ]
    }

    /// The metric names `metrics(width:)` gives, for any phase.
    public static let metricSuffixes = ["instructionsPerCell", "systemInstructionsPerCell", "l1DataMissesPerCell",
                                        "lastLevelMissesPerCell", "lockAcquisitionsPerCell", "retainReleasesPerCell"]

    /// True for a metric measured under callgrind ("layout.fresh.instructionsPerCell", …).
    public static func isCallgrindMetric(_ name: String) -> Bool {
        metricSuffixes.contains { name.hasSuffix("." + $0) }
    }
}
