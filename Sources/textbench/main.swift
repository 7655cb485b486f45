// textbench: per-call time and allocations of TextEngine's measurement and of TextNode's, release build.
//
//   swift run -c release textbench [--runs N] [--only NAME]
//
// Workload: 1,000 distinct 100-character captions in DejaVu Sans 15 pt, measured at width 343 (an iPhone
// width minus 16-pt margins) with the glyph tables warm (fonts loaded and used before timing).
// TextEngine (a measurer with its own cache):
//   * uncached      — TextMeasurer.uncached: line breaking only, no cache involved;
//   * cold cache    — the cache emptied before each run, so every call is a miss: key, lookup, layout, insert;
//   * warm cache    — the same 1,000 texts again: every call is a hit;
//   * warm, 1 text  — one caption measured 1,000 times (the hottest possible hit).
// TextNode (NodeTree; measures through TextMeasurer.shared and TextLayoutCache.shared), per call: a fresh
// TextNode() is created, given the caption (an AttributedText built before timing) and measured with
// layoutThatFits([0, 0]–[343, ∞]); the node is released at the end of the call:
//   * node, cold    — TextLayoutCache.shared emptied before each run: every text measurement misses;
//   * node, warm    — the shared cache holds every caption: a fresh node re-measuring a known text, as a cell
//                     rebuilt for the same model does; the node's own work (state, lock, style, layout cache,
//                     Layout) is what is left.
// Each run times 1,000 calls; the figure is the median over the runs of (run time / 1,000). Allocations per
// call come from jemalloc (stats.arenas.<all>.{small,large}.nrequests after a thread-cache flush and an epoch
// bump, read outside the timed loop) when the Jemalloc trait is on.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutCore
import NodeTree
import TextEngine
#if Jemalloc
import CJemalloc
#endif

// MARK: Allocation counting

#if Jemalloc
func mallctlRead(_ name: String) -> UInt64 {
    var value: UInt64 = 0
    var length = MemoryLayout<UInt64>.size
    return mallctl(name, &value, &length, nil, 0) == 0 ? value : 0
}

func allocationCount() -> UInt64? {
    _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
    var epoch: UInt64 = 1
    _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
    return mallctlRead("stats.arenas.4096.small.nrequests") + mallctlRead("stats.arenas.4096.large.nrequests")
}
#else
func allocationCount() -> UInt64? { nil }
#endif

func nanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

// MARK: Workload

/// Deterministic 100-character captions (a few words from a fixed list, cut at 100 characters).
func makeCaptions(count: Int) -> [String] {
    let words = ["sunset", "over", "the", "bay", "with", "friends", "and", "a", "dog", "#weekend", "coffee", "first,",
                 "then", "hiking", "up", "to", "Twin", "Peaks", "—", "best", "view", "in", "San", "Francisco!",
                 "well-known", "spot", "photo", "by", "@alex", "golden", "hour", "light", "on", "hills", "city"]
    var state: UInt64 = 0x7E47_BE4C
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { i in
        var s = "\(i) "
        while s.count < 100 { s += words[next() % words.count] + " " }
        var caption = String(s.prefix(100))
        if caption.last == " " { caption.removeLast(); caption += "." }
        return caption
    }
}

nonisolated(unsafe) var sink = 0.0  // keeps results alive; written by the main thread only

struct Figure {
    var label: String
    var nanosecondsPerCall: [Double] = []
    var allocationsPerCall: Double? = nil

    var median: Double {
        let sorted = nanosecondsPerCall.sorted()
        return sorted[sorted.count / 2]
    }

    var line: String {
        let sorted = nanosecondsPerCall.sorted()
        let allocations = allocationsPerCall.map { "\(formatted($0, 2))/call" }
            ?? "n/a (built without the Jemalloc trait)"
        return "\(label + String(repeating: " ", count: max(0, 28 - label.count))) median \(formatted(median, 1)) ns/call"
            + "  (min \(formatted(sorted.first!, 1)), max \(formatted(sorted.last!, 1)))"
            + "  allocations \(allocations)"
    }
}

func formatted(_ v: Double, _ digits: Int) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (v * p).rounded() / p
    var s = "\(r)"
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

/// Times `runs` runs of `body` over all texts; `prepare` runs before each run, outside the timing.
func bench(_ label: String, runs: Int, texts: [AttributedText], prepare: () -> Void = {},
           _ body: (AttributedText) -> TextLayoutResult) -> Figure
{
    benchSizes(label, runs: runs, texts: texts, prepare: prepare) { body($0).size }
}

