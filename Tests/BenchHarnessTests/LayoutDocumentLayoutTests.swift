import Testing
@testable import BenchHarness
import LayoutCore

// Hand-computed frames from the Texture reference (docs/ARCHITECTURE.md summarizes it; section noted
// per test). Every document here uses scale 2: PixelGrid.scale is process-wide and the test suites run in
// parallel, so layouts at other scales are tested through the executable (BenchCLITests) only.

/// Lays out a document around `root` and returns (size, [name: frame]) plus the frame order.
private func layOut(_ root: String, range: String = #"{"min": [0, 0], "max": [300, "inf"]}"#) throws -> LayoutResult {
    let document = try decode(documentText(root: root, range: range))
    #expect(document.scale == 2)
    return document.layout()
}

extension LayoutResult {
    /// The frames and size only: `invalidSizeCount` reads a process-wide counter, which layouts in other
    /// suites running in parallel also move.
    var ignoringDiagnostics: LayoutResult {
        LayoutResult(size: size, nodes: nodes)
    }
}

private func node(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LayoutResult.Node {
    LayoutResult.Node(name: name, frame: Rect(x: x, y: y, width: w, height: h))
}

@Suite struct LayoutDocumentLayoutTests {
    @Test func horizontalStackOfTwoLeavesInAnExactWidth() throws {
        // 3.2: alignItems stretch, but a child's explicit cross size wins; line cross = 50 (tallest);
        // the stack takes the exact width 300.
        let result = try layOut(#"{"stack": {}, "children": [\#(leafJSON("a", 50, 50)), \#(leafJSON("b", 30, 30))]}"#,
                                range: #"{"min": [300, 0], "max": [300, "inf"]}"#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 300, height: 50),
                                       nodes: [node("a", 0, 0, 50, 50), node("b", 50, 0, 30, 30)]))
    }

    @Test func spacerTakesTheFreeSpace() throws {
        // 3.1's derived example: [A 50×50, spacer(flexGrow 1), B 50×50] in exact width 300 → B at x 250.
        let result = try layOut(#"""
            {"stack": {}, "children": [\#(leafJSON("A", 50, 50)), {"spacer": {}, "style": {"flexGrow": 1}},
                                       \#(leafJSON("B", 50, 50))]}
            """#, range: #"{"min": [300, 0], "max": [300, "inf"]}"#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 300, height: 50),
                                       nodes: [node("A", 0, 0, 50, 50), node("B", 250, 0, 50, 50)]))
    }

    @Test func verticalStackStretchesAChildWithoutAWidth() throws {
        // ASStackLayoutSpec's stretch: a child with no cross size is re-measured at the line's cross size (exact
        // 300).
        let result = try layOut(#"""
            {"stack": {"direction": "vertical", "spacing": 5},
             "children": [{"node": "bar", "style": {"height": 10}}, \#(leafJSON("box", 40, 40))]}
            """#, range: #"{"min": [300, 0], "max": [300, "inf"]}"#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 300, height: 55),
                                       nodes: [node("bar", 0, 0, 300, 10), node("box", 0, 15, 40, 40)]))
    }

    @Test func aLeafRootIsWrappedByTheHost() throws {
        // As in ASDisplayNode's calculateLayoutThatFits:, the leaf's layout is not the host's, so it sits at (0,0)
        // in a host layout of its size.
        let result = try layOut(leafJSON("solo", 100, 20))
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 100, height: 20), nodes: [node("solo", 0, 0, 100, 20)]))
    }

    @Test func aLeafWithoutASizeFillsAFiniteMaximumOnly() throws {
        // 2.6: default calculateSizeThatFits returns the maximum only when it is a valid size.
        let free = try layOut(#"{"node": "plain"}"#)
        #expect(free.ignoringDiagnostics == LayoutResult(size: .zero, nodes: [node("plain", 0, 0, 0, 0)]))
        let exact = try layOut(#"{"node": "plain"}"#, range: #"{"min": [0, 0], "max": [120, 80]}"#)
        #expect(exact.ignoringDiagnostics == LayoutResult(size: Size(width: 120, height: 80), nodes: [node("plain", 0, 0, 120, 80)]))
    }

    @Test func fractionsResolveAgainstTheParentSize() throws {
        // 2.3: width 50% of 300; the host's parent size is the range maximum.
        let result = try layOut(#"{"node": "half", "style": {"width": "50%", "height": 10}}"#,
                                range: #"{"min": [300, 0], "max": [300, "inf"]}"#)
        // The host's own range wins when disjoint (2.6): exact 300 width.
        #expect(result.nodes == [node("half", 0, 0, 300, 10)])
        let wrapped = try layOut(#"{"wrapper": {}, "children": [{"node": "half", "style": {"width": "50%", "height": 10}}]}"#,
                                 range: #"{"min": [0, 0], "max": [300, "inf"]}"#)
        #expect(wrapped.nodes == [node("half", 0, 0, 150, 10)])
    }

    @Test func insetOffsetsAndGrowsByTheInsets() throws {
        // 3.3: child range shrinks by the insets; size = child + insets; child at (left, top).
        let result = try layOut(#"{"inset": {"top": 10, "left": 10, "bottom": 10, "right": 10}, "child": \#(leafJSON("a", 50, 40))}"#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 70, height: 60), nodes: [node("a", 10, 10, 50, 40)]))
    }

    @Test func infiniteInsetsPinOrCentreInTheMaximumSize() throws {
        // 3.3: one infinite inset pins to the opposite edge of the maximum; two centre, roundPx at scale 2.
        let result = try layOut(#"""
            {"wrapper": {}, "children": [
              {"inset": {"top": "inf", "left": 10, "bottom": 10, "right": "inf"}, "child": \#(leafJSON("pinned", 50, 40))},
              {"inset": {"top": "inf", "left": "inf", "bottom": "inf", "right": "inf"}, "child": \#(leafJSON("centred", 51, 41))}]}
            """#, range: #"{"min": [200, 200], "max": [200, 200]}"#)
        // centred: x = 200 − (roundPx(74.5) + 51) = 74.5; y = 200 − (roundPx(79.5) + 41) = 79.5.
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 200, height: 200),
                                       nodes: [node("pinned", 10, 150, 50, 40), node("centred", 74.5, 79.5, 51, 41)]))
    }

    @Test func overlayComesAfterAndBackgroundBeforeTheChild() throws {
        // 3.4 / 3.5: both measured at exactly the child's size, at (0,0).
        let overlay = try layOut(#"{"overlay": {"node": "badge"}, "child": \#(leafJSON("photo", 100, 50))}"#)
        #expect(overlay.ignoringDiagnostics == LayoutResult(size: Size(width: 100, height: 50),
                                        nodes: [node("photo", 0, 0, 100, 50), node("badge", 0, 0, 100, 50)]))
        let background = try layOut(#"{"background": {"node": "fill"}, "child": \#(leafJSON("text", 100, 50))}"#)
        #expect(background.ignoringDiagnostics == LayoutResult(size: Size(width: 100, height: 50),
                                           nodes: [node("fill", 0, 0, 100, 50), node("text", 0, 0, 100, 50)]))
    }

    @Test func centerAndRelativePositionTheChild() throws {
        // 3.6: size = the finite parent (the range maximum); position = roundPx(free × 0.5 or 1).
        let exact = #"{"min": [200, 100], "max": [200, 100]}"#
        let center = try layOut(#"{"center": {}, "child": \#(leafJSON("a", 50, 20))}"#, range: exact)
        #expect(center.ignoringDiagnostics == LayoutResult(size: Size(width: 200, height: 100), nodes: [node("a", 75, 40, 50, 20)]))
        let relative = try layOut(#"{"relative": {"horizontalPosition": "end", "verticalPosition": "end"}, "child": \#(leafJSON("a", 50, 20))}"#,
                                  range: exact)
        #expect(relative.ignoringDiagnostics == LayoutResult(size: Size(width: 200, height: 100), nodes: [node("a", 150, 80, 50, 20)]))
        // Minimum sizing shrinks the spec to the child.
        let minimum = try layOut(#"{"center": {"sizingOptions": "minimumXY"}, "child": \#(leafJSON("a", 50, 20))}"#,
                                 range: #"{"min": [0, 0], "max": [200, 100]}"#)
        #expect(minimum.ignoringDiagnostics == LayoutResult(size: Size(width: 50, height: 20), nodes: [node("a", 0, 0, 50, 20)]))
    }

    @Test func ratioSizesFromTheFiniteMaximumWidth() throws {
        // 3.7: candidate (300, floorPx(0.5 × 300)); the plain leaf fills the exact range it is given.
        let result = try layOut(#"{"ratio": 0.5, "child": {"node": "image"}}"#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 300, height: 150), nodes: [node("image", 0, 0, 300, 150)]))
    }

    @Test func absolutePlacesChildrenAtTheirLayoutPosition() throws {
        // 3.8: default sizing takes the finite max width; the undefined height fits the children.
        let children = #"""
            [{"node": "a", "style": {"width": 50, "height": 50, "layoutPosition": [10, 20]}},
             {"node": "b", "style": {"width": 30, "height": 30, "layoutPosition": [100, 5]}}]
            """#
        let byDefault = try layOut(#"{"absolute": {}, "children": \#(children)}"#)
        #expect(byDefault.ignoringDiagnostics == LayoutResult(size: Size(width: 300, height: 70),
                                          nodes: [node("a", 10, 20, 50, 50), node("b", 100, 5, 30, 30)]))
        let fitted = try layOut(#"{"absolute": {"sizing": "sizeToFit"}, "children": \#(children)}"#)
        #expect(fitted.size == Size(width: 130, height: 70))
    }

    @Test func cornerHangsOrWraps() throws {
        // 3.9: top-right badge centred on the corner then offset; a wrapped bottom-left badge shifts both.
        let hanging = try layOut(#"""
            {"corner": {"location": "topRight", "offset": [-4, 4]}, "child": \#(leafJSON("avatar", 60, 60)),
             "cornerElement": \#(leafJSON("badge", 20, 20))}
            """#)
        #expect(hanging.ignoringDiagnostics == LayoutResult(size: Size(width: 60, height: 60),
                                        nodes: [node("avatar", 0, 0, 60, 60), node("badge", 46, -6, 20, 20)]))
        let wrapped = try layOut(#"""
            {"corner": {"location": "bottomLeft", "wrapsCorner": true}, "child": \#(leafJSON("photo", 60, 60)),
             "cornerElement": \#(leafJSON("badge", 16, 16))}
            """#)
        #expect(wrapped.ignoringDiagnostics == LayoutResult(size: Size(width: 68, height: 68),
                                        nodes: [node("photo", 8, 0, 60, 60), node("badge", 0, 52, 16, 16)]))
    }

    @Test func nestedSpecOffsetsAddUpWhenFlattened() throws {
        // 2.7: a subnode's origin is the sum of the spec offsets along its path.
        let result = try layOut(#"""
            {"inset": {"top": 5, "left": 7}, "child":
              {"inset": {"top": 1, "left": 2}, "child":
                {"overlay": \#(leafJSON("top", 10, 10)), "child": \#(leafJSON("bottom", 20, 20))}}}
            """#)
        #expect(result.ignoringDiagnostics == LayoutResult(size: Size(width: 29, height: 26),
                                       nodes: [node("bottom", 9, 6, 20, 20), node("top", 9, 6, 20, 20)]))
    }

    @Test func countsInvalidSizesInsteadOfTrapping() throws {
        // 2.5: a leaf of width 1e7 is not valid for size; its layout becomes 0×0 and is counted.
        let result = try layOut(#"{"wrapper": {}, "children": [{"node": "huge", "style": {"width": 10000000, "height": 10}}]}"#,
                                range: #"{"min": [0, 0], "max": ["inf", "inf"]}"#)
        #expect(result.nodes == [node("huge", 0, 0, 0, 0)])
        #expect(result.invalidSizeCount >= 1)
    }

    @Test func everyLayoutBuildsFreshNodes() throws {
        let document = try decode(documentText(root: leafJSON("a", 10, 10)))
        #expect(document.layout().ignoringDiagnostics == document.layout().ignoringDiagnostics)
    }
}
