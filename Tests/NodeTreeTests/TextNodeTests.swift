import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

// TextNode measured by TextEngine (DejaVu Sans, scale 2). Expected values are worked out by hand from the
// font's tables — DejaVu Sans: 2048 units per em, hhea ascender 1901, descender −483, line gap 0, so a line is
// 2384 × size / 2048 points tall — and from advance sums in design units (the same sums TextEngine's
// BaselineScenarioTests check against an independent TrueType reader); where a value depends on line
// breaking, TextMeasurer.uncached (no cache, no node) is the second oracle.

/// One run of DejaVu Sans.
func dejaVu(_ string: String, size: Double, weight: FontWeight = .regular) -> AttributedText {
    AttributedText(string, attributes: TextAttributes(size: size, weight: weight))
}

/// Uncached measurement at the tests' scale (2), no node involved.
func measuredText(_ text: AttributedText, width: Double = .infinity, height: Double = .infinity, lines: Int = 0,
                  token: String = TextMeasurer.defaultTruncationToken) -> TextLayoutResult {
    TextMeasurer.uncached.measure(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                  truncationToken: token, scale: 2)
}

/// DejaVu Sans vertical metrics in points.
enum DejaVuMetrics {
    static func lineHeight(_ size: Double) -> Double { 2384 * size / 2048 }
    static func ascender(_ size: Double) -> Double { 1901 * size / 2048 }
    static func descender(_ size: Double) -> Double { -483 * size / 2048 }
}

/// Texture's baseline test texts (ASStackLayoutSpecSnapshotTests' defaultTextNodes): system font 20 and 12.
let helloString = "Hello"
let whyString = "Why, hello there! How are you?"

func widthRange(_ width: Double, maxHeight: Double = .infinity) -> SizeRange {
    SizeRange(min: .zero, max: Size(width: width, height: maxHeight))
}

@Suite struct TextNodeTests {
    @Test func sizeIsTheMeasuredTextCeiledToThePixelGrid() {
        // "Hello": 5191 units × 20 / 2048 = 50.693… → 51; one line 2384 × 20 / 2048 = 23.28… → 23.5.
        let node = TextNode(text: helloString, fontSize: 20)
        #expect(node.layoutThatFits(.unconstrained).size == Size(width: 51, height: 23.5))
        // Bold: 5914 units → 57.75 → 58 (115.5 pixels, ceiled); same vertical metrics.
        let bold = TextNode(text: helloString, fontSize: 20, weight: .bold)
        #expect(bold.layoutThatFits(.unconstrained).size == Size(width: 58, height: 23.5))
    }

    @Test func theSizeIsClampedIntoTheRange() {
        let node = TextNode(text: helloString, fontSize: 20)
        let wide = SizeRange(min: Size(width: 100, height: 30), max: Size(width: 200, height: 200))
        #expect(node.layoutThatFits(wide).size == Size(width: 100, height: 30))
        // An exact width: the text is laid out within it and the node takes it.
        #expect(node.layoutThatFits(SizeRange(width: 150)).size == Size(width: 150, height: 23.5))
    }

    @Test func emptyTextMeasuresZeroAndHasNoBaseline() {
        let node = TextNode()
        #expect(node.layoutThatFits(.unconstrained).size == .zero)
        #expect(node.style.ascender == 0 && node.style.descender == 0)
        node.attributedText = dejaVu(helloString, size: 20)
        node.attributedText = AttributedText("")
        #expect(node.layoutThatFits(.unconstrained).size == .zero)
        #expect(node.style.ascender == 0 && node.style.descender == 0)
    }

