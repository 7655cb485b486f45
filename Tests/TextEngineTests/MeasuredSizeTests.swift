import LayoutCore
import Testing
@testable import TextEngine

/// TextMeasurer.measuredSize (the size-only path a text node measures with) gives `measure(...).size` bit for
/// bit, shares the cache's keys with `measure`, and stores entries without lines that a later request for
/// the whole result completes (a hit).
@Suite struct MeasuredSizeTests {
    static let texts = [
        regular("Hello world"), bold("Why, hello there! How are you?"), regular("line\nbreaks\n"),
        regular("The quick brown fox jumps over the lazy dog and keeps running far away", size: 17),
        regular("  leading and trailing spaces  "), regular("supercalifragilisticexpialidocious"),
        regular(String(repeating: "many short lines ", count: 40), size: 14),
    ]

    @Test(arguments: [Double.infinity, 300, 97.5, 12, 0])
    func theSizeIsTheWholeResultsSize(width: Double) {
        for text in Self.texts {
            for lines in [0, 1, 3] {
                for height in [Double.infinity, 45, 1] {
                    let whole = TextMeasurer.uncached.measure(text, maxWidth: width, maxHeight: height,
                                                              maximumNumberOfLines: lines, scale: testScale)
                    let size = TextMeasurer.uncached.measuredSize(text, maxWidth: width, maxHeight: height,
                                                                  maximumNumberOfLines: lines, scale: testScale)
                    #expect(size.width.bitPattern == whole.size.width.bitPattern
                        && size.height.bitPattern == whole.size.height.bitPattern,
                            "\(text.string.prefix(20)) width \(width) height \(height) lines \(lines)")
                    let cached = TextMeasurer(cache: TextLayoutCache(capacity: 16))
                    #expect(cached.measuredSize(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                                scale: testScale) == whole.size)
                }
            }
        }
        #expect(TextMeasurer.uncached.measuredSize(regular(""), maxWidth: width) == .zero)
    }

    @Test func aSizeOnlyEntryIsCompletedByTheFirstRequestForLines() {
        let cache = TextLayoutCache(capacity: 64)
        let measurer = TextMeasurer(cache: cache)
        let text = regular("The quick brown fox jumps over the lazy dog")
        let size = measurer.measuredSize(text, maxWidth: 120, scale: testScale)
        #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0 && cache.statistics.count == 1)
        #expect(measurer.measuredSize(text, maxWidth: 120, scale: testScale) == size)
        #expect(cache.statistics.hits == 1)
        // The whole result from the size-only entry: a hit, with the lines an uncached layout gives.
        let whole = measurer.measure(text, maxWidth: 120, scale: testScale)
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 1 && cache.statistics.count == 1)
        #expect(whole == TextMeasurer.uncached.measure(text, maxWidth: 120, scale: testScale))
        #expect(whole.lineCount > 1 && whole.size == size)
        // The entry now keeps them: the next whole request returns the same result again.
        #expect(measurer.measure(text, maxWidth: 120, scale: testScale) == whole)
        #expect(cache.statistics.hits == 3 && cache.statistics.count == 1)
    }

    @Test func aWholeEntryAnswersASizeRequest() {
        let cache = TextLayoutCache(capacity: 64)
        let measurer = TextMeasurer(cache: cache)
        let text = bold("Lorem ipsum dolor sit amet, consectetur adipiscing elit")
        let whole = measurer.measure(text, maxWidth: 150, maximumNumberOfLines: 2, scale: testScale)
        #expect(measurer.measuredSize(text, maxWidth: 150, maximumNumberOfLines: 2, scale: testScale) == whole.size)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1 && cache.statistics.count == 1)
        #expect(measurer.measure(text, maxWidth: 150, maximumNumberOfLines: 2, scale: testScale) == whole)
    }

    /// Size-only entries survive generation turnover (a hit in the previous generation is copied with its
    /// kind) and are completed there too.
    @Test func sizeOnlyEntriesMoveBetweenGenerations() {
        let cache = TextLayoutCache(capacity: 16)
        let measurer = TextMeasurer(cache: cache)
        let hot = regular("hot entry that wraps onto lines")
        let size = measurer.measuredSize(hot, maxWidth: 80, scale: testScale)
        // More texts than the cache's 128 slots (64 shards × 2 generations of one entry), so some shard turns
        // over whatever shards the hashes pick.
        for i in 0..<140 {
            _ = measurer.measuredSize(regular("text number \(i)"), maxWidth: 80, scale: testScale)
            #expect(measurer.measuredSize(hot, maxWidth: 80, scale: testScale) == size)
        }
        #expect(cache.statistics.evictions > 0 && cache.statistics.misses == 141)
        #expect(measurer.measure(hot, maxWidth: 80, scale: testScale)
            == TextMeasurer.uncached.measure(hot, maxWidth: 80, scale: testScale))
        #expect(cache.statistics.misses == 141)
    }
}