/// The same for anything that yields a size per text (TextNode's layout).
func benchSizes(_ label: String, runs: Int, texts: [AttributedText], prepare: () -> Void = {},
                _ body: (AttributedText) -> Size) -> Figure
{
    var figure = Figure(label: label)
    var allocations: [Double] = []
    for _ in 0..<runs {
        prepare()
        let before = allocationCount()
        let start = nanoseconds()
        for text in texts {
            sink += body(text).height
        }
        let elapsed = nanoseconds() - start
        if let before, let after = allocationCount() {
            allocations.append(Double(after - before) / Double(texts.count))
        }
        figure.nanosecondsPerCall.append(Double(elapsed) / Double(texts.count))
    }
    if !allocations.isEmpty { figure.allocationsPerCall = allocations.sorted()[allocations.count / 2] }
    return figure
}

// MARK: Main

var runs = 21
if let i = CommandLine.arguments.firstIndex(of: "--runs"), i + 1 < CommandLine.arguments.count,
   let n = Int(CommandLine.arguments[i + 1]), n > 0
{
    runs = n
}

/// `--only NAME` (uncached, cold, warm, one, node-cold, node-warm) runs a single figure, e.g. under callgrind.
let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap {
    $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil
}
@MainActor func wanted(_ name: String) -> Bool { only == nil || only == name }

let width = 343.0
let attributes = TextAttributes(size: 15)
let captions = makeCaptions(count: 1000)
let texts = captions.map { AttributedText($0, attributes: attributes) }
precondition(texts.allSatisfy { $0.string.count == 100 }, "captions must be 100 characters")

// Warm the glyph tables (font load) and the code paths.
for text in texts { sink += TextMeasurer.uncached.measure(text, maxWidth: width).size.width }
let averageLines = Double(texts.reduce(0) { $0 + TextMeasurer.uncached.measure($1, maxWidth: width).lines.count })
    / Double(texts.count)

let cache = TextLayoutCache(capacity: 4096)
let cached = TextMeasurer(cache: cache)

var figures: [Figure] = []
if wanted("uncached") {
    figures.append(bench("uncached", runs: runs, texts: texts) {
        TextMeasurer.uncached.measure($0, maxWidth: width)
    })
}
if wanted("cold") {
    figures.append(bench("cold cache (miss+insert)", runs: runs, texts: texts, prepare: { cache.removeAll() }) {
        cached.measure($0, maxWidth: width)
    })
}
cache.removeAll(resetStatistics: true)
for text in texts { _ = cached.measure(text, maxWidth: width) }
if wanted("warm") {
    figures.append(bench("warm cache (hit)", runs: runs, texts: texts) {
        cached.measure($0, maxWidth: width)
    })
}
if wanted("one") {
    let one = Array(repeating: texts[0], count: texts.count)
    figures.append(bench("warm cache, 1 text", runs: runs, texts: one) {
        cached.measure($0, maxWidth: width)
    })
}

// TextNode level, through the shared cache.
let nodeRange = SizeRange(min: .zero, max: Size(width: width, height: .infinity))
/// One call: a fresh node, its text, one measurement; the node is released when the call returns.
@inline(never) func measureFreshNode(_ text: AttributedText) -> Size {
    let node = TextNode()
    node.attributedText = text
    return node.layoutThatFits(nodeRange).size
}
// A plain check, not a precondition: it creates and measures nodes, which an -Ounchecked build would drop
// together with the check.
if !texts.allSatisfy({ measureFreshNode($0) == nodeRange.clamp(TextMeasurer.uncached.measure($0, maxWidth: width).size) }) {
    fatalError("TextNode sizes must equal the engine's")
}
let sharedCache = TextLayoutCache.shared
if wanted("node-cold") {
    figures.append(benchSizes("TextNode fresh, cold cache", runs: runs, texts: texts,
                              prepare: { sharedCache.removeAll() }, measureFreshNode))
}
sharedCache.removeAll()
for text in texts { _ = measureFreshNode(text) }
let sharedBefore = sharedCache.statistics
if wanted("node-warm") {
    figures.append(benchSizes("TextNode fresh, warm cache", runs: runs, texts: texts, measureFreshNode))
}
let sharedAfter = sharedCache.statistics

#if Jemalloc
let allocator = "jemalloc"
#else
let allocator = "system malloc (no counts)"
#endif
print("textbench: DejaVu Sans 15 pt, \(texts.count) distinct 100-character captions, width \(Int(width)), "
      + "\(formatted(averageLines, 2)) lines/caption, scale \(PixelGrid.scale), \(runs) runs × \(texts.count) calls, "
      + allocator)
for figure in figures { print(figure.line) }
print("warm-run cache statistics: \(cache.statistics)")
print("TextNode warm runs on TextLayoutCache.shared: \(sharedAfter.hits - sharedBefore.hits) hits, "
      + "\(sharedAfter.misses - sharedBefore.misses) misses")
if sink.isNaN { print(sink) }
