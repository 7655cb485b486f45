import Testing
@testable import LayoutCore

// Texture's pixel arithmetic: pixel rounding with FLT_EPSILON, validity rules, Foundation MIN/MAX.
// PixelGrid.scale is never changed here (suites run in parallel); other scales go through `scale:`.

@Suite("PixelGrid rounding")
struct PixelGridRoundingTests {
    @Test func defaultScaleIsTwoAndEpsilonIsTheFloatEpsilon() {
        #expect(PixelGrid.scale == 2)
        #expect(PixelGrid.epsilon == 1.1920928955078125e-07)  // FLT_EPSILON = 2^-23, not Double.ulpOfOne
        #expect(PixelGrid.epsilon != Double.ulpOfOne)
    }

    @Test func ceilAtTheDefaultScaleTwo() {
        #expect(ceilPx(10.2) == 10.5)   // ceil((10.2 − ε)·2) = ceil(20.3999998) = 21 → 10.5
        #expect(ceilPx(10) == 10)       // ceil(19.9999998) = 20
        #expect(ceilPx(10.5) == 10.5)   // ceil(20.9999998) = 21
        #expect(ceilPx(0) == 0)
        #expect(ceilPx(-0.6) == -0.5)   // ceil(−1.2000002) = −1
        #expect(ceilPx(-0.3) == 0)      // ceil(−0.6000002) = −0 → −0 == 0
        #expect(ceilPx(10.2) == ceilPx(10.2, scale: PixelGrid.scale))
    }

    @Test func ceilSwallowsDifferencesBelowFloatEpsilon() {
        // 10.0000001 − 1.1920929e-7 = 9.99999998…: the epsilon pulls it back under 10 at every scale.
        #expect(ceilPx(10.0000001) == 10)
        #expect(ceilPx(10.0000001, scale: 1) == 10)
        #expect(ceilPx(10.0000001, scale: 3) == 10)
        // 10.0000002 − ε = 10.00000008…: just above 10, so it goes to the next pixel.
        #expect(ceilPx(10.0000002) == 10.5)               // ceil(20.00000016) = 21
        #expect(ceilPx(10.0000002, scale: 1) == 11)
        #expect(ceilPx(10.0000002, scale: 3) == 31.0 / 3) // ceil(30.00000024) = 31
    }

    @Test func ceilAtExplicitScalesOneAndThree() {
        #expect(ceilPx(10.2, scale: 1) == 11)
        #expect(ceilPx(10, scale: 1) == 10)
        #expect(ceilPx(10.2, scale: 3) == 31.0 / 3)        // ceil(30.5999996) = 31
        #expect(ceilPx(31.0 / 3, scale: 3) == 31.0 / 3)    // on the grid: 31.0000000… − 3ε → ceil 31
        #expect(ceilPx(10.4, scale: 3) == 32.0 / 3)        // ceil(31.1999996) = 32
    }

    @Test func floorAtScalesOneTwoThree() {
        #expect(floorPx(10.7) == 10.5)                     // floor((10.7 + ε)·2) = floor(21.4000002) = 21
        #expect(floorPx(10.4999999) == 10.5)               // 10.4999999 + ε = 10.50000002 → floor(21.00000004) = 21
        #expect(floorPx(10.49999) == 10)                   // floor(20.99998) = 20
        #expect(floorPx(-0.2) == -0.5)                     // floor(−0.3999998) = −1
        #expect(floorPx(10.7, scale: 1) == 10)
        #expect(floorPx(10.9999999, scale: 1) == 11)       // floor(11.00000002) = 11
        #expect(floorPx(10.7, scale: 3) == 32.0 / 3)       // floor(32.1000004) = 32
    }

