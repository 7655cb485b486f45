import Testing
@testable import LayoutCore

// Texture's ASAbsoluteLayoutSpecSnapshotTests: background(absolute([first 50×50 at (0,0),
// second 100×100 at (200,200)]), background).

@Suite("Absolute spec")
struct AbsoluteSpecTests {
    struct Arrangement {
        let first = CoreFixture.node("first", 50, 50) { $0.layoutPosition = Point(x: 0, y: 0) }
        let second: LeafNode
        let background = CoreFixture.node("background")

        init(secondAt position: Point = Point(x: 200, y: 200)) {
            second = CoreFixture.node("second", 100, 100) { $0.layoutPosition = position }
        }

        func layout(in range: SizeRange, sizing: AbsoluteLayoutSpecSizing = .default) -> Layout {
            let spec = BackgroundLayoutSpec(child: AbsoluteLayoutSpec(sizing: sizing, children: [first, second]),
                                            background: background)
            let layout = CoreFixture.flatten(spec, in: range)
            #expect(CoreFixture.names(layout) == ["background", "first", "second"])
            #expect(layout.frame(for: background) == Rect(origin: .zero, size: layout.size))
            return layout
        }
    }

    @Test func underflowingChildrenInAnUnboundedRange() {
        // Range [150,200]–[∞,∞]: parent undefined on both axes → fit: MAX(150, 0+50, 200+100) = 300,
        // MAX(200, 50, 300) = 300.
        let a = Arrangement()
        let layout = a.layout(in: CoreFixture.range(150, 200, .infinity, .infinity))
        #expect(layout.size == Size(width: 300, height: 300))
        #expect(layout.frame(for: a.first) == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(layout.frame(for: a.second) == Rect(x: 200, y: 200, width: 100, height: 100))
    }

    @Test func overflowingChildrenAreLimitedToTheSpaceRightAndBelowTheirPosition() {
        // Range [0,0]–[50,100], default sizing: size = the max 50×100. The second child's auto range is
        // [0, 50 − 200] × [0, 100 − 200] → max ≤ min → [0,0]; its own 100×100 is disjoint → 0×0.
        let a = Arrangement()
        let layout = a.layout(in: CoreFixture.range(0, 0, 50, 100))
        #expect(layout.size == Size(width: 50, height: 100))
        #expect(layout.frame(for: a.first) == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(layout.frame(for: a.second) == Rect(x: 200, y: 200, width: 0, height: 0))
    }

