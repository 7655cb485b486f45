import Testing
@testable import LayoutCore

// The default-line driver (StackLayout+DefaultLine.swift) places a one-line stack of default-styled
// children as it measures them, and checks afterwards that the finished line keeps those places: it must
// give exactly the records of the general driver (which every other stack test checks against Texture),
// bit for bit, NaN and -0 included — also when a stretched child changes its stack size or an inverted
// cross range moves the line, where it places the items again. A failure names its seed.

@Suite struct StackDefaultLineTests {
    @Test func theDefaultLineGivesTheGeneralDriversRecords() {
        var defaultLines = 0
        for seed in UInt64(1)...4_000 {
            var rng = CoreSplitMix64(seed: seed)
            let children: [any LayoutElement] = (0..<(1 + rng.int(5))).map { DefaultStyledChild(&rng, index: $0) }
            let context = randomContext(&rng)
            if StackLayout.takesDefaultLine(context) { defaultLines += 1 }
            let automatic = stackLayoutBits(children, context, driver: .automatic)
            let general = stackLayoutBits(children, context, driver: .general)
            #expect(automatic.bits == general.bits,
                    "seed \(seed): default line \(automatic.layout) vs \(general.layout)")
        }
        // Enough of the seeds take the default line (justifyContent start and alignItems stretch or start).
        #expect(defaultLines > 400)
    }

    @Test func eachChildIsMeasuredAsOftenAndInTheSameOrder() {
        for seed in UInt64(1)...500 {
            var rng = CoreSplitMix64(seed: seed)
            let log = MeasureLog()
            let children: [any LayoutElement] = (0..<(1 + rng.int(5))).map {
                DefaultStyledChild(&rng, index: $0, log: log)
            }
            var context = randomContext(&rng)
            context = StackContext(direction: context.direction, spacing: context.spacing, justifyContent: .start,
                                   alignItems: .stretch, flexWrap: .noWrap, alignContent: context.alignContent,
                                   lineSpacing: context.lineSpacing, range: context.range)
            _ = stackLayoutBits(children, context, driver: .automatic)
            let automatic = log.entries
            log.entries = []
            _ = stackLayoutBits(children, context, driver: .general)
            #expect(automatic == log.entries, "seed \(seed)")
        }
    }

    /// The default line takes its run of links before it measures its children, and writes each link after
    /// the child's measurement, which may have moved the scratch's links (children with many sublayouts of
    /// their own, in a scratch that starts small): the whole layout tree as the general driver makes it.
    @Test func childrenThatGrowTheScratchesLinksKeepTheirPlaces() {
        for direction in StackLayoutDirection.allCases {
            let children: [any LayoutElement] = (0..<4).map { column in
                let leaves: [any LayoutElement] = (0..<40).map { LeafNode("leaf\(column).\($0)", width: 3, height: 2) }
                return InsetLayoutSpec(insets: EdgeInsets(all: Double(column)),
                                       child: StackLayoutSpec(direction: direction, children: leaves))
            }
            for alignItems in [StackLayoutAlignItems.stretch, .start] {
                let context = StackContext(direction: direction == .horizontal ? .vertical : .horizontal, spacing: 2,
                                           justifyContent: .start, alignItems: alignItems, flexWrap: .noWrap,
                                           alignContent: .start, lineSpacing: 0,
                                           range: SizeRange(min: .zero, max: Size(width: 500, height: 500)))
                #expect(StackLayout.takesDefaultLine(context))
                func tree(_ driver: StackLayout.Driver) -> String {
                    var scratch = LayoutScratch()
                    let root = StackLayout.layout(of: children, context, into: &scratch, driver: driver)
                    return scratch.layout(of: root).description
                }
                #expect(tree(.automatic) == tree(.general), "\(direction) \(alignItems)")
            }
        }
    }

    private func randomContext(_ rng: inout CoreSplitMix64) -> StackContext {
        func axis(_ rng: inout CoreSplitMix64) -> (Double, Double) {
            let lo = rng.chance(0.4) ? 0 : rng.double(0, 300)
            if rng.chance(0.3) { return (lo, lo) }
            if rng.chance(0.08) { return (lo, lo / 2) }  // inverted
            return (lo, rng.chance(0.3) ? .infinity : lo + rng.double(0, 300))
        }
        let (minWidth, maxWidth) = axis(&rng)
        let (minHeight, maxHeight) = axis(&rng)
        // Mostly what the default line takes.
        let justifyContent = rng.chance(0.7) ? .start : rng.pick(StackLayoutJustifyContent.allCases)
        let alignItems: StackLayoutAlignItems = rng.chance(0.7)
            ? rng.pick([.stretch, .stretch, .start, .notSet]) : rng.pick(StackLayoutAlignItems.allCases)
        return StackContext(
            direction: rng.pick(StackLayoutDirection.allCases), spacing: stackTestValue(&rng, upTo: 10),
            justifyContent: justifyContent, alignItems: alignItems,
            flexWrap: rng.chance(0.9) ? .noWrap : .wrap,
            alignContent: rng.pick(StackLayoutAlignContent.allCases), lineSpacing: stackTestValue(&rng, upTo: 10),
            range: SizeRange(min: Size(width: minWidth, height: minHeight),
                             max: Size(width: maxWidth, height: maxHeight)))
    }
}

/// Which child was measured with which range, in order.
private final class MeasureLog: @unchecked Sendable {
    var entries: [String] = []
}

/// A node child with the default style (`usesDefaultLayoutStyle`), so a stack takes the default item for
/// it: text-like (wraps to the offered width), of a fixed natural size, or odd — a size outside the
/// offered range (NaN, ∞, negative, or the range's minimum plus a margin, so a stretched child's stack
/// size changes).
private final class DefaultStyledChild: LayoutElement, @unchecked Sendable {
    private enum Kind { case text(Double), natural(Size), aboveMinimum(Double) }
    private let kind: Kind
    private let name: String
    private let log: MeasureLog?

    init(_ rng: inout CoreSplitMix64, index: Int, log: MeasureLog? = nil) {
        name = "child\(index)"
        self.log = log
        switch rng.int(10) {
        case 0...3: kind = .text(Double(rng.int(80)))
        case 4...7:
            func value(_ rng: inout CoreSplitMix64, _ limit: Double) -> Double {
                switch rng.int(20) {
                case 0: .nan
                case 1: .infinity
                case 2: -rng.double(0, 20)
                case 3, 4: 0
                default: rng.double(0, limit)
                }
            }
            kind = .natural(Size(width: value(&rng, 150), height: value(&rng, 90)))
        default: kind = .aboveMinimum(rng.pick([0.5, 1, 3.25]))
        }
    }

    var layoutElementType: LayoutElementType { .node }
    var style: LayoutElementStyle { LayoutElementStyle() }
    var usesDefaultLayoutStyle: Bool { true }

    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        log?.entries.append("\(name) \(constrainedSize)")
        switch kind {
        case .text(let characters):
            let max = constrainedSize.max
            let lineWidth = Swift.min(max.width, characters * 7)
            let lines = lineWidth > 0 ? (characters * 7 / lineWidth).rounded(.up) : 0
            return Layout(node: self, size: constrainedSize.clamp(Size(width: lineWidth, height: 17 * lines)))
        case .natural(let size):
            return Layout(node: self, size: constrainedSize.clamp(size))
        case .aboveMinimum(let margin):
            let min = constrainedSize.min
            return Layout(node: self, size: Size(width: min.width + margin, height: min.height + margin))
        }
    }
}
