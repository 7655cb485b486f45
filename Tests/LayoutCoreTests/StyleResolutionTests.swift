import Testing
@testable import LayoutCore

// Texture's ASLayoutElementSize resolution (ResolveAutoSize), ASLayoutElementStyle and its
// ASLayoutElementStyleTests.

@Suite("Style size resolution")
struct StyleSizeResolutionTests {
    static let parent = Size(width: 320, height: 480)

    static func width(of size: LayoutElementSize, parent: Size = parent,
                      auto: SizeRange = .unconstrained) -> (Double, Double) {
        let r = size.resolve(parentSize: parent, autoRange: auto)
        return (r.min.width, r.max.width)
    }

    @Test func derivedExamplesOfTheReference() {
        // width 100 + minWidth 150: max ∞ > min 150, exact 100 < min → [150,150].
        #expect(Self.width(of: LayoutElementSize(width: .points(100), minWidth: .points(150))) == (150, 150))
        // width 50% of 320 = 160 > maxWidth 120 → [120,120].
        #expect(Self.width(of: LayoutElementSize(width: .fraction(0.5), maxWidth: .points(120))) == (120, 120))
        // width 160 < minWidth 200 → [200,200].
        #expect(Self.width(of: LayoutElementSize(width: .fraction(0.5), minWidth: .points(200))) == (200, 200))
        // minWidth 200 ≥ maxWidth 100: min beats max → [200,200].
        #expect(Self.width(of: LayoutElementSize(minWidth: .points(200), maxWidth: .points(100))) == (200, 200))
    }

    @Test func minBeatsMaxBeatsExact() {
        // max ≤ min → [min, min] and the exact width is ignored.
        #expect(Self.width(of: LayoutElementSize(width: .points(50), minWidth: .points(200),
                                                 maxWidth: .points(100))) == (200, 200))
        // exact inside [min, max] → exact.
        #expect(Self.width(of: LayoutElementSize(width: .points(150), minWidth: .points(100),
                                                 maxWidth: .points(200))) == (150, 150))
        // exact above max → max.
        #expect(Self.width(of: LayoutElementSize(width: .points(250), minWidth: .points(100),
                                                 maxWidth: .points(200))) == (200, 200))
        // no exact → [min, max].
        #expect(Self.width(of: LayoutElementSize(minWidth: .points(100), maxWidth: .points(200))) == (100, 200))
    }

    @Test func autoTakesTheAutoRange() {
        let auto = SizeRange(min: Size(width: 10, height: 20), max: Size(width: 100, height: 200))
        #expect(LayoutElementSize().resolve(parentSize: Self.parent, autoRange: auto) == auto)
        // Exact 150 against the auto max 100 → [100,100]; height stays the auto range.
        let r = LayoutElementSize(width: .points(150)).resolve(parentSize: Self.parent, autoRange: auto)
        #expect(r == SizeRange(min: Size(width: 100, height: 20), max: Size(width: 100, height: 200)))
    }

    @Test func resolveWithoutAutoRangeUsesTheUnconstrainedRange() {
        #expect(LayoutElementSize().resolve(parentSize: Self.parent) == .unconstrained)
        #expect(LayoutElementSize.auto.isAllAuto)
        let r = LayoutElementSize(width: .points(100), maxHeight: .fraction(0.25)).resolve(parentSize: Self.parent)
        // width exact 100; height [0, 25% of 480 = 120].
        #expect(r == SizeRange(min: Size(width: 100, height: 0), max: Size(width: 100, height: 120)))
    }

    @Test func fractionalExactAgainstAnUndefinedParentMeansNoExactValue() {
        // 50% of NaN is NaN → treated as "no exact value": [min, max] stays.
        let size = LayoutElementSize(width: .fraction(0.5), height: .fraction(0.5),
                                     minWidth: .points(10), maxWidth: .points(300))
        let r = size.resolve(parentSize: .undefined)
        #expect(r == SizeRange(min: Size(width: 10, height: 0), max: Size(width: 300, height: .infinity)))
        // Only the undefined axis loses its exact value.
        let half = size.resolve(parentSize: Size(width: 200, height: .nan))
        #expect(half == SizeRange(min: Size(width: 100, height: 0), max: Size(width: 100, height: .infinity)))
    }

    @Test func fractionalMinOrMaxAgainstAnUndefinedParentFallsBackToAuto() {
        // Texture asserts here (a NaN min/max is a programming error); Loom must not trap and uses what
        // auto would have given: min → autoRange.min, max → autoRange.max.
        let size = LayoutElementSize(minWidth: .fraction(0.5), maxWidth: .fraction(0.8))
        let auto = SizeRange(min: Size(width: 5, height: 0), max: Size(width: 50, height: 60))
        let r = size.resolve(parentSize: .undefined, autoRange: auto)
        #expect(r.min.width == 5 && r.max.width == 50)
        #expect(!r.min.width.isNaN && !r.max.width.isNaN)
    }

    @Test func styleSizeIntersectsWithTheParentRangeAndTheRangeWins() {
        // Texture's measurement: a node with style 10×10 measured with the exact range 280×280 gets 280×280.
        let node = CoreFixture.node("n", 10, 10)
        #expect(node.layoutThatFits(SizeRange(exactly: Size(width: 280, height: 280))).size
            == Size(width: 280, height: 280))
        // Overlapping: style 10×10 in [0,300] → 10×10.
        #expect(node.layoutThatFits(CoreFixture.range(0, 0, 300, 300)).size == Size(width: 10, height: 10))
    }

    @Test func leafWithoutStyleFillsAFiniteMaximumAndCollapsesOtherwise() {
        let node = CoreFixture.node("n")
        #expect(node.layoutThatFits(CoreFixture.range(0, 0, 120, 80)).size == Size(width: 120, height: 80))
        // Either max infinite → calculateSizeThatFits gives 0×0 → clamped to the range minimum.
        #expect(node.layoutThatFits(CoreFixture.range(15, 25, .infinity, 80)).size == Size(width: 15, height: 25))
        #expect(defaultSizeThatFits(Size(width: 10, height: 1e7)) == .zero)
        #expect(defaultSizeThatFits(Size(width: 10, height: 20)) == Size(width: 10, height: 20))
    }
}

