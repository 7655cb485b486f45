import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

// Texture's baseline stack scenarios (ASStackLayoutSpecSnapshotTests' testStackLayoutSpecWithBaselineAlignment):
// "Hello" at 20 pt beside "Why, hello there! How are you?" at 12 pt (flexShrink 1) in a horizontal stack
// with alignItems baselineFirst or baselineLast, over a background node, measured with width exactly 150
// (Texture's range) or 300 and any height. Scale 2.
//
// Each case is checked twice: against frames worked out by hand below (literal numbers), and against frames
// composed from TextMeasurer's results with ASStackLayoutSpec's baseline step and the positioning rules — so a
// wrong literal and a wrong composition cannot both pass.
//
// By hand (DejaVu Sans, see TextNodeTests): Hello 51 × 23.5, ascender 18.564453125, descender −4.716796875;
// Why unconstrained 190 × 14 (one line), ascender 11.138671875, descender −2.830078125.
//   Width 300: 51 + 190 = 241 ≤ 300, nothing flexes.
//   Width 150: 241 − 150 = 91 too wide; only Why shrinks (flexShrink 1), to 190 − 91 = 99, and is measured
//   again at exactly 99: "Why, hello " | "there! How are " | "you?" → 3 lines, 99 × ceilPx(41.91) = 42.
//   Item baselines: baselineFirst → ascender; baselineLast → cross size + descender. The line's baseline is
//   the largest; each item's y = line baseline − item baseline (ceilPx'ed); the line's cross size =
//   max(start-to-baseline) + max(baseline-to-end).
//     first/150: Hello 18.56, Why 11.14 → Why y = 7.43 → 7.5; cross 18.56 + max(4.94, 30.86) = 49.43 → 49.5
//     last/150:  Hello 23.5 − 4.72 = 18.78, Why 42 − 2.83 = 39.17 → Hello y = 20.39 → 20.5; cross 39.17 +
//                max(4.72, 2.83) = 43.89 → 44
//     first/300: Why y = 7.43 → 7.5; cross 18.56 + max(4.94, 2.86) = 23.5
//     last/300:  Hello 18.78, Why 14 − 2.83 = 11.17 → Why y = 7.61 → 8; cross 18.78 + 4.72 = 23.5
@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct TextNodeBaselineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var alignItems: StackLayoutAlignItems
        var width: Double
        var size: Size
        var hello: Rect
        var why: Rect
        var testDescription: String { "\(alignItems) at width \(Int(width))" }
    }

    static let cases: [Case] = [
        Case(alignItems: .baselineFirst, width: 150, size: Size(width: 150, height: 49.5),
             hello: Rect(x: 0, y: 0, width: 51, height: 23.5), why: Rect(x: 51, y: 7.5, width: 99, height: 42)),
        Case(alignItems: .baselineLast, width: 150, size: Size(width: 150, height: 44),
             hello: Rect(x: 0, y: 20.5, width: 51, height: 23.5), why: Rect(x: 51, y: 0, width: 99, height: 42)),
        Case(alignItems: .baselineFirst, width: 300, size: Size(width: 300, height: 23.5),
             hello: Rect(x: 0, y: 0, width: 51, height: 23.5), why: Rect(x: 51, y: 7.5, width: 190, height: 14)),
        Case(alignItems: .baselineLast, width: 300, size: Size(width: 300, height: 23.5),
             hello: Rect(x: 0, y: 0, width: 51, height: 23.5), why: Rect(x: 51, y: 8, width: 190, height: 14)),
    ]

    /// Texture's test: background node + stack of the two text nodes, the second one shrinkable.
    final class Scenario: Sendable {
        let host = DisplayNode(), background = DisplayNode()
        let hello = TextNode(text: helloString, fontSize: 20)
        let why = TextNode(text: whyString, fontSize: 12)

        init(alignItems: StackLayoutAlignItems) {
            why.style.flexShrink = 1
            for node in [background, hello, why] { host.addSubnode(node) }
            host.layoutSpecBlock = { [background, hello, why] _, _ in
                BackgroundLayoutSpec(child: StackLayoutSpec.horizontal(alignItems: alignItems, children: [hello, why]),
                                     background: background)
            }
        }

        func layout(width: Double) -> Layout {
            host.layoutThatFits(SizeRange(min: Size(width: width, height: 0),
                                          max: Size(width: width, height: .infinity)))
        }
    }

    @Test(arguments: cases)
    func framesWorkedOutByHand(_ c: Case) {
        let scenario = Scenario(alignItems: c.alignItems)
        let layout = scenario.layout(width: c.width)
        #expect(layout.size == c.size)
        #expect(layout.frame(for: scenario.background) == Rect(origin: .zero, size: c.size))
        #expect(layout.frame(for: scenario.hello) == c.hello)
        #expect(layout.frame(for: scenario.why) == c.why)
    }

    @Test(arguments: cases)
    func framesComposedFromTheMeasuredText(_ c: Case) {
        let expected = composedFrames(alignItems: c.alignItems, width: c.width)
        let scenario = Scenario(alignItems: c.alignItems)
        let layout = scenario.layout(width: c.width)
        #expect(layout.size == expected.size)
        #expect(layout.frame(for: scenario.hello) == expected.hello)
        #expect(layout.frame(for: scenario.why) == expected.why)
        #expect(expected.size == c.size && expected.hello == c.hello && expected.why == c.why,
                "the hand-worked literals agree with the composition")
    }

    /// The two-item case of the stack algorithm written out for these texts: measure both unconstrained,
    /// shrink the second by the overflow if any (the only shrinkable item), item baselines and line cross
    /// size (the baseline step), positions (cross offset = line baseline − item baseline, ceilPx at
    /// layout creation). Sizes come from TextMeasurer.uncached (ceiled by it), the baselines from the hhea
    /// numbers (DejaVuMetrics), not from the text node or AttributedText.baselineMetrics.
    func composedFrames(alignItems: StackLayoutAlignItems, width: Double) -> (size: Size, hello: Rect, why: Rect) {
        let helloText = dejaVu(helloString, size: 20), whyText = dejaVu(whyString, size: 12)
        let helloSize = measuredText(helloText).size
        var whySize = measuredText(whyText).size
        let overflow = helloSize.width + whySize.width - width
        if overflow > 0 {
            let shrunk = whySize.width - overflow
            whySize = Size(width: shrunk, height: measuredText(whyText, width: shrunk).size.height)
        }
        func baseline(_ size: Size, fontSize: Double) -> Double {
            alignItems == .baselineFirst ? DejaVuMetrics.ascender(fontSize)
                                         : size.height + DejaVuMetrics.descender(fontSize)
        }
        let helloBaseline = baseline(helloSize, fontSize: 20), whyBaseline = baseline(whySize, fontSize: 12)
        let lineBaseline = max(helloBaseline, whyBaseline)
        let belowBaseline = max(helloSize.height - helloBaseline, whySize.height - whyBaseline)
        let height = ceilPx(lineBaseline + belowBaseline)
        return (Size(width: width, height: height),
                Rect(origin: Point(x: 0, y: ceilPx(lineBaseline - helloBaseline)), size: helloSize),
                Rect(origin: Point(x: helloSize.width, y: ceilPx(lineBaseline - whyBaseline)), size: whySize))
    }

    /// The baseline offsets are in the style before the first measurement — the stack reads them first — so
    /// even a stack measured once, right after the texts were set, lines up.
    @Test func theFirstMeasurementAlreadyAligns() {
        let scenario = Scenario(alignItems: .baselineFirst)
        scenario.hello.attributedText = dejaVu(helloString, size: 40)
        let layout = scenario.layout(width: 300)
        // Hello at 40 pt: ascender 37.13; Why's y = 37.13 − 11.14 = 25.99 → 26.
        #expect(layout.frame(for: scenario.why).minY == ceilPx(DejaVuMetrics.ascender(40) - DejaVuMetrics.ascender(12)))
        #expect(layout.frame(for: scenario.why).minY == 26)
        #expect(layout.frame(for: scenario.hello).minY == 0)
    }

    /// A vertical stack reports its first child's ascender and last child's descender (3.2 side effect), so
    /// texts nested in one align with a text beside the stack.
    @Test func aVerticalStackOfTextsAlignsByItsFirstText() {
        let host = DisplayNode()
        let big = TextNode(text: helloString, fontSize: 20)
        let top = TextNode(text: "top", fontSize: 12), bottom = TextNode(text: "bottom", fontSize: 16)
        for node in [big, top, bottom] { host.addSubnode(node) }
        host.layoutSpecBlock = { _, _ in
            StackLayoutSpec.horizontal(alignItems: .baselineFirst, children: [
                big, StackLayoutSpec.vertical(alignItems: .start, children: [top, bottom]),
            ])
        }
        let layout = host.layoutThatFits(.unconstrained)
        // The column's baseline is top's (11.14): it sits at 18.56 − 11.14 = 7.43 → 7.5.
        #expect(layout.frame(for: top).minY == 7.5)
        #expect(layout.frame(for: bottom).minY == 7.5 + 14)
        #expect(layout.frame(for: big).minY == 0)
    }
}
