import Foundation
import Testing
@testable import LayoutCore

// Spec regions (Memory/SpecArena.swift): the built-in specs built inside `LayoutSpecRegion.with` keep
// their fields in the thread's arena and are destroyed when it returns; outside they are boxed. Either
// way they behave as values and lay out alike.

@Suite struct SpecArenaTests {
    /// Flattened frames of `root` in `range`, as bit patterns (NaN and ∞ positions compare exactly).
    static func frames(_ root: any LayoutElement, _ range: SizeRange) -> [UInt64] {
        let layout = root.layoutThatFits(range).flattened()
        return [layout.size.width, layout.size.height].map(\.bitPattern)
            + layout.sublayouts.flatMap { [$0.position.x, $0.position.y, $0.size.width, $0.size.height].map(\.bitPattern) }
    }

    @Test func specsBuiltInARegionLiveInTheArenaAndOutsideInABox() {
        let outside = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
        #expect(!outside.storage.isInArena)
        #expect(!LayoutSpecRegion.isOpen)
        let before = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            #expect(LayoutSpecRegion.isOpen)
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
            let ratio = RatioLayoutSpec(ratio: 1, child: inset)
            let stack = StackLayoutSpec.vertical(children: [ratio, LayoutSpec.spacer()])
            #expect(inset.storage.isInArena && ratio.storage.isInArena && stack.storage.isInArena)
            // inset, its child spec, ratio, stack, spacer and the spacer's own style
            #expect(LayoutSpecRegion.liveSpecCount == before + 6)
        }
        #expect(LayoutSpecRegion.liveSpecCount == before)
        #expect(!LayoutSpecRegion.isOpen)
    }

    @Test func nestedRegionsDestroyOnlyTheirOwnSpecs() {
        let base = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            var outer = StackLayoutSpec.horizontal(children: [LayoutSpec { $0.width = .points(10) }])
            let outerCount = LayoutSpecRegion.liveSpecCount
            let innerFrames = LayoutSpecRegion.with {
                let inner = InsetLayoutSpec(insets: EdgeInsets(all: 5), child: outer)
                #expect(LayoutSpecRegion.liveSpecCount == outerCount + 1)
                return Self.frames(inner, SizeRange(exactly: Size(width: 100, height: 50)))
            }
            #expect(LayoutSpecRegion.liveSpecCount == outerCount)
            #expect(innerFrames.count == 2)
            // The outer spec is still whole after the inner region reused its slots.
            _ = LayoutSpecRegion.with { RatioLayoutSpec(ratio: 2, child: LayoutSpec()) }
            outer.spacing = 3
            #expect(outer.children.count == 1 && outer.spacing == 3)
            #expect(outer.layoutThatFits(SizeRange(exactly: Size(width: 40, height: 20))).size == Size(width: 40, height: 20))
        }
        #expect(LayoutSpecRegion.liveSpecCount == base)
    }

    /// Regions take their mark only when something is first built in them: an outer region that built
    /// nothing before an inner one did still destroys exactly its own specs, and regions that build
    /// nothing leave everything alone.
    @Test func regionsThatBuildNothingOrBuildLateKeepTheirOwnSpecs() {
        let base = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            LayoutSpecRegion.with {
                LayoutSpecRegion.with {}
                let inner = StackLayoutSpec.vertical(children: [LayoutSpec(), LayoutSpec()])
                #expect(inner.children.count == 2)
            }
            #expect(LayoutSpecRegion.liveSpecCount == base)
            let late = InsetLayoutSpec(insets: EdgeInsets(all: 3), child: LayoutSpec())
            let afterLate = LayoutSpecRegion.liveSpecCount
            LayoutSpecRegion.with { LayoutSpecRegion.with {} }
            #expect(LayoutSpecRegion.liveSpecCount == afterLate)
            #expect(late.insets.top == 3)
            #expect(late.layoutThatFits(SizeRange(exactly: Size(width: 10, height: 10))).size == Size(width: 10, height: 10))
        }
        #expect(LayoutSpecRegion.liveSpecCount == base)
    }

    /// A copy keeps its fields when the original is mutated — in a region (a new slot for the mutated
    /// copy) as outside (copy on write of the box).
    @Test(arguments: [false, true])
    func specsAreValuesInsideAndOutsideRegions(inRegion: Bool) {
        func check() {
            let a = LayoutSpec { $0.width = .points(10) }
            let b = LayoutSpec { $0.width = .points(20) }
            var stack = StackLayoutSpec.vertical(spacing: 1, children: [a])
            var copy = stack
            copy.style.flexGrow = 2
            copy.spacing = 7
            copy.children.append(b)
            copy.direction = .horizontal
            #expect(stack.style.flexGrow == 0 && stack.spacing == 1 && stack.children.count == 1)
            #expect(stack.direction == .vertical)
            #expect(copy.style.flexGrow == 2 && copy.spacing == 7 && copy.children.count == 2)
            #expect(copy.direction == .horizontal)
            stack.alignItems = .center
            #expect(copy.alignItems == .stretch && stack.alignItems == .center)

            var inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a)
            let insetCopy = inset
            inset.insets.top = 9
            inset.child = b
            #expect(insetCopy.insets.top == 1 && inset.insets.top == 9)
            #expect(insetCopy.layoutThatFits(SizeRange(width: 100)).size.width == 100)
            var ratio = RatioLayoutSpec(ratio: 1, child: a)
            let ratioCopy = ratio
            ratio.ratio = 3
            #expect(ratioCopy.ratio == 1 && ratio.ratio == 3)
        }
        if inRegion { LayoutSpecRegion.with(check) } else { check() }
    }

    /// The same random spec trees (stack, inset, ratio and plain specs among the other kinds, styles set
    /// while building) give the same frames built inside a region as outside.
    @Test func randomTreesLayOutAlikeInsideAndOutsideARegion() {
        for seed in UInt64(0)..<300 {
            let boxed = RandomSpecTree(seed: 0xA4E_0000 &+ seed, allowStacks: true)
            let expected = Self.frames(boxed.root, boxed.range)
            let actual = LayoutSpecRegion.with {
                let tree = RandomSpecTree(seed: 0xA4E_0000 &+ seed, allowStacks: true)
                return Self.frames(tree.root, tree.range)
            }
            #expect(actual == expected, "seed \(0xA4E_0000 &+ seed)")
            if actual != expected { break }
        }
        #expect(LayoutSpecRegion.liveSpecCount == 0)
    }

    /// A stack's children array goes back to the arena when its region closes; the next stacks get their
    /// own children, never a previous stack's.
    @Test func recycledChildrenArraysHoldOnlyTheNewChildren() {
        for round in 0..<20 {
            LayoutSpecRegion.with {
                let count = round % 4
                let children: [any LayoutElement] = (0..<count).map { i in LayoutSpec { $0.height = .points(Double(i + 1)) } }
                var stack = StackLayoutSpec.vertical(children: children)
                var copy = stack
                copy.style.flexGrow = 1
                stack.spacing = 0
                #expect(stack.children.count == count && copy.children.count == count)
                let layout = copy.layoutThatFits(SizeRange(width: 10))
                #expect(layout.size.height == Double(count * (count + 1) / 2))
            }
        }
    }

    /// A stack built in a region keeps its children as a run of the arena (Memory/SpecChildRuns.swift): a
    /// spec of the same region by its slot, anything else — a node, a spec boxed outside the region — as
    /// an element the arena keeps. Closing the region releases the elements and sets the runs back, so
    /// the next region's first stack takes the same memory.
    @Test func stackChildrenAreRunsOfTheRegionAndClosingReleasesTheirElements() {
        let arena = SpecArena.current
        weak var weakNode: LeafNode?
        let runsBefore = arena.pointee.childRuns.mark
        let elementsBefore = arena.pointee.liveElementCount
        let boxed = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
        var firstRun: UnsafeMutablePointer<SpecChild>?
        LayoutSpecRegion.with {
            let node = CoreFixture.node("a", 10, 10)
            weakNode = node
            let stack = StackLayoutSpec.vertical(children: [node, LayoutSpec(), boxed])
            #expect(arena.pointee.liveElementCount == elementsBefore + 2)
            let fields = stack.storage.fields
            #expect(fields.pointee.children.count == 3 && fields.pointee.elementsOwner == nil)
            let kinds = (0..<3).map { fields.pointee.children[$0].kind }
            #expect(kinds == [.element, .plain, .element])
            firstRun = fields.pointee.children.base
            let children = stack.children
            #expect(children.count == 3 && (children[0] as? LeafNode) === node)
            #expect(children[1] is LayoutSpec && children[2] is InsetLayoutSpec)
            #expect(stack.layoutThatFits(SizeRange(width: 20)).size == Size(width: 20, height: 12))
        }
        #expect(weakNode == nil)
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(arena.pointee.childRuns.current == runsBefore.chunk && arena.pointee.childRuns.used == runsBefore.used)
        LayoutSpecRegion.with {
            let stack = StackLayoutSpec.horizontal(children: [LayoutSpec(), LayoutSpec()])
            #expect(stack.storage.fields.pointee.children.base == firstRun)
        }
    }

    /// A spec boxed outside a region keeps its element children in a box its fields retain: copies on
    /// write share it, setting children or a child replaces it, and the last spec gone releases them.
    @Test func boxedSpecsKeepAndReleaseTheirElementChildren() {
        weak var weakA: LeafNode?
        weak var weakB: LeafNode?
        do {
            let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 10, 20)
            weakA = a; weakB = b
            var stack = StackLayoutSpec.vertical(children: [a])
            let stackCopy = stack
            stack.children = [b, a]
            var inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a)
            let insetCopy = inset
            inset.child = b
            var ratio = RatioLayoutSpec(ratio: 2, child: b)
            ratio.ratio = 1
            #expect(stackCopy.children.count == 1 && (stackCopy.children[0] as? LeafNode) === a)
            #expect(stack.children.count == 2 && (stack.children[0] as? LeafNode) === b)
            #expect((insetCopy.child as? LeafNode) === a && (inset.child as? LeafNode) === b)
            #expect(stack.layoutThatFits(SizeRange(width: 10)).size.height == 30)
            #expect(inset.layoutThatFits(SizeRange(width: 12)).size.height == 22)
            #expect(ratio.layoutThatFits(SizeRange(width: 12)).size.height == 12)
        }
        #expect(weakA == nil && weakB == nil)
    }

    /// Runs longer than a chunk, and more runs than fit one chunk, in nested regions: every stack keeps
    /// its own children (the sum of their heights), before and after an inner region closed.
    @Test func childRunsAcrossChunksKeepEachStacksChildren() {
        let sizes = [1, 3, SpecChildRuns.chunkCapacity + 5, 2, SpecChildRuns.chunkCapacity - 1, 7, 0, 40]
        func makeStack(_ count: Int) -> StackLayoutSpec {
            StackLayoutSpec.vertical(children: (0..<count).map { i in LayoutSpec { $0.height = .points(Double(i % 3 + 1)) } })
        }
        func expectedHeight(_ count: Int) -> Double { Double((0..<count).reduce(0) { $0 + $1 % 3 + 1 }) }
        LayoutSpecRegion.with {
            var outer: [StackLayoutSpec] = []
            for (round, count) in sizes.enumerated() {
                outer.append(makeStack(count))
                let inner = LayoutSpecRegion.with { () -> [Double] in
                    let stacks = (sizes[round...] + sizes[..<round]).map(makeStack)
                    return stacks.map { $0.layoutThatFits(SizeRange(width: 10)).size.height }
                }
                #expect(inner.sorted() == sizes.map(expectedHeight).sorted())
                for (index, stack) in outer.enumerated() {
                    #expect(stack.layoutThatFits(SizeRange(width: 10)).size.height == expectedHeight(sizes[index]))
                }
            }
        }
        #expect(LayoutSpecRegion.liveSpecCount == 0)
    }

    /// Closing a region destroys an inset's or a ratio's child — a node is released then, a spec child
    /// (here a stack) destroyed with it — also when copies on write share it.
    @Test func closingARegionReleasesTheChildOfEachInsetAndRatio() {
        weak var weakA: LeafNode?
        weak var weakB: LeafNode?
        let base = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 10, 10)
            weakA = a; weakB = b
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a)
            var wider = inset
            wider.insets = EdgeInsets(all: 2)
            var ratio = RatioLayoutSpec(ratio: 1, child: StackLayoutSpec.vertical(children: [b]))
            let copy = ratio
            ratio.ratio = 2
            let root = StackLayoutSpec.vertical(children: [inset, wider, ratio, copy])
            let layout = Layout.nodeLayout(for: CoreFixture.node("host"),
                                           specLayout: root.layoutThatFits(SizeRange(width: 20)))
            #expect(CoreFixture.names(layout) == ["a", "a", "b", "b"])
        }
        #expect(weakA == nil && weakB == nil)
        #expect(LayoutSpecRegion.liveSpecCount == base)
    }

    /// Each thread has its own arena: a region on another thread does not see this thread's specs.
    @Test func eachThreadHasItsOwnArena() async {
        let here = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            _ = StackLayoutSpec.vertical(children: [LayoutSpec()])
        }
        let other = await Task.detached { () -> (Bool, Int) in
            let open = LayoutSpecRegion.isOpen
            let count = LayoutSpecRegion.with { () -> Int in
                _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
                return LayoutSpecRegion.liveSpecCount
            }
            return (open, count)
        }.value
        #expect(other.0 == false && other.1 >= 2)
        #expect(LayoutSpecRegion.liveSpecCount == here)
    }

    /// A spec that outlives the region it was built in is stopped with a message, not read from a slot
    /// another spec may be using.
    @Test func aSpecUsedAfterItsRegionClosedStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = LayoutSpecRegion.with { InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec()) }
            LayoutSpecRegion.with { _ = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: LayoutSpec()) }
            _ = escaped.insets
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("a layout spec was used after the layout it was built for ended"), "stderr: \(text)")
    }

    /// Every built-in spec's fields share the arena's spec slab: each fits its slot (the slab checks only
    /// the type that adds a chunk).
    @Test func everyBuiltInSpecsFieldsFitASpecSlot() {
        let sizes = [MemoryLayout<StackLayoutSpec.Fields>.size, MemoryLayout<InsetLayoutSpec.Fields>.size,
                     MemoryLayout<RatioLayoutSpec.Fields>.size, MemoryLayout<LayoutSpec.Fields>.size,
                     MemoryLayout<RelativeLayoutSpec.Fields>.size, MemoryLayout<CenterLayoutSpec.Fields>.size,
                     MemoryLayout<ManyChildFields<Void>>.size, MemoryLayout<CornerLayoutSpec.Fields>.size,
                     MemoryLayout<AbsoluteLayoutSpec.Fields>.size, MemoryLayout<WrapperLayoutSpec.Fields>.size]
        for size in sizes { #expect(8 + size <= SpecArena.specSlotStride) }
    }
}
