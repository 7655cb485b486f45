// swift-tools-version: 6.2
import PackageDescription

// No unchecked release flags: release builds are SwiftPM's -O with Swift's checks on (bounds, overflow,
// exclusivity, preconditions). -Ounchecked removed the checks that guard memory for a gain of about 2 %
// in instructions (Results/PERFORMANCE.md, 2026-11-27): not worth a bug becoming memory corruption instead
// of a trap.

// LOOM_RACE_FAULTS=1 in the environment compiles NodeTree's deliberate races and schedule perturbation
// into debug builds (Sources/NodeTree/Threading/RaceFaults.swift; `make test-tsan` sets it). Never in release builds.
let raceFaultSettings: [SwiftSetting] = Context.environment["LOOM_RACE_FAULTS"] == "1"
    ? [.define("LOOM_RACE_FAULTS", .when(configuration: .debug))] : []

let package = Package(
    name: "Loom",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .library(name: "TextEngine", targets: ["TextEngine"]),
        .library(name: "NodeTree", targets: ["NodeTree"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "textbench", targets: ["textbench"]),
    ],
    traits: [
        .trait(name: "Jemalloc", description: "Link jemalloc into bench and count allocations with it"),
        .default(enabledTraits: ["Jemalloc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // C shims, each owned by one Swift module and named for what it holds. DWARF 4: valgrind 3.19
        // (callgrind, Results/README.md) cannot read clang's default DWARF 5.
        // LayoutCore's: the memory layer's per-thread roots (include/loom_layout_memory.h) and the SSE2 pixel
        // rounding (include/loom_pixel.h).
        .target(name: "CLayoutMemory", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "CPixelRounding", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // NodeTree's: the measuring thread's tickets and spec owner (include/loom_measuring_thread.h).
        .target(name: "CMeasuringThread", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // bench's jemalloc options, read by jemalloc before main (Sources/CJemallocConfig/jemalloc_config.c).
        .target(name: "CJemallocConfig", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // CPU affinity for the bench worker pool (Sources/CPUPinning/include/loom_cpu_pinning.h).
        .target(name: "CPUPinning", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The Swift runtime's swift_tryRetain, for NodeTree's supernode link
        // (Sources/CSwiftRuntime/include/loom_swift_runtime.h).
        .target(name: "CSwiftRuntime", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "LayoutCore", dependencies: ["CLayoutMemory", "CPixelRounding"]),
        .target(name: "TextEngine", dependencies: ["LayoutCore", "CFreeType"]),
        .target(name: "NodeTree", dependencies: ["LayoutCore", "TextEngine", "CMeasuringThread", "CSwiftRuntime"],
                swiftSettings: raceFaultSettings),
        .target(
            name: "BenchHarness",
            dependencies: ["NodeTree", "LayoutCore", "TextEngine", "CPUPinning", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: [
                "BenchHarness",
                .target(name: "CJemalloc", condition: .when(traits: ["Jemalloc"])),
                .target(name: "CJemallocConfig", condition: .when(traits: ["Jemalloc"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Text measurement micro-benchmark, engine and TextNode level (release build; prints per-call time and
        // jemalloc allocations).
        .executableTarget(
            name: "textbench",
            dependencies: [
                "TextEngine",
                "NodeTree",
                .target(name: "CJemalloc", condition: .when(traits: ["Jemalloc"])),
            ]
        ),
        .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine"]),
        .testTarget(name: "NodeTreeTests", dependencies: ["NodeTree", "LayoutCore", "TextEngine"]),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness", "LayoutCore", "TextEngine"]),
        .testTarget(name: "BenchCLITests", dependencies: ["bench"]),
    ]
)
