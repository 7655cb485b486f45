import Foundation
import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

// Measurement, caching and the layout pass (ASDisplayNode's -layoutThatFits: and its layout pass; Texture's
// ASDisplayNodeLayoutTests).

/// A leaf whose calculateSizeThatFits returns a fixed size and counts its calls.
final class FixedSizeNode: DisplayNode, @unchecked Sendable {
    let size: Size
    let calls = Counter()

    init(_ size: Size) {
        self.size = size
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        calls.increment()
        return size
    }
}

/// Records its hooks, and the first subnode's frame as seen from layout().
final class HookRecordingNode: DisplayNode, @unchecked Sendable {
    let log = EventLog()

    override func calculatedLayoutDidChange() {
        super.calculatedLayoutDidChange()
        log.append("calculatedLayoutDidChange")
    }

    @MainActor override func layout() {
        super.layout()
        log.append("layout \(subnodes.first.map { "\($0.frame)" } ?? "-")")
    }

    @MainActor override func layoutDidFinish() {
        super.layoutDidFinish()
        log.append("layoutDidFinish")
    }
}

private func square(_ side: Double) -> Size { Size(width: side, height: side) }

@Suite struct LayoutTests {
    // MARK: - ASDisplayNodeLayoutTests

    @MainActor @Test func measuresOnTheFirstLayoutPass() {
        let node = DisplayNode()
        node.style.width = .points(100)
        node.style.height = .points(100)
        let subnode = DisplayNode()
        node.addSubnode(subnode)
        node.frame = Rect(origin: .zero, size: square(100))
        subnode.frame = Rect(origin: .zero, size: square(100))
        #expect(node.calculatedSize == .zero)
        #expect(subnode.calculatedSize == .zero)

        node.view.layoutIfNeeded()

        #expect(node.calculatedSize == square(100))
        #expect(subnode.calculatedSize == square(100))
    }

    @MainActor @Test func doesNotRemeasureForTheSameBounds() {
        let node = DisplayNode()
        node.style.preferredSize = square(100)
        let subnode = DisplayNode()
        node.addSubnode(subnode)
        let specCalls = Counter()
        node.layoutSpecBlock = { _, _ in
            specCalls.increment()
            return InsetLayoutSpec(insets: .zero, child: subnode)
        }
        node.frame = Rect(origin: .zero, size: square(100))

        node.view.layoutIfNeeded()
        #expect(specCalls.value == 1)

        let hitsBefore = node.layoutStatistics.cacheHits
        _ = node.layoutThatFits(SizeRange(exactly: square(100)))
        #expect(specCalls.value == 1)
        #expect(node.layoutStatistics.cacheHits == hitsBefore + 1)

        node.view.setNeedsLayout()
        node.view.layoutIfNeeded()
        #expect(specCalls.value == 1)
    }

    // MARK: - Measurement and the cache

