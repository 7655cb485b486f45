import Testing
@testable import LayoutCore

// Texture's ASDimension and its ASDimensionTests.

@Suite("Dimension")
struct DimensionTests {
    @Test func parsingEmptyAndAutoGiveAuto() {
        #expect(Dimension(parsing: "") == .auto)
        #expect(Dimension(parsing: "auto") == .auto)
        #expect(Dimension(parsing: "").isAuto)
    }

    @Test func parsingPercentGivesAFraction() {
        #expect(Dimension(parsing: "50%") == .fraction(0.5))
        #expect(Dimension(parsing: "100%") == .fraction(1))
        #expect(Dimension(parsing: "0%") == .fraction(0))
    }

    @Test func parsingPointsGivesPoints() {
        #expect(Dimension(parsing: "100pt") == .points(100))
        #expect(Dimension(parsing: "12.5pt") == .points(12.5))
        #expect(Dimension(parsing: "0pt") == .points(0))
    }

    @Test func anythingElseIsAuto() {
        #expect(Dimension(parsing: "100") == .auto)      // no unit suffix
        #expect(Dimension(parsing: "AUTO") == .auto)     // only exactly "auto" is meant, but anything else is auto too
        #expect(Dimension(parsing: "50px") == .auto)
        #expect(Dimension(parsing: "pt%") == .fraction(0)) // suffix "%" wins, no number → 0
    }

    @Test func numbersAreReadLikeDoubleValue() {
        // NSString.doubleValue: leading whitespace skipped, longest numeric prefix, no number → 0.
        #expect(Dimension(parsing: " 40pt") == .points(40))
        #expect(Dimension(parsing: "40 pt") == .points(40))
        #expect(Dimension(parsing: "pt") == .points(0))
        #expect(Dimension(parsing: "abc%") == .fraction(0))
        #expect(Dimension(parsing: "25.%") == .fraction(0.25))
    }

    @Test func descriptions() {
        #expect(Dimension.points(100).description == "100pt")
        #expect(Dimension.fraction(0.5).description == "50%")
        #expect(Dimension.auto.description == "Auto")
        #expect(Dimension.points(12.5).description == "12.5pt")
        // 0.07 × 100 = 7.000000000000001 in binary; the description must still read "7%".
        #expect(Dimension(parsing: "7%").description == "7%")
        #expect(Dimension(parsing: "33.5%").description == "33.5%")
    }

    @Test func descriptionRoundTripsThroughParsing() {
        for text in ["100pt", "12.5pt", "50%", "7%", "Auto"] {
            let parsed = Dimension(parsing: text == "Auto" ? "auto" : text)
            #expect(parsed.description == text)
        }
    }

    @Test func resolveAgainstTheParent() {
        #expect(Dimension.auto.resolve(parent: 320, auto: 42) == 42)
        #expect(Dimension.auto.resolve(parent: 320, auto: .nan).isNaN)
        #expect(Dimension.points(100).resolve(parent: 320, auto: 42) == 100)
        #expect(Dimension.points(100).resolve(parent: .nan, auto: 42) == 100)
        #expect(Dimension.fraction(0.5).resolve(parent: 320, auto: 42) == 160)
        #expect(Dimension.fraction(0.5).resolve(parent: .nan, auto: 42).isNaN)   // undefined parent
        #expect(Dimension.fraction(0.5).resolve(parent: .infinity, auto: 42) == .infinity)
        #expect(Dimension.fraction(0).resolve(parent: .infinity, auto: 42).isNaN) // 0 × ∞
    }

    @Test func equalityNeedsTheSameUnitAndValue() {
        #expect(Dimension.points(50) == .points(50))
        #expect(Dimension.points(50) != .points(51))
        #expect(Dimension.points(0.5) != .fraction(0.5))
        #expect(Dimension.fraction(0.5) == .fraction(0.5))
        #expect(Dimension.auto != .points(0))
        #expect(!Dimension.points(0).isAuto)
    }

    @Test func layoutSizeDefaultsToAuto() {
        #expect(LayoutSize() == LayoutSize(width: .auto, height: .auto))
        #expect(LayoutSize.auto == LayoutSize())
        #expect(LayoutSize(width: .points(3)) != LayoutSize.auto)
    }
}
