import Testing
@testable import LayoutCore

// The one-line driver (StackLayout+SingleLine.swift) must give a noWrap stack exactly the records of the
// general driver (StackLayout.swift), which every other stack test checks against Texture: sizes and
// positions compared bit for bit, NaN included, over seeded random stacks with odd values mixed in.
// A failure names its seed.

@Suite struct StackSingleLineDriverTests {
    @Test func theOneLineDriverGivesTheGeneralDriversRecords() {
        for seed in UInt64(1)...1_500 {
            var rng = CoreSplitMix64(seed: seed)
            let children = (0..<rng.int(6)).map { randomChild(index: $0, &rng) }
            let context = randomContext(&rng)
            let automatic = layOut(children, context, driver: .automatic)
            let general = layOut(children, context, driver: .general)
            #expect(automatic.bits == general.bits, "seed \(seed): one-line \(automatic.layout) vs general \(general.layout)")
        }
    }

    /// The stack's layout tree and its sizes and positions as bit patterns (root first, then children).
    private func layOut(_ children: [any LayoutElement], _ context: StackContext,
                        driver: StackLayout.Driver) -> (layout: Layout, bits: [UInt64]) {
        var scratch = LayoutScratch()
        let root = StackLayout.layout(of: children, context, into: &scratch, driver: driver)
        let layout = scratch.layout(of: root)
        var bits = [layout.size.width.bitPattern, layout.size.height.bitPattern]
        for sublayout in layout.sublayouts {
            bits += [sublayout.size.width.bitPattern, sublayout.size.height.bitPattern,
                     sublayout.position.x.bitPattern, sublayout.position.y.bitPattern]
        }
        return (layout, bits)
    }

    private func randomValue(_ rng: inout CoreSplitMix64, upTo limit: Double) -> Double {
        switch rng.int(20) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -rng.double(0, 20)
        case 3, 4, 5: return 0
        default: return rng.double(0, limit)
        }
    }

    private func randomChild(index: Int, _ rng: inout CoreSplitMix64) -> any LayoutElement {
        var style = LayoutElementStyle()
        style.flexGrow = rng.pick([0, 0, 1, 2, 0.5])
        style.flexShrink = rng.pick([0, 0, 1, 0.5, 3])
        style.flexBasis = rng.pick([.auto, .auto, .points(rng.double(0, 120)), .fraction(rng.double(0, 1))])
        style.alignSelf = rng.pick(StackLayoutAlignSelf.allCases)
        if rng.chance(0.3) { style.spacingBefore = randomValue(&rng, upTo: 12) }
        if rng.chance(0.3) { style.spacingAfter = randomValue(&rng, upTo: 12) }
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
        let natural = Size(width: randomValue(&rng, upTo: 150), height: randomValue(&rng, upTo: 90))
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
            direction: rng.pick(StackLayoutDirection.allCases), spacing: randomValue(&rng, upTo: 10),
            justifyContent: rng.pick(StackLayoutJustifyContent.allCases),
            alignItems: rng.pick(StackLayoutAlignItems.allCases), flexWrap: .noWrap,
            alignContent: rng.pick(StackLayoutAlignContent.allCases), lineSpacing: randomValue(&rng, upTo: 10),
            range: SizeRange(min: Size(width: minWidth, height: minHeight),
                             max: Size(width: maxWidth, height: maxHeight)))
    }
}
