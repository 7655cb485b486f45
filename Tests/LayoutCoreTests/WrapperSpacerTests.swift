import Testing
@testable import LayoutCore

// Texture's plain ASLayoutSpec (spacer) and ASWrapperLayoutSpec.

@Suite("Wrapper and spacer specs")
struct WrapperSpacerTests {
    static let range = CoreFixture.range(0, 0, 300, 300)

    @Test func wrapperTakesThePerAxisMaximumOfTheRangeMinimumAndItsChildren() {
        let a = CoreFixture.node("a", 100, 50), b = CoreFixture.node("b", 50, 80)
        let layout = CoreFixture.flatten(WrapperLayoutSpec(children: [a, b]), in: Self.range)
        #expect(layout.size == Size(width: 100, height: 80))
        #expect(CoreFixture.names(layout) == ["a", "b"])
        #expect(layout.frame(for: a) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(layout.frame(for: b) == Rect(x: 0, y: 0, width: 50, height: 80))
    }

    @Test func everyChildGetsTheWrappersRangeAndItsMaximumAsParent() {
        let a = CoreProbe("a"), b = CoreProbe("b")
        let range = CoreFixture.range(10, 20, 300, 400)
        _ = WrapperLayoutSpec(children: [a, b]).layoutThatFits(range, parentSize: Size(width: 999, height: 999))
        for probe in [a, b] {
            #expect(probe.lastCall!.range == range)
            #expect(probe.lastCall!.parentSize == Size(width: 300, height: 400))   // range.max, not 999
        }
    }

    @Test func rangeMinimumWinsOverSmallerChildren() {
        // A spacer child is range.min = (120, 0)… the wrapper is at least the range minimum (120, 130).
        let layout = WrapperLayoutSpec(LayoutSpec()).layoutThatFits(CoreFixture.range(120, 130, 300, 300))
        #expect(layout.size == Size(width: 120, height: 130))
    }

    @Test func wrapperIsNotClampedToItsMaximum() {
        // A child that ignores its range and is 400×400 makes a 400×400 wrapper in [0,300].
        let wide = CoreProbe("wide", fixedSize: Size(width: 400, height: 400))
        #expect(WrapperLayoutSpec(wide).layoutThatFits(Self.range).size == Size(width: 400, height: 400))
    }

    @Test func wrapperAppliesItsOwnStyleSize() {
        var wrapper = WrapperLayoutSpec(CoreFixture.node("a", 100, 50))
        wrapper.style.width = .points(200)
        // [0,300] ∩ width 200 → [200,200]; the child's 100 is disjoint from it → 200; height 50.
        #expect(wrapper.layoutThatFits(Self.range).size == Size(width: 200, height: 50))
    }

    @Test func emptyWrapperIsTheRangeMinimum() {
        #expect(WrapperLayoutSpec(children: []).layoutThatFits(CoreFixture.range(7, 8, 300, 300)).size
            == Size(width: 7, height: 8))
    }

    @Test func wrappedSpecChildrenAreFlattenedInOrder() {
        let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 10, 10), c = CoreFixture.node("c", 10, 10)
        let spec = WrapperLayoutSpec(children: [
            InsetLayoutSpec(insets: EdgeInsets(all: 5), child: a),
            WrapperLayoutSpec(children: [b, c]),
        ])
        let layout = CoreFixture.flatten(spec, in: Self.range)
        #expect(CoreFixture.names(layout) == ["a", "b", "c"])
        #expect(layout.frame(for: a) == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(layout.size == Size(width: 20, height: 20))
    }

    @Test func spacerIsTheRangeMinimumWithoutSublayouts() {
        let layout = LayoutSpec().layoutThatFits(CoreFixture.range(12, 34, 300, 300))
        #expect(layout.size == Size(width: 12, height: 34))
        #expect(layout.sublayouts.isEmpty)
        #expect(layout.type == .layoutSpec)
        #expect(LayoutSpec().layoutThatFits(.unconstrained).size == .zero)
    }

    @Test func spacerAppliesItsStyleAndCarriesFlexGrow() {
        let spacer = LayoutSpec.spacer(flexGrow: 2)
        #expect(spacer.style.flexGrow == 2)
        #expect(LayoutSpec.spacer().style.flexGrow == 1)
        let sized = SpacerLayoutSpec { $0.width = .points(40) }
        // [0,300] ∩ width 40 → [40,40]; size = range.min = 40×0.
        #expect(sized.layoutThatFits(Self.range).size == Size(width: 40, height: 0))
    }

    @Test func spacerInsideAFlattenedTreeVanishes() {
        let a = CoreFixture.node("a", 10, 10)
        let layout = CoreFixture.flatten(WrapperLayoutSpec(children: [LayoutSpec(), a, LayoutSpec()]), in: Self.range)
        #expect(CoreFixture.names(layout) == ["a"])
    }
}
