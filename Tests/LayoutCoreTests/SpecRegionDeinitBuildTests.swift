import Testing
@testable import LayoutCore

// A region's close releases its element children, and a child's deinit is user code: it may build specs
// itself (Memory/SpecArena+Regions.swift `truncateInnermostRegion`, SpecChild.swift `SpecElementSlot.truncate`).
// Whatever it builds then lives in the closing region and must go with it: no spec slot, element child
// or region mark left behind, every element released exactly once.

/// A user's element (a class) whose deinit builds an inset around a node, `depth` levels deep: each
/// inset's child is another such element, so closing the region releases children that build more.
private final class SpecBuildingOnDeinit: LayoutElement, @unchecked Sendable {
    nonisolated(unsafe) static var deinits = 0
    let depth: Int
    let node: LeafNode

    init(depth: Int, node: LeafNode) {
        self.depth = depth
        self.node = node
    }

    var style: LayoutElementStyle { LayoutElementStyle() }
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: Size(width: 3, height: 2))
    }

    deinit {
        Self.deinits += 1
        // Built while the region closes; the inner element and the node become its element children.
        _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node)
        if depth > 0 {
            _ = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: SpecBuildingOnDeinit(depth: depth - 1, node: node))
        }
    }
}

@Suite(.serialized) struct SpecRegionDeinitBuildTests {
    @Test(arguments: [0, 1, 3])
    func specsBuiltByADeinitDuringTheCloseGoWithTheRegion(depth: Int) {
        let arena = SpecArena.current
        let specsBefore = arena.pointee.liveSpecCount
        let elementsBefore = arena.pointee.liveElementCount
        let deinitsBefore = SpecBuildingOnDeinit.deinits
        var node = CoreFixture.node("n", 4, 4)
        let size: Size = LayoutSpecRegion.with {
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 1),
                                        child: SpecBuildingOnDeinit(depth: depth, node: node))
            return inset.layoutThatFits(SizeRange(width: 10)).size
        }
        #expect(size == Size(width: 10, height: 4))
        // The first element and the `depth` ones its deinits made, each released once.
        #expect(SpecBuildingOnDeinit.deinits == deinitsBefore + depth + 1)
        #expect(arena.pointee.liveSpecCount == specsBefore, "a spec built by a deinit outlived the region")
        #expect(arena.pointee.liveElementCount == elementsBefore, "an element child outlived the region")
        #expect(arena.pointee.depth == 0 && arena.pointee.markedDepth == 0, "a region mark was left behind")
        #expect(isKnownUniquelyReferenced(&node), "the node was released too often or not at all")

        // The arena works as before: a later region's specs go when it closes.
        LayoutSpecRegion.with {
            _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node)
            #expect(arena.pointee.liveSpecCount > specsBefore)
        }
        #expect(arena.pointee.liveSpecCount == specsBefore)
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(arena.pointee.markedDepth == 0)
    }
}
