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

    /// An ancestor's deferred setNeedsLayout can reach a flush that is already running, while its
    /// descendants' — made first, by the same thread — registered after that flush took its batch and wait
    /// for the next one. Applied like that, the ancestor is bumped a whole flush before its descendants, and
    /// a measurement in between caches a stale ancestor layout as current (stress: `layout-cache` in
    /// `bench stress --threads 3 --ops 4000 --seed 11 --recipe scroll-content`, "container …'s pending
    /// layout … differs from a fresh layout of its final state").
    @MainActor @Test func aDescendantRegisteredWhileTheFlushRunsIsInvalidatedBeforeItsAncestor() {
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

        // The root registers (an alpha write); the flush takes it; right then another thread changes the
        // leaf and calls setNeedsLayout bottom-up: the leaf and the middle node register anew, the root is
        // still registered and only gets the bit.
        syncOnOtherThread { root.alpha = 0.5 }
        PendingStateController.shared.didTakeBatch = {
            syncOnOtherThread {
                leaf.intrinsicSize.store(Size(width: 40, height: 30))
                for node in [leaf, middle, root] as [DisplayNode] { node.setNeedsLayout() }
            }
        }
        PendingStateController.shared.flush()
        PendingStateController.shared.didTakeBatch = nil
        // Another thread measures now, between this flush and the next.
        syncOnOtherThread { _ = root.layoutThatFits(range) }
        PendingStateController.shared.flush()

        #expect(root.layoutThatFits(range).size.height == 30, "the root's cached layout includes the change")
        window.layoutIfNeeded()
        #expect(leaf.frame.height == 30 && middle.frame.height == 30)
        root.view.removeFromSuperview()
    }
}
