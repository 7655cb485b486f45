import LayoutCore
import Testing
@testable import NodeTree

// The per-thread scratches of spec measurements (LayoutScratchPool.swift): one per nesting level, created
// on first use at that level and reused after; a nested measurement writes into its own level's scratch,
// so the outer level's records survive it.

@Suite struct LayoutScratchPoolTests {
    /// Three nodes with specs, each the child of the one before: three nesting levels of spec measurement.
    static func nestedTree() -> (ClosureSpecNode, ClosureSpecNode, ClosureSpecNode) {
        let leaf = IntrinsicSizeNode("leaf", Size(width: 30, height: 20))
        let inner = ClosureSpecNode("inner") { _, _ in
            InsetLayoutSpec(insets: EdgeInsets(all: 1), child: leaf)
        }
        inner.addSubnode(leaf)
        let middle = ClosureSpecNode("middle") { _, _ in
            StackLayoutSpec.vertical(children: [inner, LayoutSpec.spacer()])
        }
        middle.addSubnode(inner)
        let outer = ClosureSpecNode("outer") { _, _ in
            InsetLayoutSpec(insets: EdgeInsets(all: 4), child: middle)
        }
        outer.addSubnode(middle)
        return (outer, middle, inner)
    }

    /// The frames of each level come out right (an inner level writing into the outer's scratch would
    /// corrupt the outer's records), and a thread's second layout of the tree adds no level.
    @Test(arguments: [false, true])
    func nestedSpecMeasurementsUseOneScratchPerLevel(onOtherThread: Bool) {
        let measure = { @Sendable () -> (Rect, Rect, Int, Int, Int) in
            let levelsBefore = LayoutScratchPool.levelCount
            let (outer, middle, inner) = Self.nestedTree()
            let layout = outer.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 80)))
            let levelsAfterFirst = LayoutScratchPool.levelCount
            // A fresh tree, so that nothing is answered from a node's cache.
            let (outer2, _, _) = Self.nestedTree()
            _ = outer2.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 80)))
            let middleFrame = layout.frame(for: middle)
            let innerLayout = middle.layoutThatFits(SizeRange(exactly: Size(width: 92, height: 72)))
            return (middleFrame, innerLayout.frame(for: inner), levelsBefore, levelsAfterFirst,
                    LayoutScratchPool.levelCount)
        }
        let (middleFrame, innerFrame, before, afterFirst, afterSecond) =
            onOtherThread ? valueOnOtherThread { measure() } : measure()
        #expect(middleFrame == Rect(x: 4, y: 4, width: 92, height: 72))
        #expect(innerFrame == Rect(x: 0, y: 0, width: 92, height: 22))
        #expect(afterFirst >= 3, "three nested spec measurements need three scratches")
        #expect(afterFirst >= before)
        #expect(afterSecond == afterFirst, "a second layout of the same shape reuses the levels")
    }
}
