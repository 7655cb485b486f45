import Testing
@testable import LayoutCore

// Baseline alignment (stack step 6 and ASStackPositionedLayout, and the vertical stack's ascender/descender
// side effect). Item baseline: baselineFirst → ascender; baselineLast → cross size + descender.

@Suite struct StackBaselineTests {
    /// A 50×30 (ascender 20, descender −5), B 50×50 (40, −8), C 50×40 (10, −4).
    private func children() -> [any LayoutElement] {
        [
            leaf("A", 50, 30) { $0.ascender = 20; $0.descender = -5 },
            leaf("B", 50, 50) { $0.ascender = 40; $0.descender = -8 },
            leaf("C", 50, 40) { $0.ascender = 10; $0.descender = -4 },
        ]
    }

    @Test func baselineFirstOnAnOpenCrossAxis() {
        // Baselines 20, 40, 10 → max start-to-baseline 40; baseline-to-end 10, 10, 30 → 30 → line 70.
        // y = 40 − baseline: 20, 0, 30.
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: children())
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 70))
        #expect(result["A"] == rect(0, 20, 50, 30))
        #expect(result["B"] == rect(50, 0, 50, 50))
        #expect(result["C"] == rect(100, 30, 50, 40))
    }

    @Test func baselineLastOnAnOpenCrossAxis() {
        // Baselines 30−5 = 25, 50−8 = 42, 40−4 = 36 → start 42; ends 5, 8, 4 → 8 → line 50.
        // y = 42 − baseline: 17, 0, 6.
        let stack = StackLayoutSpec(alignItems: .baselineLast, children: children())
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 50))
        #expect(result["A"] == rect(0, 17, 50, 30))
        #expect(result["B"] == rect(50, 0, 50, 50))
        #expect(result["C"] == rect(100, 6, 50, 40))
    }

    @Test(arguments: [(StackLayoutAlignItems.baselineFirst, [20.0, 0, 30]), (.baselineLast, [17.0, 0, 6])])
    func baselineOnADefiniteCrossAxis(_ c: (StackLayoutAlignItems, [Double])) {
        // Single line, exact height 100: line cross 100, line baseline = max item baseline (40 / 42).
        let stack = StackLayoutSpec(alignItems: c.0, children: children())
        let result = hosted(stack, in: exactRange(300, 100))
        #expect(result.size == Size(width: 300, height: 100))
        #expect(result["A"] == rect(0, c.1[0], 50, 30))
        #expect(result["B"] == rect(50, c.1[1], 50, 50))
        #expect(result["C"] == rect(100, c.1[2], 50, 40))
    }

    @Test func alignSelfOptsOutOfBaselineAlignment() {
        // baselineFirst line from A–C is 70 (see above). D (50×10, alignSelf end) is not baseline aligned:
        // it only contributes its cross size (10 < 70) → y 60. E (center) → floorPx(30) = 30. F has no
        // style size and alignSelf stretch: first pass cross [0, ∞] → 10, then stretched to the line, 70.
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: children() + [
            leaf("D", 50, 10) { $0.alignSelf = .end },
            leaf("E", 50, 10) { $0.alignSelf = .center },
            intrinsic("F", 20, 10) { $0.alignSelf = .stretch },
        ])
        let result = hosted(stack, in: SizeRange(width: 400))
        #expect(result.size == Size(width: 400, height: 70))
        #expect(result["A"] == rect(0, 20, 50, 30))
        #expect(result["D"] == rect(150, 60, 50, 10))
        #expect(result["E"] == rect(200, 30, 50, 10))
        #expect(result["F"] == rect(250, 0, 20, 70))
    }

    @Test func aTallNonBaselineItemMakesTheLineTaller() {
        // D (alignSelf start) is 90 tall: line = MAX(40 + 30, 90) = 90; baseline stays 40.
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: children() + [
            leaf("D", 50, 90) { $0.alignSelf = .start },
        ])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 90))
        #expect(result["A"] == rect(0, 20, 50, 30))
        #expect(result["C"] == rect(100, 30, 50, 40))
        #expect(result["D"] == rect(150, 0, 50, 90))
    }

    @Test func baselineWithSpaceBetween() {
        // Stack axis: Σ 150 in 300 → spacing 75: x 0, 125, 250. Cross as in baselineFirstOnAnOpenCrossAxis.
        let stack = StackLayoutSpec(justifyContent: .spaceBetween, alignItems: .baselineFirst, children: children())
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result["A"] == rect(0, 20, 50, 30))
        #expect(result["B"] == rect(125, 0, 50, 50))
        #expect(result["C"] == rect(250, 30, 50, 40))
    }

    @Test func verticalStackReportsFirstAscenderAndLastDescender() {
        let first = leaf("A", 10, 10) { $0.ascender = 12; $0.descender = -3 }
        let last = leaf("B", 10, 10) { $0.ascender = 20; $0.descender = -6 }
        let vertical = StackLayoutSpec.vertical(children: [first, last])
        #expect(vertical.style.ascender == 12)
        #expect(vertical.style.descender == -6)
        // A horizontal stack keeps its own values.
        let horizontal = StackLayoutSpec.horizontal(children: [first, last])
        #expect(horizontal.style.ascender == 0)
        #expect(horizontal.style.descender == 0)
        // Changing the direction changes what is reported.
        #expect(horizontal.with { $0.direction = .vertical }.style.ascender == 12)
    }

    /// `stack.style.x = …` edits the own style in place: the derived ascender/descender still read
    /// through `style` while the stack is vertical, and do not become the stack's own values.
    @Test func mutatingAVerticalStacksStyleKeepsItsOwnBaselineMetrics() {
        let first = leaf("A", 10, 10) { $0.ascender = 12; $0.descender = -3 }
        let last = leaf("B", 10, 10) { $0.ascender = 20; $0.descender = -6 }
        var vertical = StackLayoutSpec.vertical(children: [first, last])
        vertical.style.flexShrink = 1
        vertical.style.minWidth = .points(5)
        #expect(vertical.style.flexShrink == 1 && vertical.style.minWidth == .points(5))
        #expect(vertical.style.ascender == 12 && vertical.style.descender == -6)
        vertical.style.ascender += 1  // the own ascender (0), not the derived 12
        #expect(vertical.style.ascender == 12)
        vertical.direction = .horizontal
        #expect(vertical.style.ascender == 1 && vertical.style.descender == 0)
        #expect(vertical.style.flexShrink == 1)
        // Assigning a whole style (the setter) stores it as the own style.
        var copy = vertical
        copy.style = LayoutElementStyle()
        #expect(copy.style.flexShrink == 0 && vertical.style.flexShrink == 1)
    }

    /// X (50×60, ascender 30, descender −10) next to a vertical stack V of A' (40×20, ascender 12) over
    /// B' (40×30, descender −6). V is 40×50 and reports ascender 12, descender −6.
    private func nested(_ alignItems: StackLayoutAlignItems) -> StackLayoutSpec {
        let inner = StackLayoutSpec.vertical(children: [
            leaf("A'", 40, 20) { $0.ascender = 12; $0.descender = -2 },
            leaf("B'", 40, 30) { $0.ascender = 25; $0.descender = -6 },
        ])
        return StackLayoutSpec(alignItems: alignItems, children: [
            leaf("X", 50, 60) { $0.ascender = 30; $0.descender = -10 }, inner,
        ])
    }

    @Test func nestedVerticalStackAlignsOnItsFirstBaseline() {
        // Baselines X 30, V 12 → start 30; ends 30, 50−12 = 38 → line 68. V at y 30 − 12 = 18.
        let result = hosted(nested(.baselineFirst), in: .unconstrained)
        #expect(result.size == Size(width: 90, height: 68))
        #expect(result.order == ["X", "A'", "B'"])
        #expect(result["X"] == rect(0, 0, 50, 60))
        #expect(result["A'"] == rect(50, 18, 40, 20))
        #expect(result["B'"] == rect(50, 38, 40, 30))
    }

    @Test func nestedVerticalStackAlignsOnItsLastBaseline() {
        // Baselines X 60−10 = 50, V 50−6 = 44 → start 50; ends 10, 6 → line 60. V at y 50 − 44 = 6.
        let result = hosted(nested(.baselineLast), in: .unconstrained)
        #expect(result.size == Size(width: 90, height: 60))
        #expect(result["X"] == rect(0, 0, 50, 60))
        #expect(result["A'"] == rect(50, 6, 40, 20))
        #expect(result["B'"] == rect(50, 26, 40, 30))
    }
}
