import LayoutCore
import Testing
@testable import NodeTree

// The shortcuts of a leaf's measurement path (DisplayNode.swift, DisplayNode+Layout.swift) give exactly what
// the general path gives, and every overridable step of the chain is still called.

/// Records the range its calculateLayoutThatFits(_:) is handed and how often its calculateSizeThatFits runs.
private final class RangeRecordingNode: DisplayNode, @unchecked Sendable {
    let ranges = Locked<[SizeRange]>([])
    let sizeCalls = Counter()

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        ranges.withLock { $0.append(constrainedSize) }
        return super.calculateLayoutThatFits(constrainedSize)
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        sizeCalls.increment()
        return Size(width: 12, height: 7)
    }

    var lastRange: SizeRange? { ranges.withLock { $0.last } }
}

/// The bits of a range's four bounds (so −0 differs from 0 and NaN compares equal to NaN).
private func bits(_ range: SizeRange) -> [UInt64] {
    [range.min.width, range.min.height, range.max.width, range.max.height].map(\.bitPattern)
}

@Suite struct LeafMeasurementPathTests {
    /// Ranges on both sides of the all-auto shortcut's condition (0 ≤ min ≤ max per axis): ordinary ones,
    /// −0 and ∞ bounds (kept as they are), and ones the intersection changes — a negative minimum, a
    /// minimum above the maximum, NaN bounds.
    static let ranges: [SizeRange] = [
        SizeRange(width: 320),
        .unconstrained,
        SizeRange(exactly: Size(width: 40, height: 30)),
        SizeRange(min: Size(width: -0.0, height: -0.0), max: Size(width: 10, height: -0.0)),
        SizeRange(min: Size(width: .infinity, height: 3), max: Size(width: .infinity, height: .infinity)),
        SizeRange(min: Size(width: -5, height: 0), max: Size(width: 10, height: 10)),
        SizeRange(min: Size(width: 0, height: 20), max: Size(width: 10, height: 10)),
        SizeRange(min: Size(width: 0, height: 0), max: Size(width: .nan, height: 10)),
        SizeRange(min: Size(width: 0, height: .nan), max: Size(width: 10, height: 10)),
    ]

    @Test(arguments: ranges)
    func anAllAutoStyleSizeHandsOnWhatTheIntersectionGives(_ range: SizeRange) {
        let node = RangeRecordingNode()
        let parent = Size(width: 500, height: 400)
        _ = node.calculateLayoutThatFits(range, restrictedTo: LayoutElementSize(), relativeToParentSize: parent)
        let expected = range.intersect(LayoutElementSize().resolve(parentSize: parent))
        #expect(node.lastRange.map(bits) == bits(expected))
    }

    @Test func aStyleSizeStillRestrictsTheRange() {
        let node = RangeRecordingNode()
        node.style.width = .points(30)
        let range = SizeRange(width: 320)
        #expect(node.layoutThatFits(range).size == Size(width: 320, height: 7))  // the parent's range wins
        node.style.width = .auto
        node.style.maxWidth = .fraction(0.5)
        node.setNeedsLayout()
        let layout = node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 320, height: 100)))
        #expect(node.lastRange?.max.width == 160)
        #expect(layout.size == Size(width: 12, height: 7))
    }

    @Test func aLeafWithoutAStyleSizeStillRunsItsOverrides() {
        let node = RangeRecordingNode()
        let range = SizeRange(min: Size(width: 20, height: 0), max: Size(width: 320, height: 100))
        let layout = node.layoutThatFits(range)
        #expect(node.lastRange == range)
        #expect(node.sizeCalls.value == 1)
        #expect(layout.size == Size(width: 20, height: 7))  // Clamp(range, calculateSizeThatFits)
        #expect(layout.element === node)
        #expect(layout.sublayouts.isEmpty)
    }
}
