import Foundation
import Testing
@testable import LayoutCore
@testable import NodeTree

// A node's `withLayoutStylePointer` (DisplayNode+Layout.swift): the stack algorithm's one style read per
// node child, by address in the node's state and under the node's lock. It must show the node's style,
// run `body` once with the lock held and release it after, and give the stack the items and layouts of
// the borrowing read.

@Suite struct NodeStylePointerTests {
    static func styled(_ configure: (inout LayoutElementStyle) -> Void) -> DisplayNode {
        let node = DisplayNode()
        var style = LayoutElementStyle()
        configure(&style)
        node.style = style
        return node
    }

    /// A try-lock of the node's lock word: fails while someone holds it; unlocks again on success.
    static func lockIsHeld(_ node: DisplayNode) -> Bool {
        node.state.storage.withUnsafeMutablePointerToHeader { header in
            let word = LockedStorage<DisplayNode.State>.lockWord(in: header)
            guard tryLockLockWord(word) else { return true }
            unlockLockWord(word)
            return false
        }
    }

    @Test func thePointerShowsTheNodesStyleUnderItsLock() {
        let node = Self.styled {
            $0.flexGrow = 1
            $0.flexShrink = 2
            $0.flexBasis = .fraction(0.5)
            $0.alignSelf = .stretch
            $0.spacingBefore = 3
            $0.width = .points(30)
            $0.maxHeight = .points(90)
        }
        var calls = 0
        var addresses: [UnsafePointer<LayoutElementStyle>] = []
        let expected = node.style
        for _ in 0..<2 {
            node.withLayoutStylePointer { pointer in
                calls += 1
                addresses.append(pointer)
                #expect(pointer.pointee == expected)
                #expect(Self.lockIsHeld(node), "body runs under the node's lock")
            }
        }
        #expect(calls == 2)
        #expect(addresses[0] == addresses[1], "read in place in the node's state, not from a copy")
        #expect(!Self.lockIsHeld(node), "the lock is released after body")
        // A later style change is what the next read shows.
        node.style.flexGrow = 7
        var flexGrow = 0.0
        node.withLayoutStylePointer { flexGrow = $0.pointee.flexGrow }
        #expect(flexGrow == 7)
    }

    @Test func thePointerReadGivesTheItemOfTheBorrowingRead() {
        let nodes = [
            Self.styled { _ in },
            Self.styled { $0.alignSelf = .stretch; $0.minWidth = .points(12); $0.height = .points(40) },
            Self.styled { $0.alignSelf = .end; $0.flexGrow = 1; $0.flexShrink = 1; $0.spacingAfter = 6 },
            Self.styled { $0.flexBasis = .points(25); $0.maxWidth = .fraction(0.5); $0.ascender = 9 },
        ]
        for direction in StackLayoutDirection.allCases {
            for alignItems in StackLayoutAlignItems.allCases {
                let context = StackContext(direction: direction, spacing: 0, justifyContent: .start,
                                           alignItems: alignItems, flexWrap: .noWrap, alignContent: .start,
                                           lineSpacing: 0, range: SizeRange(width: 200))
                for node in nodes {
                    var read = ""
                    node.withLayoutStylePointer { read = "\(StackItem(style: LayoutStyleReference($0), context: context))" }
                    let borrowed = node.withLayoutStyle { style in
                        withUnsafePointer(to: copy style) { "\(StackItem(style: LayoutStyleReference($0), context: context))" }
                    }
                    #expect(!read.isEmpty && read == borrowed, "\(direction) \(alignItems): \(read) vs \(borrowed)")
                }
            }
        }
    }

    /// End to end: a stack of styled node children lays out as the same stack of LayoutCore leaves
    /// (which read their styles through the protocol's default), with flexGrow and alignSelf applied, and
    /// the nodes' locks are free afterwards.
    @Test func aStackOfNodeChildrenLaysOutByTheirStyles() {
        let styles: [(inout LayoutElementStyle) -> Void] = [
            { $0.width = .points(30); $0.height = .points(20) },
            { $0.flexGrow = 1; $0.height = .points(10); $0.alignSelf = .end },
            { $0.width = .points(15); $0.alignSelf = .stretch },
        ]
        let nodes = styles.map { Self.styled($0) }
        let leaves = nodes.enumerated().map { LeafNode("leaf\($0.offset)", style: $0.element.style) }
        let range = SizeRange(min: Size(width: 100, height: 0), max: Size(width: 100, height: 50))
        func frames(_ children: [any LayoutElement]) -> [Rect] {
            StackLayoutSpec.horizontal(alignItems: .start, children: children).layoutThatFits(range)
                .sublayouts.map { Rect(origin: $0.position, size: $0.size) }
        }
        let nodeFrames = frames(nodes)
        #expect(nodeFrames == frames(leaves))
        // The stretched child fills the 50-point maximum, so the line is 50 high; the grower takes the
        // 55 points left and sits at the end.
        #expect(nodeFrames == [Rect(x: 0, y: 0, width: 30, height: 20), Rect(x: 30, y: 40, width: 55, height: 10),
                               Rect(x: 85, y: 0, width: 15, height: 50)], "\(nodeFrames)")
        #expect(!nodes.contains { Self.lockIsHeld($0) })
    }
}
