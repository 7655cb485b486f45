import Testing
@testable import LayoutCore

// Flexible lengths (stack steps 2, 3 and 5, and Texture's differences from CSS: StackLayout.swift): flexGrow,
// flexShrink, flexBasis, the "optimized flexing" path, and pixel rounding of the results. A fixed-size leaf can
// be flexed: its re-measure range [m, m] is disjoint from its style size and the parent's range wins
// (ASLayoutElement's resolution).

@Suite struct StackFlexTests {
    private func grow(_ factor: Double) -> (inout LayoutElementStyle) -> Void { { $0.flexGrow = factor } }
    private func shrink(_ factor: Double) -> (inout LayoutElementStyle) -> Void { { $0.flexShrink = factor } }

    @Test(arguments: StackLayoutDirection.allCases)
    func equalGrowSharesTheViolation(_ direction: StackLayoutDirection) {
        // 300 − 150 = 150 → floor(150 × 1/3) = 50 each → 100, 100, 100.
        let stack = StackLayoutSpec(direction: direction, alignItems: .start, children: ["A", "B", "C"].map {
            axisLeaf($0, direction, stack: 50, cross: 20, grow(1))
        })
        let result = hosted(stack, in: axisRange(direction, stack: 300, cross: 100))
        for (index, name) in ["A", "B", "C"].enumerated() {
            #expect(result[name] == axisRect(direction, stack: 100 * Double(index), cross: 0,
                                             stackLength: 100, crossLength: 20))
        }
    }

    @Test func growSharesAreFlooredAndTheRemainderGoesToTheFirstGrowingItem() {
        // 101 − 30 = 71 → floor(71/3) = 23 each, remainder 71 − 69 = 2 → A: 10+23+2 = 35, B, C: 33.
        let stack = StackLayoutSpec(alignItems: .start, children: ["A", "B", "C"].map { leaf($0, 10, 10, grow(1)) })
        let result = hosted(stack, in: exactRange(101, 10))
        #expect(result["A"] == rect(0, 0, 35, 10))
        #expect(result["B"] == rect(35, 0, 33, 10))
        #expect(result["C"] == rect(68, 0, 33, 10))
    }

    @Test func remainderSkipsItemsThatDoNotGrow() {
        // A does not grow. 101 − 30 = 71, factor sum 2 → floor(35.5) = 35 each; remainder 1 goes to the
        // first item with a non-zero adjustment, B: 10+35+1 = 46; C 45.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 10, 10), leaf("B", 10, 10, grow(1)), leaf("C", 10, 10, grow(1)),
        ])
        let result = hosted(stack, in: exactRange(101, 10))
        #expect(result["A"] == rect(0, 0, 10, 10))
        #expect(result["B"] == rect(10, 0, 46, 10))
        #expect(result["C"] == rect(56, 0, 45, 10))
    }

    @Test func growIsWeightedByFactor() {
        // 200 − 60 = 140, factors 1, 2, 0 → floor(46.67) = 46, floor(93.33) = 93; remainder 1 → A.
        // A 20+46+1 = 67, B 20+93 = 113, C 20.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 20, 10, grow(1)), leaf("B", 20, 10, grow(2)), leaf("C", 20, 10),
        ])
        let result = hosted(stack, in: exactRange(200, 10))
        #expect(result["A"] == rect(0, 0, 67, 10))
        #expect(result["B"] == rect(67, 0, 113, 10))
        #expect(result["C"] == rect(180, 0, 20, 10))
    }

    @Test func growFillsUpToTheRangeMinimumOfAnOpenStack() {
        // Range [200, ∞]: Σ = 100 < 200 → violation 100 → B 150. Stack width Clamp → 200.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 50, 10), leaf("B", 50, 10, grow(1))])
        let result = hosted(stack, in: sizeRange(minWidth: 200))
        #expect(result.size == Size(width: 200, height: 10))
        #expect(result["B"] == rect(50, 0, 150, 10))
        // With no minimum there is no violation and nothing grows.
        let open = hosted(stack, in: .unconstrained)
        #expect(open.size == Size(width: 100, height: 10))
        #expect(open["B"] == rect(50, 0, 50, 10))
    }

    @Test func growIsIgnoredWhenThereIsNoRoom() {
        // Σ = 300 = exact width → violation 0 → no flexing.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 100, 10, grow(1)), leaf("B", 200, 10)])
        let result = hosted(stack, in: exactRange(300, 10))
        #expect(result["A"] == rect(0, 0, 100, 10))
        #expect(result["B"] == rect(100, 0, 200, 10))
    }

    @Test func aGrowShareBelowOnePointIsFlooredToNothing() {
        // Exact 100.5, Σ 100 → violation 0.5 → floor(0.25) = 0 for both: no item has a non-zero adjustment,
        // so there is no "first flexible" item to take the remainder and nothing is re-measured.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 50, 10, grow(1)), leaf("B", 50, 10, grow(1))])
        let result = hosted(stack, in: exactRange(100.5, 10))
        #expect(result.size == Size(width: 100.5, height: 10))
        #expect(result["A"] == rect(0, 0, 50, 10))
        #expect(result["B"] == rect(50, 0, 50, 10))
    }

    @Test func aFractionalRemainderGoesToTheFirstGrowingItem() {
        // spacing 0.25: Σ = 30 + 0.5 = 30.5 → violation 69.5 → floor(23.17) = 23 each, remainder 0.5 → A 33.5.
        // Raw positions 0, 33.5 + 0.25 = 33.75 (ceilPx → 34), 33.75 + 33 + 0.25 = 67.
        let stack = StackLayoutSpec(spacing: 0.25, alignItems: .start,
                                    children: ["A", "B", "C"].map { leaf($0, 10, 10, grow(1)) })
        let result = hosted(stack, in: exactRange(100, 10))
        #expect(result["A"] == rect(0, 0, 33.5, 10))
        #expect(result["B"] == rect(34, 0, 33, 10))
        #expect(result["C"] == rect(67, 0, 33, 10))
    }

    @Test(arguments: StackLayoutDirection.allCases)
    func shrinkIsWeightedBySize(_ direction: StackLayoutDirection) {
        // 250 − 400 = −150. Factor sum 2; scaled A 100×½ = 50, B 200×½ = 100, C 0 → A −50, B −100.
        let stack = StackLayoutSpec(direction: direction, alignItems: .start, children: [
            axisLeaf("A", direction, stack: 100, cross: 20, shrink(1)),
            axisLeaf("B", direction, stack: 200, cross: 20, shrink(1)),
            axisLeaf("C", direction, stack: 100, cross: 20),
        ])
        let result = hosted(stack, in: axisRange(direction, stack: 250, cross: 100))
        #expect(result["A"] == axisRect(direction, stack: 0, cross: 0, stackLength: 50, crossLength: 20))
        #expect(result["B"] == axisRect(direction, stack: 50, cross: 0, stackLength: 100, crossLength: 20))
        #expect(result["C"] == axisRect(direction, stack: 150, cross: 0, stackLength: 100, crossLength: 20))
    }

    @Test func shrinkIsWeightedBySizeAndFactor() {
        // 120 − 200 = −80. Factor sum 4; scaled A 100×¾ = 75, B 100×¼ = 25 → A −60 → 40, B −20 → 80.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 100, 10, shrink(3)), leaf("B", 100, 10, shrink(1)),
        ])
        let result = hosted(stack, in: exactRange(120, 10))
        #expect(result["A"] == rect(0, 0, 40, 10))
        #expect(result["B"] == rect(40, 0, 80, 10))
    }

    @Test func shrunkSizesAreCeiledAndPositionsAccumulateThem() {
        // 200 − 400 = −200. Scaled A 100×½ = 50, B 200×½ = 100 (Σ 150) → A −66.67 → 33.33, ceilPx → 33.5;
        // B −133.33 → 66.67, ceilPx → 67. Positions 0, 33.5, 33.5 + 67 = 100.5 (overflowing by 0.5).
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 100, 10, shrink(1)), leaf("B", 200, 10, shrink(1)), leaf("C", 100, 10),
        ])
        let result = hosted(stack, in: exactRange(200, 10))
        #expect(result.size == Size(width: 200, height: 10))
        #expect(result["A"] == rect(0, 0, 33.5, 10))
        #expect(result["B"] == rect(33.5, 0, 67, 10))
        #expect(result["C"] == rect(100.5, 0, 100, 10))
    }

    @Test func zeroSizedItemsAbsorbNoShrink() {
        // 250 − 300 = −50. Z (0 wide) and B shrink; scaled Z 0, B 200×½ = 100 → B takes all −50 → 150.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 100, 10), leaf("Z", 0, 10, shrink(1)), leaf("B", 200, 10, shrink(1)),
        ])
        let result = hosted(stack, in: exactRange(250, 10))
        #expect(result["A"] == rect(0, 0, 100, 10))
        #expect(result["Z"] == rect(100, 0, 0, 10))
        #expect(result["B"] == rect(100, 0, 150, 10))
    }

    @Test func onlyZeroSizedShrinkableItemsMeanNoShrinking() {
        // Σscaled = 0 → every adjustment 0 → nothing flexes; A overflows the 200 stack.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 300, 10), leaf("Z", 0, 10, shrink(1))])
        let result = hosted(stack, in: exactRange(200, 10))
        #expect(result.size == Size(width: 200, height: 10))
        #expect(result["A"] == rect(0, 0, 300, 10))
        #expect(result["Z"] == rect(300, 0, 0, 10))
    }

    @Test func shrinkStopsAtZero() {
        // 100 − 350 = −250, only A shrinks → A 50 − 250 → MAX(0, −200) = 0. No iteration: B keeps 300.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 50, 10, shrink(1)), leaf("B", 300, 10)])
        let result = hosted(stack, in: exactRange(100, 10))
        #expect(result["A"] == rect(0, 0, 0, 10))
        #expect(result["B"] == rect(0, 0, 300, 10))
    }

    @Test func flexShrinkDefaultsToZero() {
        #expect(LayoutElementStyle().flexShrink == 0)
        #expect(LayoutElementStyle().flexGrow == 0)
        // Texture's stack with two default children overflowing: nobody shrinks.
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 80, 10), leaf("B", 80, 10)])
        let result = hosted(stack, in: exactRange(100, 10))
        #expect(result["A"] == rect(0, 0, 80, 10))
        #expect(result["B"] == rect(80, 0, 80, 10))
    }

    @Test func fixedFlexBasisOverridesTheIntrinsicSizeOfANonFlexingChild() {
        // A (50 wide) with flexBasis 100pt: first pass stack range [100, 100] wins over its style → 100.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 50, 10) { $0.flexBasis = .points(100) }, leaf("B", 50, 10),
        ])
        let result = hosted(stack, in: exactRange(300, 10))
        #expect(result["A"] == rect(0, 0, 100, 10))
        #expect(result["B"] == rect(100, 0, 50, 10))
    }

    @Test func fixedFlexBasisIsTheStartingPointOfFlexing() {
        // Bases 100, 50, and C's own 50 → Σ 200, violation 100 → A, B grow 50 each → 150, 100.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 10, 10) { $0.flexBasis = .points(100); $0.flexGrow = 1 },
            leaf("B", 10, 10) { $0.flexBasis = .points(50); $0.flexGrow = 1 },
            leaf("C", 50, 10),
        ])
        let result = hosted(stack, in: exactRange(300, 10))
        #expect(result["A"] == rect(0, 0, 150, 10))
        #expect(result["B"] == rect(150, 0, 100, 10))
        #expect(result["C"] == rect(250, 0, 50, 10))
    }

    @Test(arguments: StackLayoutDirection.allCases)
    func fractionalFlexBasisResolvesAgainstAnExactStackAxis(_ direction: StackLayoutDirection) {
        // Stack axis exactly 300 → parent 300: 50% → 150, 25% → 75, C its own 50.
        let stack = StackLayoutSpec(direction: direction, alignItems: .start, children: [
            axisLeaf("A", direction, stack: 10, cross: 10) { $0.flexBasis = .fraction(0.5) },
            axisLeaf("B", direction, stack: 10, cross: 10) { $0.flexBasis = .fraction(0.25) },
            axisLeaf("C", direction, stack: 50, cross: 10),
        ])
        let result = hosted(stack, in: axisRange(direction, stack: 300, cross: 100))
        #expect(result["A"] == axisRect(direction, stack: 0, cross: 0, stackLength: 150, crossLength: 10))
        #expect(result["B"] == axisRect(direction, stack: 150, cross: 0, stackLength: 75, crossLength: 10))
        #expect(result["C"] == axisRect(direction, stack: 225, cross: 0, stackLength: 50, crossLength: 10))
    }

    @Test func fractionalFlexBasisAgainstAnOpenStackAxisIsUndefined() {
        // Width [0, 300] is not exact → parent width NaN → 50% resolves to NaN, range [NaN, NaN].
        // Intersect([NaN, NaN], style [50, 50]) keeps NaN (every comparison fails, "first range wins"),
        // the leaf's size Clamp gives width NaN → not valid for size → the layout is 0×0 (ASLayout's creation),
        // counted in LayoutDiagnostics. B follows at x 0.
        let before = LayoutDiagnostics.invalidLayoutSizeCount
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 50, 10) { $0.flexBasis = .fraction(0.5) }, leaf("B", 40, 10),
        ])
        let result = hosted(stack, in: sizeRange(maxWidth: 300, maxHeight: 10))
        #expect(result["A"] == rect(0, 0, 0, 0))
        #expect(result["B"] == rect(0, 0, 40, 10))
        #expect(result.size == Size(width: 40, height: 10))
        #expect(LayoutDiagnostics.invalidLayoutSizeCount > before)
    }

    @Test func optimizedFlexingSkipsTheFlexibleChildInTheFirstPass() {
        // B is the only child with flexGrow and flexShrink, the stack axis is exact (120): B is a 0×0
        // placeholder in the first pass. Σ = 50 → violation +70 → B (grow factor sum 1) → 70.
        // A (shrink only) is not touched. Measuring B first would have given Σ 150, violation −30 and
        // shrunk A to 40 and B to 80.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 50, 10, shrink(1)),
            leaf("B", 100, 10) { $0.flexGrow = 1; $0.flexShrink = 1 },
        ])
        let result = hosted(stack, in: exactRange(120, 10))
        #expect(result["A"] == rect(0, 0, 50, 10))
        #expect(result["B"] == rect(50, 0, 70, 10))
    }

    @Test func withoutAnExactStackAxisThereIsNoOptimizedFlexing() {
        // Same children, width [0, 120]: B measured → Σ 150 → −30; scaled A 25, B 50 → A 40, B 80.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 50, 10, shrink(1)),
            leaf("B", 100, 10) { $0.flexGrow = 1; $0.flexShrink = 1 },
        ])
        let result = hosted(stack, in: sizeRange(maxWidth: 120, maxHeight: 10))
        #expect(result.size == Size(width: 120, height: 10))
        #expect(result["A"] == rect(0, 0, 40, 10))
        #expect(result["B"] == rect(40, 0, 80, 10))
    }

    @Test func twoFullyFlexibleChildrenAreBothMeasured() {
        // Two grow+shrink children → no optimized flexing: Σ 150 in 120 → scaled A 25, B 50 → 40, 80.
        let flexible: (inout LayoutElementStyle) -> Void = { $0.flexGrow = 1; $0.flexShrink = 1 }
        let stack = StackLayoutSpec(alignItems: .start, children: [leaf("A", 50, 10, flexible), leaf("B", 100, 10, flexible)])
        let result = hosted(stack, in: exactRange(120, 10))
        #expect(result["A"] == rect(0, 0, 40, 10))
        #expect(result["B"] == rect(40, 0, 80, 10))
    }

    @Test func theOptimizedPlaceholderNamesItsNodeThroughLayoutObject() {
        // The placeholder record names the skipped child by `layoutObject`: the element itself for a
        // class instance (a node), nil for a value (a spec) — through an existential as the stack sees it.
        let node = intrinsic("B", 100, 10)
        let asElement: any LayoutElement = node
        #expect(asElement.layoutObject === node)
        let spec: any LayoutElement = InsetLayoutSpec(insets: .zero, child: node)
        #expect(spec.layoutObject == nil)
        #expect((LayoutSpec.spacer() as any LayoutElement).layoutObject == nil)
    }

    @Test func optimizedChildWithoutViolationIsMeasuredAtZero() {
        // Exact 50: placeholder B → Σ 50 → no violation → B measured with stack range [0, 0] → 0 wide,
        // cross [0, 10] ∩ its 10 → 10. B sits at x 50.
        let stack = StackLayoutSpec(alignItems: .start, children: [
            leaf("A", 50, 10), leaf("B", 100, 10) { $0.flexGrow = 1; $0.flexShrink = 1 },
        ])
        let result = hosted(stack, in: exactRange(50, 10))
        #expect(result["A"] == rect(0, 0, 50, 10))
        #expect(result["B"] == rect(50, 0, 0, 10))
    }

    @Test func thirdsAreCeiledToPixelsAndOverflowByOnePoint() {
        // Reference 3.2: three 110/3 = 36.67-wide children become ceilPx → 37 wide at 0, 37, 74.
        for children in [
            ["A", "B", "C"].map { leaf($0, 110.0 / 3, 10) },
            ["A", "B", "C"].map { leaf($0, 5, 10) { $0.flexBasis = .fraction(1.0 / 3) } },
        ] {
            let stack = StackLayoutSpec(alignItems: .start, children: children)
            let result = hosted(stack, in: exactRange(110, 10))
            #expect(result.size == Size(width: 110, height: 10))
            #expect(result["A"] == rect(0, 0, 37, 10))
            #expect(result["B"] == rect(37, 0, 37, 10))
            #expect(result["C"] == rect(74, 0, 37, 10))
        }
    }

    @Test func positionsStayRawInTheSpecAndAreCeiledOnceWhenFlattened() {
        // Outer stack: P (an inner stack with spacingBefore 0.25) then D. Inside P, C has spacingBefore 0.25.
        // P's raw position is 0.25; C's absolute origin is 0.25 + 0.25 = 0.5 (ceiling each level first
        // would give ceilPx(0.25) + 0.25 = 0.75 → 1). P's size is ceilPx(10.25) = 10.5, so D's raw
        // position is 0.25 + 10.5 = 10.75 → ceilPx → 11.
        var inner = StackLayoutSpec(alignItems: .start, children: [leaf("C", 10, 10) { $0.spacingBefore = 0.25 }])
        inner.style.spacingBefore = 0.25
        let outer = StackLayoutSpec(alignItems: .start, children: [inner, leaf("D", 10, 10)])
        let layout = outer.layoutThatFits(exactRange(100, 10))
        #expect(layout.sublayouts.count == 2)
        #expect(layout.sublayouts[0].position == Point(x: 0.25, y: 0))
        #expect(layout.sublayouts[0].size == Size(width: 10.5, height: 10))
        #expect(layout.sublayouts[1].position == Point(x: 10.75, y: 0))

        let result = hosted(outer, in: exactRange(100, 10))
        #expect(result.order == ["C", "D"])
        #expect(result["C"] == rect(0.5, 0, 10, 10))
        #expect(result["D"] == rect(11, 0, 10, 10))
    }
}
