import Testing
@testable import LayoutCore

// Texture's ASSizeRange and the intersection cases of its ASDimensionTests.

@Suite("SizeRange")
struct SizeRangeTests {
    static func span(_ lo: Double, _ hi: Double) -> SizeRange {
        SizeRange(min: Size(width: lo, height: lo), max: Size(width: hi, height: hi))
    }

    /// The five intersection cases of ASSizeRangeIntersect, as (a, b, expected) per axis.
    static let intersectionCases: [(a: (Double, Double), b: (Double, Double), expected: (Double, Double))] = [
        ((0, 10), (7, 15), (7, 10)),    // overlap: [MAX(0,7), MIN(10,15)]
        ((2, 8), (0, 10), (2, 8)),      // a inside b
        ((0, 10), (2, 8), (2, 8)),      // b inside a
        ((0, 5), (10, 15), (5, 5)),     // disjoint, a below b: a.min < b.min → [a.max, a.max]
        ((10, 15), (0, 5), (10, 10)),   // disjoint, a above b: → [a.min, a.min]
    ]

    @Test(arguments: 0..<5)
    func intersectionCaseOnTheWidthAxis(index: Int) {
        let c = SizeRangeTests.intersectionCases[index]
        let a = SizeRange(min: Size(width: c.a.0, height: 0), max: Size(width: c.a.1, height: 100))
        let b = SizeRange(min: Size(width: c.b.0, height: 0), max: Size(width: c.b.1, height: 100))
        let r = a.intersect(b)
        #expect(r.min.width == c.expected.0)
        #expect(r.max.width == c.expected.1)
        #expect(r.min.height == 0 && r.max.height == 100)  // the other axis is untouched
    }

    @Test(arguments: 0..<5)
    func intersectionCaseOnTheHeightAxis(index: Int) {
        let c = SizeRangeTests.intersectionCases[index]
        let a = SizeRange(min: Size(width: 1, height: c.a.0), max: Size(width: 2, height: c.a.1))
        let b = SizeRange(min: Size(width: 1, height: c.b.0), max: Size(width: 2, height: c.b.1))
        let r = a.intersect(b)
        #expect(r == SizeRange(min: Size(width: 1, height: c.expected.0), max: Size(width: 2, height: c.expected.1)))
    }

    @Test func theFirstRangeWinsWhenDisjointSoIntersectionIsNotSymmetric() {
        let exact280 = SizeRange(exactly: Size(width: 280, height: 280))
        let style10 = SizeRange(exactly: Size(width: 10, height: 10))
        // [280,280] ∩ [10,10]: lo 280 > hi 10; a.min 280 < b.min 10 is false → [a.min, a.min] = 280.
        #expect(exact280.intersect(style10) == exact280)
        // [10,10] ∩ [280,280]: a.min 10 < 280 → [a.max, a.max] = 10.
        #expect(style10.intersect(exact280) == style10)
    }

    @Test func intersectionWithInfiniteMaxima() {
        let r = SizeRange.unconstrained.intersect(SizeRangeTests.span(10, 20))
        #expect(r == SizeRangeTests.span(10, 20))
        let s = SizeRangeTests.span(0, .infinity).intersect(SizeRangeTests.span(30, .infinity))
        #expect(s == SizeRangeTests.span(30, .infinity))
    }

    @Test func clampPerAxis() {
        let range = SizeRange(min: Size(width: 10, height: 20), max: Size(width: 100, height: 200))
        #expect(range.clamp(Size(width: 5, height: 500)) == Size(width: 10, height: 200))
        #expect(range.clamp(Size(width: 50, height: 50)) == Size(width: 50, height: 50))
        #expect(range.clamp(Size(width: .infinity, height: -1)) == Size(width: 100, height: 20))
        #expect(range.clamp(Size(width: .nan, height: .nan)) == Size(width: 10, height: 20))
        #expect(SizeRange.unconstrained.clamp(Size(width: .infinity, height: 3)) == Size(width: .infinity, height: 3))
    }

    @Test func constructors() {
        let exact = SizeRange(exactly: Size(width: 3, height: 4))
        #expect(exact.min == Size(width: 3, height: 4) && exact.max == Size(width: 3, height: 4))
        #expect(SizeRange.zero == SizeRange(min: .zero, max: .zero))
        #expect(SizeRange.unconstrained == SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity)))
        let cell = SizeRange(width: 320)
        #expect(cell == SizeRange(min: Size(width: 320, height: 0), max: Size(width: 320, height: .infinity)))
    }

    @Test func wellFormedness() {
        #expect(SizeRange.unconstrained.isWellFormed)
        #expect(SizeRange.zero.isWellFormed)
        #expect(SizeRangeTests.span(10, 10).isWellFormed)
        #expect(!SizeRangeTests.span(10, 5).isWellFormed)            // min > max
        #expect(!SizeRangeTests.span(-1, 5).isWellFormed)            // negative min
        #expect(!SizeRangeTests.span(.infinity, .infinity).isWellFormed)  // min must be finite
        #expect(!SizeRangeTests.span(.nan, 5).isWellFormed)
        #expect(!SizeRangeTests.span(0, .nan).isWellFormed)
    }

    @Test func significantAreaNeedsBothMaximaAboveOneTenth() {
        #expect(SizeRangeTests.span(0, 0.11).hasSignificantArea)
        #expect(!SizeRangeTests.span(0, 0.1).hasSignificantArea)
        #expect(!SizeRange(min: .zero, max: Size(width: 100, height: 0)).hasSignificantArea)
        #expect(SizeRange.unconstrained.hasSignificantArea)
    }

    @Test func equalityComparesMinAndMaxExactly() {
        #expect(SizeRangeTests.span(0, 10) == SizeRangeTests.span(0, 10))
        #expect(SizeRangeTests.span(0, 10) != SizeRangeTests.span(0, 10.000001))
        #expect(SizeRangeTests.span(1, 10) != SizeRangeTests.span(0, 10))
    }

    @Test func description() {
        #expect(SizeRange(min: Size(width: 1, height: 2), max: Size(width: 3.5, height: .infinity)).description
            == "{1×2, 3.5×inf}")
    }
}
