import Testing
@testable import LayoutCore

// Texture's -[ASLayout filteredNodeLayoutTree] and its ASLayoutFlatteningTests. Layouts are 100×100 with
// position 0 unless stated.

@Suite("Layout flattening")
struct FlatteningTests {
    static let side = Size(width: 100, height: 100)

    static func nodeLayout(_ node: LeafNode, at position: Point = .zero, sublayouts: [Layout] = []) -> Layout {
        Layout(node: node, size: side, position: position, sublayouts: sublayouts)
    }

    static func specLayout(at position: Point = .zero, _ sublayouts: [Layout]) -> Layout {
        var layout = Layout(specSize: side, sublayouts: sublayouts)
        layout.position = position
        return layout
    }

    @Test func mixedTreeFlattensToTheDirectNodeLayoutsInDepthFirstOrder() {
        let root = CoreFixture.node("root")
        let a = CoreFixture.node("a"), b = CoreFixture.node("b"), c = CoreFixture.node("c")
        let d = CoreFixture.node("d"), e = CoreFixture.node("e"), f = CoreFixture.node("f")
        // root: [a, spec[b, spec[c, d[e]]], f, spec[]]  — e is a subnode of d, not of root.
        let tree = Layout(node: root, size: Self.side, sublayouts: [
            Self.nodeLayout(a),
            Self.specLayout([
                Self.nodeLayout(b),
                Self.specLayout([Self.nodeLayout(c), Self.nodeLayout(d, sublayouts: [Self.nodeLayout(e)])]),
            ]),
            Self.nodeLayout(f),
            Self.specLayout([]),
        ])
        let flat = tree.flattened()
        #expect(CoreFixture.names(flat) == ["a", "b", "c", "d", "f"])
        #expect(flat.sublayouts.allSatisfy { $0.sublayouts.isEmpty && $0.type == .node })
        #expect(flat.sublayouts.allSatisfy { $0.position == .zero && $0.size == Self.side })
        #expect(flat.position.isNull)
        #expect(flat.isLayout(of: root) && flat.size == Self.side)
        #expect(flat.isFlat)
    }

    @Test func rootWithANonNullPositionIsNotReused() {
        let root = CoreFixture.node("root"), a = CoreFixture.node("a")
        let tree = Layout(node: root, size: Self.side, position: Point(x: 10, y: 10),
                          sublayouts: [Self.nodeLayout(a)])
        #expect(!tree.isFlat)
        let flat = tree.flattened()
        #expect(flat.position.isNull)
        #expect(flat != tree)
        #expect(flat == Layout(node: root, size: Self.side, sublayouts: [Self.nodeLayout(a)]))
    }