    @Test func leafPathClampsCalculateSizeThatFits() {
        let node = FixedSizeNode(Size(width: 500, height: 20))
        let layout = node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 300, height: .infinity)))
        #expect(layout.size == Size(width: 300, height: 20))
        #expect(layout.element === node)
        #expect(layout.sublayouts.isEmpty)
    }

    @Test func aPlainNodeFillsAFiniteMaximumAndCollapsesOnAnInfiniteOne() {
        #expect(DisplayNode().layoutThatFits(SizeRange(exactly: Size(width: 50, height: 60))).size
                    == Size(width: 50, height: 60))
        #expect(DisplayNode().layoutThatFits(SizeRange(width: 100)).size == Size(width: 100, height: 0))
        let sized = DisplayNode()
        sized.style.preferredSize = Size(width: 30, height: 40)
        #expect(sized.layoutThatFits(.unconstrained).size == Size(width: 30, height: 40))
        // The parent's range wins over the style when they are disjoint, as in Texture.
        #expect(sized.layoutThatFits(SizeRange(exactly: square(280))).size == square(280))
    }

    @Test func theCacheIsKeyedByRangeParentSizeAndVersion() {
        let calls = Counter()
        let child = DisplayNode()
        child.style.preferredSize = square(10)
        let node = DisplayNode()
        node.layoutSpecBlock = { _, _ in
            calls.increment()
            return WrapperLayoutSpec(child)
        }
        let range = SizeRange(width: 100)
        _ = node.layoutThatFits(range)
        _ = node.layoutThatFits(range)
        #expect(calls.value == 1)
        #expect(node.layoutStatistics.cacheHits == 1)
        #expect(node.layoutStatistics.cacheMisses == 1)

        _ = node.layoutThatFits(range, parentSize: Size(width: 100, height: 50))
        #expect(calls.value == 2)
        _ = node.layoutThatFits(SizeRange(width: 200))
        #expect(calls.value == 3)
        node.invalidateCalculatedLayout()
        _ = node.layoutThatFits(SizeRange(width: 200))
        #expect(calls.value == 4)
    }

    @Test func anUndefinedParentSizeStillHitsTheCache() {
        let node = FixedSizeNode(square(10))
        _ = node.layoutThatFits(.unconstrained, parentSize: .undefined)
        _ = node.layoutThatFits(.unconstrained, parentSize: .undefined)
        #expect(node.calls.value == 1)
    }

    @Test func calculatedSizeAndRangePreferTheValidPendingLayout() {
        let node = FixedSizeNode(Size(width: 40, height: 20))
        #expect(node.calculatedSize == .zero)
        #expect(node.constrainedSizeForCalculatedLayout == .zero)
        let range = SizeRange(min: .zero, max: square(100))
        _ = node.layoutThatFits(range)
        #expect(node.calculatedSize == Size(width: 40, height: 20))
        #expect(node.constrainedSizeForCalculatedLayout == range)
        #expect(node.calculatedLayout == nil)  // nothing applied yet
    }

    @Test func aMeasurementThatRacesWithAnInvalidationIsReturnedButNotCached() {
        let calls = Counter()
        let leaf = DisplayNode()
        leaf.style.preferredSize = square(10)
        let node = DisplayNode()
        node.layoutSpecBlock = { node, _ in
            calls.increment()
            // Stands in for another thread invalidating the node while it is being measured.
            if calls.value == 1 { node.invalidateCalculatedLayout() }
            return WrapperLayoutSpec(leaf)
        }
        let first = node.layoutThatFits(.unconstrained)
        #expect(first.size == square(10))
        #expect(node.layoutStatistics.discardedMeasurements == 1)
        #expect(node.calculatedSize == .zero)

        _ = node.layoutThatFits(.unconstrained)
        _ = node.layoutThatFits(.unconstrained)
        #expect(calls.value == 2)
    }

    @Test func aNodesOwnLayoutIsRebuiltNotStored() {
        // The cached record holds size and sublayouts; every call hands out a layout of the node itself.
        let child = DisplayNode()
        child.style.preferredSize = square(10)
        let node = DisplayNode()
        node.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 5), child: child) }
        let a = node.layoutThatFits(.unconstrained)
        let b = node.layoutThatFits(.unconstrained)
        #expect(a == b)
        #expect(a.element === node && a.position.isNull)
        #expect(a.sublayouts.map(\.frame) == [Rect(x: 5, y: 5, width: 10, height: 10)])
    }

    // MARK: - The layout pass

    @Test func anUnloadedNodesLayoutPassRunsOnTheCallingThread() {
        let child = DisplayNode()
        let node = HookRecordingNode()
        node.addSubnode(child)
        node.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 10), child: child) }
        node.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        syncOnOtherThread { node.layoutIfNeeded() }
        #expect(child.frame == Rect(x: 10, y: 10, width: 180, height: 80))
        #expect(node.calculatedLayout?.size == Size(width: 200, height: 100))
        #expect(node.log.all == ["calculatedLayoutDidChange"])  // no view: no layout() hooks
    }

    @Test func zeroBoundsSkipTheWholePass() {
        let node = HookRecordingNode()
        node.layoutIfNeeded()
        #expect(node.log.all.isEmpty)
        #expect(node.layoutStatistics.layoutPasses == 1)
        #expect(node.calculatedLayout == nil)
    }

    @MainActor @Test func hooksRunInTexturesOrder() {
        let child = DisplayNode()
        let node = HookRecordingNode()
        node.addSubnode(child)
        node.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 10), child: child) }
        node.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        node.view.layoutIfNeeded()
        // calculatedLayoutDidChange → subnode frames → layout() (already sees them) → layoutDidFinish.
        #expect(node.log.all == ["calculatedLayoutDidChange", "layout (10, 10, 30, 30)", "layoutDidFinish"])
    }

    @MainActor @Test func aTreeMeasuredOffMainIsAppliedWithoutMeasuringAgain() async {
        let leaves = (0..<3).map { i -> FixedSizeNode in FixedSizeNode(Size(width: 20 + 10 * Double(i), height: 10)) }
        let root = DisplayNode()
        for leaf in leaves { root.addSubnode(leaf) }
        root.layoutSpecBlock = { _, _ in
            var children: [any LayoutElement] = []
            for (i, leaf) in leaves.enumerated() {
                leaf.style.layoutPosition = Point(x: 0, y: 15 * Double(i))
                children.append(leaf)
            }
            return InsetLayoutSpec(insets: EdgeInsets(all: 4), child: AbsoluteLayoutSpec(sizing: .sizeToFit, children: children))
        }
        let layout = await Task.detached { root.layoutThatFits(SizeRange(width: 320)) }.value
        root.frame = Rect(origin: .zero, size: layout.size)
        root.view.layoutIfNeeded()
        for leaf in leaves { #expect(leaf.calls.value == 1) }
        for node in [root] + leaves { #expect(node.layoutStatistics.layoutPassMeasurements == 0) }
        #expect(leaves.map(\.frame) == layout.sublayouts.map(\.frame))
    }

    /// A child whose layout grows escalates: the root re-measures and resizes itself, keeping its origin,
    /// and the next round of the view's layout applies the new frames, as in Texture.
    @MainActor @Test func aSizeChangeEscalatesToTheRoot() {
        func makeTree(text: String) -> (DisplayNode, TextNode) {
            let label = TextNode(text: text, fontSize: 10)
            let root = DisplayNode()
            root.addSubnode(label)
            root.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 10), child: label) }
            return (root, label)
        }
        let (root, label) = makeTree(text: "short")
        let first = root.layoutThatFits(SizeRange(width: 100))
        root.frame = Rect(origin: Point(x: 0, y: 40), size: first.size)
        let host = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 500))
        host.addSubview(root.view)
        host.layoutIfNeeded()
        // The inset passes the table's minimum width on (100 − 2 × 10), so the label is 80 wide.
        #expect(label.frame == Rect(x: 10, y: 10, width: 80, height: 12))

        let longText = String(repeating: "word ", count: 10)
        label.attributedText = dejaVu(longText, size: 10)  // invalidates the label and marks its view
        host.layoutIfNeeded()

        let (fresh, freshLabel) = makeTree(text: longText)
        let expected = fresh.layoutThatFits(SizeRange(width: 100))
        #expect(root.frame == Rect(origin: Point(x: 0, y: 40), size: expected.size))
        #expect(label.frame == expected.sublayouts[0].frame)
        #expect(root.calculatedLayout.map(LayoutShape.init) == LayoutShape(expected))
        #expect(label.calculatedSize == freshLabel.calculatedSize)
        // "word word " per 80-point line ("word word word" is 80.63 wide at 10 pt): 5 lines of 11.64 → 58.5.
        #expect(label.frame.height == 58.5)
    }
}

