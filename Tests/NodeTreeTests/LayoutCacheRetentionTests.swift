import LayoutCore
import Testing
@testable import NodeTree

// nodetree-layout-cache-retain-cycle: a node's cached layouts hold its subnodes strongly (Layout.element),
// so a stale cache could keep a former subnode alive — and if that former subnode later became the
// node's ancestor, the two would retain each other and leak. Texture avoids it with a weak layoutElement;
// Loom drops the cached layouts that mention a subnode when a hierarchy edit takes the subnode away.

/// Counts its deinits, and lays its subnodes out in a vertical stack (no ASM, no captured nodes).
private final class DeinitCountingNode: DisplayNode, @unchecked Sendable {
    let deinits: Counter

    init(_ name: String, deinits: Counter) {
        self.deinits = deinits
        super.init()
        debugName = name
        style.preferredSize = Size(width: 50, height: 50)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        StackLayoutSpec.vertical(children: subnodes)
    }

    deinit { deinits.increment() }
}

/// How the former subnode leaves the node whose cache mentions it.
enum FormerSubnodeExit: String, CaseIterable, Sendable {
    case movedToAnotherParent, removedFromSupernode, replaced
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct LayoutCacheRetentionTests {
    /// Builds the cycle of the stress script and drops every reference: every node must be released.
    private func buildFormerSubnodeBecomesSupernode(_ exit: FormerSubnodeExit, deinits: Counter) {
        let node = DeinitCountingNode("node", deinits: deinits)
        let former = DeinitCountingNode("former", deinits: deinits)
        let other = DeinitCountingNode("other", deinits: deinits)
        let replacement = DeinitCountingNode("replacement", deinits: deinits)
        node.addSubnode(former)
        // A layout pass (unloaded: on this thread) and a measurement fill both cache slots with `former`.
        node.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        node.layoutIfNeeded()
        _ = node.layoutThatFits(SizeRange(width: 80))
        #expect(calculatedNodes(node).contains { $0 === former })

        switch exit {
        case .movedToAnotherParent: other.addSubnode(former)
        case .removedFromSupernode: former.removeFromSupernode()
        case .replaced: node.replaceSubnode(former, with: replacement)
        }
        // The former subnode becomes the node's supernode.
        former.addSubnode(node)
        #expect(node.supernode === former)
    }

    @Test(arguments: FormerSubnodeExit.allCases)
    func aFormerSubnodeThatBecomesTheSupernodeIsNotRetainedByTheCache(_ exit: FormerSubnodeExit) {
        let deinits = Counter()
        buildFormerSubnodeBecomesSupernode(exit, deinits: deinits)
        #expect(deinits.value == 4, "every node is released once the last outside reference is gone")
    }

    /// Dropping is limited to the layouts that mention the departed subnode: a removal the layout does not
    /// know about keeps the calculated layout.
    @Test func aLayoutThatDoesNotMentionTheRemovedNodeIsKept() {
        let deinits = Counter()
        let node = DeinitCountingNode("node", deinits: deinits)
        let child = DeinitCountingNode("child", deinits: deinits)
        node.addSubnode(child)
        node.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        node.layoutIfNeeded()
        let stranger = DeinitCountingNode("stranger", deinits: deinits)
        node.addSubnode(stranger)  // added after the layout: not in it
        stranger.removeFromSupernode()
        #expect(calculatedNodes(node).count == 1 && calculatedNodes(node)[0] === child)
        child.removeFromSupernode()
        #expect(node.calculatedLayout == nil, "the layout that placed the removed child is dropped")
    }
}
