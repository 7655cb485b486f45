import Testing
@testable import LayoutCore

// Texture's ASRatioLayoutSpecSnapshotTests (ratio = height / width, range [0,0]–[100,100]).

@Suite("Ratio spec")
struct RatioSpecTests {
    static let range = CoreFixture.range(0, 0, 100, 100)

    static func childSize(ratio: Double, child: Size, range: SizeRange = range) -> Size {
        let node = CoreFixture.node("n", child.width, child.height)
        let layout = CoreFixture.flatten(RatioLayoutSpec(ratio: ratio, child: node), in: range)
        #expect(layout.size == layout.frame(for: node).size)     // spec size = child size
        #expect(layout.frame(for: node).origin == .zero)
        return layout.frame(for: node).size
    }

    @Test func halfRatio() {
        // width candidate (100, floorPx(50)) = (100,50): h/w 0.5, error 0; height candidate (200→100, 100): error 0.5.
        // Child range [100,100]×[50,50] ∩ style 100×100 → 100×50.
        #expect(Self.childSize(ratio: 0.5, child: Size(width: 100, height: 100)) == Size(width: 100, height: 50))
    }

    @Test func doubleRatio() {
        // width candidate (100, 200→100): error 1; height candidate (floorPx(50), 100) = (50,100): error 0.
        #expect(Self.childSize(ratio: 2, child: Size(width: 100, height: 100)) == Size(width: 50, height: 100))
    }

    @Test func sevenTimesRatio() {
        // height candidate (floorPx(100/7 = 14.2857…) = floor(28.57)/2 = 14, 100): error 100/14 − 7 ≈ 0.14 < 6.
        #expect(Self.childSize(ratio: 7, child: Size(width: 100, height: 100)) == Size(width: 14, height: 100))
    }

    @Test func tenTimesRatioWithAnItemTooBig() {
        // height candidate (10, 100); child style 100×20 is disjoint from the exact range → the range wins.
        #expect(Self.childSize(ratio: 10, child: Size(width: 100, height: 20)) == Size(width: 10, height: 100))
    }

    @Test func floorPxIsApplied() {
        // ratio 1/3 in [0,100]×[0,100]: width candidate (100, floorPx(33.33…) = floor(66.67)/2 = 33) error 0.0033;
        // height candidate (300 → 100, 100) error 0.67.
        #expect(Self.childSize(ratio: 1.0 / 3, child: Size(width: 100, height: 100)) == Size(width: 100, height: 33))
    }

    @Test func tiesKeepTheWidthBasedCandidate() {
        // ratio 0.75 in [0,1]×[0,1]: width candidate (1, floorPx(0.75) = 0.5) → h/w 0.5, error 0.25;
        // height candidate (floorPx(1.333…) = 1, 1) → h/w 1, error 0.25. Tie → width-based (1, 0.5).
        let node = CoreFixture.node("n")
        let layout = RatioLayoutSpec(ratio: 0.75, child: node).layoutThatFits(CoreFixture.range(0, 0, 1, 1))
        #expect(layout.size == Size(width: 1, height: 0.5))
        // ratio 1.5 in [0,1]×[0,1]: width candidate (1, 1.5 → 1) error 0.5; height (floorPx(0.667) = 0.5, 1)
        // h/w 2, error 0.5. Tie → (1, 1).
        let other = RatioLayoutSpec(ratio: 1.5, child: node).layoutThatFits(CoreFixture.range(0, 0, 1, 1))
        #expect(other.size == Size(width: 1, height: 1))
    }

    @Test func childRangeIsTheIntersectionAndParentIsTheBestSize() {
        let probe = CoreProbe("p")
        let range = CoreFixture.range(20, 0, 100, 100)
        _ = RatioLayoutSpec(ratio: 0.5, child: probe).layoutThatFits(range)
        // Best (100, 50): range ∩ exact(100,50) = exact(100,50).
        #expect(probe.lastCall!.range == SizeRange(exactly: Size(width: 100, height: 50)))
        #expect(probe.lastCall!.parentSize == Size(width: 100, height: 50))
    }

    @Test func onlyOneFiniteMaximum() {
        // Width only: (200, floorPx(100)) → exact 200×100 for a child without size.
        let node = CoreFixture.node("n")
        let wide = RatioLayoutSpec(ratio: 0.5, child: node).layoutThatFits(CoreFixture.range(0, 0, 200, .infinity))
        #expect(wide.size == Size(width: 200, height: 100))
        // Height only: (floorPx(150 / 2) = 75, 150).
        let tall = RatioLayoutSpec(ratio: 2, child: node).layoutThatFits(CoreFixture.range(0, 0, .infinity, 150))
        #expect(tall.size == Size(width: 75, height: 150))
        // 1e7 is not a valid size, so it counts as unbounded: the height candidate is the only one.
        let huge = RatioLayoutSpec(ratio: 2, child: node).layoutThatFits(CoreFixture.range(0, 0, 1e7, 150))
        #expect(huge.size == Size(width: 75, height: 150))
    }

    @Test func bothMaximaInfiniteHandsTheOriginalRangeAndAnUndefinedParent() {
        let probe = CoreProbe("p", width: 30, height: 40)
        let range = CoreFixture.range(5, 6, .infinity, .infinity)
        let layout = RatioLayoutSpec(ratio: 2, child: probe).layoutThatFits(range)
        #expect(probe.lastCall!.range == range)
        #expect(probe.lastCall!.parentSize.isIdentical(to: .undefined))
        #expect(layout.size == Size(width: 30, height: 40))   // the ratio is not applied
    }

    @Test func candidatesAreClampedIntoTheRange() {
        // ratio 1 in [60,0]–[100,50]: width candidate (100, 100 → 50) error 0.5;
        // height candidate (50 → 60, 50) error |50/60 − 1| = 0.167 → (60, 50).
        let node = CoreFixture.node("n")
        let layout = RatioLayoutSpec(ratio: 1, child: node).layoutThatFits(CoreFixture.range(60, 0, 100, 50))
        #expect(layout.size == Size(width: 60, height: 50))
    }

    @Test func ownStyleSizeApplies() {
        var spec = RatioLayoutSpec(ratio: 0.5, child: CoreFixture.node("n"))
        spec.style.width = .points(80)
        // Range [0,300] ∩ width 80 → [80,80]×[0,300]; width candidate (80, 40).
        #expect(spec.layoutThatFits(CoreFixture.range(0, 0, 300, 300)).size == Size(width: 80, height: 40))
    }

    @Test func nonPositiveRatioLeavesTheChildUnconstrainedByIt() {
        // Texture asserts ratio > 0; Loom passes the range through instead of trapping.
        let probe = CoreProbe("p")
        for ratio in [0, -1, Double.nan, .infinity] {
            let layout = RatioLayoutSpec(ratio: ratio, child: probe).layoutThatFits(Self.range)
            #expect(probe.lastCall!.range == Self.range)
            #expect(layout.size == Size(width: 100, height: 100))
        }
    }
}
