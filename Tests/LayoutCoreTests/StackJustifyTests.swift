import Testing
@testable import LayoutCore

// justifyContent, spacing and spacingBefore/After (Texture's ASStackPositionedLayout). Three children of stack
// lengths 50, 80, 50 and cross length 40, alignItems start, in a stack of exact cross length 100.

struct JustifyCase: Sendable, CustomTestStringConvertible {
    let justify: StackLayoutJustifyContent
    let direction: StackLayoutDirection
    /// Stack-axis positions of A, B, C after flattening.
    let positions: [Double]

    var testDescription: String { "\(direction) \(justify)" }
}

private func threeChildren(_ direction: StackLayoutDirection,
                           _ configure: [(inout LayoutElementStyle) -> Void] = []) -> [LeafNode] {
    let lengths: [Double] = [50, 80, 50]
    return ["A", "B", "C"].enumerated().map { index, name in
        axisLeaf(name, direction, stack: lengths[index], cross: 40,
                 index < configure.count ? configure[index] : { _ in })
    }
}

private func expectStackPositions(_ result: HostedLayout, _ direction: StackLayoutDirection,
                                  _ positions: [Double], cross: Double = 0,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
    let lengths: [Double] = [50, 80, 50]
    for (index, name) in ["A", "B", "C"].enumerated() {
        #expect(result[name] == axisRect(direction, stack: positions[index], cross: cross,
                                         stackLength: lengths[index], crossLength: 40),
                "\(name) in \(result)", sourceLocation: sourceLocation)
    }
}

@Suite struct StackJustifyTests {
    // Underflow: stack 300, Σ = 180, violation v = 120.
    static let underflowCases: [JustifyCase] = StackLayoutDirection.allCases.flatMap { direction in
        [
            JustifyCase(justify: .start, direction: direction, positions: [0, 50, 130]),
            // offset v/2 = 60
            JustifyCase(justify: .center, direction: direction, positions: [60, 110, 190]),
            // offset v = 120
            JustifyCase(justify: .end, direction: direction, positions: [120, 170, 250]),
            // extra spacing v/(n−1) = 60: 0, 50+60, 110+80+60
            JustifyCase(justify: .spaceBetween, direction: direction, positions: [0, 110, 250]),
            // unit v/(2n) = 20: offset 20, extra spacing 40: 20, 20+50+40, 110+80+40
            JustifyCase(justify: .spaceAround, direction: direction, positions: [20, 110, 230]),
        ]
    }

    @Test(arguments: underflowCases)
    func underflow(_ c: JustifyCase) {
        let stack = StackLayoutSpec(direction: c.direction, justifyContent: c.justify, alignItems: .start,
                                    children: threeChildren(c.direction))
        let result = hosted(stack, in: axisRange(c.direction, stack: 300, cross: 100))
        #expect(result.size == axisSize(c.direction, stack: 300, cross: 100))
        #expect(result.order == ["A", "B", "C"])
        expectStackPositions(result, c.direction, c.positions)
    }

    // Overflow: stack 100, Σ = 180, violation v = −80 and nobody shrinks (flexShrink defaults to 0).
    // Negative violations shift items out of the start edge; spaceBetween falls back to start and
    // spaceAround to center because v < 0.01.
    static let overflowCases: [JustifyCase] = StackLayoutDirection.allCases.flatMap { direction in
        [
            JustifyCase(justify: .start, direction: direction, positions: [0, 50, 130]),
            // offset v/2 = −40
            JustifyCase(justify: .center, direction: direction, positions: [-40, 10, 90]),
            // offset v = −80
            JustifyCase(justify: .end, direction: direction, positions: [-80, -30, 50]),
            JustifyCase(justify: .spaceBetween, direction: direction, positions: [0, 50, 130]),
            JustifyCase(justify: .spaceAround, direction: direction, positions: [-40, 10, 90]),
        ]
    }

    @Test(arguments: overflowCases)
    func overflow(_ c: JustifyCase) {
        let stack = StackLayoutSpec(direction: c.direction, justifyContent: c.justify, alignItems: .start,
                                    children: threeChildren(c.direction))
        let result = hosted(stack, in: axisRange(c.direction, stack: 100, cross: 100))
        // final size = Clamp(range, (180, 100)) → the exact 100×100; the children keep their sizes.
        #expect(result.size == axisSize(c.direction, stack: 100, cross: 100))
        expectStackPositions(result, c.direction, c.positions)
    }

