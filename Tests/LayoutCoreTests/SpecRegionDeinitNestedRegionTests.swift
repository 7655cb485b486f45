import Testing
@testable import LayoutCore

// A region's close releases its element children newest first (SpecChild.swift `SpecElementSlot.truncate`),
// and notices what a child's deinit did to the element slab by `next` being valid again. Here one deinit
// opens a region of its own, builds in it and closes it — the slab's count ends where it was, but `next`
// was set by that nested close — and an older child's deinit then builds in the closing region: its
// elements must go through the slow path into the right slots and go with the region.

/// A user's element (a class) whose deinit builds an inset around a node in a spec region of its own.
private final class NestedRegionOnDeinit: LayoutElement, @unchecked Sendable {
    nonisolated(unsafe) static var deinits = 0
    let node: LeafNode

    init(node: LeafNode) { self.node = node }

    var style: LayoutElementStyle { LayoutElementStyle() }
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: Size(width: 3, height: 2))
    }

    deinit {
        Self.deinits += 1
        let node = self.node
        LayoutSpecRegion.with {
            _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node)
            _ = StackLayoutSpec.vertical(children: node, node)
        }
    }
}

/// A user's element (a class) whose deinit builds an inset around a node in whatever region is open.
private final class BuildsOnDeinit: LayoutElement, @unchecked Sendable {
    nonisolated(unsafe) static var deinits = 0
    let node: LeafNode

    init(node: LeafNode) { self.node = node }

    var style: LayoutElementStyle { LayoutElementStyle() }
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: Size(width: 3, height: 2))
    }

    deinit {
        Self.deinits += 1
        _ = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: node)
        _ = StackLayoutSpec.horizontal(children: node, LayoutSpec())
    }
}

@Suite(.serialized) struct SpecRegionDeinitNestedRegionTests {
    @Test func aDeinitsOwnRegionThenABuildInTheClosingRegion() {
        let arena = SpecArena.current
        let specsBefore = arena.pointee.liveSpecCount
        let elementsBefore = arena.pointee.liveElementCount
        let nestedBefore = NestedRegionOnDeinit.deinits, buildsBefore = BuildsOnDeinit.deinits
        var node = CoreFixture.node("n", 4, 4)
        LayoutSpecRegion.with {
            // Released in the opposite order: the nested region's deinit first, then the builder's.
            let stack = StackLayoutSpec.vertical(children: BuildsOnDeinit(node: node), node,
                                                 NestedRegionOnDeinit(node: node))
            #expect(arena.pointee.liveElementCount == elementsBefore + 3)
            #expect(stack.layoutThatFits(SizeRange(width: 10)).size == Size(width: 10, height: 8))
        }
        #expect(NestedRegionOnDeinit.deinits == nestedBefore + 1 && BuildsOnDeinit.deinits == buildsBefore + 1)
        #expect(arena.pointee.liveSpecCount == specsBefore, "a spec built by a deinit outlived the region")
        #expect(arena.pointee.liveElementCount == elementsBefore, "an element child outlived the region")
        #expect(arena.pointee.depth == 0 && arena.pointee.markedDepth == 0, "a region mark was left behind")
        #expect(isKnownUniquelyReferenced(&node), "the node was released too often or not at all")

        // The slab is consistent: a later region fills and empties it as usual.
        LayoutSpecRegion.with {
            _ = StackLayoutSpec.vertical(children: node, node, node)
            #expect(arena.pointee.liveElementCount == elementsBefore + 3)
        }
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(isKnownUniquelyReferenced(&node))
    }
}