/// A cache hit builds the node's layout from its stored size without sanitizing it again
/// (`Layout.resanitizedSize`): the same bits as `Layout(node:size:)` of that size, edge sizes included.
@Suite("Layout cache hit sizes")
struct LayoutCacheHitSizeTests {
    @Test(arguments: [
        Size(width: 36.67, height: 10), Size(width: 0, height: 0), Size(width: -0.0, height: 1),
        Size(width: .nan, height: 5), Size(width: 0x1p-23, height: 1e-10), Size(width: 9_999_999.9, height: 2),
        Size(width: (10_000_000 as Double).nextDown, height: 9_999_999.4),
    ])
    func hitHasTheSanitizingInitsBits(_ requested: Size) {
        let node = FixedSizeNode(requested)
        let range = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        let miss = node.layoutThatFits(range)
        let hitsBefore = node.layoutStatistics.cacheHits
        let hit = node.layoutThatFits(range)
        #expect(node.layoutStatistics.cacheHits == hitsBefore + 1)
        #expect(node.calls.value == 1)
        let expected = Layout(node: node, size: miss.size).size
        #expect(hit.size.width.bitPattern == expected.width.bitPattern, "miss \(miss.size), hit \(hit.size)")
        #expect(hit.size.height.bitPattern == expected.height.bitPattern, "miss \(miss.size), hit \(hit.size)")
        #expect(hit.isLayout(of: node) && hit.position.isNull && hit.sublayouts.isEmpty)
    }
}
