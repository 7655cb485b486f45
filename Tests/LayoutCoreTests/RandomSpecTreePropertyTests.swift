import Foundation
import Testing
@testable import LayoutCore

// Property test over seeded random spec trees (flattening, every built-in spec, sublayout order): laying out
// never traps, the flattened frames are finite, the root size lies in its (finite) range, and flattening keeps
// exactly the leaf nodes in depth-first order (stack children in order, background before child, child before
// overlay, corner after its base, absolute children in order). Every failure names its seed; replay one with
// `RandomSpecTree(seed:allowStacks:)`.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and good enough for test data.
struct CoreSplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ upperBound: Int) -> Int { Int(next() % UInt64(upperBound)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
}

/// A node the flattened layout must contain: its identity and its (unique) name for messages.
struct CoreExpectedLeaf: Equatable {
    let id: ObjectIdentifier
    let name: String
}

/// One random spec tree with the leaf nodes it must flatten to, in order.
struct RandomSpecTree {
    let root: any LayoutElement
    let expectedLeaves: [CoreExpectedLeaf]
    let range: SizeRange
    /// Infinite insets under an unbounded maximum legitimately give ∞/NaN raw positions (ASInsetLayoutSpec),
    /// and so does a fraction of an infinite parent (ASDimensionResolve gives ∞): a range minimum of ∞ makes a
    /// size that is not valid (0×0) and a position of ∞. Raw positions are only required finite without both.
    let hasInfiniteInset: Bool
    let hasFraction: Bool
    let hasStack: Bool

    init(seed: UInt64, allowStacks: Bool, maxDepth: Int = 5) {
        var rng = CoreSplitMix64(seed: seed)
        let allowFractions = rng.chance(0.5)
        var builder = Builder(rng: rng, allowStacks: allowStacks, allowFractions: allowFractions)
        let (root, leaves) = builder.element(depth: maxDepth, extra: { _ in })
        self.root = root
        expectedLeaves = leaves
        range = builder.randomRange()
        hasInfiniteInset = builder.hasInfiniteInset
        hasFraction = builder.hasFraction
        hasStack = builder.hasStack
    }

    struct Builder {
        var rng: CoreSplitMix64
        let allowStacks: Bool
        let allowFractions: Bool
        var counter = 0
        var hasFraction = false
        var hasInfiniteInset = false
        var hasStack = false

        mutating func randomRange() -> SizeRange {
            func axis(_ rng: inout CoreSplitMix64) -> (Double, Double) {
                let lo = rng.chance(0.4) ? 0 : rng.double(0, 300)
                if rng.chance(0.2) { return (lo, lo) }
                return (lo, rng.chance(0.3) ? .infinity : lo + rng.double(0, 300))
            }
            let w = axis(&rng), h = axis(&rng)
            return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
        }

        mutating func dimension(auto autoChance: Double) -> LayoutCore.Dimension {
            if rng.chance(autoChance) { return .auto }
            if !allowFractions || rng.chance(0.7) { return .points(rng.double(0, 200)) }
            hasFraction = true
            return .fraction(rng.double(0, 1))
        }

        /// Random finite style values: sizes, min/max, stack-child and absolute-child options.
        mutating func style(sizeChance: Double) -> LayoutElementStyle {
            var s = LayoutElementStyle()
            if rng.chance(sizeChance) {
                s.width = dimension(auto: 0.4)
                s.height = dimension(auto: 0.4)
                if rng.chance(0.2) { s.minWidth = dimension(auto: 0) }
                if rng.chance(0.2) { s.maxWidth = dimension(auto: 0) }
                if rng.chance(0.2) { s.minHeight = dimension(auto: 0) }
                if rng.chance(0.2) { s.maxHeight = dimension(auto: 0) }
            }
            s.flexGrow = rng.pick([0, 0, 1, 2])
            s.flexShrink = rng.pick([0, 0, 1, 0.5])
            if rng.chance(0.2) { s.flexBasis = dimension(auto: 0) }
            s.alignSelf = rng.pick(StackLayoutAlignSelf.allCases)
            if rng.chance(0.3) { s.spacingBefore = rng.double(0, 10) }
            if rng.chance(0.3) { s.spacingAfter = rng.double(0, 10) }
            s.ascender = rng.double(0, 20)
            s.descender = -rng.double(0, 8)
            s.layoutPosition = Point(x: rng.double(-20, 250), y: rng.double(-20, 250))
            return s
        }

