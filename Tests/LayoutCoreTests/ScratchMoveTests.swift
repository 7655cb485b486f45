// Flattening as the records' last use (Layout.nodeLayout(for:root:in:resettingTo:)): it moves each node's
// element into the layout it emits instead of retaining it again, so it must give the non-moving
// flatten's and the tree path's layouts, hand an element to every link of a record linked twice, leave
// records before the mark alone, and keep every node alive exactly as long as a layout holds it.

import Testing
@testable import LayoutCore

@Suite("Scratch flattening that moves elements")
struct ScratchMoveTests {
    static let side = Size(width: 10, height: 20)

    @Test func movingFlattenMatchesTheNonMovingOneAndEmptiesToTheMark() {
        let host = CoreFixture.node("host")
        let a = CoreFixture.node("a"), b = CoreFixture.node("b")
        var scratch = LayoutScratch()
        let start = scratch.mark
        let ra = scratch.appendNodeLayout(Layout(node: a, size: Self.side))
        scratch.setPosition(Point(x: 1, y: 2), of: ra)
        let rb = scratch.appendNodeLayout(Layout(node: b, size: Self.side, sublayouts: [Layout(node: a, size: Self.side)]))
        scratch.setPosition(Point(x: 3.3, y: 4), of: rb)
        let inner = scratch.appendSpec(size: Self.side, child: rb)
        scratch.setPosition(Point(x: 5, y: 6), of: inner)
        let root = scratch.appendSpec(size: Self.side, ra, inner)
        let expected = Layout.nodeLayout(for: host, specLayout: scratch.layout(of: root))
        let plain = Layout.nodeLayout(for: host, root: root, in: scratch)
        #expect(plain == expected)
        let moved = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)
        #expect(moved == expected)
        #expect(CoreFixture.names(moved) == ["a", "b"])
        #expect(scratch.mark.records == 0 && scratch.mark.objects == 0 && scratch.mark.links == 0)
    }

    @Test func aRecordLinkedTwiceGetsItsElementBothTimes() {
        let host = CoreFixture.node("host")
        let a = CoreFixture.node("a")
        var scratch = LayoutScratch()
        let start = scratch.mark
        let ra = scratch.appendNodeLayout(Layout(node: a, size: Self.side))
        scratch.setPosition(.zero, of: ra)
        let root = scratch.appendSpec(size: Self.side, ra, ra)
        let moved = flattenMatchingTheTreePath(host, root, &scratch, resettingTo: start)
        #expect(moved.sublayouts.count == 2 && moved.sublayouts.allSatisfy { $0.element === a })
    }

    @Test func recordsBeforeTheMarkKeepTheirElement() {
        let host = CoreFixture.node("host")
        let a = CoreFixture.node("a"), b = CoreFixture.node("b")
        var scratch = LayoutScratch()
        let ra = scratch.appendNodeLayout(Layout(node: a, size: Self.side))
        scratch.setPosition(.zero, of: ra)
        let start = scratch.mark
        let rb = scratch.appendNodeLayout(Layout(node: b, size: Self.side))
        scratch.setPosition(.zero, of: rb)
        let root = scratch.appendSpec(size: Self.side, ra, rb)
        _ = flattenMatchingTheTreePath(host, root, &scratch, resettingTo: start)
        #expect(scratch.mark.records == 1 && scratch.mark.objects == 1)
        #expect(scratch.layout(of: ra).element === a)
    }

    /// The moving flatten of `root`, checked against the tree path's layout of the same records.
    private func flattenMatchingTheTreePath(_ host: LeafNode, _ root: LayoutRecordIndex, _ scratch: inout LayoutScratch,
                                            resettingTo start: LayoutScratch.Mark) -> Layout {
        let expected = Layout.nodeLayout(for: host, specLayout: scratch.layout(of: root))
        let moved = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)
        #expect(moved == expected)
        return moved
    }

    @Test func nodesLiveExactlyAsLongAsTheirLayouts() {
        weak var weakA: LeafNode?
        weak var weakB: LeafNode?
        var result: Layout?
        var scratch = LayoutScratch()
        do {
            let host = CoreFixture.node("host")
            let a = CoreFixture.node("a"), b = CoreFixture.node("b")
            weakA = a; weakB = b
            let start = scratch.mark
            let ra = scratch.appendNodeLayout(Layout(node: a, size: Self.side))
            scratch.setPosition(.zero, of: ra)
            // Measured, then replaced (never linked): released with the scratch's reset.
            _ = scratch.appendNodeLayout(Layout(node: b, size: Self.side))
            let root = scratch.appendSpec(size: Self.side, child: ra)
            result = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)
        }
        #expect(weakB == nil)
        #expect(weakA != nil && result?.sublayouts.first?.element === weakA)
        result = nil
        #expect(weakA == nil)
        _ = scratch
    }

    @Test func specHostNodeStillFlattensAsTheTreePath() {
        let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 20, 10)
        let host = SpecHostNode("host") { _ in
            StackLayoutSpec.vertical(spacing: 2, justifyContent: .start, alignItems: .start, children: [a, b])
        }
        let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
        let layout = host.calculateLayoutThatFits(range)
        #expect(CoreFixture.names(layout) == ["a", "b"])
        #expect(layout.sublayouts[1].position == Point(x: 0, y: 12))
    }
}
