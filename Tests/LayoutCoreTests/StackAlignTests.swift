import Testing
@testable import LayoutCore

// alignItems / alignSelf and cross-axis stretching (stack steps 3, 6, 7 and ASStackPositionedLayout).

struct AlignCase: Sendable, CustomTestStringConvertible {
    let alignItems: StackLayoutAlignItems
    let direction: StackLayoutDirection
    /// Cross-axis positions of A (cross 20), B (cross 40), C (cross 25.5) in a line of cross length 100.
    let crossPositions: [Double]

    var testDescription: String { "\(direction) \(alignItems)" }
}

@Suite struct StackAlignTests {
    static let crossLengths: [Double] = [20, 40, 25.5]

    static let cases: [AlignCase] = StackLayoutDirection.allCases.flatMap { direction in
        [
            AlignCase(alignItems: .start, direction: direction, crossPositions: [0, 0, 0]),
            // 100 − cross
            AlignCase(alignItems: .end, direction: direction, crossPositions: [80, 60, 74.5]),
            // floorPx((100 − cross)/2): 40, 30, floorPx(37.25) = floor(74.5)/2 = 37 (not 37.5)
            AlignCase(alignItems: .center, direction: direction, crossPositions: [40, 30, 37]),
            // explicit cross sizes are not stretched: the child's own [h, h] is its stretch range
            AlignCase(alignItems: .stretch, direction: direction, crossPositions: [0, 0, 0]),
            // notSet behaves like start
            AlignCase(alignItems: .notSet, direction: direction, crossPositions: [0, 0, 0]),
        ]
    }