    // A single item: spaceBetween → start (x 0), spaceAround → center (offset (300−50)/2 = 125).
    @Test(arguments: StackLayoutDirection.allCases, [
        (StackLayoutJustifyContent.spaceBetween, 0.0), (.spaceAround, 125.0), (.center, 125.0), (.end, 250.0),
    ])
    func singleItem(_ direction: StackLayoutDirection, _ c: (StackLayoutJustifyContent, Double)) {
        let stack = StackLayoutSpec(direction: direction, justifyContent: c.0, alignItems: .start,
                                    children: [axisLeaf("A", direction, stack: 50, cross: 40)])
        let result = hosted(stack, in: axisRange(direction, stack: 300, cross: 100))
        #expect(result["A"] == axisRect(direction, stack: c.1, cross: 0, stackLength: 50, crossLength: 40))
    }

    // spacing 10: line sum = 2×10 + 180 = 200, violation 100.
    static let spacingCases: [JustifyCase] = StackLayoutDirection.allCases.flatMap { direction in
        [
            // 0, 50+10, 60+80+10
            JustifyCase(justify: .start, direction: direction, positions: [0, 60, 150]),
            // offset 50
            JustifyCase(justify: .center, direction: direction, positions: [50, 110, 200]),
            JustifyCase(justify: .end, direction: direction, positions: [100, 160, 250]),
            // extra 100/2 = 50 on top of spacing 10: 0, 50+60, 110+80+60
            JustifyCase(justify: .spaceBetween, direction: direction, positions: [0, 110, 250]),
            // unit 100/6 = 16.67, extra 33.33: raw 16.67 → ceilPx 17; 16.67+50+10+33.33 = 110;
            // 110+80+10+33.33 = 233.33 → ceilPx 233.5
            JustifyCase(justify: .spaceAround, direction: direction, positions: [17, 110, 233.5]),
        ]
    }

    @Test(arguments: spacingCases)
    func spacing(_ c: JustifyCase) {
        let stack = StackLayoutSpec(direction: c.direction, spacing: 10, justifyContent: c.justify,
                                    alignItems: .start, children: threeChildren(c.direction))
        let result = hosted(stack, in: axisRange(c.direction, stack: 300, cross: 100))
        expectStackPositions(result, c.direction, c.positions)
    }

    // spacing 2; A spacingAfter 5; B spacingBefore 10, spacingAfter 3.
    // Line sum = 2×2 + (5 + 10 + 3) + 180 = 202, violation 98.
    static let spacingBeforeAfterCases: [JustifyCase] = StackLayoutDirection.allCases.flatMap { direction in
        [
            // A 0 → cursor 55; B: +10 → 65, +2 → 67 → cursor 67+80+3 = 150; C: +2 → 152
            JustifyCase(justify: .start, direction: direction, positions: [0, 67, 152]),
            // same walk from offset 98
            JustifyCase(justify: .end, direction: direction, positions: [98, 165, 250]),
            // offset 49
            JustifyCase(justify: .center, direction: direction, positions: [49, 116, 201]),
            // extra 98/2 = 49 added with the spacing: B 55+10+2+49 = 116, C 116+83+2+49 = 250
            JustifyCase(justify: .spaceBetween, direction: direction, positions: [0, 116, 250]),
        ]
    }

    @Test(arguments: spacingBeforeAfterCases)
    func spacingBeforeAndAfter(_ c: JustifyCase) {
        let children = threeChildren(c.direction, [
            { $0.spacingAfter = 5 },
            { $0.spacingBefore = 10; $0.spacingAfter = 3 },
        ])
        let stack = StackLayoutSpec(direction: c.direction, spacing: 2, justifyContent: c.justify,
                                    alignItems: .start, children: children)
        let result = hosted(stack, in: axisRange(c.direction, stack: 300, cross: 100))
        expectStackPositions(result, c.direction, c.positions)
    }

    @Test func spacingBeforeOfTheFirstItemAndSpacingAfterOfTheLastCount() {
        // A spacingBefore 7 → A at 7; C spacingAfter 6 only adds to the sum.
        // Unconstrained: width = 7 + 50 + 80 + 50 + 6 = 193; height = max cross 40.
        let children = threeChildren(.horizontal, [{ $0.spacingBefore = 7 }, { _ in }, { $0.spacingAfter = 6 }])
        let stack = StackLayoutSpec(alignItems: .start, children: children)
        let result = hosted(stack, in: .unconstrained)
        #expect(result.size == Size(width: 193, height: 40))
        expectStackPositions(result, .horizontal, [7, 57, 137])
    }

