import Foundation
import Testing
@testable import LayoutCore

// Stacks with listed children (Stack/StackLayoutSpec+ListedChildren.swift): `vertical(children: a, b)`
// builds the same stack as `vertical(children: [a, b])` — same fields, same children in the same order,
// same frames — inside a spec region (specs by slot, other elements kept once in the arena) and outside
// one (a box of elements).

@Suite struct StackListedChildrenTests {
    /// Flattened frames of `root` in `range`, as bit patterns (NaN and ∞ positions compare exactly).
    static func frames(_ root: any LayoutElement, _ range: SizeRange) -> [UInt64] {
        SpecArenaTests.frames(root, range)
    }

    /// The stack of `children` (1 ... 6 of them) through the listed API, each child opened to its own type.
    static func listed(_ direction: StackLayoutDirection, spacing: Double, justify: StackLayoutJustifyContent,
                       align: StackLayoutAlignItems, _ c: [any LayoutElement]) -> StackLayoutSpec {
        if direction == .vertical {
            switch c.count {
            case 1: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align, children: c[0])
            case 2: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align, children: c[0], c[1])
            case 3: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align,
                                     children: c[0], c[1], c[2])
            case 4: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align,
                                     children: c[0], c[1], c[2], c[3])
            case 5: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align,
                                     children: c[0], c[1], c[2], c[3], c[4])
            default: return .vertical(spacing: spacing, justifyContent: justify, alignItems: align,
                                      children: c[0], c[1], c[2], c[3], c[4], c[5])
            }
        }
        switch c.count {
        case 1: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align, children: c[0])
        case 2: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align, children: c[0], c[1])
        case 3: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align,
                                   children: c[0], c[1], c[2])
        case 4: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align,
                                   children: c[0], c[1], c[2], c[3])
        case 5: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align,
                                   children: c[0], c[1], c[2], c[3], c[4])
        default: return .horizontal(spacing: spacing, justifyContent: justify, alignItems: align,
                                    children: c[0], c[1], c[2], c[3], c[4], c[5])
        }
    }

    /// A random tree of stacks (1 ... 6 children each), insets, ratios, spacers and leaf nodes with random
    /// sizes and flex, built with listed children where `useListed` (else arrays) — the same tree for the
    /// same seed. Nodes are shared through `nodes` so both builds lay out the same nodes.
    struct Builder {
        var rng: CoreSplitMix64
        let useListed: Bool
        var nodes: [LeafNode] = []
        var nodeIndex = 0

        /// The next node: the shared one when the other build made it, else a new one. The same draws
        /// either way, so both builds stay on the same random sequence.
        mutating func node() -> LeafNode {
            let width = rng.chance(0.3) ? nil : rng.double(0, 80).rounded()
            let height = rng.double(0, 60).rounded()
            let grow = rng.chance(0.3) ? 1.0 : 0
            let shrink = rng.chance(0.5) ? 1.0 : 0
            if nodeIndex < nodes.count {
                defer { nodeIndex += 1 }
                return nodes[nodeIndex]
            }
            let node = LeafNode("n\(nodes.count)", style: {
                var style = LayoutElementStyle()
                if let width { style.width = .points(width) }
                style.height = .points(height)
                style.flexGrow = grow
                style.flexShrink = shrink
                return style
            }())
            nodes.append(node)
            nodeIndex += 1
            return node
        }

        mutating func element(depth: Int) -> any LayoutElement {
            switch depth == 0 ? 0 : rng.int(5) {
            case 0: return node()
            case 1: return LayoutSpec.spacer(flexGrow: rng.double(0, 2).rounded())
            case 2: return InsetLayoutSpec(insets: EdgeInsets(all: rng.double(0, 10).rounded()),
                                           child: element(depth: depth - 1))
            case 3: return RatioLayoutSpec(ratio: rng.pick([0.5, 1, 2]), child: element(depth: depth - 1))
            default: return stack(depth: depth - 1)
            }
        }

        mutating func stack(depth: Int) -> StackLayoutSpec {
            let direction: StackLayoutDirection = rng.chance(0.5) ? .vertical : .horizontal
            let spacing = rng.double(0, 8).rounded()
            let justify = rng.pick(StackLayoutJustifyContent.allCases)
            let align = rng.pick([StackLayoutAlignItems.start, .end, .center, .stretch])
            let count = 1 + rng.int(6)
            var children: [any LayoutElement] = []
            for _ in 0..<count { children.append(element(depth: depth)) }
            var stack = useListed
                ? StackListedChildrenTests.listed(direction, spacing: spacing, justify: justify, align: align, children)
                : StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify, alignItems: align,
                                  children: children)
            if rng.chance(0.3) { stack.style.flexShrink = 1 }
            return stack
        }
    }

    /// The random tree of `seed`, built both ways (the listed build reuses the array build's nodes).
    static func bothTrees(seed: UInt64) -> (array: StackLayoutSpec, listed: StackLayoutSpec, nodes: Int) {
        var arrayBuilder = Builder(rng: CoreSplitMix64(seed: seed), useListed: false)
        let array = arrayBuilder.stack(depth: 3)
        var listedBuilder = Builder(rng: CoreSplitMix64(seed: seed), useListed: true, nodes: arrayBuilder.nodes)
        let listed = listedBuilder.stack(depth: 3)
        #expect(listedBuilder.nodeIndex == arrayBuilder.nodes.count, "seed \(seed): the builds differ")
        return (array, listed, arrayBuilder.nodes.count)
    }

    @Test(arguments: [false, true])
    func randomTreesLayOutAsWithArrays(inRegion: Bool) {
        for seed in UInt64(1)...150 {
            let range = SizeRange(min: .zero, max: Size(width: 320, height: seed % 3 == 0 ? .infinity : 400))
            let (arrayFrames, listedFrames, nodes, listedInArena) = inRegion
                ? LayoutSpecRegion.with {
                    let trees = Self.bothTrees(seed: seed)
                    return (Self.frames(trees.array, range), Self.frames(trees.listed, range), trees.nodes,
                            trees.listed.storage.isInArena)
                }
                : {
                    let trees = Self.bothTrees(seed: seed)
                    return (Self.frames(trees.array, range), Self.frames(trees.listed, range), trees.nodes,
                            trees.listed.storage.isInArena)
                }()
            #expect(listedInArena == inRegion, "seed \(seed)")
            // Two numbers for the root size, four for each flattened node.
            #expect(arrayFrames.count == 2 + 4 * nodes, "seed \(seed)")
            #expect(listedFrames == arrayFrames, "seed \(seed)")
        }
    }

    @Test(arguments: [false, true])
    func fieldsAndChildrenAreTheArrayInitializers(inRegion: Bool) {
        let a = CoreFixture.node("a", 10, 20)
        let b = CoreFixture.node("b", 30, 5)
        let check = {
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: b)
            let stack = StackLayoutSpec.horizontal(spacing: 3, justifyContent: .center, alignItems: .end,
                                                   children: a, inset, LayoutSpec.spacer())
            #expect(stack.storage.isInArena == inRegion)
            #expect(stack.direction == .horizontal && stack.spacing == 3)
            #expect(stack.justifyContent == .center && stack.alignItems == .end)
            #expect(stack.flexWrap == .noWrap && stack.alignContent == .start && stack.lineSpacing == 0)
            #expect(stack.horizontalAlignment == .none && stack.verticalAlignment == .none)
            let children = stack.children
            #expect(children.count == 3)
            #expect((children[0] as? LeafNode) === a)
            #expect((children[1] as? InsetLayoutSpec)?.insets == EdgeInsets(all: 2))
            #expect(children[2] is LayoutSpec && children[2].style.flexGrow == 1)
            let range = SizeRange(exactly: Size(width: 100, height: 40))
            let array = StackLayoutSpec.horizontal(spacing: 3, justifyContent: .center, alignItems: .end,
                                                   children: [a, inset, LayoutSpec.spacer()])
            #expect(Self.frames(stack, range) == Self.frames(array, range))
            // a at x 0, bottom-aligned (y 40 − 20); b inset by 2 after a and the spacing; the spacer last
            // takes the free space.
            let layout = CoreFixture.flatten(stack, in: range)
            #expect(layout.sublayouts.map(\.position) == [Point(x: 0, y: 20), Point(x: 10 + 3 + 2, y: 40 - 9 + 2)])
        }
        if inRegion { LayoutSpecRegion.with(check) } else { check() }
    }

    /// In a region, spec children are referred to by their slots and nodes kept once each in the arena's
    /// element slab; closing the region leaves nothing behind.
    @Test func inARegionSpecsAreBySlotAndNodesKeptOnce() {
        let a = CoreFixture.node("a", 10, 10)
        let b = CoreFixture.node("b", 10, 10)
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let specsBefore = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            let inner = StackLayoutSpec.vertical(children: a, b)
            #expect(arena.pointee.liveElementCount == elementsBefore + 2)
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: inner)
            let outer = StackLayoutSpec.horizontal(children: inset, LayoutSpec())
            // No element slot for the specs: the inset and the plain spec are children by slot.
            #expect(arena.pointee.liveElementCount == elementsBefore + 2)
            // inner, inset, outer, the plain spec.
            #expect(LayoutSpecRegion.liveSpecCount == specsBefore + 4)
            #expect(outer.layoutThatFits(SizeRange(exactly: Size(width: 50, height: 30))).size
                == Size(width: 50, height: 30))
        }
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(LayoutSpecRegion.liveSpecCount == specsBefore)
    }

    /// One child of each kind alone, and nested listed stacks mixed with array stacks.
    @Test(arguments: [false, true])
    func oneChildAndNestedStacks(inRegion: Bool) {
        let a = CoreFixture.node("a", 10, 20)
        let b = CoreFixture.node("b", 30, 5)
        let check = {
            let range = SizeRange(min: .zero, max: Size(width: 200, height: 200))
            let one = StackLayoutSpec.vertical(children: a)
            #expect(one.children.count == 1)
            #expect(Self.frames(one, range) == Self.frames(StackLayoutSpec.vertical(children: [a]), range))
            #expect(one.layoutThatFits(range).size == Size(width: 10, height: 20))
            let nested = StackLayoutSpec.vertical(alignItems: .center, children:
                StackLayoutSpec.horizontal(children: a, StackLayoutSpec.vertical(children: [b])),
                InsetLayoutSpec(insets: EdgeInsets(all: 4), child: StackLayoutSpec.horizontal(children: b)))
            let array = StackLayoutSpec.vertical(alignItems: .center, children: [
                StackLayoutSpec.horizontal(children: [a, StackLayoutSpec.vertical(children: [b])]),
                InsetLayoutSpec(insets: EdgeInsets(all: 4), child: StackLayoutSpec.horizontal(children: [b]))])
            #expect(Self.frames(nested, range) == Self.frames(array, range))
            let layout = CoreFixture.flatten(nested, in: range)
            #expect(layout.size == Size(width: 40, height: 33))
            #expect(layout.sublayouts.map(\.position) == [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 1 + 4, y: 20 + 4)])
        }
        if inRegion { LayoutSpecRegion.with(check) } else { check() }
    }

    /// A listed stack is a value like any other: a mutated copy gets fields of its own.
    @Test(arguments: [false, true])
    func copiesKeepTheirFields(inRegion: Bool) {
        let check = {
            let original = StackLayoutSpec.vertical(spacing: 2, children: LayoutSpec(), LayoutSpec())
            var copy = original
            copy.style.flexShrink = 1
            copy.spacing = 9
            #expect(original.style.flexShrink == 0 && original.spacing == 2)
            #expect(copy.style.flexShrink == 1 && copy.spacing == 9 && copy.children.count == 2)
        }
        if inRegion { LayoutSpecRegion.with(check) } else { check() }
    }
}
