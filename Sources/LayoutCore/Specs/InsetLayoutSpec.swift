// Texture's ASInsetLayoutSpec. It overrides calculateLayoutThatFits:restrictedToSize:relativeToParentSize:,
// so its own style size is ignored (ChildSizedLayoutSpec, Memory/StoredLayoutSpec.swift). An infinite
// inset pins the child to the opposite edge of the *maximum* size; two infinite insets on one axis centre
// it there (Tests/LayoutCoreTests/InsetSpecTests.swift).

public struct InsetLayoutSpec: ChildSizedLayoutSpec, SingleChildLayoutSpec {
    /// The spec's fields: its insets and its child, in its thread's spec arena or a heap box
    /// (Memory/SingleChildSpecStorage.swift).
    @usableFromInline typealias Fields = SingleChildFields<EdgeInsets>

    @usableFromInline var storage: SpecStorage<Fields>

    // Each initializer twice, for a child of its own type and for an `any LayoutElement`, and with or
    // without a style of its own: SingleChildSpecStorage.swift says why.

    /// Always inlined into the code that builds the spec tree, as are the generic ratio initializers, the
    /// listed-children stacks and the spacer: as calls, each spec paid a frame (saved registers, its
    /// arguments spilled) and handed its three-word handle back to be stored again. The child is
    /// `borrowing` (an initializer's parameters are owned by default): a spec child is lent, where its
    /// handle's box reference was retained for the call and released after it; an element
    /// child is copied into its slot either way.
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(insets: EdgeInsets, child: borrowing Child) {
        storage = SpecStorage(parameter: insets, generic: child, hasStyle: false, style: { _ in })
    }

