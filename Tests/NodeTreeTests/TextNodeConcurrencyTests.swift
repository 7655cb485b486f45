import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LayoutCore
import Synchronization
import Testing
import TextEngine
@testable import NodeTree

// Text nodes on many threads at once, all measuring through TextMeasurer.shared and its one TextLayoutCache
// (run under TSan: see the report for the command). Every expected value comes from TextMeasurer.uncached
// computed on one thread beforehand, or from the font's hhea numbers (DejaVuMetrics).

/// A deterministic generator (the seed is printed by each randomized test).
struct TestRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// A cell with a one-line bold title and a body of at most three lines in a vertical stack, inset by 12.
final class NoteCellNode: CellNode, @unchecked Sendable {
    let title = TextNode(), body = TextNode()

    init(index: Int) {
        super.init()
        title.attributedText = NoteCellNode.title(index)
        title.maximumNumberOfLines = 1
        body.attributedText = NoteCellNode.body(index)
        body.maximumNumberOfLines = 3
        addSubnode(title)
        addSubnode(body)
    }

    static func title(_ index: Int) -> AttributedText {
        dejaVu("Note \(index): " + String(repeating: "a rather long title ", count: 1 + index % 4), size: 17,
               weight: .bold)
    }

    static func body(_ index: Int) -> AttributedText {
        dejaVu(String(repeating: "Body text that wraps over several lines. ", count: 1 + index % 6), size: 14)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        InsetLayoutSpec(insets: EdgeInsets(all: 12), child: StackLayoutSpec.vertical(spacing: 4, children: [title, body]))
    }

    /// Width 375: the stack is 351 wide and stretches both texts to it (alignItems stretch); the title is
    /// one line (truncated when longer), the body at most three.
    static func expectedFrames(index: Int) -> (size: Size, title: Rect, body: Rect) {
        let titleHeight = measuredText(title(index), width: 351, lines: 1).size.height
        let bodyHeight = measuredText(body(index), width: 351, lines: 3).size.height
        return (Size(width: 375, height: 12 + titleHeight + 4 + bodyHeight + 12),
                Rect(x: 12, y: 12, width: 351, height: titleHeight),
                Rect(x: 12, y: 12 + titleHeight + 4, width: 351, height: bodyHeight))
    }
}

@Suite struct TextNodeConcurrencyTests {
    struct Request: Sendable {
        var string: Int, size: Double, bold: Bool, width: Double, lines: Int

        var text: AttributedText {
            dejaVu(TextNodeConcurrencyTests.strings[string], size: size, weight: bold ? .bold : .regular)
        }
        var range: SizeRange { SizeRange(min: .zero, max: Size(width: width, height: .infinity)) }
    }

    static let strings = [
        helloString, whyString, "well-known hyphenated-words everywhere", "你好世界 mixed 中文 text",
        "line\nbreaks\nand more", "supercalifragilisticexpialidocious",
        "The quick brown fox jumps over the lazy dog and keeps running far away from here",
        "  leading and trailing spaces  ", "a", "emoji \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family",
    ]

    /// Fresh nodes, built and measured on 8 threads at once, for random (text, size, weight, width, line
    /// limit) requests that repeat, so threads hit each other's cache entries while others are inserted.
    @Test func freshNodesOnEightThreadsAgreeWithSingleThreadedUncachedMeasurement() {
        let seed: UInt64 = 0x7E47_0DE5
        print("freshNodesOnEightThreadsAgreeWithSingleThreadedUncachedMeasurement seed 0x\(String(seed, radix: 16))")
        var random = TestRandom(state: seed)
        let sizes = [11.0, 14, 20], widths = [40.0, 99, 150, 343, .infinity], lineLimits = [0, 1, 2]
        let requests = (0..<1_600).map { _ in
            Request(string: random.next(Self.strings.count), size: sizes[random.next(sizes.count)],
                    bold: random.next(2) == 0, width: widths[random.next(widths.count)],
                    lines: lineLimits[random.next(lineLimits.count)])
        }
        // The oracle, on this thread, without cache or node.
        let expected = requests.map { r in
            let result = measuredText(r.text, width: r.width, lines: r.lines)
            return (size: r.range.clamp(result.size), ascender: DejaVuMetrics.ascender(r.size),
                    descender: DejaVuMetrics.descender(r.size))
        }
        let results = Locked([(Size, Double, Double)?](repeating: nil, count: requests.count))
        onThreads(8, count: requests.count) { i in
            let r = requests[i]
            let node = TextNode(attributedText: r.text)  // the text is built on this thread too
            node.maximumNumberOfLines = r.lines
            let size = node.layoutThatFits(r.range).size
            let style = node.style
            results.withLock { $0[i] = (size, style.ascender, style.descender) }
        }
        let measured = results.load()
        for i in requests.indices {
            guard let (size, ascender, descender) = measured[i] else {
                Issue.record("request \(i) was not measured")
                continue
            }
            #expect(size == expected[i].size, "request \(i): \(requests[i])")
            #expect(ascender == expected[i].ascender && descender == expected[i].descender, "request \(i)")
        }
    }

