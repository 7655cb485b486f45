import Testing
@testable import LayoutCore

// The parent size a stack hands its children (stack step 1, StackLayout.swift), a stack's own style size
// (ASLayoutSpec), and stacks inside stacks (positions summed raw and ceiled once when the host flattens, 2.7).

@Suite struct StackNestingTests {
    private func halfSizedLeaf() -> LeafNode {
        var style = LayoutElementStyle()
        style.width = .fraction(0.5)
        style.height = .fraction(0.5)
        return LeafNode("A", style: style)
    }

    @Test func fractionalChildSizesResolveAgainstAnExactStack() {
        // Parent size (300, 100): A is 150×50. B follows at x 150.
        let stack = StackLayoutSpec(alignItems: .start, children: [halfSizedLeaf(), leaf("B", 20, 20)])
        let result = hosted(stack, in: exactRange(300, 100))
        #expect(result["A"] == rect(0, 0, 150, 50))
        #expect(result["B"] == rect(150, 0, 20, 20))
    }

    @Test func fractionalChildSizesOnAnOpenAxisAreTreatedAsAuto() {
        // Width exactly 300, height [0, 200] → parent (300, NaN). Width 50% → 150; height 50% of NaN is
        // "no exact value" → [0, ∞] ∩ cross [0, 200]; the leaf fills its finite maximum → 200.
        // Line cross max(200, 20) = 200.
        let stack = StackLayoutSpec(alignItems: .start, children: [halfSizedLeaf(), leaf("B", 20, 20)])
        let result = hosted(stack, in: sizeRange(minWidth: 300, maxWidth: 300, maxHeight: 200))
        #expect(result.size == Size(width: 300, height: 200))
        #expect(result["A"] == rect(0, 0, 150, 200))
        #expect(result["B"] == rect(150, 0, 20, 20))

        // Both axes open: parent (NaN, NaN) → A auto in both; its stack-axis maximum is ∞, so the default
        // leaf size is 0×0 (Texture's leaf path) → A collapses and B sits at x 0.
        let open = hosted(stack, in: sizeRange(maxWidth: 300, maxHeight: 200))
        #expect(open["A"] == rect(0, 0, 0, 0))
        #expect(open["B"] == rect(0, 0, 20, 20))
        #expect(open.size == Size(width: 20, height: 20))
    }

    @Test func aStacksOwnStyleSizeRestrictsItsRange() {
        // Style 200×50 intersected with the unconstrained range → exactly 200×50. justify end, alignItems
        // end → A (20×20) at (180, 30).
        var stack = StackLayoutSpec(justifyContent: .end, alignItems: .end, children: [leaf("A", 20, 20)])
        stack.style.width = .points(200)
        stack.style.height = .points(50)
        let result = hosted(stack, in: .unconstrained)
        #expect(result.size == Size(width: 200, height: 50))
        #expect(result["A"] == rect(180, 30, 20, 20))
    }

    @Test func aGrowingInnerStackJustifiesInItsFlexedSize() {
        // Outer exact 300×100. Inner S (justify end) first measures 20×20; violation 300 − 70 = 230 →
        // S re-measured with [250, 250] → its B ends up at 230 inside S → 50 + 230 = 280 in the host.
        var inner = StackLayoutSpec(justifyContent: .end, alignItems: .start, children: [leaf("B", 20, 20)])
        inner.style.flexGrow = 1
        let outer = StackLayoutSpec(alignItems: .start, children: [leaf("A", 50, 50), inner])
        let result = hosted(outer, in: exactRange(300, 100))
        #expect(result.order == ["A", "B"])
        #expect(result["A"] == rect(0, 0, 50, 50))
        #expect(result["B"] == rect(280, 0, 20, 20))
    }

    @Test func aStretchedInnerVerticalStack() {
        // Outer horizontal, exact 300×100, alignItems stretch: V (no style size) is measured with cross
        // [100, 100] → V is a vertical stack of exact height 100 and open width. Inside V: C (30×20)
        // keeps its width, D (no style size, wants 10×10) gets 10 first, then is stretched to V's line, 30.
        // V is 30×100 at x 0; E (40×40) follows at x 30.
        let v = StackLayoutSpec.vertical(children: [leaf("C", 30, 20), intrinsic("D", 10, 10)])
        let outer = StackLayoutSpec(children: [v, leaf("E", 40, 40)])
        let result = hosted(outer, in: exactRange(300, 100))
        #expect(result.order == ["C", "D", "E"])
        #expect(result["C"] == rect(0, 0, 30, 20))
        #expect(result["D"] == rect(0, 20, 30, 10))
        #expect(result["E"] == rect(30, 0, 40, 40))
    }

    @Test func nestedCenteringSumsRawOffsets() {
        // Outer vertical, exact 101×101, justify center, alignItems center; child S is a horizontal stack
        // of [B 33×33] with spacingBefore 0.25 on B.
        // S measures [0, ∞] × [0, 101] → width 33.25 → ceiled 33.5, height 33.
        // Outer: stack-axis offset (101 − 33)/2 = 34; cross offset floorPx((101 − 33.5)/2 = 33.75) = 33.5.
        // B's absolute x = 33.5 + 0.25 = 33.75 → ceilPx → 34; y = 34.
        let s = StackLayoutSpec(alignItems: .start, children: [leaf("B", 33, 33) { $0.spacingBefore = 0.25 }])
        let outer = StackLayoutSpec.vertical(justifyContent: .center, alignItems: .center, children: [s])
        let result = hosted(outer, in: exactRange(101, 101))
        #expect(result["B"] == rect(34, 34, 33, 33))
    }
}
