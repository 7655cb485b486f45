import Foundation
import Testing
@testable import LayoutCore
@testable import NodeTree
import TextEngine

// A node's `usesDefaultLayoutStyle` (DisplayNode+DefaultStyle.swift): true until anything writes its style,
// false from then on; a stack then takes its default item for the node without locking it, which must
// give the frames of the locked read.

@Suite struct NodeDefaultStyleTests {
    @Test func aNodeUsesTheDefaultStyleUntilItsStyleIsWritten() {
        let node = DisplayNode()
        #expect(node.usesDefaultLayoutStyle)
        #expect(node.style == LayoutElementStyle.defaultStyle)
        _ = node.style.flexGrow   // a read is not a write
        #expect(node.usesDefaultLayoutStyle)
        node.style.flexGrow = 1
        #expect(!node.usesDefaultLayoutStyle)
        node.style.flexGrow = 0   // back to the default values: still read under the lock (never cleared)
        #expect(!node.usesDefaultLayoutStyle)
    }

    /// A text node's baseline offsets are written into its style when its text is set.
    @Test func settingATextNodesTextWritesItsStyle() {
        let node = TextNode(measurer: TextMeasurer(cache: TextLayoutCache(capacity: 16)))
        #expect(node.usesDefaultLayoutStyle)
        node.attributedText = AttributedText("Hello", attributes: TextAttributes(size: 12))
        #expect(!node.usesDefaultLayoutStyle)
        #expect(node.style.ascender > 0)
    }

    /// Default-style and styled node children in one stack: the frames are those of LayoutCore leaves with
    /// the same styles (which read their styles through the protocol), so the default item the stack takes
    /// for the unstyled nodes is what their style gives.
    @Test func defaultStyleNodesLayOutAsTheirStyleSays() {
        for alignItems in StackLayoutAlignItems.allCases {
            for direction in StackLayoutDirection.allCases {
                let plain = DisplayNode(), styled = DisplayNode(), other = DisplayNode()
                styled.style.flexGrow = 1
                styled.style.height = .points(12)
                let nodes = [plain, styled, other]
                let leaves = nodes.enumerated().map { LeafNode("leaf\($0.offset)", style: $0.element.style) }
                let range = SizeRange(min: Size(width: 90, height: 30), max: Size(width: 90, height: 60))
                func frames(_ children: [any LayoutElement]) -> [Rect] {
                    StackLayoutSpec(direction: direction, alignItems: alignItems, children: children)
                        .layoutThatFits(range).sublayouts.map { Rect(origin: $0.position, size: $0.size) }
                }
                #expect(plain.usesDefaultLayoutStyle && !styled.usesDefaultLayoutStyle)
                #expect(frames(nodes) == frames(leaves), "\(direction) \(alignItems)")
            }
        }
    }

    /// Style writes racing measurements on other threads (run under TSan by the CI): every measurement
    /// sees either the default style or the written one, and the flag only goes one way.
    @Test func styleWritesRacingMeasurementsSeeOneStyleOrTheOther() {
        final class Widths: @unchecked Sendable {
            let lock = NSLock()
            var values: [Double] = []
            func append(_ value: Double) { lock.lock(); values.append(value); lock.unlock() }
        }
        func host(_ node: DisplayNode) -> DisplayNode {
            let host = DisplayNode()
            host.addSubnode(node)
            host.layoutSpecBlock = { host, _ in
                StackLayoutSpec.horizontal(alignItems: .start, children: host.subnodes.map { $0 as any LayoutElement })
            }
            return host
        }
        let range = SizeRange(min: .zero, max: Size(width: 100, height: 10))
        @Sendable func width(_ host: DisplayNode) -> Double { host.layoutThatFits(range).sublayouts[0].size.width }
        let unstyled = width(host(DisplayNode()))
        let styledNode = DisplayNode()
        styledNode.style.width = .points(20)
        let styled = width(host(styledNode))
        #expect(unstyled != styled)
        for _ in 0..<50 {
            let node = DisplayNode()
            let root = host(node)
            let widths = Widths()
            onThreads(2, count: 2) { index in
                if index == 0 {
                    node.style.width = .points(20)
                } else {
                    widths.append(width(root))
                }
            }
            #expect(!node.usesDefaultLayoutStyle)
            #expect(widths.values.allSatisfy { $0 == unstyled || $0 == styled }, "\(widths.values)")
        }
    }
}