        mutating func children(depth: Int, count: Int, inStack: Bool = false)
            -> ([any LayoutElement], [CoreExpectedLeaf])
        {
            var elements: [any LayoutElement] = [], leaves: [CoreExpectedLeaf] = []
            for _ in 0..<count {
                let (element, childLeaves) = self.element(depth: depth - 1, inStack: inStack, extra: { _ in })
                elements.append(element)
                leaves += childLeaves
            }
            return (elements, leaves)
        }

        /// Builds an element and returns the leaves it contributes, in flattening order.
        mutating func element(depth: Int, inStack: Bool = false, extra: (inout LayoutElementStyle) -> Void)
            -> (any LayoutElement, [CoreExpectedLeaf])
        {
            var specStyle = style(sizeChance: 0.15)
            extra(&specStyle)
            // Texture quirk (stack steps 2 and 5, StackLayout.swift): under optimized flexing the single
            // grow-and-shrink child gets a 0×0 placeholder and is re-measured only if it is flexed; a zero-size
            // item cannot absorb shrink, so it can stay a placeholder. For a node the placeholder still names
            // the node, but a spec's placeholder has no sublayouts and its nodes drop out of the flattened
            // layout. Spec children of stacks therefore never both grow and shrink here (node children may), so
            // that "every leaf is flattened" stays a property.
            if inStack && specStyle.flexGrow > 0 && specStyle.flexShrink > 0 { specStyle.flexShrink = 0 }
            let kinds = depth <= 0 ? 1 : (allowStacks ? 14 : 13)
            switch rng.int(kinds) {
            case 0, 1:
                var leafStyle = style(sizeChance: 0.8)
                extra(&leafStyle)
                counter += 1
                let leaf = LeafNode("leaf\(counter)", style: leafStyle)
                return (leaf, [CoreExpectedLeaf(id: ObjectIdentifier(leaf), name: leaf.name)])
            case 2:
                // A node hosting its own spec: flattening emits it, not its subnodes.
                let (inner, _) = element(depth: min(depth - 1, 2), extra: { _ in })
                counter += 1
                let host = SpecHostNode("host\(counter)", style: specStyle) { _ in inner }
                return (host, [CoreExpectedLeaf(id: ObjectIdentifier(host), name: host.name)])
            case 3:
                return (LayoutSpec { $0 = specStyle }, [])
            case 4:
                let (child, leaves) = element(depth: depth - 1, extra: { _ in })
                func inset(_ rng: inout CoreSplitMix64) -> Double {
                    rng.chance(0.15) ? .infinity : rng.double(-5, 30)
                }
                let insets = EdgeInsets(top: inset(&rng), left: inset(&rng), bottom: inset(&rng), right: inset(&rng))
                if [insets.top, insets.left, insets.bottom, insets.right].contains(where: \.isInfinite) {
                    hasInfiniteInset = true
                }
                var spec = InsetLayoutSpec(insets: insets, child: child)
                spec.style = specStyle
                return (spec, leaves)
            case 5:
                let (child, childLeaves) = element(depth: depth - 1, extra: { _ in })
                let (overlay, overlayLeaves) = element(depth: depth - 1, extra: { _ in })
                var spec = OverlayLayoutSpec(child: child, overlay: overlay)
                spec.style = specStyle
                return (spec, childLeaves + overlayLeaves)
            case 6:
                let (child, childLeaves) = element(depth: depth - 1, extra: { _ in })
                let (background, backgroundLeaves) = element(depth: depth - 1, extra: { _ in })
                var spec = BackgroundLayoutSpec(child: child, background: background)
                spec.style = specStyle
                return (spec, backgroundLeaves + childLeaves)
            case 7:
                let (child, leaves) = element(depth: depth - 1, extra: { _ in })
                var spec = CenterLayoutSpec(centeringOptions: CenterLayoutSpecCenteringOptions(rawValue: rng.int(4)),
                                            sizingOptions: CenterLayoutSpecSizingOptions(rawValue: rng.int(4)),
                                            child: child)
                spec.style = specStyle
                return (spec, leaves)
            case 8:
                let (child, leaves) = element(depth: depth - 1, extra: { _ in })
                var spec = RelativeLayoutSpec(horizontalPosition: rng.pick(RelativeLayoutSpecPosition.allCases),
                                              verticalPosition: rng.pick(RelativeLayoutSpecPosition.allCases),
                                              sizingOption: RelativeLayoutSpecSizingOption(rawValue: rng.int(4)),
                                              child: child)
                spec.style = specStyle
                return (spec, leaves)
            case 9:
                let (child, leaves) = element(depth: depth - 1, extra: { _ in })
                var spec = RatioLayoutSpec(ratio: rng.double(0.2, 5), child: child)
                spec.style = specStyle
                return (spec, leaves)
            case 10:
                let (children, leaves) = self.children(depth: depth, count: rng.int(4))
                var spec = AbsoluteLayoutSpec(sizing: rng.pick(AbsoluteLayoutSpecSizing.allCases), children: children)
                spec.style = specStyle
                return (spec, leaves)
            case 11:
                let (children, leaves) = self.children(depth: depth, count: 1 + rng.int(3))
                var spec = WrapperLayoutSpec(children: children)
                spec.style = specStyle
                return (spec, leaves)
            case 12:
                let (child, childLeaves) = element(depth: depth - 1, extra: { _ in })
                let (corner, cornerLeaves) = element(depth: depth - 1, extra: { _ in })
                var spec = CornerLayoutSpec(child: child, corner: corner,
                                            location: rng.pick(CornerLayoutLocation.allCases),
                                            offset: Point(x: rng.double(-20, 20), y: rng.double(-20, 20)),
                                            wrapsCorner: rng.chance(0.5))
                spec.style = specStyle
                return (spec, childLeaves + cornerLeaves)
            default:
                hasStack = true
                let (children, leaves) = self.children(depth: depth, count: rng.int(5), inStack: true)
                var spec = StackLayoutSpec(direction: rng.pick(StackLayoutDirection.allCases),
                                           spacing: rng.chance(0.5) ? 0 : rng.double(0, 12),
                                           justifyContent: rng.pick(StackLayoutJustifyContent.allCases),
                                           alignItems: rng.pick(StackLayoutAlignItems.allCases),
                                           flexWrap: rng.pick(StackLayoutFlexWrap.allCases),
                                           alignContent: rng.pick(StackLayoutAlignContent.allCases),
                                           lineSpacing: rng.chance(0.5) ? 0 : rng.double(0, 8),
                                           children: children)
                spec.style = specStyle
                return (spec, leaves)
            }
        }
    }
}

@Suite("Random spec trees")
struct RandomSpecTreePropertyTests {
    /// Until the stack algorithm lands, Stack/StackLayout.swift is a placeholder that traps.
    static let stacksAvailable: Bool = {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LayoutCore/Stack/StackLayout.swift")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return true }
        return !text.contains("PLACEHOLDER")
    }()