    /// A spec with a style of its own that `style` sets as it is built (no copy on write of the fields,
    /// as `spec.style.x = …` afterwards takes in a region: StackLayoutSpec+ListedChildrenStyle.swift).
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(insets: EdgeInsets, child: borrowing Child, style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: insets, generic: child, hasStyle: true, style: style)
    }

    @inlinable @_disfavoredOverload
    public init(insets: EdgeInsets, child: consuming any LayoutElement) {
        storage = SpecStorage(parameter: insets, child: child, hasStyle: false, style: { _ in })
    }

    @inlinable @_disfavoredOverload
    public init(insets: EdgeInsets, child: consuming any LayoutElement, style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: insets, child: child, hasStyle: true, style: style)
    }

    public var insets: EdgeInsets {
        get { parameter }
        _modify { yield &parameter }
    }

    @inlinable
    init(storage: SpecStorage<Fields>) {
        self.storage = storage
    }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { storage.specSlot(.inset) }

    /// `layoutThatFits(_:parentSize:into:)` on the fields (a parent's SpecChild calls it directly).
    /// Finite insets (the usual case) take the short path: with no NaN or infinite inset, the
    /// general path's NaN and ∞ fallbacks are all the identity (NaN → 0, infinite → 0 in the sums, the
    /// childOrigin fallbacks), so this is the same arithmetic in the same order, without their tests.
    static func layout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let insets = fields.parameter
        // x − x is 0 exactly when x is finite; a sum is finite only if every term is (a NaN or ∞ term
        // makes it NaN or ∞). An overflowing sum of finite insets takes the general path, which is exact too.
        let sum = insets.top + insets.left + insets.bottom + insets.right
        guard sum - sum == 0 else {
            return layoutWithNonFiniteInsets(fields, range, parentSize: parentSize, into: &scratch)
        }
        let insetX = insets.left + insets.right
        let insetY = insets.top + insets.bottom
        let childRange = SizeRange(
            min: Size(width: foundationMax(0, range.min.width - insetX),
                      height: foundationMax(0, range.min.height - insetY)),
            max: Size(width: foundationMax(0, range.max.width - insetX),
                      height: foundationMax(0, range.max.height - insetY)))
        let childParent = Size(width: foundationMax(0, parentSize.width - insetX),
                               height: foundationMax(0, parentSize.height - insetY))
        // The child's dispatch with a nested inset or ratio out of line, as the stack's `measure` has it:
        // inlined, the ratio's layout made this function big enough that the optimizer called its pixel
        // rounding out of line.
        let sublayout = fields.child.layoutThatFits(childRange, parentSize: childParent, into: &scratch,
                                                             specsOutOfLine: true)
        let childSize = scratch.trustedSize(of: sublayout)
        // Read again rather than kept across the child's layout: a reload, where the kept values were spilled.
        let inset = fields.parameter
        // finiteOr stays: two huge finite insets of one sign can still overflow.
        let computed = range.clamp(Size(
            width: finiteOr(childSize.width + inset.left + inset.right, range.max.width),
            height: finiteOr(childSize.height + inset.top + inset.bottom, range.max.height)))
        scratch.setTrustedPosition(Point(x: inset.left, y: inset.top), of: sublayout)
        return scratch.appendSpec(size: computed, child: sublayout)
    }

    /// `layout` for insets of which one at least is NaN or infinite.
    @inline(never)
    static func layoutWithNonFiniteInsets(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                          parentSize: Size, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let insets = fields.parameter
        // A NaN inset would make every frame NaN; Texture asserts elsewhere, Loom treats it as 0.
        let top = insets.top.isNaN ? 0 : insets.top
        let left = insets.left.isNaN ? 0 : insets.left
        let bottom = insets.bottom.isNaN ? 0 : insets.bottom
        let right = insets.right.isNaN ? 0 : insets.right

        // Infinite insets count as 0 in the insets' sum.
        let insetX = finiteOrZero(left) + finiteOrZero(right)
        let insetY = finiteOrZero(top) + finiteOrZero(bottom)

        let childRange = SizeRange(
            min: Size(width: left.isInfinite || right.isInfinite ? 0 : foundationMax(0, range.min.width - insetX),
                      height: top.isInfinite || bottom.isInfinite ? 0 : foundationMax(0, range.min.height - insetY)),
            max: Size(width: foundationMax(0, range.max.width - insetX),
                      height: foundationMax(0, range.max.height - insetY)))
        // MAX(0, NaN) = 0: an undefined parent becomes 0 here, as in Texture.
        let childParent = Size(width: foundationMax(0, parentSize.width - insetX),
                               height: foundationMax(0, parentSize.height - insetY))
        let sublayout = fields.child.layoutThatFits(childRange, parentSize: childParent, into: &scratch)
        let childSize = scratch.trustedSize(of: sublayout)

        let computed = range.clamp(Size(
            width: finiteOr(childSize.width + left + right, range.max.width),
            height: finiteOr(childSize.height + top + bottom, range.max.height)))

        let x = InsetLayoutSpec.childOrigin(leading: left, trailing: right, extent: range.max.width,
                                            childExtent: childSize.width)
        let y = InsetLayoutSpec.childOrigin(leading: top, trailing: bottom, extent: range.max.height,
                                            childExtent: childSize.height)
        scratch.setTrustedPosition(Point(x: x, y: y), of: sublayout)
        return scratch.appendSpec(size: computed, child: sublayout)
    }
}

extension InsetLayoutSpec {
    /// Texture's finite(leading, max − (finite(trailing, roundPx((max − child) / 2)) + child)): the leading
    /// inset, else pinned to the trailing edge of the maximum, else centred on it when both are infinite.
    /// Each fallback is computed only when it is taken (written with `finiteOr`, the centring's rounding —
    /// a call to libm's `round` — ran for every inset and axis; the same values, bit for bit).
    @inline(__always)
    static func childOrigin(leading: Double, trailing: Double, extent: Double, childExtent: Double) -> Double {
        guard leading.isInfinite else { return leading }
        let trailingInset = trailing.isInfinite ? roundPx((extent - childExtent) / 2) : trailing
        return extent - (trailingInset + childExtent)
    }
}

/// Texture's `finite(x, fallback)`: x unless it is infinite.
@inlinable func finiteOr(_ value: Double, _ fallback: Double) -> Double {
    value.isInfinite ? fallback : value
}

@inlinable func finiteOrZero(_ value: Double) -> Double {
    value.isInfinite ? 0 : value
}
