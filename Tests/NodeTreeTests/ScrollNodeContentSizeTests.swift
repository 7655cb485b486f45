import LayoutCore
import Testing
@testable import NodeTree

// ScrollNode's view gets the content size of the layout the main actor applied (Texture #891, #774's
// class; stress: `scroll-content-size`), not the one of the node's last measurement — which may be for
// another range, on another thread.

/// As wide as its maximum, and 10,000 / width tall (so each width gives another content size).
private final class AreaNode: DisplayNode, @unchecked Sendable {
    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(width: constrainedSize.width, height: 10_000 / constrainedSize.width)
    }
}

/// Measures itself for another width from another thread right before its layout() — a measurement that
/// finished between the pass's measurement and layout(), as one on another thread can.
private final class InterruptedScrollNode: ScrollNode, @unchecked Sendable {
    let interrupt = Locked(false)

    override func layout() {
        if interrupt.load() {
            syncOnOtherThread { _ = self.layoutThatFits(SizeRange(exactly: Size(width: 50, height: 50))) }
        }
        super.layout()
    }
}

@MainActor private func hostedScrollNode() -> (InterruptedScrollNode, PlatformView) {
    let content = AreaNode()
    let scrollNode = InterruptedScrollNode()
    scrollNode.automaticallyManagesContentSize = true
    scrollNode.automaticallyManagesSubnodes = true
    scrollNode.layoutSpecBlock = { _, _ in WrapperLayoutSpec(content) }
    let window = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(scrollNode.view)
    scrollNode.frame = Rect(x: 0, y: 0, width: 100, height: 50)
    window.layoutIfNeeded()
    return (scrollNode, window)
}

@Suite struct ScrollNodeContentSizeTests {
    @MainActor @Test func aMeasurementForAnotherRangeDoesNotChangeTheViewsContentSize() {
        let (scrollNode, window) = hostedScrollNode()
        #expect(scrollNode.view.contentSize == Size(width: 100, height: 100))

        // Another thread measures the node for another width during the main actor's next pass.
        scrollNode.interrupt.store(true)
        scrollNode.view.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(scrollNode.view.contentSize == Size(width: 100, height: 100),
                "the content size of the applied layout, not of the last measurement")
    }

    /// The view follows the applied layout when it does change.
    @MainActor @Test func aNewAppliedLayoutBringsItsContentSize() {
        let (scrollNode, window) = hostedScrollNode()
        scrollNode.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        window.layoutIfNeeded()
        #expect(scrollNode.view.contentSize == Size(width: 50, height: 200))
    }

    /// Measurements for more ranges than the node keeps content sizes for, between the pass that applied a
    /// layout and a later pass that reuses it (stress: `scroll-content-size` in `bench stress --threads 4
    /// --ops 20000 --seed 7 --recipe mixed`, "scroll …'s view has content size 120×64, but its applied
    /// layout (for {0×80, inf×80}) has content 120×80"). The applied layout's content size is kept when it
    /// is applied, so they cannot push it out.
    @MainActor @Test func manyMeasurementsForOtherRangesDoNotPushOutTheAppliedContentSize() {
        // Under a supernode, so the node's pass reuses the layout its supernode's layout placed (the
        // supernode layout key) whatever it measured since.
        let content = AreaNode()
        let scrollNode = ScrollNode()
        scrollNode.automaticallyManagesContentSize = true
        scrollNode.automaticallyManagesSubnodes = true
        scrollNode.layoutSpecBlock = { _, _ in WrapperLayoutSpec(content) }
        scrollNode.style.preferredSize = Size(width: 100, height: 50)
        let parent = DisplayNode()
        parent.layoutSpecBlock = { node, _ in StackLayoutSpec.vertical(children: node.subnodes) }
        parent.addSubnode(scrollNode)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(parent.view)
        parent.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        window.layoutIfNeeded()
        // The style makes the content range exactly 100×50.
        #expect(scrollNode.view.contentSize == Size(width: 100, height: 50))

        syncOnOtherThread {
            for width in 1...(2 * ScrollNode.MeasuredContentSizes.capacity) {
                _ = scrollNode.layoutThatFits(SizeRange(min: .zero, max: Size(width: Double(10 + width), height: 50)))
            }
        }
        scrollNode.view.setNeedsLayout()
        window.layoutIfNeeded()  // reuses the applied layout; layout() sets the content size again
        #expect(scrollNode.view.contentSize == Size(width: 100, height: 50))
        parent.view.removeFromSuperview()
    }
}
