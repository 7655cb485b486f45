import LayoutCore
import Testing
@testable import NodeTree

// The pending-state flush and deferred invalidations (stress: `layout-cache`, seed 41 of the scroll-content
// recipe). setNeedsLayout off the main actor on a loaded node is deferred to the flush; an app calls it on
// the changed node and then on each supernode. If the flush bumped an ancestor's version before its
// descendants' (registration order: the ancestor registered first for another property), a measurement
// in between would capture the ancestor's new version, reuse a descendant's stale cached layout, and
// publish a stale ancestor layout as current — for good.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct PendingStateFlushOrderTests {
    @MainActor @Test func aMeasurementDuringTheFlushCannotCacheAStaleAncestorLayout() {
        let leaf = IntrinsicSizeNode("leaf", Size(width: 40, height: 10))
        let middle = ClosureSpecNode("middle") { node, _ in StackLayoutSpec.vertical(children: node.subnodes) }
        middle.addSubnode(leaf)
        let root = ClosureSpecNode("root") { node, _ in StackLayoutSpec.vertical(children: node.subnodes) }
        root.addSubnode(middle)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(root.view)
        root.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        window.layoutIfNeeded()
        let range = SizeRange(width: 100)
        #expect(root.layoutThatFits(range).size.height == 10)

        // Off the main actor: the root registers first (an alpha write), then the content change and the
        // bottom-up setNeedsLayout calls.
        syncOnOtherThread {
            root.alpha = 0.5
            leaf.intrinsicSize.store(Size(width: 40, height: 30))
            for node in [leaf, middle, root] as [DisplayNode] { node.setNeedsLayout() }
        }
        // A measurement of the root before each node's flush step stands in for another thread measuring
        // all along.
        PendingStateController.shared.willApplyPendingState = { _ in _ = root.layoutThatFits(range) }
        PendingStateController.shared.flush()
        PendingStateController.shared.willApplyPendingState = nil

        #expect(root.layoutThatFits(range).size.height == 30, "the root's cached layout includes the change")
        window.layoutIfNeeded()
        #expect(leaf.frame.height == 30 && middle.frame.height == 30)
    }
}
