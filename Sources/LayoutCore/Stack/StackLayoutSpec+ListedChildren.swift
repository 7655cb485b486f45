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
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 1, boxed: { [a] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 2, boxed: { [a, b] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 3, boxed: { [a, b, c] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 4, boxed: { [a, b, c, d] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 5, boxed: { [a, b, c, d, e] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
            SpecChild.write(e, to: run + 4, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 6, boxed: { [a, b, c, d, e, f] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
            SpecChild.write(e, to: run + 4, in: arena)
            SpecChild.write(f, to: run + 5, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 1, boxed: { [a] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 2, boxed: { [a, b] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 3, boxed: { [a, b, c] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 4, boxed: { [a, b, c, d] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 5, boxed: { [a, b, c, d, e] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
            SpecChild.write(e, to: run + 4, in: arena)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent,
                               alignItems: alignItems, hasStyle: false, style: { _ in }, count: 6, boxed: { [a, b, c, d, e, f] }) { run, arena in
            SpecChild.write(a, to: run + 0, in: arena)
            SpecChild.write(b, to: run + 1, in: arena)
            SpecChild.write(c, to: run + 2, in: arena)
            SpecChild.write(d, to: run + 3, in: arena)
            SpecChild.write(e, to: run + 4, in: arena)
            SpecChild.write(f, to: run + 5, in: arena)
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
                       write: (UnsafeMutablePointer<SpecChild>, UnsafeMutablePointer<SpecArena>) -> Void)
        -> StackLayoutSpec {
        if let arena = SpecArena.forBuilding {
            let run = arena.pointee.childRuns.reserve(count)
            write(run, arena)
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            Fields.initialize(fields, direction: direction, spacing: spacing, justifyContent: justifyContent,
                              alignItems: alignItems, childBase: run, childCount: count)
            if hasStyle { Fields.initializeOwnStyle(fields, in: arena, style) }
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

extension StackLayoutSpec.Fields {
    /// Writes fresh fields of a single-line stack of the open region into uninitialized memory (the
    /// listed-children initializer's; the array initializer writes its own, with the wrap options).
    @inlinable @inline(__always)
    static func initialize(_ fields: UnsafeMutablePointer<Self>, direction: StackLayoutDirection, spacing: Double,
                           justifyContent: StackLayoutJustifyContent, alignItems: StackLayoutAlignItems,
                           childBase: UnsafeMutablePointer<SpecChild>?, childCount: Int) {
        fields.pointer(to: \.customStyle).unsafelyUnwrapped.initialize(to: nil)
        fields.pointer(to: \.direction).unsafelyUnwrapped.initialize(to: direction)
        fields.pointer(to: \.spacing).unsafelyUnwrapped.initialize(to: spacing)
        fields.pointer(to: \.flexWrap).unsafelyUnwrapped.initialize(to: .noWrap)
        fields.pointer(to: \.alignContent).unsafelyUnwrapped.initialize(to: .start)
        fields.pointer(to: \.lineSpacing).unsafelyUnwrapped.initialize(to: 0)
        fields.pointer(to: \.childBase).unsafelyUnwrapped.initialize(to: childBase)
        fields.pointer(to: \.childCount).unsafelyUnwrapped.initialize(to: childCount)
        fields.pointer(to: \.elementsOwner).unsafelyUnwrapped.initialize(to: nil)
        fields.pointer(to: \.justifyContent).unsafelyUnwrapped.initialize(to: justifyContent)
        fields.pointer(to: \.alignItems).unsafelyUnwrapped.initialize(to: alignItems)
        fields.pointer(to: \.horizontalAlignment).unsafelyUnwrapped.initialize(to: .none)
        fields.pointer(to: \.verticalAlignment).unsafelyUnwrapped.initialize(to: .none)
    }
}

extension SpecChild {
    /// Writes at `child` the child `element` of a spec built in `arena`'s open region, read where it is and
    /// of its own type: its slot when it is a built-in spec of the region, else a copy in a slot of the
    /// arena's element slab (`make(_:in:)`'s, without an existential to copy from). `arena` is `listed`'s,
    /// from `SpecArena.forBuilding`, so the slot is reserved without checking the region's mark again, as
    /// the stack's own slot is (not checked again per child).
    @inlinable @inline(__always)
    static func write<Element: LayoutElement>(_ element: borrowing Element, to child: UnsafeMutablePointer<SpecChild>,
                                              in arena: UnsafeMutablePointer<SpecArena>) {
        let slot = element.layoutSpecSlot
        if let fields = slot.fields {
            child.initialize(to: SpecChild(kind: slot.kind, pointer: fields))
            return
        }
        // A node is kept as a class reference (SpecChildKind.node). `layoutNodeElement` is a constant
        // once specialized: DisplayNode's answers `self`, everything else's nil.
        if let node = element.layoutNodeElement {
            let kept = reserveElement(in: arena, isObject: true)
            UnsafeMutableRawPointer(kept).initializeMemory(as: (any LayoutNodeElement).self, to: node)
            child.initialize(to: SpecChild(kind: .node, pointer: UnsafeMutableRawPointer(kept)))
            return
        }
        // `_canBeClass` is a constant once specialized (1: a class, 0: not); `Element.self is
        // AnyObject.Type` alone was a call of swift_isClassType per node child. Unspecialized (2: a debug
        // build), the dynamic check decides.
        let canBeClass = _canBeClass(Element.self)
        let isObject = canBeClass == 1 || (canBeClass == 2 && Element.self is AnyObject.Type)
        let kept = reserveElement(in: arena, isObject: isObject)
        kept.initialize(to: copy element)
        child.initialize(to: SpecChild.kept(kept))
    }
}