    static let treeCount: UInt64 = 500

    /// The flattened frames an independent walk of the raw layout predicts: node layouts emitted at
    /// ceilPx(sum of raw offsets), without descending into them; spec layouts walked in order.
    static func predictedFrames(_ layout: Layout, absolute: Point, into out: inout [(ObjectIdentifier?, Point, Size)]) {
        if layout.type == .node {
            out.append((layout.element.map { ObjectIdentifier($0) }, ceilPx(absolute), layout.size))
            return
        }
        for child in layout.sublayouts {
            // Loom's deviation from Texture (which asserts): a missing (NaN) offset component counts as 0.
            let p = Point(x: child.position.x.isNaN ? 0 : child.position.x,
                          y: child.position.y.isNaN ? 0 : child.position.y)
            predictedFrames(child, absolute: Point(x: absolute.x + p.x, y: absolute.y + p.y), into: &out)
        }
    }

    /// Checks one tree; returns false if any property failed (so the caller can stop early).
    static func check(seed: UInt64, allowStacks: Bool) -> Bool {
        let tree = RandomSpecTree(seed: seed, allowStacks: allowStacks)
        let root = tree.root
        let host = SpecHostNode("root") { _ in root }
        let range = tree.range
        let context = "seed \(seed) (allowStacks \(allowStacks), hasStack \(tree.hasStack), "
            + "infinite insets \(tree.hasInfiniteInset)) range \(range)"
        var ok = true
        func expect(_ condition: Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            if !condition {
                ok = false
                Issue.record(Comment(rawValue: "\(what) — \(context)"), sourceLocation: sourceLocation)
            }
        }

        let layout = host.layoutThatFits(range)
        expect(layout.isLayout(of: host) && layout.position.isNull, "root layout is the host's, unpositioned")
        expect(layout.sublayouts.map { $0.element.map { ObjectIdentifier($0) } } == tree.expectedLeaves.map(\.id),
               "flattened elements \(CoreFixture.names(layout)) are the leaves \(tree.expectedLeaves.map(\.name)) "
            + "in depth-first order")
        for sublayout in layout.sublayouts {
            let f = sublayout.frame
            expect(f.origin.x.isFinite && f.origin.y.isFinite && f.width.isFinite && f.height.isFinite,
                   "finite frame \(f)")
            expect(sublayout.type == .node && sublayout.sublayouts.isEmpty, "flattened sublayouts are bare nodes")
            expect(PixelGrid.isValidForSize(sublayout.size), "valid size \(sublayout.size)")
            if !tree.hasInfiniteInset && !tree.hasFraction {
                expect(sublayout.position.x.isFinite && sublayout.position.y.isFinite,
                       "finite raw position \(sublayout.position)")
            }
        }
        if range.max.width.isFinite && range.max.height.isFinite {
            let s = layout.size
            expect(s.width >= range.min.width - 1e-9 && s.width <= ceilPx(range.max.width) + 1e-9
                && s.height >= range.min.height - 1e-9 && s.height <= ceilPx(range.max.height) + 1e-9,
                "root size \(s) inside the range")
        }

        // Cross-check the flattening against an independent walk of the raw spec layout.
        var predicted: [(ObjectIdentifier?, Point, Size)] = []
        predictedFrames(root.layoutThatFits(range), absolute: .zero, into: &predicted)
        expect(predicted.count == layout.sublayouts.count, "predicted \(predicted.count) frames")
        for (p, actual) in zip(predicted, layout.sublayouts) {
            expect(p.0 == actual.element.map { ObjectIdentifier($0) } && p.1.isIdentical(to: actual.position)
                && p.2 == actual.size, "flattened \(actual.position) \(actual.size) vs predicted \(p.1) \(p.2)")
        }
        // Layout is a pure function of the tree and the range.
        expect(host.layoutThatFits(range) == layout, "a second layout pass gives the same layout")
        return ok
    }

