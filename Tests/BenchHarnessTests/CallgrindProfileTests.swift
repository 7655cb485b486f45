import Testing
@testable import BenchHarness

/// Reading callgrind's output format (Instructions/CallgrindProfile.swift) and the per-phase counts taken
/// from it (PhaseCounts.swift), on hand-written files that use the format's features: name compression,
/// relative and repeated positions, omitted trailing counts, call arcs, symbol versions, several objects.
@Suite struct CallgrindProfileTests {
    /// A two-function program in the bench binary calling the C library and the Swift runtime.
    static let sample = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        desc: Trigger: --dump-after=loom_bench_measured_region
        summary: 830 300 200 10 40 20 3 2 1

        ob=(1) /work/.build/release/bench
        fl=(1) Stack.swift
        fn=(1) $s10LayoutCore5StackO6layoutyyF
        10 300 100 50 2 10 5
        +2 100
        cob=(2) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfi=(2) ???
        cfn=(2) memcpy@@GLIBC_2.14
        calls=4 0
        * 200 60 40 1 8 4 1 1
        cob=(3) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        cfn=(3) swift_retain
        calls=6 0
        12 120 30 30

        fn=(4) loom_bench_measured_region
        5 30
        cfn=(1)
        calls=1 10
        6 720 190 120 3 18 9 1 1
        cob=(2)
        cfn=(5) pthread_spin_trylock@@GLIBC_2.34
        calls=3 0
        7 30
        fn=(4)
        8 10

        ob=(2)
        fn=(2)
        0 200 60 40 1 8 4 1 1
        fn=(5)
        0 30 10 5 0 1 0 0 0

        ob=(3)
        fn=(3)
        0 120 30 30 0 2 1
        fn=(6) swift_release
        0 40
        """

    @Test func readsTotalsSelfCostsInclusiveCostsAndCalls() throws {
        let profile = try CallgrindProfile.parse(Self.sample)
        #expect(profile.events == ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"])
        #expect(profile.total("Ir") == 830)
        #expect(profile.total("D1mw") == 20)
        #expect(profile.trigger == "--dump-after=loom_bench_measured_region")

        let stack = try #require(profile.functions["$s10LayoutCore5StackO6layoutyyF"])
        #expect(stack.object == "/work/.build/release/bench")
        // Self: 300 + 100 (a relative position, trailing counts omitted); inclusive adds both calls.
        #expect(stack.selfCost.prefix(4) == [400, 100, 50, 2])
        #expect(stack.inclusiveInstructions == 400 + 200 + 120)
        #expect(stack.callees == ["memcpy@@GLIBC_2.14", "swift_retain"])
        #expect(stack.calls == 1)

        let region = try #require(profile.functions["loom_bench_measured_region"])
        #expect(region.selfCost.first == 40)   // two blocks of the same function add up
        #expect(region.inclusiveInstructions == 40 + 720 + 30)

        // A callee's object comes from cob=, by its compressed id.
        #expect(profile.functions["memcpy@@GLIBC_2.14"]?.object == "/usr/lib/x86_64-linux-gnu/libc.so.6")
        #expect(profile.functions["swift_retain"]?.calls == 6)
        #expect(profile.functions["pthread_spin_trylock@@GLIBC_2.34"]?.calls == 3)
        #expect(profile.selfCost("Ir", of: "swift_release") == 40)
        #expect(profile.selfCost("Ir", of: "no such function") == 0)
    }

    @Test func aFunctionCallingItselfIsNotCountedTwice() throws {
        let text = """
            events: Ir
            fn=(1) recurse
            1 10
            cfn=(1)
            calls=5 1
            1 50
            """
        let profile = try CallgrindProfile.parse(text)
        #expect(profile.functions["recurse"]?.inclusiveInstructions == 10)
        #expect(profile.functions["recurse"]?.calls == 5)
        #expect(profile.functions["recurse"]?.callees.isEmpty == true)
        #expect(profile.total("Ir") == 10)   // no summary line: the sum of self costs
    }

    @Test func malformedFilesAreErrorsWithTheirLine() {
        #expect(throws: CallgrindFormatError(line: 0, reason: "no events: line (not a callgrind output file)")) {
            try CallgrindProfile.parse("version: 1\n")
        }
        #expect(throws: CallgrindFormatError(line: 2, reason: "a cost line before any fn=")) {
            try CallgrindProfile.parse("events: Ir\n1 10\n")
        }
        #expect(throws: CallgrindFormatError(line: 3, reason: "calls= without a preceding cfn=")) {
            try CallgrindProfile.parse("events: Ir\nfn=f\ncalls=1 0\n1 1\n")
        }
        #expect(throws: CallgrindFormatError(line: 3, reason: "x1 is not a count")) {
            try CallgrindProfile.parse("events: Ir\nfn=f\n1 x1\n")
        }
    }

    @Test func phaseCountsSplitTheSystemsInstructionsAndCountAtomicCalls() throws {
        let counts = PhaseCounts(phase: .fresh, cells: 10, profile: try CallgrindProfile.parse(Self.sample))
        // libc's memcpy (200) and pthread_spin_trylock (30) are the system's; libswiftCore is not.
        #expect(counts.systemInstructions == 230)
        #expect(counts.instructions == 830 - 230)
        // Misses outside the system objects: D1 60 − (8 + 4 + 1) = 47; LL 6 − (1 + 1) = 4.
        #expect(counts.l1DataMisses == 47)
        #expect(counts.lastLevelMisses == 4)
        #expect(counts.lockAcquisitions == 3)
        #expect(counts.retainReleases == 6)   // swift_release was never called from collected code

        let metrics = counts.metrics(width: 375)
        #expect(metrics.map(\.name) == PhaseCounts.metricSuffixes.map { "layout.fresh." + $0 })
        #expect(metrics.allSatisfy { $0.deterministic && $0.labels == MetricLabels(width: 375) })
        #expect(metrics.first { $0.name == "layout.fresh.instructionsPerCell" }?.value == 60)
        #expect(metrics.first { $0.name == "layout.fresh.lockAcquisitionsPerCell" }?.value == 0.3)
    }

    @Test func retainReleaseAndLockNames() {
        for name in ["swift_retain", "swift_release", "swift_retain_n", "swift_release_n", "swift_bridgeObjectRetain",
                     "swift_bridgeObjectRelease_n", "swift_nonatomic_retain", "swift_tryRetain", "swift_unknownObjectRelease"] {
            #expect(PhaseCounts.isRetainOrRelease(name), "\(name)")
        }
        for name in ["swift_retainCount", "swift_allocObject", "retain", "swift_weakRetain", "swift_releaseDealloc"] {
            #expect(!PhaseCounts.isRetainOrRelease(name), "\(name)")
        }
        #expect(PhaseCounts.unversioned("pthread_mutex_lock@@GLIBC_2.2.5") == "pthread_mutex_lock")
        #expect(PhaseCounts.isSystemObject("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"))
        #expect(PhaseCounts.isSystemObject("/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"))
        #expect(!PhaseCounts.isSystemObject("/opt/swift/usr/lib/swift/linux/libswiftCore.so"))
        #expect(!PhaseCounts.isSystemObject("/work/.build/release/bench"))
        #expect(PhaseCounts.isCallgrindMetric("layout.cached.retainReleasesPerCell"))
        #expect(!PhaseCounts.isCallgrindMetric("layout.fresh.allocationsPerCell"))
    }
}
