import LayoutCore
import Testing
@testable import TextEngine

/// The text Texture's baseline stack tests use (ASStackLayoutSpecSnapshotTests' baseline cases): recorded here
/// so the stack's baseline frames can be checked once TextNode exists. Scale 2.
@Suite struct BaselineScenarioTests {
    @Test func helloAt20Points() {
        let result = measure(regular("Hello", size: 20))
        #expect(result.lines.count == 1)
        #expect(result.lines[0].width == 50.693359375)            // 5191 units × 20 / 2048
        #expect(result.size == Size(width: 51, height: 23.5))       // ceilPx(50.69), ceilPx(23.28125)
        #expect(result.ascender == 18.564453125)                    // 1901 × 20 / 2048
        #expect(result.descender == -4.716796875)                   // −483 × 20 / 2048
    }

    @Test func whyHelloThereAt12PointsWidth150() {
        let text = regular("Why, hello there! How are you?", size: 12)
        let result = measure(text, width: 150)
        #expect(lineTexts(text, result) == ["Why, hello there! How ", "are you?"])
        #expect(result.lines[0].width == 133.828125)                // 22840 units × 12 / 2048
        #expect(close(result.lines[1].width, expectedWidth("are you?", size: 12)))
        #expect(result.size == Size(width: 134, height: 28))        // ceilPx(133.83), ceilPx(2 × 13.96875)
        #expect(result.ascender == 11.138671875)                    // 1901 × 12 / 2048
        #expect(result.descender == -2.830078125)                   // −483 × 12 / 2048
        #expect(result.lines[1].baseline == 13.96875 + 11.138671875)
    }

    @Test func whyHelloThereAt12PointsWidth300() {
        let text = regular("Why, hello there! How are you?", size: 12)
        let result = measure(text, width: 300)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].width == 189.544921875)             // 32349 units × 12 / 2048
        #expect(result.size == Size(width: 190, height: 14))
        #expect(result.ascender == 11.138671875)
        #expect(result.descender == -2.830078125)
    }

    @Test func sizeRangeEntryPointUsesTheMaximum() {
        let text = regular("Why, hello there! How are you?", size: 12)
        let range = SizeRange(min: Size(width: 150, height: 0), max: Size(width: 150, height: .infinity))
        let viaRange = TextMeasurer.uncached.measure(text, constrainedTo: range, scale: testScale)
        #expect(viaRange == measure(text, width: 150))
        #expect(range.clamp(viaRange.size) == Size(width: 150, height: 28), "the caller clamps")
    }
}
