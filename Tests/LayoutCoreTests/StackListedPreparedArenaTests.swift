import Foundation
import Testing
@testable import LayoutCore

// The listed-children stacks (Stack/StackLayoutSpec+ListedChildren.swift) call `arena.prepareToBuild()`
// once and then reserve their element children and their own slot without repeating it
// (`SpecChild.reservePreparedElement`, `SpecStorage.reservePreparedSlot`). These build such a stack as the
// first thing of a region — the case where that one call must take the region's mark before any child is
// reserved — and check that closing the region gives back exactly what the stack reserved: its element
// children released once, its slots retired, the enclosing region's untouched.

@Suite(.serialized) struct StackListedPreparedArenaTests {
    /// A listed stack with node children is the first thing built in a region nested in one that built
    /// its own specs and elements: the inner region takes its mark before the first node is reserved.
    @Test(arguments: [false, true])
    func firstBuildOfANestedRegionIsGivenBackOnClose(withStyle: Bool) {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let specsBefore = LayoutSpecRegion.liveSpecCount
        var kept = CoreFixture.node("kept", 4, 4)
        weak var weakA: LeafNode?
        weak var weakB: LeafNode?
        weak var weakOuter: LeafNode?
        LayoutSpecRegion.with {
            let outerNode = CoreFixture.node("outer", 5, 5)
            weakOuter = outerNode
            let outer = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: outerNode)
            let outerElements = arena.pointee.liveElementCount
            let outerSpecs = LayoutSpecRegion.liveSpecCount
            #expect(outerElements == elementsBefore + 1)
            let height: Double = LayoutSpecRegion.with {
                #expect(arena.pointee.markedDepth < arena.pointee.depth, "nothing built yet: no mark")
                let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 10, 20)
                weakA = a
                weakB = b
                let stack = withStyle
                    ? StackLayoutSpec.vertical(children: a, kept, b, style: { $0.spacingBefore = 1 })
                    : StackLayoutSpec.vertical(children: a, kept, b)
                #expect(arena.pointee.markedDepth == arena.pointee.depth)
                #expect(arena.pointee.liveElementCount == outerElements + 3)
                #expect(SpecRegionCloseTests.isObjectFlags(arena, outerElements, outerElements + 3)
                    == [true, true, true])
                // The stack's slot, and its style's with `style:`.
                #expect(LayoutSpecRegion.liveSpecCount == outerSpecs + (withStyle ? 2 : 1))
                #expect(stack.storage.isInArena && stack.storage.hasDefaultStyle == !withStyle)
                return stack.layoutThatFits(SizeRange(width: 10)).size.height
            }
            #expect(height == 34)
            // Closing the inner region gave back exactly the stack's elements and slots.
            #expect(arena.pointee.liveElementCount == outerElements)
            #expect(LayoutSpecRegion.liveSpecCount == outerSpecs)
            #expect(weakA == nil && weakB == nil)
            #expect(weakOuter != nil)
            #expect(outer.insets == EdgeInsets(all: 1))
            #expect(outer.layoutThatFits(SizeRange(width: 7)).size == Size(width: 7, height: 7))
        }
        #expect(weakOuter == nil)
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
        #expect(isKnownUniquelyReferenced(&kept), "the region released `kept` once too often or not at all")
    }

    /// Two regions open and neither marked: the listed stack's one `prepareToBuild` marks both, so the
    /// inner close gives back its children and the outer one, which built nothing itself, stays empty.
    @Test func firstBuildMarksEveryOpenRegion() {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let specsBefore = LayoutSpecRegion.liveSpecCount
        weak var weakNode: LeafNode?
        LayoutSpecRegion.with {
            LayoutSpecRegion.with {
                let node = CoreFixture.node("n", 3, 3)
                weakNode = node
                let stack = StackLayoutSpec.horizontal(children: node, LayoutSpec())
                #expect(arena.pointee.markedDepth == arena.pointee.depth)
                #expect(arena.pointee.liveElementCount == elementsBefore + 1)
                let layout = stack.layoutThatFits(SizeRange(width: 9))
                #expect(layout.sublayouts.count == 2 && layout.sublayouts[0].size.height == 3)
            }
            #expect(weakNode == nil)
            #expect(arena.pointee.liveElementCount == elementsBefore)
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
        }
        #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
    }

    /// Outside any region the listed stack still boxes its children (no arena slot, no element kept).
    @Test func outsideARegionTheChildrenAreBoxed() {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        weak var weakNode: LeafNode?
        do {
            let node = CoreFixture.node("n", 3, 5)
            weakNode = node
            let stack = StackLayoutSpec.vertical(children: node, node)
            #expect(!stack.storage.isInArena)
            #expect(arena.pointee.liveElementCount == elementsBefore)
            #expect(stack.layoutThatFits(SizeRange(width: 9)).size.height == 10)
        }
        #expect(weakNode == nil)
    }
}
