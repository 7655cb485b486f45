import Testing
@testable import LayoutCore

// The one-line driver (StackLayout+SingleLine.swift) must give a noWrap stack exactly the records of the
// general driver (StackLayout.swift), which every other stack test checks against Texture: sizes and
// positions compared bit for bit, NaN included, over seeded random stacks with odd values mixed in.
// A failure names its seed.

@Suite struct StackSingleLineDriverTests {
    @Test func theOneLineDriverGivesTheGeneralDriversRecords() {
        for seed in UInt64(1)...3_000 {
            var rng = CoreSplitMix64(seed: seed)
            let children = (0..<rng.int(6)).map { randomChild(index: $0, &rng) }
            let context = randomContext(&rng)
            let automatic = stackLayoutBits(children, context, driver: .automatic)
            let general = stackLayoutBits(children, context, driver: .general)
            #expect(automatic.bits == general.bits, "seed \(seed): one-line \(automatic.layout) vs general \(general.layout)")
        }
    }

    private func randomChild(index: Int, _ rng: inout CoreSplitMix64) -> any LayoutElement {
        var style = LayoutElementStyle()
        style.flexGrow = rng.pick([0, 0, 1, 2, 0.5])
        style.flexShrink = rng.pick([0, 0, 1, 0.5, 3])
        // Odd factors too (NaN, ∞, negative): the one-line driver sums them once per stack and flexes its
        // line in fewer passes (flexSingleLine), which must keep the general flexLine's bits.
        if rng.chance(0.05) { style.flexGrow = stackTestValue(&rng, upTo: 3) }
        if rng.chance(0.05) { style.flexShrink = stackTestValue(&rng, upTo: 3) }
        style.flexBasis = rng.pick([.auto, .auto, .points(rng.double(0, 120)), .fraction(rng.double(0, 1))])
        style.alignSelf = rng.pick(StackLayoutAlignSelf.allCases)
        if rng.chance(0.3) { style.spacingBefore = stackTestValue(&rng, upTo: 12) }
        if rng.chance(0.3) { style.spacingAfter = stackTestValue(&rng, upTo: 12) }
        style.ascender = rng.double(0, 14)
        style.descender = -rng.double(0, 5)
        if rng.chance(0.2) { style.width = .points(rng.double(0, 150)) }
        if rng.chance(0.2) { style.minHeight = .points(rng.double(0, 60)) }
        if rng.chance(0.1) { style.maxWidth = .fraction(rng.double(0, 1)) }
        // Half are text-like (wrap to the offered width), half have a fixed natural size.
        if rng.chance(0.5) {
            let characters = Double(rng.int(80))
            return LeafNode("text\(index)", style: style) { max in
                let lineWidth = Swift.min(max.width, characters * 7)
                let lines = lineWidth > 0 ? (characters * 7 / lineWidth).rounded(.up) : 0
                return Size(width: lineWidth, height: 17 * lines)
            }
        }
        let natural = Size(width: stackTestValue(&rng, upTo: 150), height: stackTestValue(&rng, upTo: 90))
        return LeafNode("box\(index)", style: style) { _ in natural }
    }

    private func randomContext(_ rng: inout CoreSplitMix64) -> StackContext {
        func axis(_ rng: inout CoreSplitMix64) -> (Double, Double) {
            let lo = rng.chance(0.4) ? 0 : rng.double(0, 300)
            if rng.chance(0.3) { return (lo, lo) }
            if rng.chance(0.05) { return (lo, lo / 2) }  // inverted
            return (lo, rng.chance(0.3) ? .infinity : lo + rng.double(0, 300))
        }
        let (minWidth, maxWidth) = axis(&rng)
        let (minHeight, maxHeight) = axis(&rng)
        return StackContext(
            direction: rng.pick(StackLayoutDirection.allCases), spacing: stackTestValue(&rng, upTo: 10),
            justifyContent: rng.pick(StackLayoutJustifyContent.allCases),
            alignItems: rng.pick(StackLayoutAlignItems.allCases), flexWrap: .noWrap,
            alignContent: rng.pick(StackLayoutAlignContent.allCases), lineSpacing: stackTestValue(&rng, upTo: 10),
            range: SizeRange(min: Size(width: minWidth, height: minHeight),
                             max: Size(width: maxWidth, height: maxHeight)))
    }
}

