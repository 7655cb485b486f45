import Testing
@testable import LayoutCore

// Texture's ASOverlayLayoutSpec and ASBackgroundLayoutSpec, and the order of their sublayouts.

@Suite("Overlay and background specs")
struct OverlayBackgroundSpecTests {
    static let range = CoreFixture.range(0, 0, 300, 300)
    static let parent = Size(width: 400, height: 500)

    @Test func overlayTakesTheChildSizeAndIsMeasuredExactlyWithItAsParent() {
        let child = CoreProbe("child", width: 100, height: 50)
        let overlay = CoreProbe("overlay")
        let spec = OverlayLayoutSpec(child: child, overlay: overlay)
        let layout = spec.layoutThatFits(Self.range, parentSize: Self.parent)
        #expect(layout.size == Size(width: 100, height: 50))
        #expect(child.lastCall!.range == Self.range)
        #expect(child.lastCall!.parentSize == Self.parent)
        #expect(overlay.lastCall!.range == SizeRange(exactly: Size(width: 100, height: 50)))
        #expect(overlay.lastCall!.parentSize == Size(width: 100, height: 50))   // the child's size
        #expect(layout.sublayouts.map(\.position) == [.zero, .zero])
        #expect(layout.sublayouts.map(\.size) == [Size(width: 100, height: 50), Size(width: 100, height: 50)])
    }

    @Test func overlayComesAfterTheChild() {
        let child = CoreFixture.node("child", 100, 50), overlay = CoreFixture.node("overlay")
        let layout = CoreFixture.flatten(OverlayLayoutSpec(child: child, overlay: overlay), in: Self.range)
        #expect(CoreFixture.names(layout) == ["child", "overlay"])
        #expect(layout.frame(for: overlay) == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func backgroundIsMeasuredExactlyWithTheChildSizeButTheSpecsParentSize() {
        let child = CoreProbe("child", width: 100, height: 50)
        let background = CoreProbe("background")
        let spec = BackgroundLayoutSpec(child: child, background: background)
        let layout = spec.layoutThatFits(Self.range, parentSize: Self.parent)
        #expect(layout.size == Size(width: 100, height: 50))
        #expect(child.lastCall!.parentSize == Self.parent)
        #expect(background.lastCall!.range == SizeRange(exactly: Size(width: 100, height: 50)))
        #expect(background.lastCall!.parentSize == Self.parent)   // differs from the overlay
    }

    @Test func backgroundComesBeforeTheChild() {
        let child = CoreFixture.node("child", 100, 50), background = CoreFixture.node("background")
        let layout = CoreFixture.flatten(BackgroundLayoutSpec(child: child, background: background), in: Self.range)
        #expect(CoreFixture.names(layout) == ["background", "child"])
        #expect(layout.frame(for: background) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(layout.frame(for: child) == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func withoutOverlayOrBackgroundOnlyTheChildIsLaidOut() {
        let child = CoreFixture.node("child", 100, 50)
        let overlayLayout = OverlayLayoutSpec(child: child, overlay: nil).layoutThatFits(Self.range)
        #expect(overlayLayout.sublayouts.count == 1 && overlayLayout.size == Size(width: 100, height: 50))
        let backgroundLayout = BackgroundLayoutSpec(child: child, background: nil).layoutThatFits(Self.range)
        #expect(backgroundLayout.sublayouts.count == 1 && backgroundLayout.sublayouts[0].position == .zero)
    }

    @Test func ownStyleSizeIsIgnoredByBoth() {
        let child = CoreFixture.node("child", 100, 50)
        var overlay = OverlayLayoutSpec(child: child, overlay: nil)
        overlay.style.preferredSize = Size(width: 200, height: 200)
        #expect(overlay.layoutThatFits(Self.range).size == Size(width: 100, height: 50))
        var background = BackgroundLayoutSpec(child: child, background: nil)
        background.style.minSize = Size(width: 250, height: 250)
        #expect(background.layoutThatFits(Self.range).size == Size(width: 100, height: 50))
        // Whereas a wrapper applies its style: [0,300] ∩ [200,200] → child forced to 200.
        var wrapper = WrapperLayoutSpec(child)
        wrapper.style.preferredSize = Size(width: 200, height: 200)
        #expect(wrapper.layoutThatFits(Self.range).size == Size(width: 200, height: 200))
    }

    @Test func overlayOfAnInsetUnderlayKeepsTheUnderlayFirst() {
        // Order: overlay(inset(underlay), overlay) → underlay index < overlay index.
        let underlay = CoreFixture.node("underlay", 50, 50), overlay = CoreFixture.node("overlay")
        let spec = OverlayLayoutSpec(child: InsetLayoutSpec(insets: EdgeInsets(all: 5), child: underlay),
                                     overlay: overlay)
        let layout = CoreFixture.flatten(spec, in: Self.range)
        #expect(CoreFixture.names(layout) == ["underlay", "overlay"])
        #expect(layout.frame(for: underlay) == Rect(x: 5, y: 5, width: 50, height: 50))
        #expect(layout.frame(for: overlay) == Rect(x: 0, y: 0, width: 60, height: 60))
    }

    @Test func backgroundWithAnInsetUnderlayAndAnOverlayChild() {
        // Order: background(child: overlay, background: inset(underlay)) → underlay before overlay.
        let underlay = CoreFixture.node("underlay"), overlay = CoreFixture.node("overlay", 80, 40)
        let spec = BackgroundLayoutSpec(child: overlay,
                                        background: InsetLayoutSpec(insets: EdgeInsets(all: 4), child: underlay))
        let layout = CoreFixture.flatten(spec, in: Self.range)
        #expect(CoreFixture.names(layout) == ["underlay", "overlay"])
        // The inset gets exactly 80×40 → underlay [72,72]×[32,32] at (4,4).
        #expect(layout.frame(for: underlay) == Rect(x: 4, y: 4, width: 72, height: 32))
    }

    @Test func nestedOverlaysAndBackgroundsOrder() {
        let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b"), c = CoreFixture.node("c")
        let d = CoreFixture.node("d")
        // background(child: overlay(a, b), background: overlay(c, d)) → c, d, a, b
        let spec = BackgroundLayoutSpec(child: OverlayLayoutSpec(child: a, overlay: b),
                                        background: OverlayLayoutSpec(child: c, overlay: d))
        #expect(CoreFixture.names(CoreFixture.flatten(spec, in: Self.range)) == ["c", "d", "a", "b"])
    }
}
