// The records' flattening (Layout.nodeLayout(for:root:in:…), LayoutScratch+Flattening.swift) over odd raw
// positions and sizes, compared bit for bit: with an independent statement of what each emitted layout must
// hold (a NaN coordinate of a child's position counts as +0, every other value is kept — `Point.orZero`
// compares a coordinate with itself), and with the tree path. `Layout ==` compares doubles with `==`, which
// does not tell −0 from +0, so these compare bit patterns.

import Testing
@testable import LayoutCore

@Suite("Flattening over odd positions and sizes")
struct FlatteningOddPositionTests {
    /// A subnormal, ≈ 1e-320 (as a literal, the compiler warns that it underflows).
    static let subnormal = Double.leastNonzeroMagnitude * 2024
    static let coordinates: [Double] = [
        .nan, -.nan, 0, -0.0, 2.3, -2.3, 0.25, subnormal, -subnormal, 9_999_999.9, 10_000_000, 1e9, -1e9,
        .infinity, -.infinity, .greatestFiniteMagnitude,
    ]
    static let sizes: [Size] = [
        Size(width: 10, height: 20), Size(width: 0, height: -0.0), Size(width: 0.3, height: 7.75),
        Size(width: 9_999_999.9, height: 1), Size(width: .nan, height: 4),
    ]

    /// The bits of a layout's size and position, for exact comparison.
    static func bits(_ layout: Layout) -> [UInt64] {
        [layout.size.width.bitPattern, layout.size.height.bitPattern,
         layout.position.x.bitPattern, layout.position.y.bitPattern]
    }

    /// What a child position adds to its parent's origin, written without `Point.orZero`.
    static func offset(_ v: Double) -> Double { v.isNaN ? 0 : v }

    @Test(arguments: 0..<coordinates.count)
    func emittedPositionsAreTheCeiledSumsOfTheRawOffsets(_ first: Int) {
        let host = CoreFixture.node("host")
        let a = CoreFixture.node("a"), b = CoreFixture.node("b")
        let xs = Self.coordinates
        // A node at (x, y) directly in the root; another in a nested spec at (y', x'), itself at (x'', y'').
        let x = xs[first], y = xs[(first + 3) % xs.count]
        let innerX = xs[(first + 5) % xs.count], innerY = xs[(first + 7) % xs.count]
        let specX = xs[(first + 11) % xs.count], specY = xs[(first + 13) % xs.count]
        let sizeA = Self.sizes[first % Self.sizes.count], sizeB = Self.sizes[(first + 2) % Self.sizes.count]
        var scratch = LayoutScratch()
        let start = scratch.mark
        let ra = scratch.appendNodeLayout(Layout(node: a, size: sizeA))
        scratch.setPosition(Point(x: x, y: y), of: ra)
        let rb = scratch.appendNodeLayout(Layout(node: b, size: sizeB))
        scratch.setPosition(Point(x: innerX, y: innerY), of: rb)
        let inner = scratch.appendSpec(size: sizeB, child: rb)
        scratch.setPosition(Point(x: specX, y: specY), of: inner)
        let root = scratch.appendSpec(size: Size(width: 50, height: 60), ra, inner)

        let tree = Layout.nodeLayout(for: host, specLayout: scratch.layout(of: root))
        let plain = Layout.nodeLayout(for: host, root: root, in: scratch)
        let moved = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)

        // The independent statement: positions are ceilPx of the raw sums (null only when both are NaN).
        let absoluteA = Point(x: 0 + Self.offset(x), y: 0 + Self.offset(y))
        let absoluteB = Point(x: (0 + Self.offset(specX)) + Self.offset(innerX),
                              y: (0 + Self.offset(specY)) + Self.offset(innerY))
        func expectedPosition(_ p: Point) -> [UInt64] {
            let q = p.x.isNaN && p.y.isNaN ? Point.null : ceilPx(p)
            return [q.x.bitPattern, q.y.bitPattern]
        }
        for result in [tree, plain, moved] {
            #expect(result.sublayouts.count == 2)
            guard result.sublayouts.count == 2 else { continue }
            #expect(result.sublayouts[0].element === a && result.sublayouts[1].element === b)
            #expect(Array(Self.bits(result.sublayouts[0]).suffix(2)) == expectedPosition(absoluteA),
                    "a at \(result.sublayouts[0].position), raw (\(x), \(y))")
            #expect(Array(Self.bits(result.sublayouts[1]).suffix(2)) == expectedPosition(absoluteB),
                    "b at \(result.sublayouts[1].position)")
            #expect(result.sublayouts.allSatisfy { $0.sublayouts.isEmpty && $0.type == .node })
        }
        // And all three paths agree on every bit, sizes included.
        #expect(tree.sublayouts.map(Self.bits) == plain.sublayouts.map(Self.bits))
        #expect(tree.sublayouts.map(Self.bits) == moved.sublayouts.map(Self.bits))
        #expect(Self.bits(tree) == Self.bits(plain) && Self.bits(tree) == Self.bits(moved))
    }

    /// A spec chain deeper than any small fixed stack a walk might keep, nodes at every level: every node
    /// emitted once, in pre-order, at the sum of the offsets above it, as the tree path does.
    @Test func aDeepChainFlattensAsTheTreePath() {
        let host = CoreFixture.node("host")
        var scratch = LayoutScratch()
        let start = scratch.mark
        let depth = 70
        let nodes = (0..<depth).map { CoreFixture.node("n\($0)") }
        var below: LayoutRecordIndex?
        for level in (0..<depth).reversed() {
            let leaf = scratch.appendNodeLayout(Layout(node: nodes[level], size: Size(width: 1, height: 1)))
            scratch.setPosition(Point(x: 0.5, y: -0.25), of: leaf)
            let spec: LayoutRecordIndex
            if let below {
                spec = scratch.appendSpec(size: Size(width: 9, height: 9), leaf, below)
            } else {
                spec = scratch.appendSpec(size: Size(width: 9, height: 9), child: leaf)
            }
            scratch.setPosition(Point(x: 1.5, y: 0.75), of: spec)
            below = spec
        }
        let root = below!
        let tree = Layout.nodeLayout(for: host, specLayout: scratch.layout(of: root))
        let moved = Layout.nodeLayout(for: host, root: root, in: &scratch, resettingTo: start)
        #expect(moved.sublayouts.count == depth)
        #expect(CoreFixture.names(moved) == (0..<depth).map { "n\($0)" })
        #expect(tree.sublayouts.map(Self.bits) == moved.sublayouts.map(Self.bits))
        // The deepest node sits below depth − 1 nested specs (the root's own offset is not counted).
        let last = Double(depth - 1)
        #expect(moved.sublayouts[depth - 1].position == ceilPx(Point(x: last * 1.5 + 0.5, y: last * 0.75 - 0.25)))
    }
}