@Suite("Style properties")
struct StylePropertyTests {
    @Test func defaults() {
        let style = LayoutElementStyle()
        #expect(style.size == LayoutElementSize())
        #expect(style.width == .auto && style.maxHeight == .auto)
        #expect(style.flexGrow == 0)
        #expect(style.flexShrink == 0)    // Texture's default, not CSS's 1
        #expect(style.flexBasis == .auto)
        #expect(style.alignSelf == .auto)
        #expect(style.spacingBefore == 0 && style.spacingAfter == 0)
        #expect(style.ascender == 0 && style.descender == 0)
        #expect(style.layoutPosition == .zero)
    }

    @Test func sizeSettersRoundTrip() {
        var style = LayoutElementStyle()
        style.width = .points(10)
        style.height = .fraction(0.5)
        style.minWidth = .points(1)
        style.maxWidth = .points(100)
        style.minHeight = .fraction(0.1)
        style.maxHeight = .points(200)
        #expect(style.size == LayoutElementSize(width: .points(10), height: .fraction(0.5),
                                                minWidth: .points(1), maxWidth: .points(100),
                                                minHeight: .fraction(0.1), maxHeight: .points(200)))
        #expect(style.width == .points(10) && style.height == .fraction(0.5))
        #expect(style.minWidth == .points(1) && style.maxWidth == .points(100))
        #expect(style.minHeight == .fraction(0.1) && style.maxHeight == .points(200))
    }

    @Test func preferredSizeSetsWidthAndHeightInPoints() {
        var style = LayoutElementStyle()
        style.preferredSize = Size(width: 100, height: 50)
        #expect(style.width == .points(100) && style.height == .points(50))
        #expect(style.preferredSize == Size(width: 100, height: 50))
        #expect(LayoutElementStyle().preferredSize == .zero)  // auto reads as 0
    }

    @Test func minAndMaxSizeSetTheMinimaAndMaxima() {
        var style = LayoutElementStyle()
        style.minSize = Size(width: 10, height: 20)
        style.maxSize = Size(width: 30, height: 40)
        #expect(style.minWidth == .points(10) && style.minHeight == .points(20))
        #expect(style.maxWidth == .points(30) && style.maxHeight == .points(40))
        #expect(style.width == .auto && style.height == .auto)
        #expect(style.minSize == Size(width: 10, height: 20) && style.maxSize == Size(width: 30, height: 40))
    }

    @Test func layoutSizePropertiesRoundTrip() {
        var style = LayoutElementStyle()
        style.preferredLayoutSize = LayoutSize(width: .fraction(0.5), height: .points(10))
        style.minLayoutSize = LayoutSize(width: .points(1), height: .fraction(0.2))
        style.maxLayoutSize = LayoutSize(width: .points(90), height: .auto)
        #expect(style.width == .fraction(0.5) && style.height == .points(10))
        #expect(style.minWidth == .points(1) && style.minHeight == .fraction(0.2))
        #expect(style.maxWidth == .points(90) && style.maxHeight == .auto)
        #expect(style.preferredLayoutSize == LayoutSize(width: .fraction(0.5), height: .points(10)))
        #expect(style.minLayoutSize == LayoutSize(width: .points(1), height: .fraction(0.2)))
        #expect(style.maxLayoutSize == LayoutSize(width: .points(90), height: .auto))
    }

    @Test func readingPreferredSizeWithAFractionalWidthIsAProgrammerError() async {
        // ASLayoutElementStyleTests: reading preferredSize with a fractional width throws.
        await #expect(processExitsWith: .failure) {
            var style = LayoutElementStyle()
            style.width = .fraction(0.5)
            _ = style.preferredSize
        }
    }

    @Test func extensionSlots() {
        var style = LayoutElementStyle()
        style.extensions.bool = true
        style.extensions[integer: 0] = 7
        style.extensions[integer: 3] = 9
        style.extensions.edgeInsets = EdgeInsets(all: 4)
        #expect(style.extensions.bool)
        #expect(style.extensions[integer: 0] == 7 && style.extensions[integer: 1] == 0)
        #expect(style.extensions.integers == (7, 0, 0, 9))
        style.extensions.integers = (1, 2, 3, 4)
        #expect(style.extensions[integer: 2] == 3)
        #expect(style.extensions.edgeInsets == EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        var other = LayoutElementStyle()
        other.extensions.integers = (1, 2, 3, 4)
        other.extensions.bool = true
        other.extensions.edgeInsets = EdgeInsets(all: 4)
        #expect(style == other)
    }
}
