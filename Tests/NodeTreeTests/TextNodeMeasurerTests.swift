import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

/// A TextNode measures through TextMeasurer.shared unless it is given a measurer: then through that
/// measurer's cache only (what the harness's `feed` engine relies on to start from a cold cache it owns).
@Suite struct TextNodeMeasurerTests {
    @Test func aNodeMeasuresThroughItsOwnMeasurer() {
        let cache = TextLayoutCache(capacity: 64)
        let node = TextNode(measurer: TextMeasurer(cache: cache))
        node.attributedText = AttributedText("Lorem ipsum dolor sit amet", attributes: TextAttributes(size: 14))
        let range = SizeRange(min: .zero, max: Size(width: 100, height: .infinity))
        let size = node.layoutThatFits(range).size
        #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0)
        // The same request again through the same cache is a hit.
        _ = node.textLayout(constrainedTo: range.max)
        #expect(cache.statistics.hits == 1)
        // The size is the text's measurement (two lines), whichever cache holds it.
        #expect(size == TextMeasurer.uncached.measure(node.attributedText, maxWidth: 100).size)
        #expect(TextNode().measurer.cache === TextLayoutCache.shared)
        #expect(node.measurer.cache === cache)
    }
}
