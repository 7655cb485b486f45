import Testing
@testable import LayoutCore

// Texture's ASInsetLayoutSpecSnapshotTests: background(inset(foreground 10×10), background)
// for all 16 combinations of finite/infinite insets, in a variable, a fixed and a zero range.

@Suite("Inset spec")
struct InsetSpecTests {
    /// Texture's insetsForCombination: bit 0 top, bit 1 left, bit 2 bottom, bit 3 right are ∞.
    static func insets(_ combination: Int, _ value: Double) -> EdgeInsets {
        EdgeInsets(top: combination & 1 != 0 ? .infinity : value,
                   left: combination & 2 != 0 ? .infinity : value,
                   bottom: combination & 4 != 0 ? .infinity : value,
                   right: combination & 8 != 0 ? .infinity : value)
    }

    /// Per-axis outcome: (foreground length, foreground offset, spec length). The axes are independent,
    /// so each of the 16 combinations is the product of two rows, indexed by
    /// (leading infinite ? 1 : 0) + (trailing infinite ? 2 : 0).
    typealias Axis = (child: Double, offset: Double, spec: Double)

    /// Range [0, 300], insets 10, child style 10.
    static let variable: [Axis] = [
        (10, 10, 30),    // 10|10: child [0, 280] ∩ [10,10] = 10; size clamp(10+20) = 30; offset = leading 10
        (10, 280, 300),  // ∞|10: size = range max 300 (infinite sum); offset = 300 − (10 + 10) = 280
        (10, 10, 300),   // 10|∞: offset = leading 10; size 300
        (10, 145, 300),  // ∞|∞: offset = 300 − (roundPx((300 − 10)/2) = 145 + 10) = 145
    ]

    /// Range [300, 300], insets 10, child style 10.
    static let fixed: [Axis] = [
        (280, 10, 300),  // 10|10: child [280,280] ∩ [10,10] disjoint → the range wins → 280
        (10, 280, 300),  // ∞|10: child min 0 (infinite inset), max 290 → 10; offset 300 − 20
        (10, 10, 300),
        (10, 145, 300),
    ]

    /// Range [0, 0], insets 0 (Texture's regression test mixing infinite and zero insets).
    static let zero: [Axis] = [
        (0, 0, 0),       // child [0,0] ∩ [10,10]: a.min 0 < 10 → [a.max, a.max] = 0
        (0, 0, 0),       // 0 − (0 + 0)
        (0, 0, 0),
        (0, 0, 0),       // 0 − (roundPx(0/2) + 0) — no NaN
    ]

