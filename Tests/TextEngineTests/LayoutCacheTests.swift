import Foundation
import LayoutCore
import Testing
@testable import TextEngine

@Suite struct LayoutCacheTests {
    @Test func hitsAndMissesAreCounted() {
        // Room for 64 entries per shard and generation, so the eight texts below never evict each other
        // (with capacity 64 a generation holds one entry per shard, and two of the eight texts sharing
        // one of the 64 shards — a third of hash seeds — rotated the generations and lost an entry).
        let cache = TextLayoutCache(capacity: 64 * TextLayoutCache.shardCount * 2)
        let measurer = TextMeasurer(cache: cache)
        let text = regular("Hello world")
        let a = measurer.measure(text, maxWidth: 100, scale: testScale)
        #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0)
        let b = measurer.measure(text, maxWidth: 100, scale: testScale)
        #expect(a == b)
        #expect(cache.statistics.hits == 1)
        // An equal text built separately is the same key.
        _ = measurer.measure(regular("Hello world"), maxWidth: 100, scale: testScale)
        #expect(cache.statistics.hits == 2)
        // Every other part of the key matters.
        _ = measurer.measure(text, maxWidth: 101, scale: testScale)
        _ = measurer.measure(text, maxWidth: 100, maximumNumberOfLines: 1, scale: testScale)
        _ = measurer.measure(text, maxWidth: 100, maximumNumberOfLines: 1, truncationToken: "...", scale: testScale)
        _ = measurer.measure(text, maxWidth: 100, maxHeight: 10, scale: testScale)
        _ = measurer.measure(text, maxWidth: 100, scale: 3)
        _ = measurer.measure(bold("Hello world"), maxWidth: 100, scale: testScale)
        _ = measurer.measure(regular("Hello world", size: 19), maxWidth: 100, scale: testScale)
        let stats = cache.statistics
        #expect(stats.hits == 2 && stats.misses == 8 && stats.count == 8)
        #expect(a == measure(text, width: 100), "cached equals uncached")
        cache.removeAll(resetStatistics: true)
        #expect(cache.statistics == .init(hits: 0, misses: 0, evictions: 0, count: 0))
    }

    @Test func sizeIsBoundedAndFrequentEntriesSurvive() {
        let cache = TextLayoutCache(capacity: 64)
        let measurer = TextMeasurer(cache: cache)
        let hot = regular("hot entry")
        _ = measurer.measure(hot, maxWidth: 200, scale: testScale)
        for i in 0..<1000 {
            _ = measurer.measure(regular("text number \(i)"), maxWidth: 200, scale: testScale)
            _ = measurer.measure(hot, maxWidth: 200, scale: testScale)
            #expect(cache.statistics.count <= cache.capacity)
        }
        let stats = cache.statistics
        #expect(stats.evictions > 0)
        #expect(stats.misses == 1001, "the hot entry missed only once")
        #expect(stats.hits == 1000)
    }

    @Test func eightThreadsShareOneCacheAndAgreeWithSingleThreaded() {
        let seed: UInt64 = 0xCAC4E
        print("eightThreadsShareOneCacheAndAgreeWithSingleThreaded seed 0x\(String(seed, radix: 16))")
        let strings = ["Hello", "Why, hello there! How are you?", "well-known hyphenated words", "你好世界 mixed 中文",
                       "emoji \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family", "line\nbreaks\n", "a",
                       "The quick brown fox jumps over the lazy dog and keeps running far away",
                       "  leading and trailing spaces  ", "supercalifragilisticexpialidocious"]
        struct Request: Sendable {
            var string: Int, size: Double, bold: Bool, width: Double, lines: Int
        }
        var rng = SplitMix64(state: seed)
        let requests: [Request] = (0..<400).map { _ in
            Request(string: Int.random(in: 0..<strings.count, using: &rng), size: [12, 15, 20].randomElement(using: &rng)!,
                    bold: Bool.random(using: &rng), width: [50, 150, 343, .infinity].randomElement(using: &rng)!,
                    lines: Int.random(in: 0...2, using: &rng))
        }
        @Sendable func run(_ r: Request, _ measurer: TextMeasurer) -> TextLayoutResult {
            // Texts are built on the measuring thread: font resolution is concurrent too.
            let text = AttributedText(strings[r.string], attributes: TextAttributes(size: r.size, weight: r.bold ? .bold : .regular))
            return measurer.measure(text, maxWidth: r.width, maximumNumberOfLines: r.lines, scale: testScale)
        }
        let expected = requests.map { run($0, .uncached) }

        // Small capacity, so eviction runs concurrently with lookups too.
        let cache = TextLayoutCache(capacity: 128)
        let measurer = TextMeasurer(cache: cache)
        let mismatches = LockedBox(0)
        let perThread = 2000
        onThreads(8) { thread in
            var local = SplitMix64(state: seed &+ UInt64(thread))
            var bad = 0
            for _ in 0..<perThread {
                let i = Int.random(in: 0..<requests.count, using: &local)
                if run(requests[i], measurer) != expected[i] { bad += 1 }
            }
            mismatches.mutate { $0 += bad }
        }
        #expect(mismatches.value == 0)
        let stats = cache.statistics
        #expect(stats.hits + stats.misses == 8 * perThread)
        #expect(stats.hits > 0 && stats.misses >= 1)
        #expect(stats.count <= cache.capacity)
    }
}

@Suite struct LayoutCacheKeyTests {
    @Test func precomputedDefaultTokenHashMatchesFastHash() {
        #expect(TextLayoutKey.defaultTokenHash == FastHash.hash(TextMeasurer.defaultTruncationToken))
    }

    @Test func keyHashIsNeverZeroAndSensitiveToEveryField() {
        let text = regular("Hello")
        func h(_ w: Double = 100, _ hgt: Double = .infinity, _ l: Int = 0, _ t: String = "\u{2026}", _ s: Double = 2,
               _ x: AttributedText? = nil) -> UInt64
        {
            TextLayoutKey.hash(text: x ?? text, maxWidth: w, maxHeight: hgt, maximumNumberOfLines: l,
                               truncationToken: t, scale: s)
        }
        let all = [h(), h(101), h(100, 50), h(100, .infinity, 1), h(100, .infinity, 0, "..."), h(100, .infinity, 0, "\u{2026}", 3),
                   h(100, .infinity, 0, "\u{2026}", 2, bold("Hello"))]
        #expect(Set(all).count == all.count)
        #expect(!all.contains(0))
        #expect(h() == h(100, .infinity, 0, "\u{2026}", 2, regular("Hello")), "equal texts hash equal")
    }
}