    @Test func roundIsHalfAwayFromZeroWithoutEpsilon() {
        #expect(roundPx(10.25) == 10.5)     // 20.5 → 21
        #expect(roundPx(-10.25) == -10.5)   // −20.5 → −21 (away from zero, not to even, not up)
        #expect(roundPx(10.24) == 10)       // 20.48 → 20
        #expect(roundPx(10.26) == 10.5)     // 20.52 → 21
        #expect(roundPx(2.5, scale: 1) == 3)
        #expect(roundPx(-2.5, scale: 1) == -3)
        #expect(roundPx(2.4999, scale: 1) == 2)
        #expect(roundPx(1.5, scale: 3) == 5.0 / 3)  // 4.5 → 5
        #expect(roundPx(1.1, scale: 3) == 1)        // 3.3 → 3
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func nanAndInfinityPassThrough(scale: Double) {
        for function in [ceilPx, floorPx, roundPx] as [(Double, Double) -> Double] {
            #expect(function(.nan, scale).isNaN)
            #expect(function(.infinity, scale) == .infinity)
            #expect(function(-.infinity, scale) == -.infinity)
        }
    }

    @Test func sizeAndPointOverloadsCeilEachAxis() {
        #expect(ceilPx(Size(width: 10.2, height: 33.3)) == Size(width: 10.5, height: 33.5))
        #expect(ceilPx(Size(width: 10.2, height: 33.3), scale: 1) == Size(width: 11, height: 34))
        #expect(ceilPx(Point(x: 1.1, y: -1.1)) == Point(x: 1.5, y: -1))
        let nullCeiled = ceilPx(Point.null)
        #expect(nullCeiled.isNull)
    }
}

@Suite("PixelGrid validity and Foundation MIN/MAX")
struct PixelGridRulesTests {
    @Test func validForSize() {
        #expect(PixelGrid.isValidForSize(0))
        #expect(PixelGrid.isValidForSize(-0.0))          // == 0
        #expect(PixelGrid.isValidForSize(5))
        #expect(PixelGrid.isValidForSize(9_999_999.5))
        #expect(!PixelGrid.isValidForSize(10_000_000))
        #expect(!PixelGrid.isValidForSize(-1))
        #expect(!PixelGrid.isValidForSize(.nan))
        #expect(!PixelGrid.isValidForSize(.infinity))
        #expect(!PixelGrid.isValidForSize(Double.leastNonzeroMagnitude))   // subnormal: not "normal"
        #expect(!PixelGrid.isValidForSize(Double(Float.greatestFiniteMagnitude)))  // FLT_MAX
        #expect(!PixelGrid.isValidForSize(Double.greatestFiniteMagnitude))  // CGFLOAT_MAX
        #expect(PixelGrid.isValidForSize(Size(width: 10, height: 0)))
        #expect(!PixelGrid.isValidForSize(Size(width: 10, height: .infinity)))
    }

    @Test func validForLayoutUsesHalfOfCGFloatMax() {
        #expect(PixelGrid.isValidForLayout(0))
        #expect(PixelGrid.isValidForLayout(10_000_000))
        #expect(PixelGrid.isValidForLayout(Double(Float.greatestFiniteMagnitude)))  // FLT_MAX is finite
        #expect(PixelGrid.isValidForLayout(1e300))
        #expect(!PixelGrid.isValidForLayout(Double.greatestFiniteMagnitude / 2))
        #expect(!PixelGrid.isValidForLayout(Double.greatestFiniteMagnitude))
        #expect(!PixelGrid.isValidForLayout(.infinity))
        #expect(!PixelGrid.isValidForLayout(.nan))
        #expect(!PixelGrid.isValidForLayout(-1))
        #expect(PixelGrid.isValidForLayout(Size(width: 1e8, height: 1e8)))
        #expect(!PixelGrid.isValidForLayout(Size(width: 1e8, height: .nan)))
    }

    @Test func validPositionsMayBeNegativeButNotHuge() {
        #expect(PixelGrid.isValidPosition(0))
        #expect(PixelGrid.isValidPosition(-5))
        #expect(PixelGrid.isValidPosition(-1e8))
        #expect(PixelGrid.isValidPosition(9_999_999))
        #expect(!PixelGrid.isValidPosition(10_000_000))
        #expect(!PixelGrid.isValidPosition(.nan))
        #expect(!PixelGrid.isValidPosition(.infinity))
        #expect(!PixelGrid.isValidPosition(-.infinity))
    }

    @Test func foundationMaxAndMinNaNSemantics() {
        // MAX(a, b) = a < b ? b : a and MIN(a, b) = a < b ? a : b (NSObjCRuntime.h).
        #expect(foundationMax(0, .nan) == 0)      // 0 < NaN is false → a = 0
        // "MAX(NaN, x) = x" would contradict the macro (NSObjCRuntime.h): NaN < x is
        // false, so the macro yields a = NaN. Loom follows the macro (see the report of this suite).
        #expect(foundationMax(.nan, 5).isNaN)
        #expect(foundationMin(5, .nan).isNaN)     // 5 < NaN is false → b = NaN
        #expect(foundationMin(.nan, 5) == 5)      // NaN < 5 is false → b = 5
        #expect(foundationMax(3, 7) == 7)
        #expect(foundationMin(3, 7) == 3)
        // Ties keep a / b as the macros do: MAX(−0, +0) = a = −0, MIN(−0, +0) = b = +0.
        #expect(foundationMax(-0.0, 0.0).sign == .minus)
        #expect(foundationMin(-0.0, 0.0).sign == .plus)
    }

    @Test func clampingNaNGivesTheRangeMinimum() {
        let range = SizeRange(min: Size(width: 10, height: 20), max: Size(width: 100, height: 200))
        #expect(range.clamp(Size(width: .nan, height: .nan)) == Size(width: 10, height: 20))
        #expect(range.clamp(Size(width: 50, height: .nan)) == Size(width: 50, height: 20))
    }

    @Test func elvisKeepsNaNAndReplacesZero() {
        #expect(elvis(0, 5) == 5)
        #expect(elvis(-0.0, 5) == 5)
        #expect(elvis(3, 5) == 3)
        #expect(elvis(.nan, 5).isNaN)
    }
}
