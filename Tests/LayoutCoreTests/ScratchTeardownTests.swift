// The shortcuts of the scratch's flattening and teardown (LayoutScratch+Flattening.swift,
// LayoutScratchStorage.swift): a stored size sanitized several times stops at its first fixed point, and the
// reset skips releasing a leaf's empty sublayout array (the standard library's immortal empty storage)
// but releases every other one. Each must give exactly what the long way gives.

import Testing
@testable import LayoutCore

@Suite("Scratch flattening and teardown shortcuts")
struct ScratchTeardownTests {
    /// Sizes around every edge of "valid for size" and of the pixel grid, +0 and −0 included.
    /// (A subnormal, ≈ 1e-320: as a literal, the compiler warns that it underflows.)
    static let edgeValues: [Double] = [
        0, -0.0, Double.leastNonzeroMagnitude * 2024, Double.leastNormalMagnitude, 0.1, 0.25, 0.5, 1, 10.0000001,
        10.0000002, 10.2, 33.3,
        1234.5678, 9_999_999.4, 9_999_999.5, 9_999_999.9, 10_000_000, 20_000_000, -1, -0.3, .infinity,
        -.infinity, .nan,
    ]

    @Test func sanitizingSeveralTimesStopsAtAFixedPointWithTheSameBits() {
        for width in Self.edgeValues {
            for height in Self.edgeValues {
                // What a record stores: a size sanitized once (the shortcut's first pass relies on it).
                let size = Layout.sanitizedSize(Size(width: width, height: height))
                for count in 0...4 {
                    var expected = size
                    for _ in 0..<count { expected = Layout.sanitizedSize(expected) }
                    let shortcut = Layout.sanitizedSize(stored: size, times: count)
                    #expect(shortcut.width.bitPattern == expected.width.bitPattern
                                && shortcut.height.bitPattern == expected.height.bitPattern,
                            "\(size) × \(count): \(shortcut) ≠ \(expected)")
                }
            }
        }
    }

    @Test func flatteningRootsOfEdgeSizesMatchesTheTreePath() {
        let host = CoreFixture.node("host")
        let a = CoreFixture.node("a")
        for width in Self.edgeValues {
            var scratch = LayoutScratch()
            let start = scratch.mark
            let ra = scratch.appendNodeLayout(Layout(node: a, size: Size(width: 10, height: 10)))
            scratch.setPosition(Point(x: 0.3, y: 0), of: ra)
            let root = scratch.appendSpec(size: Size(width: width, height: 9_999_999.9), child: ra)
            let expected = Layout.nodeLayout(for: host, specLayout: scratch.layout(of: root))
            let moved = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)
            #expect(moved == expected)
            #expect(moved.size.width.bitPattern == expected.size.width.bitPattern
                        && moved.size.height.bitPattern == expected.size.height.bitPattern)
        }
    }

    @Test func aLeafsEmptySublayoutsAreTheSharedEmptyStorage() {
        // What the reset's shortcut relies on to save anything: a leaf layout's `[]` is that object.
        let leaf = Layout(node: CoreFixture.node("a"), size: Size(width: 1, height: 1))
        #expect(unsafeBitCast(leaf.sublayouts, to: UnsafeRawPointer.self) == LayoutScratchHeader.emptyArrayIdentity)
        // An emptied array that kept its capacity is an object of its own: not skipped.
        var kept = [Layout(node: CoreFixture.node("b"), size: .zero)]
        kept.removeAll(keepingCapacity: true)
        #expect(unsafeBitCast(kept, to: UnsafeRawPointer.self) != LayoutScratchHeader.emptyArrayIdentity)
    }

    @Test func theResetReleasesEverySublayoutArrayThatIsNotTheSharedEmptyOne() {
        weak var weakInner: LeafNode?
        weak var weakOuter: LeafNode?
        var scratch = LayoutScratch()
        do {
            let inner = CoreFixture.node("inner"), outer = CoreFixture.node("outer")
            weakInner = inner; weakOuter = outer
            let start = scratch.mark
            // A node layout with sublayouts of its own, and an emptied one that kept its capacity.
            var emptied = [Layout(node: inner, size: .zero)]
            emptied.removeAll(keepingCapacity: true)
            _ = scratch.appendNodeLayout(Layout(node: outer, size: .zero, sublayouts: emptied))
            _ = scratch.appendNodeLayout(Layout(node: outer, size: .zero,
                                                sublayouts: [Layout(node: inner, size: .zero)]))
            _ = scratch.appendNodeLayout(Layout(node: outer, size: .zero))
            scratch.reset(to: start)
        }
        #expect(weakInner == nil)
        #expect(weakOuter == nil)
        _ = scratch
    }
}
