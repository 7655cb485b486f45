import LayoutCore
import Testing
@testable import NodeTree

// Layout-pass bugs the stress harness found (Scenarios/regressions on the stress branch), each reduced to
// a small tree built by hand.

/// A node whose spec comes from a settable closure over its subnodes (no ASM: subnodes are added by hand).
final class ClosureSpecNode: DisplayNode, @unchecked Sendable {
    private let specBox: Locked<@Sendable (DisplayNode, SizeRange) -> any LayoutElement>

    init(_ name: String, spec: @escaping @Sendable (DisplayNode, SizeRange) -> any LayoutElement) {
        specBox = Locked(spec)
        super.init()
        debugName = name
    }

    /// Replaces the spec without invalidating (the caller calls setNeedsLayout, as an app must).
    func replaceSpec(_ spec: @escaping @Sendable (DisplayNode, SizeRange) -> any LayoutElement) {
        specBox.store(spec)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        specBox.load()(self, constrainedSize)
    }
}

/// A leaf of a settable intrinsic size (clamped into its range by the framework).
final class IntrinsicSizeNode: DisplayNode, @unchecked Sendable {
    let intrinsicSize: Locked<Size>

    init(_ name: String, _ size: Size) {
        intrinsicSize = Locked(size)
        super.init()
        debugName = name
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { intrinsicSize.load() }
}

/// Every loaded view in the tree under `node` (the node's own included) that still needs layout.
@MainActor private func viewsNeedingLayout(_ node: DisplayNode) -> [String] {
    var found: [String] = []
    var stack = [node]
    while let current = stack.popLast() {
        if current.isNodeLoaded && current.view.needsLayout { found.append(current.debugName ?? "?") }
        stack.append(contentsOf: current.subnodes)
    }
    return found
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct LayoutPassRegressionTests {
    /// nodetree-layout-loop-zero-size-supernode: a supernode shrinks to 0×0, so its pass returns early and
    /// its subnode keeps a stale 40×20 frame. The subnode's pass escalates its size change once; it must
    /// not escalate again on every pass (each escalation re-measures the root, which leaves the subnode a
    /// pending layout for another range that the next pass preferred, re-measured and escalated again).
    @MainActor @Test func aSubnodeUnderAZeroSizeSupernodeSettles() {
        let leaf = sizedLeaf("leaf", 40, 20)
        let inner = ClosureSpecNode("inner") { node, _ in
            StackLayoutSpec.horizontal(justifyContent: .center, alignItems: .end, children: node.subnodes)
        }
        inner.style.flexGrow = 1
        inner.addSubnode(leaf)
        let outer = ClosureSpecNode("outer") { node, _ in StackLayoutSpec.vertical(children: node.subnodes) }
        outer.style.preferredSize = Size(width: 40, height: 20)
        outer.addSubnode(inner)
        let root = ClosureSpecNode("root") { node, _ in
            StackLayoutSpec.vertical(justifyContent: .end, alignItems: .end, children: node.subnodes)
        }
        root.addSubnode(outer)

        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 1000))
        window.addSubview(root.view)
        let first = root.layoutThatFits(SizeRange(width: 375))
        root.frame = Rect(origin: .zero, size: first.size)
        window.layoutIfNeeded()
        #expect(outer.frame.size == Size(width: 40, height: 20))
        #expect(inner.frame.size == Size(width: 40, height: 20))

        // outer becomes auto-sized (0×0 in the end-aligned stack), the leaf loses its size; each change is
        // followed by setNeedsLayout on the node and its supernodes, bottom-up, as an app must.
        var style = LayoutElementStyle()
        style.flexGrow = 1
        outer.style = style
        for node in [outer, root] { node.setNeedsLayout() }
        leaf.style = LayoutElementStyle()
        for node in [leaf, inner, outer, root] { node.setNeedsLayout() }
        window.layoutIfNeeded()
        #expect(outer.frame.size == .zero)

        // One more call must find nothing to do: the tree settled.
        #expect(viewsNeedingLayout(root) == [], "no loaded view still needs layout after the pass")
        let measurements = inner.layoutStatistics.layoutPassMeasurements
        inner.view.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(viewsNeedingLayout(root) == [])
        #expect(inner.layoutStatistics.layoutPassMeasurements <= measurements + 1)
    }

    /// nodetree-stale-subnode-layout-same-size: the supernode re-measures a subnode for a new range at the
    /// same size; the subnode's new layout moves its own subnodes, so the subnode must lay out again even
    /// though its frame did not change.
    @MainActor @Test func aSubnodeRemeasuredAtTheSameSizeAppliesItsNewLayout() {
        let text = IntrinsicSizeNode("text", Size(width: 40, height: 10))
        let bar = sizedLeaf("bar", 50, 10)
        // The middle node stretches its children only when its range has a minimum width (as a scroll
        // node's content range does): same size either way, different sublayouts.
        let middle = ClosureSpecNode("middle") { node, range in
            StackLayoutSpec.vertical(alignItems: range.min.width > 0 ? .stretch : .start, children: node.subnodes)
        }
        middle.addSubnode(text)
        middle.addSubnode(bar)
        let alignment = Locked(StackLayoutAlignItems.center)
        let root = ClosureSpecNode("root") { node, _ in
            StackLayoutSpec.vertical(alignItems: alignment.load(), children: node.subnodes)
        }
        root.addSubnode(middle)

        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 50, height: 100))
        window.addSubview(root.view)
        root.frame = Rect(x: 0, y: 0, width: 50, height: 20)
        window.layoutIfNeeded()
        #expect(middle.frame == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(text.frame == Rect(x: 0, y: 0, width: 40, height: 10))

        // The root now stretches the middle node: it is measured for {50…50, 0…∞} instead of {0…50, 0…∞},
        // still 50×20, and its text is stretched to 50.
        alignment.store(.stretch)
        root.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(middle.frame == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(text.frame == Rect(x: 0, y: 0, width: 50, height: 10), "the subnode's new layout is applied")
        #expect(viewsNeedingLayout(root) == [])
    }
}
