import Testing
@testable import LayoutCore

// A node child of a spec built in a region — a `LayoutNodeElement` given by its own type (listed stacks,
// generic insets and ratios) — is kept as a class reference (`SpecChildKind.node`) and called through its
// witness table; any other element, a class that is no `LayoutNodeElement` included, stays an element
// child. Both must answer what the element itself answers, and lay out as the boxed spec does.

/// A user's class element that is not a `LayoutNodeElement`: kept as an element child.
private final class PlainObjectElement: LayoutElement, @unchecked Sendable {
    var style: LayoutElementStyle {
        var style = LayoutElementStyle()
        style.flexGrow = 1
        return style
    }
    var layoutElementType: LayoutElementType { .node }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(node: self, size: constrainedSize.clamp(Size(width: 9, height: 4)))
    }
}

@Suite struct SpecNodeChildTests {
    static func children(of stack: StackLayoutSpec) -> UnsafeBufferPointer<SpecChild> {
        let fields = stack.storage.fields
        return UnsafeBufferPointer(start: fields.pointee.children.base, count: fields.pointee.children.count)
    }

    @Test func nodesAreKeptAsClassReferencesAndAnswerAsThemselves() {
        let leaf = CoreFixture.node("leaf", 12, 7) { $0.flexShrink = 1 }
        let object = PlainObjectElement()
        #expect(leaf.layoutNodeElement === leaf)
        #expect(object.layoutNodeElement == nil)
        LayoutSpecRegion.with {
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: leaf)
            let stack = StackLayoutSpec.horizontal(children: leaf, object, inset)
            let children = Self.children(of: stack)
            #expect(children.map(\.kind) == [.node, .element, .inset])
            #expect(inset.storage.fields.pointee.child.kind == .node)
            let node = children[0]
            #expect(node.layoutObject === leaf && node.layoutElementType == .node)
            #expect(node.style == leaf.style && node.usesDefaultLayoutStyle == leaf.usesDefaultLayoutStyle)
            var read: LayoutElementStyle?
            node.withLayoutStylePointer { read = $0.pointee }
            #expect(read == leaf.style)
            #expect((node.asElement() as? LeafNode) === leaf)
            #expect((stack.children[0] as? LeafNode) === leaf && (stack.children[1] as? PlainObjectElement) === object)
        }
    }

    @Test(arguments: [CoreFixture.range(0, 0, 375, .infinity), CoreFixture.range(20, 0, 30, 40)])
    func nodeChildrenLayOutAsTheBoxedSpec(range: SizeRange) {
        let nodes = [CoreFixture.node("a", 30, 17), CoreFixture.node("b", 10.3, 10), CoreFixture.node("c", 11, 9.7)]
        let object = PlainObjectElement()
        func tree() -> StackLayoutSpec {
            StackLayoutSpec.vertical(children: nodes[0], StackLayoutSpec.horizontal(children: nodes[1], object),
                                     RatioLayoutSpec(ratio: 0.5, child: nodes[2]))
        }
        let boxed = CoreFixture.flatten(tree(), in: range)
        let inRegion = LayoutSpecRegion.with { CoreFixture.flatten(tree(), in: range) }
        #expect(inRegion.sublayouts == boxed.sublayouts && inRegion.size == boxed.size)
        #expect(inRegion.sublayouts.count == 4)
    }
}
