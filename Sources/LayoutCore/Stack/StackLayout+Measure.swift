// Steps 2–3 of Texture's stack algorithm (StackLayout.swift lists them) and the one routine every step
// measures a child with (Texture's crossChildLayout), which applies the stretch rule to the cross range.

extension StackLayout {
    /// How many children, from the first, use the default style (`usesDefaultLayoutStyle`, asked of each up
    /// to the first that does not).
    @inline(__always)
    static func defaultStyledPrefix(_ children: StackChildren) -> Int {
        var index = 0
        while index < children.count && children[index].usesDefaultLayoutStyle { index += 1 }
        return index
    }

    /// One item per child, in child order, each reading its child's style once: initializes `items`
    /// (uninitialized, exactly as many as there are children). The first `defaultPrefix` children are known
    /// to use the default style (`defaultStyledPrefix`). Returns what the one-line driver's steps 2, 5 and 8
    /// need of the items, summed as they are made (`StackItemTotals`).
    static func initializeItems(_ items: StackItems, _ children: StackChildren, _ context: StackContext,
                                defaultPrefix: Int) -> StackItemTotals {
        // What every child with the default style gets (StackItem.defaultItem), made once per stack.
        let defaultItem = StackItem.defaultItem(context)
        var totals = StackItemTotals(spacingExtent: context.spacing * Double(children.count - 1),
                                     allDefault: defaultPrefix == children.count)
        for index in 0..<defaultPrefix {
            items.initialize(index, to: defaultItem)
            // A default item's spacing, 0 + 0 (its flex factors add nothing to the other totals).
            totals.spacingExtent += 0
        }
        // The child after the prefix, if any, has a style of its own (it was asked); those after it are
        // asked here.
        for index in defaultPrefix..<children.count {
            // By address (no copy of the whole style; a node's under its lock): copying styles and
            // deriving a vertical stack's style had been much of a layout's work. A pointer rather than a
            // borrowed style, and the item built in its slot rather than returned: the borrowed style was
            // copied (200 bytes) per child, on top of the generic witness, its closure and the item's
            // copies.
            let item = items.reference(index)
            if index > defaultPrefix && children[index].usesDefaultLayoutStyle {
                item.initialize(to: defaultItem)
                totals.spacingExtent += 0
            } else {
                children[index].withLayoutStylePointer {
                    item.initialize(to: StackItem(style: LayoutStyleReference($0), context: context))
                }
                totals.add(item.pointee)
            }
        }
        // Only alignItems makes items baseline-aligned (alignSelf has no baseline values): without it no item
        // is, and a walk of their own reads their metrics only for a baseline stack (tested in the walk above,
        // once per item).
        if context.alignItems == .baselineFirst || context.alignItems == .baselineLast {
            for index in 0..<children.count where items[index].isBaselineAligned {
                items[index].setBaselineMetrics(of: children[index].style)
            }
        }
        return totals
    }

    /// Step 2 — "optimized flexing": exactly one child both grows and shrinks (flexGrow > 0 and
    /// flexShrink > 0) and the stack axis is exact. That child's first measurement is skipped: it will be
    /// measured at its flexed size, or at stack size 0 if its line does not flex.
    @inline(__always)
    static func usesOptimizedFlexing(_ totals: StackItemTotals, _ context: StackContext) -> Bool {
        totals.flexibleCount == 1 && context.stackMin == context.stackMax
    }

    /// Step 3 — the first pass, in child order: stack range [Resolve(flexBasis, parent, 0),
    /// Resolve(flexBasis, parent, ∞)] (auto → [0, ∞], points → exact, a fraction of an undefined parent →
    /// NaN), cross range from the stack's range through the stretch rule. Under optimized flexing the
    /// flexible child gets a 0×0 placeholder instead.
    static func measureAlongUnconstrainedStackAxis<Axes: StackAxes>(
        _ items: StackItems, _ children: StackChildren, _ scratch: inout LayoutScratch, _ context: StackContext,
        _ axes: Axes, optimizedFlexing: Bool, allDefault: Bool = false) {
        // Every item the default item (`initializeItems`' result): flexBasis auto, a stack range of [0, ∞]
        // without reading it, and the stretch rule's
        // cross range resolved once for all (`measureDefaultItem`).
        if allDefault {
            let childCrossMin = context.alignItems == .stretch ? axes.crossMin(context) : 0
            for index in items.indices {
                let layout = measureDefaultItem(children, index, crossMin: childCrossMin,
                                                crossMax: axes.crossMax(context), context, axes, into: &scratch)
                items[index].update(scratch.trustedSize(of: layout), axes)
                items[index].record = layout
            }
            return
        }
        let parentStack = axes.stack(of: context.parentSize)
        // Two loops, so that the usual one (no optimized flexing) tests nothing per item.
        guard optimizedFlexing else {
            for index in items.indices {
                let basis = items[index].flexBasis
                let layout = measure(children, index, items.reference(index),
                                     stackMin: basis.resolve(parent: parentStack, auto: 0),
                                     stackMax: basis.resolve(parent: parentStack, auto: .infinity),
                                     crossMin: axes.crossMin(context), crossMax: axes.crossMax(context), context,
                                     axes, into: &scratch)
                items[index].update(scratch.trustedSize(of: layout), axes)
                items[index].record = layout
            }
            return
        }
        for index in items.indices {
            let layout: LayoutRecordIndex
            if items[index].isFlexibleInBothDirections {
                layout = placeholderLayout(for: children[index], into: &scratch)
            } else {
                let basis = items[index].flexBasis
                layout = measure(children, index, items.reference(index),
                                 stackMin: basis.resolve(parent: parentStack, auto: 0),
                                 stackMax: basis.resolve(parent: parentStack, auto: .infinity),
                                 crossMin: axes.crossMin(context), crossMax: axes.crossMax(context), context, axes,
                                 into: &scratch)
            }
            items[index].update(scratch.trustedSize(of: layout), axes)
            items[index].record = layout
        }
    }

