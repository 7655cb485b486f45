import Testing
@testable import LayoutCore

// flexWrap and alignContent (stack steps 4–8 and ASStackPositionedLayout; Texture's difference from CSS:
// wrapping counts spacingBefore/After in the break decision and resets the inter-item spacing on each new
// line).

struct AlignContentCase: Sendable, CustomTestStringConvertible {
    let alignContent: StackLayoutAlignContent
    let lineSpacing: Double
    /// y of the three one-item lines (cross lengths 20, 30, 10).
    let lineStarts: [Double]

    var testDescription: String { "\(alignContent) lineSpacing \(lineSpacing)" }
}

@Suite struct StackWrapTests {
    /// Five 30×20 items in a wrapping horizontal stack of width exactly 100 and open height.
    private func fiveItems(_ configure: [String: (inout LayoutElementStyle) -> Void] = [:]) -> [LeafNode] {
        ["A", "B", "C", "D", "E"].map { leaf($0, 30, 20, configure[$0] ?? { _ in }) }
    }

    private func wrapping(spacing: Double = 0, lineSpacing: Double = 0, justify: StackLayoutJustifyContent = .start,
                          _ children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(spacing: spacing, justifyContent: justify, alignItems: .start, flexWrap: .wrap,
                        lineSpacing: lineSpacing, children: children)
    }

