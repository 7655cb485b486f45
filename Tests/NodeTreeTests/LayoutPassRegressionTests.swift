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
}