    /// One node measured at different widths by 8 threads at once: each gets its own width's size, whatever
    /// the node's two layout slots hold meanwhile.
    @Test func oneNodeMeasuredAtManyWidthsAtOnce() {
        let node = TextNode(text: whyString + " " + whyString, fontSize: 13)
        let widths = [60.0, 99, 150, 200, 343, 500]
        let expected = widths.map { measuredText(node.attributedText, width: $0).size }
        let mismatches = Atomic<Int>(0)
        onThreads(8, count: 8 * 300) { i in
            let w = i % widths.count
            if node.layoutThatFits(widthRange(widths[w])).size != expected[w] {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    /// Two writers keep swapping a node's text between fonts of different sizes while readers measure it and
    /// read its style. Every size a reader sees is one of the texts' sizes, and once the writers stop, the
    /// style holds the baseline offsets of the text the node ends with — the last style write is for the last
    /// text even when the writers' two-lock updates interleave.
    @Test func textChangesRaceWithMeasurementAndTheStyleEndsOnTheLastText() {
        let texts = [dejaVu(whyString, size: 12), dejaVu(whyString, size: 20), dejaVu(helloString, size: 9),
                     dejaVu(helloString, size: 31, weight: .bold)]
        let range = widthRange(150)
        let possible = Set(texts.map { range.clamp(measuredText($0, width: 150).size) })
        let node = TextNode(attributedText: texts[0])
        let seen = Locked(Set<Size>())
        let writersLeft = Atomic<Int>(2)
        onThreads(6, count: 6) { thread in
            if thread < 2 {
                for k in 0..<400 {
                    node.attributedText = texts[(k + thread) % texts.count]
                    if k % 8 == 0 { sched_yield() }
                }
                writersLeft.subtract(1, ordering: .relaxed)
            } else {
                var local = Set<Size>()
                repeat {
                    local.insert(node.layoutThatFits(range).size)
                    _ = node.style
                } while writersLeft.load(ordering: .relaxed) > 0
                seen.withLock { $0.formUnion(local) }
            }
        }
        #expect(seen.load().isSubset(of: possible))
        let last = node.attributedText
        let lastSize = last.runs[0].attributes.size
        #expect(node.style.ascender == DejaVuMetrics.ascender(lastSize))
        #expect(node.style.descender == DejaVuMetrics.descender(lastSize))
        #expect(node.layoutThatFits(range).size == range.clamp(measuredText(last, width: 150).size))
    }

    /// Cells holding text nodes, created and measured on 4 threads, then loaded and laid out on the main
    /// actor without being measured again; frames as worked out from TextMeasurer.
    @Test func textNodesInsideCellsMeasuredInParallelThenLaidOutOnTheMainActor() async {
        let count = 240
        let range = SizeRange(width: 375)
        let cells = Locked([NoteCellNode?](repeating: nil, count: count))
        await onThreadsAsync(4, count: count) { i in
            let cell = NoteCellNode(index: i)
            _ = cell.layoutThatFits(range)
            cells.withLock { $0[i] = cell }
        }
        let measured = cells.load().map { $0! }
        await MainActor.run {
            let host = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 1_000_000))
            var y = 0.0
            for (i, cell) in measured.enumerated() {
                host.addSubview(cell.view)
                cell.frame = Rect(origin: Point(x: 0, y: y), size: cell.calculatedSize)
                cell.layoutIfNeeded()
                y += cell.calculatedSize.height

                let expected = NoteCellNode.expectedFrames(index: i)
                #expect(cell.frame.size == expected.size, "cell \(i)")
                #expect(cell.title.frame == expected.title, "cell \(i)")
                #expect(cell.body.frame == expected.body, "cell \(i)")
                #expect(cell.layoutStatistics.layoutPassMeasurements == 0, "cell \(i) was measured again on main")
            }
            // The titles that needed truncation got it (17-pt bold, 351 wide: one or two repetitions fit).
            let truncated = measured.filter { $0.title.textLayout(constrainedTo: Size(width: 351, height: .infinity)).isTruncated }
            #expect(!truncated.isEmpty && truncated.count < count)
        }
    }
}