    /// Measures item `index` again and replaces its layout.
    static func remeasure<Axes: StackAxes>(_ index: Int, stackMin: Double, stackMax: Double, crossMin: Double,
                                           crossMax: Double, _ items: StackItems, _ children: StackChildren,
                                           _ scratch: inout LayoutScratch, _ context: StackContext, _ axes: Axes) {
        let layout = measure(children, index, items.reference(index), stackMin: stackMin, stackMax: stackMax,
                             crossMin: crossMin, crossMax: crossMax, context, axes, into: &scratch)
        items[index].update(scratch.trustedSize(of: layout), axes)
        items[index].record = layout
    }

    /// Texture's crossChildLayout: measures `item` with the given stack range and a cross range that
    /// depends on its alignment. Stretch: at least the child's own resolved min cross size (unless that
    /// is 0, then `crossMin`) and at most its own max (unless ∞, then `crossMax`), so an explicit cross
    /// size on the child is respected. Any other alignment: [0, crossMax]. The parent size is step 1's.
    ///
    /// Takes the children and an index, and is never inlined: handed the child itself, or inlined, the
    /// optimizer copied the child out of the array before the call (an existential copy, a retain and a
    /// release); called on the borrowed array's element here, it is opened in place. The item by address:
    /// by value, each caller copied the (then 112-byte) item out of the item buffer first.
    @inline(never)
    static func measure<Axes: StackAxes>(_ children: StackChildren, _ index: Int, _ item: TemporaryItemReference<StackItem>,
                                         stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double,
                                         _ context: StackContext, _ axes: Axes,
                                         into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let childCrossMin: Double
        let childCrossMax: Double
        if item.pointee.alignment == .stretch {
            childCrossMin = elvis(item.pointee.ownCrossMin, crossMin)
            childCrossMax = item.pointee.ownCrossMax == .infinity ? crossMax : item.pointee.ownCrossMax
        } else {
            childCrossMin = 0
            childCrossMax = crossMax
        }
        let range = axes.range(stackMin: stackMin, stackMax: stackMax,
                               crossMin: childCrossMin, crossMax: childCrossMax)
        // `SpecChild.layoutThatFits`'s dispatch, with the inset's and the ratio's layout functions kept
        // out of line: inlined here (the optimizer did), the inset's made every measurement — a node's
        // too — pay its 0x188-byte frame, six callee-saved registers and spills around the node's
        // witness call. Now a spec child's layout is a tail call (with the ratio's cheaper spec record,
        // LayoutScratch.appendSpec(sizeOf:)).
        return children[index].layoutThatFits(range, parentSize: context.parentSize, into: &scratch,
                                              specsOutOfLine: true)
    }

    /// `measure` of a default item (`StackItem.defaultItem`) in the first pass: stack range [0, ∞] and the
    /// child's cross range as given, which the caller resolved once per stack — a default item's own cross
    /// range [0, ∞] leaves the stretch rule's [crossMin, crossMax] (elvis(0, crossMin) is crossMin), and any
    /// other alignment takes [0, crossMax]: nothing to resolve per child.
    @inline(never)
    static func measureDefaultItem<Axes: StackAxes>(_ children: StackChildren, _ index: Int, crossMin: Double,
                                                    crossMax: Double, _ context: StackContext, _ axes: Axes,
                                                    into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let range = axes.range(stackMin: 0, stackMax: .infinity, crossMin: crossMin, crossMax: crossMax)
        return children[index].layoutThatFits(range, parentSize: context.parentSize, into: &scratch,
                                              specsOutOfLine: true)
    }

    /// The 0×0 layout Texture gives the skipped child of optimized flexing. It names the child (when the
    /// child is an object, i.e. a node) so that, should the child never be flexed, its node still gets a
    /// (zero) frame when the owning node flattens — exactly as in Texture.
    static func placeholderLayout(for child: SpecChild,
                                  into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        scratch.appendLeaf(element: child.layoutObject, type: child.layoutElementType, size: .zero)
    }
}

// The inset's and the ratio's layout out of line (see `StackLayout.measure`). Free functions: as static
// methods of StackLayout they lost their unused metatype to a signature specialization, and the
// specialized measure reached them through a thunk.

/// `InsetLayoutSpec.layout`, out of line.
@inline(never)
func layoutInset(_ fields: SpecFieldsReference<InsetLayoutSpec.Fields>, _ range: SizeRange,
                 parentSize: Size, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
    InsetLayoutSpec.layout(fields, range, parentSize: parentSize, into: &scratch)
}

/// `RatioLayoutSpec.layout`, out of line.
@inline(never)
func layoutRatio(_ fields: SpecFieldsReference<RatioLayoutSpec.Fields>, _ range: SizeRange,
                 parentSize: Size, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
    RatioLayoutSpec.layout(fields, range, parentSize: parentSize, into: &scratch)
}
