import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// What a node allocates (DisplayNode+SideState.swift, DisplayNode+StyleStorage.swift): its state holds
// what creating, measuring and caching a node touch (a text node's baseline offsets too); the style gets
// a box on its first other write (a network image node's at creation), and the calculated layout, the
// view, bridged view state, transitions, the supernode's layout key, the debug name and the pass's and
// rarer counters get one on the first write of any of them. A node that is only created and measured —
// also as a spec child of another node — allocates neither box.

@Suite struct NodeFootprintTests {
    private static func hasSideState(_ node: DisplayNode) -> Bool { node.state.withLock { $0.hasSideState } }
    private static func hasStyleBox(_ node: DisplayNode) -> Bool { node.state.withLock { $0.hasStyleBox } }

    /// A root whose spec stacks two children, measured; the children are subnodes.
    private static func measuredTree() -> (root: DisplayNode, children: [DisplayNode]) {
        let a = DisplayNode(), b = DisplayNode()
        let root = DisplayNode()
        root.addSubnode(a)
        root.addSubnode(b)
        root.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(children: a, b) }
        _ = root.layoutThatFits(SizeRange(min: .zero, max: Size(width: 300, height: .infinity)))
        _ = root.layoutThatFits(SizeRange(exactly: Size(width: 200, height: 100)))
        return (root, [a, b])
    }

    @Test func creatingAndMeasuringAllocatesNeitherBox() {
        let (root, children) = Self.measuredTree()
        for node in [root] + children {
            #expect(!Self.hasSideState(node))
            #expect(!Self.hasStyleBox(node))
            #expect(node.usesDefaultLayoutStyle)
            #expect(node.debugName == nil && !node.isNodeLoaded && node.frame == .zero)
        }
        // The counters a measurement writes are the node's own; the rarer ones read as 0 without a box.
        let statistics = children[0].layoutStatistics
        #expect(statistics.cacheMisses == 2 && statistics.cacheHits == 0)
        #expect(statistics.transitionsStarted == 0 && statistics.automaticInsertions == 0)
        #expect(!Self.hasSideState(children[0]))
    }

    @Test func writingAnInitialValueAllocatesNoSideBox() {
        let node = DisplayNode()
        node.debugName = nil
        node.state.withLock { s in
            s.view = nil
            s.didLoadBlocks = []
            s.isRegisteredForFlush = false
            s.threadSafeBounds = .zero
            s.supernodeLayoutKey = nil
            s.descendantsPendingTransitionID = 0
            s.needsLayoutAfterTransition = false
            s.pendingTransitionContext = nil
            s.animator = nil
        }
        #expect(!Self.hasSideState(node))
    }

    @Test(arguments: 0..<5)
    func theFirstWriteOfASideFieldAllocatesTheSideBox(field: Int) {
        let node = DisplayNode()
        switch field {
        case 0: node.debugName = "named"
        case 1: node.frame = Rect(x: 1, y: 2, width: 30, height: 40)
        case 2: node.onDidLoad { _ in }
        case 3: node.defaultLayoutTransitionDuration = 0.5
        default: node.alpha = 0.5
        }
        #expect(Self.hasSideState(node))
        #expect(!Self.hasStyleBox(node))
        switch field {
        case 0: #expect(node.debugName == "named")
        case 1: #expect(node.frame == Rect(x: 1, y: 2, width: 30, height: 40) && node.bounds.size == Size(width: 30, height: 40))
        case 2: #expect(node.state.withLock { $0.didLoadBlocks.count } == 1)
        case 3: #expect(node.defaultLayoutTransitionDuration == 0.5)
        default: #expect(node.alpha == 0.5)
        }
    }

    @Test func theFirstStyleWriteAllocatesTheStyleBox() {
        let node = DisplayNode()
        #expect(node.style == LayoutElementStyle())
        #expect(!Self.hasStyleBox(node), "reading the default style allocates nothing")
        node.style.flexGrow = 2
        node.style.width = .points(30)
        #expect(Self.hasStyleBox(node) && !Self.hasSideState(node))
        #expect(!node.usesDefaultLayoutStyle)
        var expected = LayoutElementStyle()
        expected.flexGrow = 2
        expected.width = .points(30)
        #expect(node.style == expected)
        // The measurement resolves its range against the written style size.
        #expect(node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 100, height: 50))).size
                == Size(width: 30, height: 50))
    }

    /// Baseline offsets alone (a text node's) stay beside the style, without a box; the style reads them,
    /// also by address, and a later style write keeps them.
    @Test func baselineOffsetsAloneAllocateNoStyleBox() {
        let node = DisplayNode()
        node.state.withLock { $0.setBaselines(ascender: 12.5, descender: -3.25) }
        #expect(!Self.hasStyleBox(node))
        #expect(node.style.ascender == 12.5 && node.style.descender == -3.25)
        var read: (Double, Double) = (0, 0)
        node.withLayoutStylePointer { read = ($0.pointee.ascender, $0.pointee.descender) }
        #expect(read == (12.5, -3.25))
        node.style.flexGrow = 1
        #expect(Self.hasStyleBox(node))
        #expect(node.style.ascender == 12.5 && node.style.descender == -3.25 && node.style.flexGrow == 1)
        // With a box, the offsets are written into it.
        node.state.withLock { $0.setBaselines(ascender: 20, descender: -5) }
        #expect(node.style.ascender == 20 && node.style.descender == -5 && node.style.flexGrow == 1)
    }

    @Test func aTextNodesBaselineOffsetsAllocateNoStyleBox() {
        let text = TextNode(text: "Hello", fontSize: 20)
        let metrics = text.attributedText.baselineMetrics
        #expect(metrics.ascender > 0)
        #expect(!Self.hasStyleBox(text))
        #expect(!text.usesDefaultLayoutStyle)
        #expect(text.style.ascender == metrics.ascender && text.style.descender == metrics.descender)
    }

    /// The state box (Locked.swift: the object header, the lock word, then the state) stays within one of
    /// jemalloc's small size classes: a field added to every node's state shows here first.
    @Test func theStateBoxFitsItsSizeClass() {
        let objectHeader = 2 * MemoryLayout<Int>.size
        let box = objectHeader + MemoryLayout<LockedHeader<DisplayNode.State>>.size
        #expect(box <= 512, "state box \(box) bytes")
    }

    /// What a fresh measurement of a node touches in its state box — the lock word, the style and side box
    /// pointers, the cache's version, counters and pending slot, the supernode keys' tickets, stamps, clock
    /// and the slot kept in the pending layout — lies in the box's first three cache lines
    /// (DisplayNode.State's and NodeLayoutCache's field order), so a cold node costs a measurement three
    /// cache lines of its state.
    @Test func whatAMeasurementTouchesLiesInTheBoxsFirstThreeCacheLines() {
        typealias State = DisplayNode.State
        let state = 2 * MemoryLayout<Int>.size + LockedStorage<State>.valueOffset
        let cache = state + MemoryLayout<State>.offset(of: \.layoutCache)!
        let ends = [
            state + MemoryLayout<State>.offset(of: \.styleBox)! + MemoryLayout<NodeStyleBox?>.size,
            state + MemoryLayout<State>.offset(of: \.side)! + MemoryLayout<NodeSideState?>.size,
            cache + MemoryLayout<NodeLayoutCache>.offset(of: \.counters)! + MemoryLayout<NodeLayoutCounters>.size,
            cache + MemoryLayout<NodeLayoutCache>.offset(of: \.pendingSlot)! + MemoryLayout<NodeLayoutRecord>.size,
            cache + MemoryLayout<NodeLayoutCache>.offset(of: \.measuredBySupernodes)! + SupernodeMeasurementKeys.indexEnd,
        ]
        #expect(ends.max()! <= 3 * 64, "measured fields end at byte \(ends.max()!) of the box")
        #expect(MemoryLayout<NodeLayoutCache>.offset(of: \.version)! == 0)
    }

    /// A layout pass writes the calculated layout into the side box (which the frame it gives allocates
    /// anyway); a node only measured has no calculated layout and no side box.
    @Test func theCalculatedLayoutLivesInTheSideBox() {
        let root = Self.measuredTree().root
        #expect(root.calculatedLayout == nil && !Self.hasSideState(root))
        root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        root.layoutIfNeeded()
        #expect(Self.hasSideState(root))
        #expect(root.state.withLock { $0.calculatedLayout?.size } == Size(width: 200, height: 100))
        // The measurement the pass applied is answered from the calculated slot.
        let hits = root.layoutStatistics.cacheHits
        _ = root.layoutThatFits(SizeRange(exactly: Size(width: 200, height: 100)))
        #expect(root.layoutStatistics.cacheHits == hits + 1)
    }

    /// A network image node is sized through its style (NetworkImageNode.init), so its style box exists
    /// from creation, holding the default style; a plain image node keeps the box-on-first-write.
    @Test func aNetworkImageNodeHasItsStyleBoxFromCreation() {
        let network = NetworkImageNode()
        #expect(Self.hasStyleBox(network) && network.usesDefaultLayoutStyle)
        #expect(network.style == LayoutElementStyle())
        #expect(!Self.hasStyleBox(ImageNode()))
    }
}