    @Test func wrappedChildrenWithHalfInfinity() {
        // ∞/2 is still ∞: same as unbounded; fit from 0 → 300×300.
        let a = Arrangement()
        #expect(a.layout(in: CoreFixture.range(0, 0, .infinity / 2, .infinity / 2)).size
            == Size(width: 300, height: 300))
    }

    @Test func childrenMeasuredWithTheAutoMaxSize() {
        // Range [10,10]–[110,160]; second at (10,60): auto max (100, 100) admits its 100×100.
        let a = Arrangement(secondAt: Point(x: 10, y: 60))
        let layout = a.layout(in: CoreFixture.range(10, 10, 110, 160))
        #expect(layout.size == Size(width: 110, height: 160))
        #expect(layout.frame(for: a.second) == Rect(x: 10, y: 60, width: 100, height: 100))
    }

    @Test func defaultTakesTheMaximumAndSizeToFitTheChildren() {
        let a = Arrangement()
        let range = CoreFixture.range(0, 0, 400, 400)
        #expect(a.layout(in: range).size == Size(width: 400, height: 400))
        #expect(a.layout(in: range, sizing: .sizeToFit).size == Size(width: 300, height: 300))
        // sizeToFit never goes below the range minimum.
        #expect(a.layout(in: CoreFixture.range(350, 0, 400, 400), sizing: .sizeToFit).size
            == Size(width: 350, height: 300))
        // nor above its maximum (final clamp).
        #expect(a.layout(in: CoreFixture.range(0, 0, 250, 400), sizing: .sizeToFit).size
            == Size(width: 250, height: 300))
    }

    @Test func anUndefinedParentWidthFitsOnlyThatAxis() {
        let a = Arrangement()
        let layout = a.layout(in: CoreFixture.range(0, 0, .infinity, 400))
        #expect(layout.size == Size(width: 300, height: 400))
    }

    @Test func childWithoutSizeFillsTheSpaceRightAndBelowItsPosition() {
        let probe = CoreProbe("p") { $0.layoutPosition = Point(x: 30, y: 40) }
        let layout = AbsoluteLayoutSpec(children: [probe]).layoutThatFits(CoreFixture.range(0, 0, 100, 100))
        // Auto range [0,0]–[70,60]; parent 100×100 for both the resolution and the child.
        #expect(probe.lastCall!.range == CoreFixture.range(0, 0, 70, 60))
        #expect(probe.lastCall!.parentSize == Size(width: 100, height: 100))
        #expect(layout.sublayouts[0].size == Size(width: 70, height: 60))
    }

    @Test func fractionalChildrenResolveAgainstTheMaximum() {
        let node = CoreFixture.node("n") {
            $0.width = .fraction(0.5); $0.height = .fraction(0.25); $0.layoutPosition = Point(x: 10, y: 10)
        }
        let layout = AbsoluteLayoutSpec(children: [node]).layoutThatFits(CoreFixture.range(0, 0, 200, 200))
        // 50% of 200 = 100 ≤ auto max 190; 25% = 50.
        #expect(layout.sublayouts[0].size == Size(width: 100, height: 50))
        // Undefined parent: the fraction is no exact value → the auto range [0, ∞] of an unbounded
        // spec → a leaf with an infinite max collapses to 0×0.
        let unbounded = AbsoluteLayoutSpec(children: [node]).layoutThatFits(.unconstrained)
        #expect(unbounded.sublayouts[0].size == .zero)
        #expect(unbounded.size == Size(width: 10, height: 10))   // fit: 10 + 0
    }

    @Test func layoutPositionIsRawInTheSpecAndCeiledWhenFlattened() {
        let node = CoreFixture.node("n", 10, 10) { $0.layoutPosition = Point(x: 10.3, y: 20.2) }
        let spec = AbsoluteLayoutSpec(sizing: .sizeToFit, children: [node])
        let raw = spec.layoutThatFits(CoreFixture.range(0, 0, 100, 100))
        #expect(raw.sublayouts[0].position == Point(x: 10.3, y: 20.2))
        // Extent from the raw positions: 10.3 + 10 = 20.3 → ceilPx 20.5; 30.2 → 30.5.
        #expect(raw.size == Size(width: 20.5, height: 30.5))
        let flat = CoreFixture.flatten(spec, in: CoreFixture.range(0, 0, 100, 100))
        // ceilPx(10.3) = ceil(20.6 − 2ε)/2 = 10.5; ceilPx(20.2) = ceil(40.4 − 2ε)/2 = 20.5.
        #expect(flat.frame(for: node) == Rect(x: 10.5, y: 20.5, width: 10, height: 10))
    }

    @Test func childrenKeepTheirOrderAndNegativePositions() {
        let a = CoreFixture.node("a", 10, 10) { $0.layoutPosition = Point(x: 50, y: 0) }
        let b = CoreFixture.node("b", 10, 10) { $0.layoutPosition = Point(x: -5, y: -5) }
        let c = CoreFixture.node("c", 10, 10)
        let layout = CoreFixture.flatten(AbsoluteLayoutSpec(sizing: .sizeToFit, children: [a, b, c]),
                                         in: CoreFixture.range(0, 0, 100, 100))
        #expect(CoreFixture.names(layout) == ["a", "b", "c"])
        #expect(layout.frame(for: b) == Rect(x: -5, y: -5, width: 10, height: 10))
        #expect(layout.size == Size(width: 60, height: 10))   // MAX(0, 60, 5, 10) × MAX(0, 10, 5, 10)
    }

    @Test func emptyAbsoluteSpec() {
        let spec = AbsoluteLayoutSpec(children: [])
        #expect(spec.layoutThatFits(CoreFixture.range(10, 20, 100, 200)).size == Size(width: 100, height: 200))
        #expect(spec.layoutThatFits(CoreFixture.range(10, 20, .infinity, 200)).size == Size(width: 10, height: 200))
    }
}