    @Test(arguments: cases)
    func alignItems(_ c: AlignCase) {
        let children = ["A", "B", "C"].enumerated().map { index, name in
            axisLeaf(name, c.direction, stack: 50, cross: Self.crossLengths[index])
        }
        let stack = StackLayoutSpec(direction: c.direction, alignItems: c.alignItems, children: children)
        // Single line with a definite cross range → the line's cross size is 100.
        let result = hosted(stack, in: axisRange(c.direction, stack: 300, cross: 100))
        #expect(result.size == axisSize(c.direction, stack: 300, cross: 100))
        for (index, name) in ["A", "B", "C"].enumerated() {
            #expect(result[name] == axisRect(c.direction, stack: 50 * Double(index), cross: c.crossPositions[index],
                                             stackLength: 50, crossLength: Self.crossLengths[index]),
                    "\(name) in \(result)")
        }
    }

    @Test(arguments: StackLayoutDirection.allCases)
    func stretchFillsADefiniteCrossAxis(_ direction: StackLayoutDirection) {
        // A has no style size and wants 30×20; stretch measures it with cross range [100, 100] in the
        // first pass (own min 0 → stack cross min, own max ∞ → stack cross max).
        // start: cross range [0, 100] → Clamp → its content size.
        let wanted = axisSize(direction, stack: 30, cross: 20)
        let stretched = StackLayoutSpec(direction: direction, alignItems: .stretch,
                                        children: [intrinsic("A", wanted.width, wanted.height)])
        #expect(hosted(stretched, in: axisRange(direction, stack: 300, cross: 100))["A"]
                    == axisRect(direction, stack: 0, cross: 0, stackLength: 30, crossLength: 100))
        let started = stretched.with { $0.alignItems = .start }
        #expect(hosted(started, in: axisRange(direction, stack: 300, cross: 100))["A"]
                    == axisRect(direction, stack: 0, cross: 0, stackLength: 30, crossLength: 20))
    }

    @Test func stretchToTheTallestItemWhenTheCrossAxisIsOpen() {
        // Width exactly 300, height [0, ∞]. First pass: every intrinsic child gets cross [0, ∞] → 20.
        // Line cross = max(60, 20, …) = 60. Stretch re-measures B with [30,30]×[60,60] → 30×60.
        // C (alignSelf start) keeps 20; D center → floorPx((60−20)/2) = 20; E end → 40.
        let stack = StackLayoutSpec(children: [
            leaf("A", 50, 60),
            intrinsic("B", 30, 20),
            intrinsic("C", 30, 20) { $0.alignSelf = .start },
            intrinsic("D", 30, 20) { $0.alignSelf = .center },
            intrinsic("E", 30, 20) { $0.alignSelf = .end },
        ])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 60))
        #expect(result["A"] == rect(0, 0, 50, 60))
        #expect(result["B"] == rect(50, 0, 30, 60))
        #expect(result["C"] == rect(80, 0, 30, 20))
        #expect(result["D"] == rect(110, 20, 30, 20))
        #expect(result["E"] == rect(140, 40, 30, 20))
    }

    @Test func stretchDoesNotOverrideAnExplicitCrossSizeOrMinimum() {
        // Width exactly 300, height [0, ∞], alignItems stretch (the default).
        // A explicit 50×60 → own range [60,60]. B explicit 40×20 → stays 20.
        // C wants 30×20 but has minHeight 80 → first pass cross [80 (own min), ∞] → 80.
        // D (no content size, fills its maximum) with minHeight 10, maxHeight 40 → own range [10, 40] →
        //   first pass 40 (fills the max), and the stretch re-measure uses [10, 40] again → 40, not the line.
        // Line cross = max(60, 20, 80, 40) = 80; every item is re-measured but keeps its own size.
        let stack = StackLayoutSpec(children: [
            leaf("A", 50, 60),
            leaf("B", 40, 20),
            intrinsic("C", 30, 20) { $0.minHeight = .points(80) },
            LeafNode("D", style: { var s = LayoutElementStyle()
                s.width = .points(30); s.minHeight = .points(10); s.maxHeight = .points(40)
                return s }()),
        ])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 80))
        #expect(result["A"] == rect(0, 0, 50, 60))
        #expect(result["B"] == rect(50, 0, 40, 20))
        #expect(result["C"] == rect(90, 0, 30, 80))
        #expect(result["D"] == rect(120, 0, 30, 40))
    }

    @Test(arguments: [StackLayoutAlignItems.start, .end, .center, .stretch, .notSet])
    func alignSelfOverridesAlignItems(_ alignItems: StackLayoutAlignItems) {
        // Exact 300×100. Fixed 50×20 children with an explicit alignSelf ignore alignItems:
        // start → 0, end → 80, center → floorPx(40) = 40; D (no style size, wants 30×20) with alignSelf
        // stretch → 100 tall. F (alignSelf auto) follows alignItems.
        let stack = StackLayoutSpec(alignItems: alignItems, children: [
            leaf("A", 50, 20) { $0.alignSelf = .start },
            leaf("B", 50, 20) { $0.alignSelf = .end },
            leaf("C", 50, 20) { $0.alignSelf = .center },
            intrinsic("D", 30, 20) { $0.alignSelf = .stretch },
            leaf("F", 50, 20),
        ])
        let result = hosted(stack, in: exactRange(300, 100))
        #expect(result["A"] == rect(0, 0, 50, 20))
        #expect(result["B"] == rect(50, 80, 50, 20))
        #expect(result["C"] == rect(100, 40, 50, 20))
        #expect(result["D"] == rect(150, 0, 30, 100))
        let fY: Double = switch alignItems {
        case .end: 80
        case .center: 40
        default: 0  // start, stretch (explicit height), notSet
        }
        #expect(result["F"] == rect(180, fY, 50, 20))
    }

    @Test func centerOnAnOpenCrossAxisUsesTheTallestItem() {
        // Width exactly 300, height [0, ∞]: line cross = max(20, 40, 25.5) = 40, stack 300×40.
        // center: floorPx(10) = 10, 0, floorPx(7.25) = floor(14.5)/2 = 7.
        let stack = StackLayoutSpec(alignItems: .center, children: [
            leaf("A", 50, 20), leaf("B", 50, 40), leaf("C", 50, 25.5),
        ])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 40))
        #expect(result["A"] == rect(0, 10, 50, 20))
        #expect(result["B"] == rect(50, 0, 50, 40))
        #expect(result["C"] == rect(100, 7, 50, 25.5))
    }

    @Test func crossRangeMinimumRaisesASingleLine() {
        // Vertical stack, height exactly 200, width [120, 300]: line cross = max(30, 50) = 50 clamped into
        // [120, 300] → 120. alignItems end: x = 120 − width.
        let stack = StackLayoutSpec.vertical(alignItems: .end, children: [leaf("A", 30, 40), leaf("B", 50, 40)])
        let result = hosted(stack, in: sizeRange(minWidth: 120, minHeight: 200, maxWidth: 300, maxHeight: 200))
        #expect(result.size == Size(width: 120, height: 200))
        #expect(result["A"] == rect(90, 0, 30, 40))
        #expect(result["B"] == rect(70, 40, 50, 40))
    }

    @Test func crossAxisStretchingOccursAfterStackAxisFlexing() {
        // Width exactly 300, height [0, ∞]. R's height is 1.5 × its width (like a ratio spec) and it wants
        // 2000 wide when unconstrained; B wants 10×10.
        // First pass: B 10×10, R 2000×3000. Σ = 2010 → violation −1710; only R shrinks (flexShrink 1)
        // → R re-measured with [290, 290] → 290×435. Line cross = max(10, 435) = 435 → B stretched to
        // 10×435. (Stretching before flexing would have made B 3000 tall.)
        let ratio = LeafNode("R", style: { var s = LayoutElementStyle(); s.flexShrink = 1; return s }()) { max in
            let width = Swift.min(max.width, 2000)
            return Size(width: width, height: width * 1.5)
        }
        let stack = StackLayoutSpec(children: [intrinsic("B", 10, 10), ratio])
        let result = hosted(stack, in: SizeRange(width: 300))
        #expect(result.size == Size(width: 300, height: 435))
        #expect(result["B"] == rect(0, 0, 10, 435))
        #expect(result["R"] == rect(10, 0, 290, 435))
    }

    @Test func alignCenterWithAFlexedItem() {
        // Exact 300×100, alignItems center. B (no style size, wants 20×30) grows: Σ = 50 + 20 = 70 →
        // violation 230 → B re-measured with [250,250]×[0,100] → Clamp → 250×30; y = floorPx(35) = 35.
        let stack = StackLayoutSpec(alignItems: .center, children: [
            leaf("A", 50, 50),
            intrinsic("B", 20, 30) { $0.flexGrow = 1 },
        ])
        let result = hosted(stack, in: exactRange(300, 100))
        #expect(result["A"] == rect(0, 25, 50, 50))
        #expect(result["B"] == rect(50, 35, 250, 30))
    }

    @Test func verticalStackStretchesWidths() {
        // Vertical, width exactly 100, height [0, ∞]: children without a width are stretched to 100
        // (first pass cross range [100, 100]); A with an explicit width 40 keeps it. Height = 20+30+10.
        let stack = StackLayoutSpec.vertical(children: [
            leaf("A", 40, 20),
            intrinsic("B", 10, 30),
            LeafNode("C", style: { var s = LayoutElementStyle(); s.height = .points(10); return s }()),
        ])
        let result = hosted(stack, in: SizeRange(width: 100))
        #expect(result.size == Size(width: 100, height: 60))
        #expect(result["A"] == rect(0, 0, 40, 20))
        #expect(result["B"] == rect(0, 20, 100, 30))
        #expect(result["C"] == rect(0, 50, 100, 10))
    }
}