    @Test func rangeMinimumCountsAsUnderflow() {
        // Stack range [200, ∞]×[70, ∞]; Σ = 180 < 200 → violation 20 → end offset 20.
        // Cross: not definite → line = max(40) = 40, clamped into [70, ∞] → 70. Size Clamp → 200×70.
        let stack = StackLayoutSpec(justifyContent: .end, alignItems: .end,
                                    children: threeChildren(.horizontal))
        let result = hosted(stack, in: sizeRange(minWidth: 200, minHeight: 70))
        #expect(result.size == Size(width: 200, height: 70))
        // alignItems end: y = 70 − 40 = 30
        expectStackPositions(result, .horizontal, [20, 70, 150], cross: 30)
    }

    @Test func unconstrainedStackSizesToItsContent() {
        // spacing 4: width 180 + 8 = 188; cross = max(40, 60, 20) = 60.
        let stack = StackLayoutSpec(spacing: 4, alignItems: .start, children: [
            leaf("A", 50, 40), leaf("B", 80, 60), leaf("C", 50, 20),
        ])
        let result = hosted(stack, in: .unconstrained)
        #expect(result.size == Size(width: 188, height: 60))
        #expect(result["B"] == rect(54, 0, 80, 60))
        #expect(result["C"] == rect(138, 0, 50, 20))
    }

    @Test func overflowingMaximumClampsTheStackAndTheCrossRangeWins() {
        // Range max 150×50. Stack axis: Σ = 180 > 150 → violation −30, no shrink → positions 0, 50, 130.
        // B (80×60) is measured with cross range [0, 50]; Intersect([0,50], style [60,60]) is disjoint
        // and the parent's range wins → B is 80×50. Line cross = max(40, 50, 20) = 50.
        // alignItems end: A at 50−40 = 10, B at 0, C at 50−20 = 30. Size Clamp → 150×50.
        let stack = StackLayoutSpec(alignItems: .end, children: [
            leaf("A", 50, 40), leaf("B", 80, 60), leaf("C", 50, 20),
        ])
        let result = hosted(stack, in: sizeRange(maxWidth: 150, maxHeight: 50))
        #expect(result.size == Size(width: 150, height: 50))
        #expect(result["A"] == rect(0, 10, 50, 40))
        #expect(result["B"] == rect(50, 0, 80, 50))
        #expect(result["C"] == rect(130, 30, 50, 20))
    }

    @Test func emptyStackTakesTheRangeMinimum() {
        for direction in StackLayoutDirection.allCases {
            let stack = StackLayoutSpec(direction: direction, spacing: 10, justifyContent: .center)
            let range = sizeRange(minWidth: 10, minHeight: 20, maxWidth: 100, maxHeight: 200)
            let layout = stack.layoutThatFits(range)
            #expect(layout.size == Size(width: 10, height: 20))
            #expect(layout.sublayouts.isEmpty)
            let result = hosted(stack, in: range)
            #expect(result.size == Size(width: 10, height: 20))
            #expect(result.order.isEmpty)
        }
    }

    @Test func spacerExampleOfReference3_1() {
        // Width exactly 300, height free. Spacer: first pass [0,∞] → size = range.min = 0; Σ = 100 →
        // violation 200 → spacer grows to 200; line cross = 50 (A, B). A at 0, spacer 50…250, B at 250.
        // The spacer is a spec without children, so it vanishes when the host flattens.
        let stack = StackLayoutSpec(children: [leaf("A", 50, 50), LayoutSpec.spacer(), leaf("B", 50, 50)])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 50))
        #expect(result.order == ["A", "B"])
        #expect(result["A"] == rect(0, 0, 50, 50))
        #expect(result["B"] == rect(250, 0, 50, 50))

        // The spec layout itself still has three sublayouts; the spacer is 200 wide at x 50 and,
        // stretched after flexing, 50 tall.
        let layout = stack.layoutThatFits(SizeRange(width: 300))
        #expect(layout.sublayouts.count == 3)
        #expect(layout.sublayouts[1].frame == rect(50, 0, 200, 50))
    }
}