    static func run(allowStacks: Bool, baseSeed: UInt64) {
        var failingSeeds = 0
        for index in 0..<treeCount where failingSeeds < 5 {
            if !check(seed: baseSeed &+ index, allowStacks: allowStacks) { failingSeeds += 1 }
        }
    }

    @Test func randomTreesWithoutStacks() {
        Self.run(allowStacks: false, baseSeed: 0x5EED_0000)
    }

    @Test(.enabled(if: RandomSpecTreePropertyTests.stacksAvailable, "the stack algorithm is still a placeholder"))
    func randomTreesWithStacks() {
        Self.run(allowStacks: true, baseSeed: 0x57AC_0000)
    }

    @Test func generatorIsDeterministicAndVaried() {
        let a = RandomSpecTree(seed: 42, allowStacks: false), b = RandomSpecTree(seed: 42, allowStacks: false)
        #expect(a.range == b.range && a.expectedLeaves.count == b.expectedLeaves.count)
        // Over the seeds, trees have leaves, infinite maxima and infinite insets.
        var leafCounts = 0, unbounded = 0, infiniteInsets = 0, strict = 0
        for seed in 0..<UInt64(200) {
            let t = RandomSpecTree(seed: seed, allowStacks: false)
            leafCounts += t.expectedLeaves.count
            if !t.range.max.width.isFinite || !t.range.max.height.isFinite { unbounded += 1 }
            if t.hasInfiniteInset { infiniteInsets += 1 }
            if !t.hasInfiniteInset && !t.hasFraction { strict += 1 }
        }
        #expect(leafCounts > 200 && unbounded > 20 && infiniteInsets > 5 && strict > 50,
                "leaves \(leafCounts) unbounded \(unbounded) infinite insets \(infiniteInsets) strict \(strict)")
    }
}
