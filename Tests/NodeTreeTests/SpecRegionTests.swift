@testable import LayoutCore
import Testing
@testable import NodeTree

// A node builds its spec inside a spec region of the measuring thread (LayoutCore's SpecArena.swift): the
// built-in specs then live in the thread's arena, and none is left once the node's layout is done —
// nested specs of subnodes measured inside included, on any thread.

@Suite struct SpecRegionTests {
    /// A node whose spec wraps a subnode with a spec of its own, recording whether each spec was built in
    /// a region and in the arena.
    static func tree(log: Locked<[Bool]>) -> (ClosureSpecNode, DisplayNode) {
        let leaf = IntrinsicSizeNode("leaf", Size(width: 30, height: 20))
        let middle = ClosureSpecNode("middle") { _, _ in
            let spec = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: leaf)
            log.withLock { $0.append(LayoutSpecRegion.isOpen && spec.storage.isInArena) }
            return spec
        }
        middle.addSubnode(leaf)
        let root = ClosureSpecNode("root") { _, _ in
            var stack = StackLayoutSpec.vertical(children: [middle, LayoutSpec.spacer()])
            stack.style.flexShrink = 1
            log.withLock { $0.append(LayoutSpecRegion.isOpen && stack.storage.isInArena) }
            return InsetLayoutSpec(insets: EdgeInsets(all: 4), child: stack)
        }
        root.addSubnode(middle)
        return (root, leaf)
    }

    @Test(arguments: [false, true])
    func aNodesSpecLivesInTheMeasuringThreadsArenaUntilItsLayoutIsDone(onOtherThread: Bool) {
        let log = Locked<[Bool]>([])
        let (root, leaf) = Self.tree(log: log)
        let measure = { @Sendable () -> (Rect, Bool, Int) in
            let layout = root.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 80)))
            let middle = layout.sublayouts[0]
            return (middle.frame, LayoutSpecRegion.isOpen, LayoutSpecRegion.liveSpecCount)
        }
        let (frame, openAfter, liveAfter) = onOtherThread ? valueOnOtherThread { measure() } : measure()
        #expect(frame == Rect(x: 4, y: 4, width: 92, height: 24))
        #expect(log.load() == [true, true], "both specs built in a region, in the arena")
        #expect(!openAfter && liveAfter == 0, "no region open and no spec left after the layout")
        _ = leaf
    }
}