    @Test func wrapsAtTheAvailableWidth() {
        let node = TextNode(text: whyString, fontSize: 12)
        // One line: 32349 units × 12 / 2048 = 189.54… → 190 wide, 13.97 → 14 tall.
        #expect(node.layoutThatFits(widthRange(300)).size == Size(width: 190, height: 14))
        // Width 150: "Why, hello there! How " (22840 units → 133.83) | "are you?" → 134 × ceilPx(2 × 13.97) = 28.
        #expect(node.layoutThatFits(widthRange(150)).size == Size(width: 134, height: 28))
        // Width 99: "Why, hello " (63.20) | "there! How are " (90.30) | "you?" → 90.5 × ceilPx(3 × 13.97) = 42.
        #expect(node.layoutThatFits(widthRange(99)).size == Size(width: 90.5, height: 42))
        let lines = node.textLayout(constrainedTo: Size(width: 99, height: .infinity)).lines
        #expect(lines.map { String(node.attributedText.text(in: $0.range)) } == ["Why, hello ", "there! How are ", "you?"])
        for width in [30.0, 60, 99, 120, 150, 189, 190, 300] {
            #expect(node.layoutThatFits(widthRange(width)).size == measuredText(node.attributedText, width: width).size,
                    "width \(width)")
        }
    }

    @Test func maximumNumberOfLinesTruncatesTheTailWithTheToken() {
        let node = TextNode(text: whyString, fontSize: 12)
        #expect(node.layoutThatFits(widthRange(99)).size.height == 42)
        let version = node.layoutVersion
        node.maximumNumberOfLines = 2
        #expect(node.layoutVersion == version + 1, "a new line limit invalidates the layout")
        node.maximumNumberOfLines = 2
        #expect(node.layoutVersion == version + 1, "the same limit does nothing")
        // Line 2 is refilled with the longest prefix of "there! How are you?" that fits beside "…" (2048 units:
        // 12 pt at 12 pt): "there! How ar" 82.92 + 12 = 94.92 ≤ 99, "there! How are" 90.30 + 12 > 99.
        // Widest line 94.92 → 95; two lines → 28.
        #expect(node.layoutThatFits(widthRange(99)).size == Size(width: 95, height: 28))
        let layout = node.textLayout(constrainedTo: Size(width: 99, height: .infinity))
        #expect(layout.isTruncated)
        #expect(layout.lines.map { String(node.attributedText.text(in: $0.range)) } == ["Why, hello ", "there! How ar"])
        #expect(layout.lines[1].width == 82.916015625 + 12)
        #expect(layout == measuredText(node.attributedText, width: 99, lines: 2))

        // A custom token: "..." is 3 × 651 units = 11.44 pt at 12 pt; same prefix, 94.36 → 94.5.
        node.truncationToken = "..."
        #expect(node.layoutVersion == version + 2)
        #expect(node.layoutThatFits(widthRange(99)).size == Size(width: 94.5, height: 28))
        #expect(node.textLayout(constrainedTo: Size(width: 99, height: .infinity))
                    == measuredText(node.attributedText, width: 99, lines: 2, token: "..."))

        // Lines that fit need no token.
        node.maximumNumberOfLines = 3
        #expect(node.layoutThatFits(widthRange(99)).size == Size(width: 90.5, height: 42))
        #expect(!node.textLayout(constrainedTo: Size(width: 99, height: .infinity)).isTruncated)
        node.maximumNumberOfLines = 0
        #expect(node.maximumNumberOfLines == 0)
    }

    @Test func aMaximumHeightDropsTheLinesBelowIt() {
        // Width 99 needs 3 lines of 13.97; a maximum height of 20 keeps one (and truncates it), 30 keeps two.
        let node = TextNode(text: whyString, fontSize: 12)
        let one = node.layoutThatFits(widthRange(99, maxHeight: 20))
        #expect(one.size.height == 14)
        #expect(node.textLayout(constrainedTo: Size(width: 99, height: 20)).lineCount == 1)
        #expect(node.textLayout(constrainedTo: Size(width: 99, height: 20)).isTruncated)
        #expect(node.layoutThatFits(widthRange(99, maxHeight: 30)).size == Size(width: 95, height: 28))
    }

    @Test func changingTheTextInvalidatesTheLayout() {
        let node = TextNode(text: "abc", fontSize: 10)
        let first = node.layoutThatFits(.unconstrained).size
        #expect(first == measuredText(dejaVu("abc", size: 10)).size)
        let version = node.layoutVersion
        node.attributedText = dejaVu("abc", size: 10)  // an equal text built separately
        #expect(node.layoutVersion == version)
        node.attributedText = dejaVu("abcdef", size: 10)
        #expect(node.layoutVersion == version + 1)
        let second = node.layoutThatFits(.unconstrained).size
        #expect(second == measuredText(dejaVu("abcdef", size: 10)).size)
        #expect(second.width > first.width)
        #expect(node.layoutStatistics.cacheMisses == 2)
    }

    @Test func theStyleGetsTheFontsBaselineOffsetsWhenTheTextIsSet() {
        // Before any measurement: the stack reads them before it measures the node.
        let node = TextNode(text: helloString, fontSize: 20)
        #expect(node.style.ascender == 18.564453125)    // 1901 × 20 / 2048
        #expect(node.style.descender == -4.716796875)   // −483 × 20 / 2048
        node.attributedText = dejaVu(whyString, size: 12)
        #expect(node.style.ascender == 11.138671875)    // 1901 × 12 / 2048
        #expect(node.style.descender == -2.830078125)   // −483 × 12 / 2048
        // Other style fields are left alone.
        node.style.flexShrink = 1
        node.attributedText = dejaVu(helloString, size: 20)
        #expect(node.style.flexShrink == 1 && node.style.ascender == DejaVuMetrics.ascender(20))
    }

    @Test func theStyleOffsetsEqualEveryMeasurementOfASingleFontText() {
        // One font (or runs with equal line metrics): the first line's baseline and the last line's descender
        // do not depend on the width, the line limit or truncation.
        let texts = [dejaVu(whyString, size: 12), dejaVu(whyString + "\n", size: 15),
                     dejaVu("Why, ", size: 12) + dejaVu("hello there!", size: 12, weight: .bold)]
        for text in texts {
            let node = TextNode(attributedText: text)
            #expect(text.baselineMetrics.isExact)
            for width in [20.0, 99, 150, 300, .infinity] {
                for lines in [0, 1, 2] {
                    node.maximumNumberOfLines = lines
                    let layout = node.textLayout(constrainedTo: Size(width: width, height: .infinity))
                    #expect(node.style.ascender == layout.ascender, "\(text) width \(width) lines \(lines)")
                    #expect(node.style.descender == layout.descender, "\(text) width \(width) lines \(lines)")
                }
            }
        }
    }

    @Test func mixedSizesTakeTheFirstAndLastCharactersFont() {
        // Texture's rule for runs of different metrics: ascender of the first character's font, descender
        // of the last one's. Exact while the first and last lines hold only those runs.
        let text = dejaVu("Big ", size: 20) + dejaVu("small", size: 10)
        let node = TextNode(attributedText: text)
        #expect(!text.baselineMetrics.isExact)
        #expect(node.style.ascender == DejaVuMetrics.ascender(20))
        #expect(node.style.descender == DejaVuMetrics.descender(10))
        // Width 40: "Big " (31.97 without its hanging space) | "small" (26.64) — each run has a line of its
        // own, and the measurement agrees.
        let wrapped = node.textLayout(constrainedTo: Size(width: 40, height: .infinity))
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.ascender == node.style.ascender && wrapped.descender == node.style.descender)
        // On one line the line takes the larger descender (the min): the style keeps the last font's.
        let oneLine = node.textLayout(constrainedTo: Size(width: 300, height: .infinity))
        #expect(oneLine.lineCount == 1 && oneLine.descender == DejaVuMetrics.descender(20))
    }

    @Test func nodesMeasureThroughTheSharedTextCache() {
        // A text no other test uses, so the shared cache's entry for it can only come from these nodes. Two
        // fresh nodes and TextMeasurer.shared get the same cached lines (one array storage, retained from the
        // cache entry); an uncached measurement equals them but is its own array.
        let text = dejaVu("shared cache probe \(UInt64.random(in: 0..<UInt64.max))", size: 13)
        let first = TextNode(attributedText: text), second = TextNode(attributedText: text)
        let range = widthRange(120)
        #expect(first.layoutThatFits(range).size == second.layoutThatFits(range).size)
        func storage(_ result: TextLayoutResult) -> UnsafeRawPointer? {
            result.lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let a = first.textLayout(constrainedTo: range.max), b = second.textLayout(constrainedTo: range.max)
        let shared = TextMeasurer.shared.measure(text, maxWidth: 120)
        let uncached = measuredText(text, width: 120)
        #expect(a == uncached && b == uncached && shared == uncached)
        #expect(storage(a) != nil && storage(a) == storage(b) && storage(a) == storage(shared))
        #expect(storage(uncached) != storage(a))
    }

    @Test func theConvenienceInitializerBuildsOneDejaVuRun() {
        let node = TextNode(text: helloString, fontSize: 20, weight: .bold)
        let runs = node.attributedText.runs
        #expect(runs.count == 1)
        #expect(runs[0].attributes == TextAttributes(size: 20, weight: .bold))
        #expect(runs[0].face.familyName == "DejaVu Sans" && runs[0].face.styleName == "Bold")
        #expect(TextNode().attributedText.isEmpty)
        #expect(TextNode().truncationToken == "\u{2026}")
    }
}
