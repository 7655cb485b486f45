import Testing
@testable import LayoutCore

// `StackLayout.measure` and the inset's and the ratio's layout dispatch a child by its kind themselves
// (`SpecChild.layoutThatFits(…, specsOutOfLine: true)`: the inset's and the ratio's layout functions out of line), a
// ratio's spec record takes its child's size through `LayoutScratch.appendSpec(sizeOf:)` (re-sanitized with
// `Layout.resanitizedSize`), and `appendSpec(size:child:)` takes its node count from the child: each must
// give what the general path gives, bit for bit.

@Suite("Stack child dispatch and one-child spec records")
struct StackChildDispatchTests {
    /// Raw sizes whose stored (sanitized) sizes are the edge cases of re-sanitizing: ±0, invalid ones stored
    /// as +0, exactly ε (ceiled to +0), tiny ones (ceiled to −0), ordinary ones, and ones just below 10⁷
    /// (ceiled up to 10⁷ itself, which is not valid for size).
    static let requested: [Double] = [
        0, -0.0, .nan, .infinity, -1, Double.leastNonzeroMagnitude, 0x1p-23, 1e-10, 0.25, 36.67,
        9_999_999.9, (10_000_000 as Double).nextDown, 10_000_000,
    ]

    @Test func appendSpecSizeOfMatchesSanitizingTheChildsSizeAgain() {
        var scratch = LayoutScratch()
        let node = CoreFixture.node("n")
        for width in Self.requested {
            for height in Self.requested {
                let raw = Size(width: width, height: height)
                for child in [scratch.appendLeaf(element: nil, type: .layoutSpec, size: raw),
                              scratch.appendLeaf(element: node, type: .node, size: raw)] {
                    let general = scratch.record(scratch.appendSpec(size: scratch.size(of: child), linksFrom: {
                        let first = scratch.linkStart
                        scratch.appendLink(child)
                        return first
                    }()))
                    let viaSizeOf = scratch.record(scratch.appendSpec(sizeOf: child))
                    let viaChild = scratch.record(scratch.appendSpec(size: scratch.size(of: child), child: child))
                    for record in [viaSizeOf, viaChild] {
                        #expect(record.pointee.size.width.bitPattern == general.pointee.size.width.bitPattern,
                                "\(raw)")
                        #expect(record.pointee.size.height.bitPattern == general.pointee.size.height.bitPattern,
                                "\(raw)")
                        #expect(record.pointee.nodeCount == general.pointee.nodeCount)
                        #expect(record.pointee.linkCount == 1 && record.pointee.type == .layoutSpec)
                        #expect(record.pointee.object == -1 && record.pointee.position.isNull)
                        #expect(scratch.header.pointee.links[Int(record.pointee.firstLink)] == Int32(child))
                    }
                    #expect(viaSizeOf.pointee.nodeCount == (scratch.record(child).pointee.type == .node ? 1 : 0))
                }
            }
        }
    }

    /// A stack over every kind of child (inset, ratio, stack, plain spacer, node): built inside a spec
    /// region its spec children are arena slots, laid out by `measure`'s kind dispatch; built outside, every
    /// child is an element called through its witnesses. Both must give the same frames, in both
    /// directions, flexing and stretching (re-measurements through the dispatch).
    static func tree(vertical: Bool, _ nodes: [LeafNode]) -> any LayoutElement {
        let children: [any LayoutElement] = [
            InsetLayoutSpec(insets: EdgeInsets(top: 3, left: 4.3, bottom: 5, right: 6), child: nodes[0]),
            RatioLayoutSpec(ratio: 0.7, child: nodes[1]),
            StackLayoutSpec(direction: vertical ? .horizontal : .vertical, spacing: 1.5, children: [nodes[2], nodes[3]]),
            LayoutSpec.spacer(flexGrow: 1),
            nodes[4],
        ]
        return vertical ? StackLayoutSpec(direction: .vertical, spacing: 2, children: children)
            : StackLayoutSpec(direction: .horizontal, spacing: 2, alignItems: .center, children: children)
    }

    @Test(arguments: [false, true])
    func everyChildKindLaysOutAsItsElement(vertical: Bool) {
        let nodes = [CoreFixture.node("a", 30, 17), CoreFixture.node("b", 10, 10), CoreFixture.node("c", 11.3, 9),
                     CoreFixture.node("d", 7, 21.7), CoreFixture.node("e", 13.1, 5.9)]
        for range in [CoreFixture.range(0, 0, 375, .infinity), CoreFixture.range(375, 0, 375, .infinity),
                      CoreFixture.range(120, 400, 120, 400), CoreFixture.range(0, 0, 40, 30)] {
            let boxed = CoreFixture.flatten(Self.tree(vertical: vertical, nodes), in: range)
            let inRegion = LayoutSpecRegion.with { CoreFixture.flatten(Self.tree(vertical: vertical, nodes), in: range) }
            #expect(inRegion.sublayouts == boxed.sublayouts && inRegion.size == boxed.size, "range \(range)")
            #expect(CoreFixture.names(inRegion) == ["a", "b", "c", "d", "e"])
            // Something was placed off the origin (the comparison is not between two empty layouts).
            #expect(inRegion.sublayouts.contains { $0.position.x > 0 || $0.position.y > 0 })
        }
    }
}
