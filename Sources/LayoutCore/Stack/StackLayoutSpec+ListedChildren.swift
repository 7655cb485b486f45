// Stacks whose children are listed one by one (`StackLayoutSpec.vertical(children: userName, location)`),
// next to the `[any LayoutElement]` API: the same stack, built without an array. Up to six children, each
// of its own type; more, or children held as `any LayoutElement`, take the array API.
//
// Why (issue #6, the cost of building the spec tree): an array literal of children wraps each child in an
// existential, retains it into the array, copies it out again into the stack's SpecChild and destroys the
// array (swift_arrayDestroy, a generic walk). Listed, each child keeps its own type: a built-in spec of the
// open region is referred to by
// its slot (nothing copied, retained or destroyed), anything else — a node, a user's element — is copied
// once into the arena's element slab, where the array path keeps it too. Outside a region the children go
// to a box of elements, as the array path's do.
//
// Fixed arities and not a parameter pack (`children: repeat each Child`): Swift 6.3 does not unroll a
// pack's iteration after specializing it, so each child went through value witnesses (a copy and two
// destroys of each child, an opaque existential box for a node), dearer than the arrays, where fixed
// arities are cheaper than both. Labels: the first child
// takes `children:`, as the array does; an array argument never satisfies `A: LayoutElement`, so a call
// has one candidate. Each is always inlined into the code that builds the spec tree, with its closures
// (InsetLayoutSpec.swift says why).

extension StackLayoutSpec {
    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 1, boxed: { [a] }) { run in
            run.write(a, at: 0)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 2, boxed: { [a, b] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 3, boxed: { [a, b, c] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 4, boxed: { [a, b, c, d] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 5, boxed: { [a, b, c, d, e] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 6, boxed: { [a, b, c, d, e, f] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
            run.write(f, at: 5)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 1, boxed: { [a] }) { run in
            run.write(a, at: 0)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 2, boxed: { [a, b] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 3, boxed: { [a, b, c] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 4, boxed: { [a, b, c, d] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 5, boxed: { [a, b, c, d, e] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 6, boxed: { [a, b, c, d, e, f] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
            run.write(f, at: 5)
        }
    }

    /// The listed-children stack behind `vertical` and `horizontal`: `write` fills the region's run of
    /// `count` children, `boxed` lists them for the box outside a region.
    /// With `hasStyle`, the stack gets a style of its own that `style` sets (the `style:` overloads,
    /// StackLayoutSpec+ListedChildrenStyle.swift); a constant, so each overload keeps only its branch.
    @inlinable @inline(__always)
    static func listed(_ direction: StackLayoutDirection, spacing: Double,
                       justifyContent: StackLayoutJustifyContent, alignItems: StackLayoutAlignItems,
                       hasStyle: Bool, style: (inout LayoutElementStyle) -> Void, count: Int,
                       boxed: () -> [any LayoutElement],
                       write: (SpecChildWriter) -> Void)
        -> StackLayoutSpec {
        if let arena = SpecArena.forBuilding {
            let run = arena.reserveChildren(count)
            write(run)
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            Fields.initialize(fields, direction: direction, spacing: spacing, justifyContent: justifyContent,
                              alignItems: alignItems, flexWrap: .noWrap, alignContent: .start, lineSpacing: 0,
                              children: run.children)
            if hasStyle { fields.initializeOwnStyle(in: arena, style) }
            return StackLayoutSpec(storage: SpecStorage(slot: fields, in: arena))
        }
        return listedOutsideRegion(direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                                   hasStyle: hasStyle, style: style, boxed: boxed)
    }

    /// `listed` outside a region (a heap box, as the array initializer makes), out of line: inlined, the
    /// array of children and the box's initializer made each listed stack's code large enough that
    /// the code building the spec tree called it, `@inline(__always)` notwithstanding; out of line, the
    /// listed stacks themselves are inlined.
    @usableFromInline @inline(never)
    static func listedOutsideRegion(_ direction: StackLayoutDirection, spacing: Double,
                                    justifyContent: StackLayoutJustifyContent, alignItems: StackLayoutAlignItems,
                                    hasStyle: Bool, style: (inout LayoutElementStyle) -> Void,
                                    boxed: () -> [any LayoutElement]) -> StackLayoutSpec {
        if hasStyle {
            return StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justifyContent,
                                   alignItems: alignItems, children: boxed(), style: style)
        }
        return StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, children: boxed())
    }
}