    static func check(range: SizeRange, value: Double, table: [Axis]) {
        for combination in 0..<16 {
            let insets = Self.insets(combination, value)
            let foreground = CoreFixture.node("foreground", 10, 10)
            let background = CoreFixture.node("background")
            let spec = BackgroundLayoutSpec(child: InsetLayoutSpec(insets: insets, child: foreground),
                                            background: background)
            let layout = CoreFixture.flatten(spec, in: range)
            let h = table[(insets.left.isInfinite ? 1 : 0) + (insets.right.isInfinite ? 2 : 0)]
            let v = table[(insets.top.isInfinite ? 1 : 0) + (insets.bottom.isInfinite ? 2 : 0)]
            let comment: Comment = "combination \(combination) insets \(insets) range \(range)"
            #expect(layout.size == Size(width: h.spec, height: v.spec), comment)
            #expect(layout.frame(for: foreground) == Rect(x: h.offset, y: v.offset, width: h.child, height: v.child),
                    comment)
            #expect(layout.frame(for: background) == Rect(x: 0, y: 0, width: h.spec, height: v.spec), comment)
            #expect(CoreFixture.names(layout) == ["background", "foreground"], comment)
        }
    }

    @Test func allInfinityCombinationsInAVariableRange() {
        Self.check(range: CoreFixture.range(0, 0, 300, 300), value: 10, table: Self.variable)
    }

    @Test func allInfinityCombinationsInAFixedRange() {
        Self.check(range: SizeRange(exactly: Size(width: 300, height: 300)), value: 10, table: Self.fixed)
    }

    @Test func allInfinityCombinationsWithZeroInsetsInAZeroRange() {
        Self.check(range: .zero, value: 0, table: Self.zero)
    }

    @Test func nodeWithStyleTenUnderAnExact280GetsTheWholeRange() {
        let node = CoreFixture.node("n", 10, 10)
        let layout = CoreFixture.flatten(InsetLayoutSpec(insets: EdgeInsets(all: 10), child: node),
                                         in: SizeRange(exactly: Size(width: 300, height: 300)))
        #expect(layout.frame(for: node) == Rect(x: 10, y: 10, width: 280, height: 280))
    }

    @Test func childRangeAndParentSizeAreReducedByTheFiniteInsets() {
        let probe = CoreProbe("p")
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: .infinity), child: probe)
        _ = spec.layoutThatFits(CoreFixture.range(50, 60, 200, 100), parentSize: Size(width: 400, height: 300))
        let call = probe.lastCall!
        // Width: right is ∞ → min 0; insetsX = 2 + 0 → max 198; parent 400 − 2 = 398.
        // Height: insetsY = 1 + 3 = 4 → [56, 96]; parent 300 − 4 = 296.
        #expect(call.range == CoreFixture.range(0, 56, 198, 96))
        #expect(call.parentSize == Size(width: 398, height: 296))
    }

    @Test func fractionalChildSizesResolveAgainstTheParentMinusInsets() {
        let node = CoreFixture.node("n") { $0.width = .fraction(0.5); $0.height = .fraction(0.25) }
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10), child: node)
        // Parent 300×200 − 20 → 280×180: child 50% → 140, 25% → 45; spec 140+20 × 45+20.
        let layout = CoreFixture.flatten(spec, in: CoreFixture.range(0, 0, 300, 200))
        #expect(layout.size == Size(width: 160, height: 65))
        #expect(layout.frame(for: node) == Rect(x: 10, y: 10, width: 140, height: 45))
    }

    @Test func anUndefinedParentBecomesZeroForTheChild() {
        // MAX(0, NaN − 20) = MAX(0, NaN) = 0: a 50% child resolves to 0.
        let probe = CoreProbe("p") { $0.width = .fraction(0.5); $0.height = .fraction(0.5) }
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10), child: probe)
        let layout = spec.layoutThatFits(CoreFixture.range(0, 0, 300, 300), parentSize: .undefined)
        #expect(probe.lastCall!.parentSize == .zero)
        #expect(layout.size == Size(width: 20, height: 20))
        #expect(layout.sublayouts[0].size == .zero)
    }

    @Test func ownStyleSizeIsIgnored() {
        var spec = InsetLayoutSpec(insets: EdgeInsets(all: 5), child: CoreFixture.node("n", 10, 10))
        spec.style.width = .points(200)
        spec.style.height = .points(200)
        #expect(spec.layoutThatFits(CoreFixture.range(0, 0, 300, 300)).size == Size(width: 20, height: 20))
    }

    @Test func infiniteInsetsPinToTheMaximumEvenWhenItIsNotTheSize() {
        // Range [0,300]: the spec is 300 wide (infinite sum), the child pinned right: 300 − (5 + 40) = 255.
        let node = CoreFixture.node("n", 40, 40)
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 5, left: .infinity, bottom: 5, right: 5), child: node)
        let layout = CoreFixture.flatten(spec, in: CoreFixture.range(0, 0, 300, 300))
        #expect(layout.size == Size(width: 300, height: 50))
        #expect(layout.frame(for: node) == Rect(x: 255, y: 5, width: 40, height: 40))
    }

    @Test func centringRoundsToThePixelGrid() {
        // (300 − 41)/2 = 129.5 → roundPx exact; (301 − 40)/2 = 130.5 → 130.5 at scale 2.
        let node = CoreFixture.node("n", 41, 40)
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: .infinity), child: node)
        let layout = CoreFixture.flatten(spec, in: CoreFixture.range(0, 0, 300, 301))
        // x = 300 − (129.5 + 41) = 129.5; y = 301 − (130.5 + 40) = 130.5
        #expect(layout.frame(for: node) == Rect(x: 129.5, y: 130.5, width: 41, height: 40))
        // (300 − 40.4 ceiled 40.5)/2 = 129.75 → roundPx → 130 (259.5 → 260); x = 300 − 170.5 = 129.5
        let odd = CoreFixture.node("odd", 40.4, 40)
        let oddLayout = CoreFixture.flatten(InsetLayoutSpec(insets: EdgeInsets(all: .infinity), child: odd),
                                            in: CoreFixture.range(0, 0, 300, 300))
        #expect(oddLayout.frame(for: odd) == Rect(x: 129.5, y: 130, width: 40.5, height: 40))
    }

    @Test func negativeInsetsEnlargeTheChild() {
        // insets −10: child range min MAX(0, 0 + 20) = 20, max 320; ∩ style [10,10] disjoint → [20,20].
        // Spec size clamp(20 − 20) = 0; child at −10.
        let node = CoreFixture.node("n", 10, 10)
        let layout = CoreFixture.flatten(InsetLayoutSpec(insets: EdgeInsets(all: -10), child: node),
                                         in: CoreFixture.range(0, 0, 300, 300))
        #expect(layout.size == .zero)
        #expect(layout.frame(for: node) == Rect(x: -10, y: -10, width: 20, height: 20))
    }

    @Test func nanInsetsCountAsZero() {
        let node = CoreFixture.node("n", 10, 10)
        let layout = CoreFixture.flatten(InsetLayoutSpec(insets: EdgeInsets(all: .nan), child: node),
                                         in: CoreFixture.range(0, 0, 300, 300))
        #expect(layout.size == Size(width: 10, height: 10))
        #expect(layout.frame(for: node) == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func infiniteInsetInAnUnboundedRangeDoesNotTrap() {
        // left ∞ with max ∞: size = max = ∞ (not a valid size → 0×0, counted); x = ∞ − (5 + 10) = ∞.
        let node = CoreFixture.node("n", 10, 10)
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 5), child: node)
        let layout = spec.layoutThatFits(.unconstrained)
        #expect(layout.size == .zero)
        #expect(layout.sublayouts[0].position.x == .infinity)
        let flat = Layout.nodeLayout(for: CoreFixture.node("host"), specLayout: layout)
        #expect(flat.frame(for: node) == Rect(x: 0, y: 0, width: 10, height: 10))  // frame sanitises ∞
    }
}