    @Test func rootWithNullPositionAndNoSublayoutsIsReused() {
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side)
        #expect(tree.isFlat)
        #expect(tree.flattened() == tree)
    }

    @Test func rootWhoseSublayoutsAreAlreadyFlatNodeLayoutsIsReused() {
        let a = CoreFixture.node("a"), b = CoreFixture.node("b"), c = CoreFixture.node("c")
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [
            Self.nodeLayout(a, at: Point(x: 10, y: 10)),
            Self.nodeLayout(b, at: Point(x: 20, y: 20)),
            Self.nodeLayout(c, at: Point(x: 30, y: 30)),
        ])
        #expect(tree.isFlat)
        #expect(tree.flattened() == tree)
    }

    @Test func nestedNodeLayoutsAreRepositionedToTheirAbsolutePosition() {
        let x = CoreFixture.node("x"), y = CoreFixture.node("y"), z = CoreFixture.node("z")
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [
            Self.specLayout(at: Point(x: 0, y: 0), [Self.nodeLayout(y)]),      // absolute 0 → kept as is
            Self.specLayout(at: Point(x: 10, y: 20), [
                Self.nodeLayout(x),                                             // absolute (10,20)
                Self.specLayout(at: Point(x: 5, y: 5), [Self.nodeLayout(z, at: Point(x: 1, y: 2))]),  // (16,27)
            ]),
        ])
        let flat = tree.flattened()
        #expect(CoreFixture.names(flat) == ["y", "x", "z"])
        #expect(flat.frame(for: y) == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(flat.frame(for: x) == Rect(x: 10, y: 20, width: 100, height: 100))
        #expect(flat.frame(for: z) == Rect(x: 16, y: 27, width: 100, height: 100))
    }

    @Test func rawOffsetsAreSummedAndCeiledOnce() {
        // Two 0.2 offsets: ceilPx(0.2 + 0.2) = ceil(0.8 − 2ε)/2 = 0.5, not ceilPx(0.2) + ceilPx(0.2) = 1.
        let n = CoreFixture.node("n")
        var inner = Layout(node: n, size: Self.side)
        inner.position = Point(x: 0.2, y: 0.3)
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [
            Self.specLayout(at: Point(x: 0.2, y: 0.3), [inner]),
        ])
        // y: 0.3 + 0.3 = 0.6 → ceil(1.2 − 2ε) = 2 → 1.
        #expect(tree.flattened().frame(for: n) == Rect(x: 0.5, y: 1, width: 100, height: 100))
    }

    @Test func topLevelNodeWithARawPositionIsRecreatedCeiled() {
        let n = CoreFixture.node("n")
        var raw = Layout(node: n, size: Self.side)
        raw.position = Point(x: 10.2, y: 0)
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [raw])
        #expect(tree.isFlat)                       // already flat: returned as is, raw position and all
        #expect(tree.flattened().sublayouts[0].position == Point(x: 10.2, y: 0))
        // Inside a spec it is re-created at ceilPx(10.2) = 10.5.
        let wrapped = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [Self.specLayout([raw])])
        #expect(wrapped.flattened().sublayouts[0].position == Point(x: 10.5, y: 0))
    }

    @Test func missingPositionsCountAsZero() {
        // Texture asserts that sublayouts are positioned; Loom treats a null position as the origin.
        let n = CoreFixture.node("n")
        let tree = Layout(node: CoreFixture.node("root"), size: Self.side, sublayouts: [
            Layout(specSize: Self.side, sublayouts: [Layout(node: n, size: Self.side)]),
        ])
        #expect(tree.flattened().frame(for: n) == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func isFlatRules() {
        let a = CoreFixture.node("a")
        #expect(!Layout(specSize: Self.side, sublayouts: [Self.specLayout([])]).isFlat)
        #expect(!Layout(specSize: Self.side, sublayouts: [Self.nodeLayout(a, sublayouts: [Self.nodeLayout(a)])]).isFlat)
        #expect(Layout(specSize: Self.side, sublayouts: [Self.nodeLayout(a)]).isFlat)
    }

    @Test func nodeLayoutWrapsAForeignSpecLayoutAtTheOrigin() {
        let host = CoreFixture.node("host"), a = CoreFixture.node("a")
        var spec = Layout(specSize: Size(width: 50, height: 60),
                          sublayouts: [Layout(node: a, size: Size(width: 10, height: 10), position: Point(x: 5, y: 5))])
        spec.position = Point(x: 99, y: 99)   // ignored: the spec is placed at (0,0) inside the node
        let layout = Layout.nodeLayout(for: host, specLayout: spec)
        #expect(layout.isLayout(of: host))
        #expect(layout.type == .node)
        #expect(layout.size == Size(width: 50, height: 60))
        #expect(layout.position.isNull)
        #expect(layout.sublayouts.count == 1)
        #expect(layout.frame(for: a) == Rect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test func nodeLayoutOfTheNodesOwnLayoutOnlyFlattensIt() {
        let host = CoreFixture.node("host"), a = CoreFixture.node("a")
        let own = Layout(node: host, size: Size(width: 50, height: 60), position: Point(x: 3, y: 3), sublayouts: [
            Self.specLayout(at: Point(x: 1, y: 1), [Layout(node: a, size: Size(width: 10, height: 10), position: .zero)]),
        ])
        let layout = Layout.nodeLayout(for: host, specLayout: own)
        #expect(layout.position.isNull)        // not wrapped, not offset by its own (3,3)
        #expect(layout.frame(for: a) == Rect(x: 1, y: 1, width: 10, height: 10))
        // A spec layout without sublayouts leaves a node layout with none.
        let empty = Layout.nodeLayout(for: host, specLayout: Layout(specSize: Size(width: 7, height: 8)))
        #expect(empty == Layout(node: host, size: Size(width: 7, height: 8)))
    }

    @Test func specHostNodeFlattensItsSpec() {
        let leaf = CoreFixture.node("leaf")
        let host = SpecHostNode("host") { _ in InsetLayoutSpec(insets: EdgeInsets(all: 10), child: leaf) }
        let layout = host.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 100)))
        #expect(layout.isLayout(of: host) && layout.size == Size(width: 100, height: 100))
        #expect(layout.frame(for: leaf) == Rect(x: 10, y: 10, width: 80, height: 80))
        // A nested host is a node: its own subnodes are not pulled up.
        let outer = SpecHostNode("outer") { _ in WrapperLayoutSpec(host) }
        let outerLayout = outer.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 100)))
        #expect(CoreFixture.names(outerLayout) == ["host"])
        #expect(outerLayout.sublayouts[0].sublayouts.isEmpty)
    }
}
