import CLayoutMemory
import Testing
@testable import LayoutCore

// The build thread-local (loom_layout_memory.h `loom_spec_build_arena`, SpecArena.forBuilding): it holds the
// arena exactly while the innermost open region has its mark. These walk it through regions opened,
// built in and closed in every order a node tree produces (a nested measurement that builds or does not,
// a build after a nested region closed) and check that each spec lands in the region it was built in.

@Suite(.serialized) struct SpecArenaBuildThreadLocalTests {
    /// The arena the build thread-local holds, or nil.
    static var buildArena: UnsafeMutablePointer<SpecArena>? {
        loom_current_spec_build_arena()?.assumingMemoryBound(to: SpecArena.self)
    }

    @Test func setOnlyWhileTheInnermostRegionIsMarked() {
        let arena = SpecArena.current
        let specsBefore = LayoutSpecRegion.liveSpecCount
        #expect(Self.buildArena == nil && SpecArena.forBuilding == nil, "outside every region")
        LayoutSpecRegion.with {
            #expect(Self.buildArena == nil, "a region that built nothing has no mark yet")
            _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
            #expect(Self.buildArena == arena && arena.pointee.markedDepth == arena.pointee.depth)
            LayoutSpecRegion.with {
                #expect(Self.buildArena == nil, "a nested region opens unmarked")
                _ = LayoutSpec()
                #expect(Self.buildArena == arena && arena.pointee.markedDepth == 2)
            }
            // The nested region was marked and closed: its specs are gone, the outer region's are not,
            // and the outer one is ready for building again.
            #expect(Self.buildArena == arena && arena.pointee.markedDepth == 1)
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore + 2)
            LayoutSpecRegion.with {
                #expect(Self.buildArena == nil)
            }
            // A nested region that built nothing leaves the thread-local unset; the next build finds the
            // outer region through the slow path, which finds it marked already.
            #expect(Self.buildArena == nil && arena.pointee.markedDepth == 1)
            _ = LayoutSpec()
            #expect(Self.buildArena == arena && arena.pointee.markedDepth == 1)
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore + 3)
        }
        #expect(Self.buildArena == nil && arena.pointee.depth == 0 && arena.pointee.markedDepth == 0)
        #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
    }

    /// The first build of a nested region marks the outer one too (nothing was built there yet): closing
    /// the inner one leaves the outer one marked, ready, and empty.
    @Test func aFirstBuildInANestedRegionLeavesTheOuterOneReady() {
        let arena = SpecArena.current
        let specsBefore = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            LayoutSpecRegion.with {
                let ratio = RatioLayoutSpec(ratio: 1, child: LayoutSpec())
                #expect(ratio.layoutThatFits(SizeRange(width: 4)).size == Size(width: 4, height: 4))
                #expect(Self.buildArena == arena && arena.pointee.markedDepth == 2)
            }
            #expect(Self.buildArena == arena && arena.pointee.markedDepth == 1)
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
            let stack = StackLayoutSpec.vertical(children: LayoutSpec(), LayoutSpec())
            #expect(stack.storage.isInArena)
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore + 3)
        }
        #expect(Self.buildArena == nil && LayoutSpecRegion.liveSpecCount == specsBefore)
    }

    /// Outside every region specs are boxed and the thread-local stays unset.
    @Test func outsideARegionSpecsAreBoxed() {
        let inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: LayoutSpec())
        #expect(!inset.storage.isInArena)
        #expect(Self.buildArena == nil)
        #expect(inset.layoutThatFits(SizeRange(width: 10)).size == Size(width: 10, height: 4))
    }
}
