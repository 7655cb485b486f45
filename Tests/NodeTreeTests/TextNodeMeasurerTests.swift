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

    /// A text node with the default measurer names the shared cache without holding it (a reference would be
    /// an atomic write by every creation, on every thread, to one cache line). Other tests running at the same
    /// time may hold the shared cache for a moment, hence the margin: a hundred references would show.
    @Test func creatingTextNodesRetainsNothingShared() {
        let cacheBefore = _getRetainCount(TextLayoutCache.shared)
        let nodes = (0..<100).map { _ in TextNode() }
        let cacheDuring = _getRetainCount(TextLayoutCache.shared)
        #expect(cacheDuring < cacheBefore + 50, "the nodes hold the shared cache")
        #expect(nodes.allSatisfy { $0.attributedText.isEmpty && $0.measurer.cache === TextLayoutCache.shared })
        // Naming the shared cache costs no width: a measurer is one reference, as a text node's field.
        #expect(MemoryLayout<TextMeasurer>.size == MemoryLayout<AnyObject>.size)
        let own = TextLayoutCache(capacity: 16)
        #expect(TextMeasurer(cache: own).cache === own && TextMeasurer.uncached.cache == nil)
        #expect(TextMeasurer(cache: .shared).cache === TextLayoutCache.shared)
    }

    /// An empty text and a text set back to empty measure as nothing, with the baseline offsets of no text.
    @Test func theEmptyTextMeasuresAsNothing() {
        let node = TextNode()
        let range = SizeRange(min: .zero, max: Size(width: 100, height: .infinity))
        #expect(node.layoutThatFits(range).size == .zero)
        #expect(node.textLayout(constrainedTo: range.max).lines.isEmpty)
        node.attributedText = AttributedText("Lorem ipsum", attributes: TextAttributes(size: 14))
        #expect(node.layoutThatFits(range).size.width > 0 && node.style.ascender > 0)
        node.attributedText = AttributedText("")
        #expect(node.attributedText.isEmpty && node.attributedText == AttributedText(""))
        #expect(node.layoutThatFits(range).size == .zero)
        #expect(node.style.ascender == 0 && node.style.descender == 0)
    }
}
