import Dispatch
import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Automatic subnode management (Texture's ASDisplayNodeImplicitHierarchyTests and the
// ordering cases of ASDisplayNodeTests): subnodes = the flattened layout's nodes, in depth-first order of
// the spec tree; removals first, then moves and insertions; views follow; nodes in no layout stay.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct AutomaticSubnodeManagementTests {
    @Test func flagDefaultsToFalse() {
        let node = DisplayNode()
        #expect(!node.automaticallyManagesSubnodes)
        node.automaticallyManagesSubnodes = true
        #expect(node.automaticallyManagesSubnodes)
    }

    /// Texture's testInitialNodeInsertionWithOrdering: absolute([stack(n1, n2), stack(n3, absolute(n4)), n5]).
    @Test func insertionOrderIsTheDepthFirstOrderOfTheSpec() {
        let n = (1...5).map { sizedLeaf("n\($0)") }
        let node = SpecNode("node") { _ in
            AbsoluteLayoutSpec(children: [row([n[0], n[1]]), StackLayoutSpec(children: [n[2], AbsoluteLayoutSpec(children: [n[3]])]), n[4]])
        }
        node.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        node.layoutIfNeeded()
        #expect(subnodeNames(node) == "n1,n2,n3,n4,n5")
        #expect(n.allSatisfy { $0.supernode === node })
        #expect(node.layoutStatistics.automaticInsertions == 5)
    }

    /// Texture's testCalculatedLayoutHierarchyTransitions: [n1, n2] → [n1, stack(n3, n2)] → n1, n3, n2.
    @MainActor @Test func aStateChangeReordersAndInserts() {
        let n1 = sizedLeaf("n1"), n2 = sizedLeaf("n2"), n3 = sizedLeaf("n3")
        let node = SpecNode("node") { _ in AbsoluteLayoutSpec(children: [n1, n2]) }
        node.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        node.view.layoutIfNeeded()
        #expect(subnodeNames(node) == "n1,n2")

        node.setSpec { _ in AbsoluteLayoutSpec(children: [n1, row([n3, n2])]) }
        node.view.layoutIfNeeded()
        #expect(subnodeNames(node) == "n1,n3,n2")
        #expect(same(subviewNodes(node), [n1, n3, n2]))
        #expect(n3.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(n2.frame == Rect(x: 100, y: 0, width: 100, height: 100))
    }

    /// ASDisplayNodeTests' overlay/background ordering: the underlay comes first.
    @Test func overlayAndBackgroundOrder() {
        let underlay = sizedLeaf("underlay"), overlay = sizedLeaf("overlay")
        let overlaid = SpecNode("overlaid") { _ in
            OverlayLayoutSpec(child: InsetLayoutSpec(insets: EdgeInsets(all: 1), child: underlay), overlay: overlay)
        }
        overlaid.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        overlaid.layoutIfNeeded()
        #expect(subnodeNames(overlaid) == "underlay,overlay")

        let underlay2 = sizedLeaf("underlay"), overlay2 = sizedLeaf("overlay")
        let backed = SpecNode("backed") { _ in
            BackgroundLayoutSpec(child: overlay2, background: InsetLayoutSpec(insets: EdgeInsets(all: 1), child: underlay2))
        }
        backed.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        backed.layoutIfNeeded()
        #expect(subnodeNames(backed) == "underlay,overlay")
    }

    /// a,b,c,d → d,c,b,a → a,b,e,d,c, in subnodes and in subviews.
    @MainActor @Test func stackReorderingIsReflectedInSubnodesAndSubviews() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10), c = sizedLeaf("c", 10, 10)
        let d = sizedLeaf("d", 10, 10), e = sizedLeaf("e", 10, 10)
        let node = SpecNode("node") { _ in row([a, b, c, d]) }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        node.view.layoutIfNeeded()
        #expect(subnodeNames(node) == "a,b,c,d")

        for (order, expected) in [([d, c, b, a], "d,c,b,a"), ([a, b, e, d, c], "a,b,e,d,c")] {
            let diff = SubnodeDiff.diff(from: node.subnodes, to: order)
            node.view.resetCounters()
            node.setSpec { _ in row(order) }
            node.view.layoutIfNeeded()
            #expect(subnodeNames(node) == expected)
            // Only what the diff names touches the views: removals, and one insertion per move or insert
            // (a moved view is detached first, so it also counts as one removal).
            #expect(node.view.counters.subviewRemovals == diff.removals.count + diff.moves.count)
            #expect(node.view.counters.subviewInsertions == diff.insertions.count + diff.moves.count)
            #expect(same(subviewNodes(node), order))
            for (index, child) in order.enumerated() {
                #expect(child.frame == Rect(x: Double(index) * 10, y: 0, width: 10, height: 10), "\(child)")
            }
        }
        #expect(e.isNodeLoaded)
    }

    /// 25 seeded random layouts of up to 9 of 10 nodes: subnodes and subviews always equal the layout order.
    @MainActor @Test func randomReorderingsKeepSubnodesEqualToTheLayoutOrder() {
        let seed: UInt64 = 0x5EED_A5A1
        var random = SeededGenerator(seed: seed)
        let nodes = (0..<10).map { sizedLeaf("n\($0)", 10, 10) }
        let node = SpecNode("node") { _ in row([]) }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        node.view.layoutIfNeeded()
        for round in 0..<25 {
            let count = Int.random(in: 0...9, using: &random)
            let order = Array(nodes.shuffled(using: &random).prefix(count))
            node.setSpec { _ in row(order) }
            node.view.layoutIfNeeded()
            #expect(same(node.subnodes, order), "seed \(seed), round \(round): \(subnodeNames(node))")
            #expect(same(subviewNodes(node), order), "seed \(seed), round \(round)")
            #expect(nodes.allSatisfy { node in order.contains { $0 === node } == (node.supernode != nil) },
                    "seed \(seed), round \(round): a node outside the layout kept its supernode")
        }
    }

    /// Large unloaded nodes commit in one step; the result is the same as edit by edit.
    @Test func largeUnloadedNodesFollowTheirLayout() {
        let seed: UInt64 = 10_000
        var random = SeededGenerator(seed: seed)
        let nodes = (0..<2_000).map { _ in sizedLeaf("n", 1, 1) }
        let node = SpecNode("large") { _ in AbsoluteLayoutSpec(children: []) }
        node.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        for round in 0..<5 {
            let order = Array(nodes.shuffled(using: &random).prefix(Int.random(in: 1_000...2_000, using: &random)))
            node.setSpec { _ in AbsoluteLayoutSpec(children: order) }
            node.layoutIfNeeded()
            #expect(same(node.subnodes, order), "seed \(seed), round \(round)")
            #expect(nodes.filter { $0.supernode === node }.count == order.count, "seed \(seed), round \(round)")
        }
    }

    /// A subnode that is in no layout (added before ASM was turned on) is never moved or removed; ASM's
    /// nodes go around it.
    @Test func nodesInNoLayoutAreLeftAlone() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10), manual = sizedLeaf("manual", 10, 10)
        let node = DisplayNode()
        node.addSubnode(manual)
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in row([a, b]) }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        node.layoutIfNeeded()
        #expect(subnodeNames(node) == "a,b,manual")

        node.layoutSpecBlock = { _, _ in row([b, a]) }
        node.setNeedsLayout()
        node.layoutIfNeeded()
        #expect(subnodeNames(node) == "b,a,manual")

        node.layoutSpecBlock = { _, _ in row([]) }
        node.setNeedsLayout()
        node.layoutIfNeeded()
        #expect(subnodeNames(node) == "manual")
    }

    /// Texture's testInitialNodeInsertionWhenEnterPreloadState, without interface states: a layout pass of an
    /// unloaded ASM node inserts and sizes its subnodes without loading any view.
    @Test func anUnloadedNodeGetsItsSubnodesWithoutLoadingViews() {
        let subnodes = (0..<5).map { sizedLeaf("s\($0)") }
        let node = SpecNode("node") { _ in
            AbsoluteLayoutSpec(children: [row([subnodes[0], subnodes[1]]),
                                          StackLayoutSpec(children: [subnodes[2], AbsoluteLayoutSpec(children: [subnodes[3]])]),
                                          subnodes[4]])
        }
        let size = node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 10_000, height: 10_000))).size
        node.frame = Rect(origin: .zero, size: size)
        node.layoutIfNeeded()
        #expect(!node.isNodeLoaded)
        #expect(same(node.subnodes, subnodes))
        #expect(subnodes.allSatisfy { !$0.isNodeLoaded && $0.bounds.size == Size(width: 100, height: 100) })
    }

    /// ASDisplayNodeLayoutTests: nodes created inside the spec block of an ASM node survive a background
    /// measurement followed by a main-actor layout pass (the layout keeps them alive until it is applied).
    @MainActor @Test func nodesCreatedInTheSpecSurviveBackgroundMeasurement() async {
        let node = DisplayNode()
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in
            let created = sizedLeaf("created", 50, 50)
            return AbsoluteLayoutSpec(children: [created])
        }
        let range = SizeRange(exactly: Size(width: 100, height: 100))
        let size = valueOnOtherThread { node.layoutThatFits(range).size }
        node.frame = Rect(origin: .zero, size: size)
        node.view.layoutIfNeeded()
        #expect(subnodeNames(node) == "created")
        #expect(node.subnodes.first?.frame == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(node.layoutStatistics.layoutPassMeasurements == 0)
    }

    /// Texture's testMeasurementInBackgroundThreadWithLoadedNode: measured in the background, applied by
    /// main-actor layout passes, with an already loaded subnode coming in.
    @MainActor @Test func backgroundMeasurementWithLoadedNodes() async {
        let node1 = named(DisplayNode(), "node1"), node2 = named(DisplayNode(), "node2")
        let layoutState = Locked(1)
        let node = DisplayNode()
        node.style.preferredSize = Size(width: 100, height: 100)
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in
            AbsoluteLayoutSpec(children: [layoutState.load() == 1 ? node1 : node2])
        }
        _ = node.view
        _ = node2.view
        let range = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))

        syncOnOtherThread { node.bounds = Rect(origin: .zero, size: node.layoutThatFits(range).size) }
        await drainMainQueue()
        node.setNeedsLayout()
        node.view.layoutIfNeeded()
        #expect(same(node.subnodes, [node1]))

        syncOnOtherThread {
            layoutState.store(2)
            node.setNeedsLayout()  // loaded, off the main actor: deferred to the flush
            node.bounds = Rect(origin: .zero, size: node.layoutThatFits(range).size)
        }
        await drainMainQueue()
        node.view.layoutIfNeeded()
        #expect(same(node.subnodes, [node2]))
        #expect(same(subviewNodes(node), [node2]))
    }

    /// A layout pass of an unloaded ASM node off the main actor that must insert a loaded subnode hops to
    /// the main actor for the commit (Texture's commit threading).
    @MainActor @Test func aCommitInvolvingALoadedNodeHopsToTheMainActor() async {
        let loaded = sizedLeaf("loaded", 10, 10)
        _ = loaded.view
        let node = SpecNode("node") { _ in row([loaded]) }
        syncOnOtherThread {
            node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            node.layoutIfNeeded()
        }
        #expect(node.subnodes.isEmpty, "inserted off the main actor")
        #expect(calculatedNodes(node).count == 1)
        await drainMainQueue()
        #expect(same(node.subnodes, [loaded]))
        #expect(loaded.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    /// Unloaded ASM nodes measured and laid out on several threads at once: each commits inline.
    @Test func layoutPassesOfIndependentNodesOnManyThreads() async {
        let count = 64
        let roots = (0..<count).map { i -> SpecNode in
            let leaves = (0..<4).map { sizedLeaf("l\(i)_\($0)", 10, 10) }
            return SpecNode("root\(i)") { _ in row(leaves) }
        }
        await onThreadsAsync(4, count: count) { i in
            roots[i].frame = Rect(x: 0, y: 0, width: 40, height: 10)
            roots[i].layoutIfNeeded()
        }
        for root in roots {
            #expect(same(root.subnodes, calculatedNodes(root)))
            #expect(root.subnodes.count == 4)
        }
    }
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct ButtonNodeASMTests {
    @MainActor @Test func subnodesFollowTheButtonsParts() {
        let button = ButtonNode()
        button.setTitle("OK", fontSize: 10)
        #expect(button.subnodes.isEmpty, "no subnode before the first layout")
        button.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        button.view.layoutIfNeeded()
        #expect(same(button.subnodes, [button.titleNode]))

        button.setImage(PlatformImage(size: Size(width: 20, height: 20)))
        button.setBackgroundImage(PlatformImage(size: Size(width: 1, height: 1)))
        button.view.layoutIfNeeded()
        #expect(same(button.subnodes, [button.backgroundImageNode, button.imageNode, button.titleNode]))
        #expect(same(subviewNodes(button), button.subnodes))

        button.setImage(nil)
        button.view.layoutIfNeeded()
        #expect(same(button.subnodes, [button.backgroundImageNode, button.titleNode]))
        #expect(button.imageNode.supernode == nil)
    }
}