// The stack's default item (StackItem.defaultItem) stands for reading a default style: it must be what
// reading `LayoutElementStyle.defaultStyle` gives, and only specs whose style was never set may claim it.
@Suite struct StackDefaultStyleItemTests {
    @Test func theDefaultItemIsWhatReadingTheDefaultStyleGives() {
        for direction in StackLayoutDirection.allCases {
            for alignItems in StackLayoutAlignItems.allCases {
                let context = StackContext(direction: direction, spacing: 3, justifyContent: .center,
                                           alignItems: alignItems, flexWrap: .noWrap, alignContent: .start,
                                           lineSpacing: 0, range: SizeRange(width: 200))
                let read = withUnsafePointer(to: LayoutElementStyle.defaultStyle) { StackItem(style: LayoutStyleReference($0), context: context) }
                let made = StackItem.defaultItem(context)
                #expect("\(read)" == "\(made)", "\(direction) \(alignItems)")
            }
        }
    }

    @Test func onlySpecsWithoutAStyleOfTheirOwnClaimTheDefaultStyle() {
        let leaf = LeafNode("leaf", width: 10, height: 10)
        #expect(!leaf.usesDefaultLayoutStyle)
        let inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: leaf)
        #expect(inset.usesDefaultLayoutStyle)
        var styled = inset
        styled.style.flexGrow = 1
        #expect(!styled.usesDefaultLayoutStyle)
        #expect(inset.usesDefaultLayoutStyle, "a copy's style change leaves the original default")
        #expect(RatioLayoutSpec(ratio: 1, child: leaf).usesDefaultLayoutStyle)
        #expect(StackLayoutSpec.vertical(children: [leaf]).usesDefaultLayoutStyle)
        #expect(!LayoutSpec.spacer().usesDefaultLayoutStyle)
        // Every built-in spec keeps its style in its storage (Memory/StoredLayoutSpec.swift), the overlay too.
        var overlay = OverlayLayoutSpec(child: leaf, overlay: leaf)
        #expect(overlay.usesDefaultLayoutStyle)
        overlay.style.flexShrink = 1
        #expect(!overlay.usesDefaultLayoutStyle)
    }

    /// The same stack with its spec children's styles set to the default's values (so read) and left
    /// alone (so not read) lays out the same, inside a spec region (arena slots) and outside (boxes).
    @Test func aStackLaysOutTheSameWhetherItsChildrensDefaultStylesAreReadOrNot() {
        func build(setStyles: Bool) -> StackLayoutSpec {
            let text = LeafNode("text") { max in Size(width: Swift.min(max.width, 140), height: 34) }
            let icon = LeafNode("icon", width: 20, height: 20)
            var inset = InsetLayoutSpec(insets: EdgeInsets(all: 4), child: icon)
            var column = StackLayoutSpec.vertical(children: [text])
            var ratio = RatioLayoutSpec(ratio: 0.5, child: LeafNode("photo"))
            if setStyles {
                inset.style = LayoutElementStyle()
                column.style = LayoutElementStyle()
                ratio.style = LayoutElementStyle()
                #expect(!inset.usesDefaultLayoutStyle && !column.usesDefaultLayoutStyle)
            }
            return StackLayoutSpec.horizontal(alignItems: .stretch, children: [inset, column, ratio])
        }
        let range = SizeRange(min: Size(width: 0, height: 0), max: Size(width: 120, height: 300))
        let expected = hosted(build(setStyles: true), in: range).description
        #expect(hosted(build(setStyles: false), in: range).description == expected)
        let inRegion = LayoutSpecRegion.with { hosted(build(setStyles: false), in: range).description }
        #expect(inRegion == expected)
    }
}
