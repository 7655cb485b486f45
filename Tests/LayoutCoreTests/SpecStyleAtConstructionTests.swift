import Foundation
import Testing
@testable import LayoutCore

// Specs given their style as they are built (`style:` of the stacks, insets and ratios, `LayoutSpec(configure:)`)
// and insets and ratios taking a child of its own type (generic initializers): the same spec as building
// it and then setting `spec.style`, or passing the child as `any LayoutElement` — same style, same frames,
// value semantics of copies — inside a spec region and outside one.

@Suite struct SpecStyleAtConstructionTests {
    static func frames(_ root: any LayoutElement, _ range: SizeRange) -> [UInt64] {
        SpecArenaTests.frames(root, range)
    }

    static func run<R>(inRegion: Bool, _ body: () -> R) -> R {
        inRegion ? LayoutSpecRegion.with(body) : body()
    }

    static let shrink: @Sendable (inout LayoutElementStyle) -> Void = {
        $0.flexShrink = 1
        $0.flexGrow = 2
        $0.spacingBefore = 3
    }

    /// Every `style:` initializer gives exactly the style `configure` sets, stored as the spec's own.
    @Test(arguments: [false, true])
    func eachStyleInitializerSetsTheStyle(inRegion: Bool) {
        let a = CoreFixture.node("a", 10, 20)
        let b = CoreFixture.node("b", 30, 5)
        var expected = LayoutElementStyle()
        Self.shrink(&expected)
        Self.run(inRegion: inRegion) {
            let specs: [any LayoutElement] = [
                StackLayoutSpec.vertical(children: a, style: Self.shrink),
                StackLayoutSpec.vertical(children: a, b, style: Self.shrink),
                StackLayoutSpec.vertical(children: a, b, a, style: Self.shrink),
                StackLayoutSpec.vertical(children: a, b, a, b, style: Self.shrink),
                StackLayoutSpec.vertical(children: a, b, a, b, a, style: Self.shrink),
                StackLayoutSpec.vertical(children: a, b, a, b, a, b, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, b, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, b, a, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, b, a, b, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, b, a, b, a, style: Self.shrink),
                StackLayoutSpec.horizontal(children: a, b, a, b, a, b, style: Self.shrink),
                StackLayoutSpec.vertical(children: [a, b], style: Self.shrink),
                StackLayoutSpec.horizontal(children: [a, b], style: Self.shrink),
                StackLayoutSpec(direction: .horizontal, spacing: 2, children: [a], style: Self.shrink),
                InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a, style: Self.shrink),
                InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a as any LayoutElement, style: Self.shrink),
                RatioLayoutSpec(ratio: 2, child: b, style: Self.shrink),
                RatioLayoutSpec(ratio: 2, child: b as any LayoutElement, style: Self.shrink),
                LayoutSpec(configure: Self.shrink),
            ]
            for (index, spec) in specs.enumerated() {
                // A vertical stack's `style` adds its children's ascender/descender: the nodes have none.
                #expect(spec.style == expected, "spec \(index)")
                #expect(!spec.usesDefaultLayoutStyle, "spec \(index)")
                spec.withLayoutStyle { #expect($0 == expected, "spec \(index)") }
            }
            // The stacks' children are the listed ones, in order.
            let six = specs[5] as! StackLayoutSpec
            #expect(six.children.map { ($0 as! LeafNode).name } == ["a", "b", "a", "b", "a", "b"])
            #expect(six.storage.isInArena == inRegion)
            #expect((specs[15] as! InsetLayoutSpec).storage.isInArena == inRegion)
        }
        // Closing the region left nothing behind, styles included.
        #expect(LayoutSpecRegion.liveSpecCount == 0)
    }

    /// A copy of a spec made with `style:` keeps its style when the original is mutated, and the other way
    /// round: the style slot is the spec's own, copied on write like any field.
    @Test(arguments: [false, true])
    func copiesOfStyledSpecsAreIndependent(inRegion: Bool) {
        let a = CoreFixture.node("a", 10, 20)
        Self.run(inRegion: inRegion) {
            let stack = StackLayoutSpec.vertical(children: a, style: { $0.flexShrink = 1 })
            var stackCopy = stack
            stackCopy.style.flexShrink = 5
            stackCopy.spacing = 4
            #expect(stack.style.flexShrink == 1 && stack.spacing == 0)
            #expect(stackCopy.style.flexShrink == 5 && stackCopy.spacing == 4)

            var inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: a, style: { $0.flexGrow = 1 })
            let insetCopy = inset
            inset.style.flexGrow = 7
            inset.insets = EdgeInsets(all: 3)
            #expect(insetCopy.style.flexGrow == 1 && insetCopy.insets == EdgeInsets(all: 1))
            #expect(inset.style.flexGrow == 7 && inset.insets == EdgeInsets(all: 3))

            var ratio = RatioLayoutSpec(ratio: 1, child: a, style: { $0.flexBasis = .points(9) })
            let ratioCopy = ratio
            ratio.style.flexBasis = .points(2)
            #expect(ratioCopy.style.flexBasis == .points(9) && ratio.style.flexBasis == .points(2))

            var plain = LayoutSpec { $0.flexGrow = 1 }
            let plainCopy = plain
            plain.style.flexGrow = 3
            #expect(plainCopy.style.flexGrow == 1 && plain.style.flexGrow == 3)
        }
    }

    /// The generic inset and ratio initializers keep the child as the existential ones do: a node as an
    /// element, a spec of the region by its slot; `child` hands back the same element.
    @Test(arguments: [false, true])
    func genericChildrenAreTheExistentialOnes(inRegion: Bool) {
        let a = CoreFixture.node("a", 10, 20)
        let range = SizeRange(min: .zero, max: Size(width: 120, height: 300))
        Self.run(inRegion: inRegion) {
            let stack = StackLayoutSpec.vertical(children: a, LayoutSpec.spacer())
            let generic = InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: stack)
            // The existential initializers' path (an `any LayoutElement` argument is opened into the generic
            // one, so it is reached here through the storage initializer it calls).
            let existential = InsetLayoutSpec(storage: SpecStorage(
                parameter: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: stack as any LayoutElement,
                hasStyle: false, style: { _ in }))
            #expect((generic.child as? StackLayoutSpec)?.children.count == 2)
            #expect(Self.frames(generic, range) == Self.frames(existential, range))
            let ratio = RatioLayoutSpec(ratio: 0.5, child: a)
            #expect((ratio.child as? LeafNode) === a)
            let existentialRatio = RatioLayoutSpec(storage: SpecStorage(
                parameter: 0.5, child: a as any LayoutElement, hasStyle: false, style: { _ in }))
            #expect((existentialRatio.child as? LeafNode) === a)
            #expect(Self.frames(ratio, range) == Self.frames(existentialRatio, range))
            // The child of the generic inset is the stack's slot in a region, not a copy of it.
            if inRegion {
                #expect(generic.storage.fields.pointee.child.kind == .stack)
                // A node (a LayoutNodeElement) is kept as a class reference (SpecNodeChildTests).
                #expect(InsetLayoutSpec(insets: .zero, child: a).storage.fields.pointee.child.kind == .node)
            }
        }
    }

    /// Random trees built with `style:` and the generic initializers lay out as the same trees built
    /// with the existential initializers and `spec.style` set afterwards.
    @Test(arguments: [false, true])
    func randomTreesLayOutAsWithStyleSetAfterwards(inRegion: Bool) {
        for seed in UInt64(1)...150 {
            let range = SizeRange(min: .zero, max: Size(width: 320, height: seed % 3 == 0 ? .infinity : 400))
            let (before, after) = Self.run(inRegion: inRegion) { () -> ([UInt64], [UInt64]) in
                var old = Builder(rng: CoreSplitMix64(seed: seed), atConstruction: false)
                let oldTree = old.element(depth: 3)
                var new = Builder(rng: CoreSplitMix64(seed: seed), atConstruction: true, nodes: old.nodes)
                let newTree = new.element(depth: 3)
                #expect(new.nodeIndex == old.nodes.count, "seed \(seed)")
                return (Self.frames(oldTree, range), Self.frames(newTree, range))
            }
            #expect(!before.isEmpty && after == before, "seed \(seed)")
        }
    }

    /// A random tree whose stacks, insets, ratios and spacers may have a style of their own; set as they
    /// are built where `atConstruction`, else afterwards through `style` with the existential initializers.
    struct Builder {
        var rng: CoreSplitMix64
        let atConstruction: Bool
        var nodes: [LeafNode] = []
        var nodeIndex = 0

        mutating func node() -> LeafNode {
            let width = rng.double(0, 80).rounded()
            let height = rng.double(0, 60).rounded()
            if nodeIndex < nodes.count {
                defer { nodeIndex += 1 }
                return nodes[nodeIndex]
            }
            let node = CoreFixture.node("n\(nodes.count)", width, height)
            nodes.append(node)
            nodeIndex += 1
            return node
        }

        /// A style change (or none) drawn the same way for both builds.
        mutating func styleChange() -> ((inout LayoutElementStyle) -> Void)? {
            guard rng.chance(0.5) else { return nil }
            let grow = rng.double(0, 2).rounded()
            let shrink = rng.chance(0.5) ? 1.0 : 0
            let basis = rng.chance(0.3) ? Dimension.points(rng.double(0, 40).rounded()) : .auto
            let width = rng.chance(0.2) ? Dimension.points(rng.double(10, 90).rounded()) : .auto
            return { $0.flexGrow = grow; $0.flexShrink = shrink; $0.flexBasis = basis; $0.width = width }
        }

        mutating func element(depth: Int) -> any LayoutElement {
            switch depth == 0 ? 0 : rng.int(5) {
            case 0: return node()
            case 1:
                let change = styleChange() ?? { $0.flexGrow = 1 }
                if atConstruction { return LayoutSpec(configure: change) }
                var spacer = LayoutSpec()
                change(&spacer.style)
                return spacer
            case 2:
                let insets = EdgeInsets(all: rng.double(0, 10).rounded())
                let child = element(depth: depth - 1)
                let change = styleChange()
                if atConstruction, let change { return InsetLayoutSpec(insets: insets, child: child, style: change) }
                var inset = InsetLayoutSpec(insets: insets, child: child)
                if let change { change(&inset.style) }
                return inset
            case 3:
                let ratio = rng.pick([0.5, 1, 2])
                let child = element(depth: depth - 1)
                let change = styleChange()
                if atConstruction, let change { return RatioLayoutSpec(ratio: ratio, child: child, style: change) }
                var spec = RatioLayoutSpec(ratio: ratio, child: child)
                if let change { change(&spec.style) }
                return spec
            default:
                let direction: StackLayoutDirection = rng.chance(0.5) ? .vertical : .horizontal
                let count = 1 + rng.int(3)
                var children: [any LayoutElement] = []
                for _ in 0..<count { children.append(element(depth: depth - 1)) }
                let change = styleChange()
                if atConstruction, let change {
                    switch count {
                    case 1: return direction == .vertical
                        ? StackLayoutSpec.vertical(children: children[0], style: change)
                        : StackLayoutSpec.horizontal(children: children[0], style: change)
                    case 2: return direction == .vertical
                        ? StackLayoutSpec.vertical(children: children[0], children[1], style: change)
                        : StackLayoutSpec.horizontal(children: children[0], children[1], style: change)
                    default: return StackLayoutSpec(direction: direction, children: children, style: change)
                    }
                }
                var stack = StackLayoutSpec(direction: direction, children: children)
                if let change { change(&stack.style) }
                return stack
            }
        }
    }

    /// A styled spec used after its region closed still stops with the use-after-region message.
    @Test func aStyledSpecUsedAfterItsRegionClosedStops() async {
        await #expect(processExitsWith: .failure) {
            let node = LeafNode("a", width: 10, height: 10)
            let escaped = LayoutSpecRegion.with {
                InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node, style: { $0.flexGrow = 1 })
            }
            _ = escaped.style
        }
    }
}