    @Test func itemsWrapWithoutSpacing() {
        // 30+30+30 = 90 fits; D would make 120 > 100 → new line [D, E]. Lines at y 0 and 20.
        let result = hosted(wrapping(fiveItems()), in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 40))
        #expect(result["A"] == rect(0, 0, 30, 20))
        #expect(result["B"] == rect(30, 0, 30, 20))
        #expect(result["C"] == rect(60, 0, 30, 20))
        #expect(result["D"] == rect(0, 20, 30, 20))
        #expect(result["E"] == rect(30, 20, 30, 20))
    }

    @Test func spacingTakesPartInTheBreakAndIsResetOnNewLines() {
        // spacing 10: A 30, B 30+10+30 = 70, C would make 110 > 100 → break; the new line starts without
        // the spacing: C 30, D 70; E → 110 → break. Lines [A,B] [C,D] [E]; width = Clamp(70) = 100.
        let result = hosted(wrapping(spacing: 10, fiveItems()), in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 60))
        #expect(result["A"] == rect(0, 0, 30, 20))
        #expect(result["B"] == rect(40, 0, 30, 20))
        #expect(result["C"] == rect(0, 20, 30, 20))
        #expect(result["D"] == rect(40, 20, 30, 20))
        #expect(result["E"] == rect(0, 40, 30, 20))
    }

    @Test func lineSpacingSeparatesLines() {
        // Same lines; y 0, 20+5, 25+20+5; height 3×20 + 2×5 = 70.
        let result = hosted(wrapping(spacing: 10, lineSpacing: 5, fiveItems()), in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 70))
        #expect(result["C"] == rect(0, 25, 30, 20))
        #expect(result["E"] == rect(0, 50, 30, 20))
    }

    @Test func spacingBeforeTakesPartInTheBreak() {
        // C's extent = 15 + 30: 60 + 45 = 105 > 100 → C starts line 2, at x 15 (its spacingBefore).
        let result = hosted(wrapping(fiveItems(["C": { $0.spacingBefore = 15 }]).prefix(3).map { $0 }),
                            in: SizeRange(width: 100))
        #expect(result["B"] == rect(30, 0, 30, 20))
        #expect(result["C"] == rect(15, 20, 30, 20))
        #expect(result.size == Size(width: 100, height: 40))
    }

    @Test func spacingAfterTakesPartInTheBreak() {
        // B's extent = 30 + 15: line 30 + 45 = 75; C: 75 + 30 = 105 > 100 → C starts line 2 at x 0.
        let result = hosted(wrapping(fiveItems(["B": { $0.spacingAfter = 15 }]).prefix(3).map { $0 }),
                            in: SizeRange(width: 100))
        #expect(result["B"] == rect(30, 0, 30, 20))
        #expect(result["C"] == rect(0, 20, 30, 20))
    }

    @Test func anItemWiderThanTheStackGetsALineOfItsOwn() {
        // A 30; B 120 → 150 > 100 → break; B sits alone on line 2 (a line is only closed when it is not
        // empty); C → 150 → break. Width = Clamp(max line 120) = 100, height 60.
        let result = hosted(wrapping([leaf("A", 30, 20), leaf("B", 120, 20), leaf("C", 30, 20)]),
                            in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 60))
        #expect(result["A"] == rect(0, 0, 30, 20))
        #expect(result["B"] == rect(0, 20, 120, 20))
        #expect(result["C"] == rect(0, 40, 30, 20))
    }

    @Test func justifyContentAppliesPerLine() {
        // Lines [A,B] (70) and [C,D] (70): center offset 15 → 15, 55. [E] (30): offset 35.
        let result = hosted(wrapping(spacing: 10, justify: .center, fiveItems()), in: SizeRange(width: 100))
        #expect(result["A"] == rect(15, 0, 30, 20))
        #expect(result["B"] == rect(55, 0, 30, 20))
        #expect(result["D"] == rect(55, 20, 30, 20))
        #expect(result["E"] == rect(35, 40, 30, 20))
    }

    @Test func flexGrowAppliesPerLine() {
        // Line breaks use the first-pass sizes. Line 1 violation 100 − 70 = 30 → A 60, B at 70.
        // Line 3 [E] violation 70 → E 100. Line 2 has no growing item.
        let items = fiveItems(["A": { $0.flexGrow = 1 }, "E": { $0.flexGrow = 1 }])
        let result = hosted(wrapping(spacing: 10, items), in: SizeRange(width: 100))
        #expect(result["A"] == rect(0, 0, 60, 20))
        #expect(result["B"] == rect(70, 0, 30, 20))
        #expect(result["C"] == rect(0, 20, 30, 20))
        #expect(result["E"] == rect(0, 40, 100, 20))
    }

    @Test func eachLineIsAsTallAsItsTallestItem() {
        // spacing 10 → lines [A 20, B 30] [C 10, D 25] [E 15] → line crosses 30, 25, 15 at y 0, 30, 55.
        // alignItems end inside each line.
        let stack = StackLayoutSpec(spacing: 10, alignItems: .end, flexWrap: .wrap, children: [
            leaf("A", 30, 20), leaf("B", 30, 30), leaf("C", 30, 10), leaf("D", 30, 25), leaf("E", 30, 15),
        ])
        let result = hosted(stack, in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 70))
        #expect(result["A"] == rect(0, 10, 30, 20))
        #expect(result["B"] == rect(40, 0, 30, 30))
        #expect(result["C"] == rect(0, 45, 30, 10))
        #expect(result["D"] == rect(40, 30, 30, 25))
        #expect(result["E"] == rect(0, 55, 30, 15))
    }

    @Test func stretchedItemsFillTheirOwnLine() {
        // Width exactly 100, height open, alignItems stretch. Lines [A, B] and [C, D] (40 + 40 + 40 > 100).
        // First pass: B and D (no style size) get cross [0, ∞] → 10 and 5. Line crosses 20 and 30;
        // B is stretched to 20 and D to 30 — their own line, not the whole stack.
        let stack = StackLayoutSpec(flexWrap: .wrap, children: [
            leaf("A", 40, 20), intrinsic("B", 40, 10), leaf("C", 40, 30), intrinsic("D", 40, 5),
        ])
        let result = hosted(stack, in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 50))
        #expect(result["A"] == rect(0, 0, 40, 20))
        #expect(result["B"] == rect(40, 0, 40, 20))
        #expect(result["C"] == rect(0, 20, 40, 30))
        #expect(result["D"] == rect(40, 20, 40, 30))
    }

    @Test func verticalWrap() {
        // Height exactly 100, width open: 60 + 60 > 100 → one item per column; columns as wide as their
        // item: x 0, 20, 50. Size: width 60, height Clamp(60) = 100.
        let stack = StackLayoutSpec(direction: .vertical, alignItems: .start, flexWrap: .wrap, children: [
            leaf("A", 20, 60), leaf("B", 30, 60), leaf("C", 10, 60),
        ])
        let result = hosted(stack, in: sizeRange(minHeight: 100, maxHeight: 100))
        #expect(result.size == Size(width: 60, height: 100))
        #expect(result["A"] == rect(0, 0, 20, 60))
        #expect(result["B"] == rect(20, 0, 30, 60))
        #expect(result["C"] == rect(50, 0, 10, 60))
    }

    @Test func anUnboundedStackAxisNeverWraps() {
        let result = hosted(wrapping(spacing: 10, fiveItems()), in: .unconstrained)
        // 5×30 + 4×10 = 190 wide, one line of 20.
        #expect(result.size == Size(width: 190, height: 20))
        #expect(result["E"] == rect(160, 0, 30, 20))
    }

    // MARK: alignContent — three one-item lines (60 wide, cross 20, 30, 10) in a 100×180 stack.

    private func threeLines(_ alignContent: StackLayoutAlignContent, lineSpacing: Double,
                            alignItems: StackLayoutAlignItems = .start) -> StackLayoutSpec {
        StackLayoutSpec(alignItems: alignItems, flexWrap: .wrap, alignContent: alignContent, lineSpacing: lineSpacing,
                        children: [leaf("A", 60, 20), leaf("B", 60, 30), leaf("C", 60, 10)])
    }

    static let underflowCases: [AlignContentCase] = [
        // Σ = 60, violation v = 120.
        AlignContentCase(alignContent: .start, lineSpacing: 0, lineStarts: [0, 20, 50]),
        AlignContentCase(alignContent: .center, lineSpacing: 0, lineStarts: [60, 80, 110]),
        AlignContentCase(alignContent: .end, lineSpacing: 0, lineStarts: [120, 140, 170]),
        // spacing v/2 = 60: 0, 20+60, 80+30+60
        AlignContentCase(alignContent: .spaceBetween, lineSpacing: 0, lineStarts: [0, 80, 170]),
        // unit v/6 = 20: offset 20, spacing 40: 20, 20+20+40, 80+30+40
        AlignContentCase(alignContent: .spaceAround, lineSpacing: 0, lineStarts: [20, 80, 150]),
        // every line grows by 120/3 = 40 → 60, 70, 50
        AlignContentCase(alignContent: .stretch, lineSpacing: 0, lineStarts: [0, 60, 130]),
        // lineSpacing 15: Σ = 60 + 2×15 = 90, v = 90.
        AlignContentCase(alignContent: .start, lineSpacing: 15, lineStarts: [0, 35, 80]),
        AlignContentCase(alignContent: .center, lineSpacing: 15, lineStarts: [45, 80, 125]),
        AlignContentCase(alignContent: .end, lineSpacing: 15, lineStarts: [90, 125, 170]),
        // spacing 45 plus lineSpacing 15
        AlignContentCase(alignContent: .spaceBetween, lineSpacing: 15, lineStarts: [0, 80, 170]),
        // unit 15: offset 15, spacing 30 (+15): 15, 15+20+45, 80+30+45
        AlignContentCase(alignContent: .spaceAround, lineSpacing: 15, lineStarts: [15, 80, 155]),
        // the stretch violation counts lineSpacing: 90/3 = 30 → lines 50, 60, 40 at 0, 65, 140
        AlignContentCase(alignContent: .stretch, lineSpacing: 15, lineStarts: [0, 65, 140]),
    ]

    @Test(arguments: underflowCases)
    func alignContentUnderflow(_ c: AlignContentCase) {
        let result = hosted(threeLines(c.alignContent, lineSpacing: c.lineSpacing), in: exactRange(100, 180))
        #expect(result.size == Size(width: 100, height: 180))
        #expect(result["A"] == rect(0, c.lineStarts[0], 60, 20), "\(result)")
        #expect(result["B"] == rect(0, c.lineStarts[1], 60, 30), "\(result)")
        #expect(result["C"] == rect(0, c.lineStarts[2], 60, 10), "\(result)")
    }

    static let overflowCases: [AlignContentCase] = [
        // Height exactly 40: Σ = 60, v = −20. spaceBetween → start, spaceAround → center; stretch does
        // not shrink lines (only v > 0.01 stretches) and starts at 0.
        AlignContentCase(alignContent: .start, lineSpacing: 0, lineStarts: [0, 20, 50]),
        AlignContentCase(alignContent: .center, lineSpacing: 0, lineStarts: [-10, 10, 40]),
        AlignContentCase(alignContent: .end, lineSpacing: 0, lineStarts: [-20, 0, 30]),
        AlignContentCase(alignContent: .spaceBetween, lineSpacing: 0, lineStarts: [0, 20, 50]),
        AlignContentCase(alignContent: .spaceAround, lineSpacing: 0, lineStarts: [-10, 10, 40]),
        AlignContentCase(alignContent: .stretch, lineSpacing: 0, lineStarts: [0, 20, 50]),
    ]

    @Test(arguments: overflowCases)
    func alignContentOverflow(_ c: AlignContentCase) {
        let result = hosted(threeLines(c.alignContent, lineSpacing: 0), in: exactRange(100, 40))
        #expect(result.size == Size(width: 100, height: 40))
        #expect(result["A"] == rect(0, c.lineStarts[0], 60, 20), "\(result)")
        #expect(result["B"] == rect(0, c.lineStarts[1], 60, 30), "\(result)")
        #expect(result["C"] == rect(0, c.lineStarts[2], 60, 10), "\(result)")
    }

    @Test(arguments: StackLayoutAlignContent.allCases)
    func alignContentHasNothingToDistributeOnAnOpenCrossAxis(_ alignContent: StackLayoutAlignContent) {
        // Height [0, ∞]: Σ = 60 is inside the range → v = 0 → lines packed at 0, 20, 50; height 60.
        let result = hosted(threeLines(alignContent, lineSpacing: 0), in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 60))
        #expect(result["A"] == rect(0, 0, 60, 20))
        #expect(result["B"] == rect(0, 20, 60, 30))
        #expect(result["C"] == rect(0, 50, 60, 10))
    }

    @Test(arguments: StackLayoutAlignContent.allCases)
    func aSingleLineIgnoresAlignContent(_ alignContent: StackLayoutAlignContent) {
        // Everything fits one line; its cross size max(20, 30) = 30 is clamped into [100, 200] → 100, so
        // there is no cross violation: spaceBetween/spaceAround fall back to start/center with nothing to
        // distribute, and a single line is never stretched. Items stay at y 0 (alignItems start).
        let stack = StackLayoutSpec(alignItems: .start, flexWrap: .wrap, alignContent: alignContent,
                                    children: [leaf("A", 30, 20), leaf("B", 30, 30)])
        let result = hosted(stack, in: sizeRange(minWidth: 100, minHeight: 100, maxWidth: 100, maxHeight: 200))
        #expect(result.size == Size(width: 100, height: 100))
        #expect(result["A"] == rect(0, 0, 30, 20))
        #expect(result["B"] == rect(30, 0, 30, 30))
    }

    @Test func itemsAlignInsideStretchedLines() {
        // alignContent stretch, lines 60, 70, 50 at y 0, 60, 130 (see underflow case).
        // end: 0+60−20 = 40, 60+70−30 = 100, 130+50−10 = 170.
        let end = hosted(threeLines(.stretch, lineSpacing: 0, alignItems: .end), in: exactRange(100, 180))
        #expect(end["A"] == rect(0, 40, 60, 20))
        #expect(end["B"] == rect(0, 100, 60, 30))
        #expect(end["C"] == rect(0, 170, 60, 10))
        // center: floorPx((60−20)/2) = 20, 60 + floorPx(20) = 80, 130 + floorPx(20) = 150.
        let center = hosted(threeLines(.stretch, lineSpacing: 0, alignItems: .center), in: exactRange(100, 180))
        #expect(center["A"] == rect(0, 20, 60, 20))
        #expect(center["B"] == rect(0, 80, 60, 30))
        #expect(center["C"] == rect(0, 150, 60, 10))
    }
}
