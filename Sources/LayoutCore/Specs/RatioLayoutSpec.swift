// Texture's ASRatioLayoutSpec: ratio = height / width.

public struct RatioLayoutSpec: StyleSizedLayoutSpec, SingleChildLayoutSpec {
    /// The spec's fields: its ratio and its child, in its thread's spec arena or a heap box
    /// (Memory/SingleChildSpecStorage.swift).
    @usableFromInline typealias Fields = SingleChildFields<Double>

    @usableFromInline var storage: SpecStorage<Fields>

    // Each initializer twice, for a child of its own type and for an `any LayoutElement`, and with or
    // without a style of its own: SingleChildSpecStorage.swift says why.

    /// Always inlined, as the inset's generic initializers are (InsetLayoutSpec.swift says why).
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(ratio: Double, child: borrowing Child) {
        storage = SpecStorage(parameter: ratio, generic: child, hasStyle: false, style: { _ in })
    }

    /// A spec with a style of its own that `style` sets as it is built (no copy on write of the fields,
    /// as `spec.style.x = …` afterwards takes in a region: StackLayoutSpec+ListedChildrenStyle.swift).
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(ratio: Double, child: borrowing Child, style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: ratio, generic: child, hasStyle: true, style: style)
    }

    @inlinable @_disfavoredOverload
    public init(ratio: Double, child: consuming any LayoutElement) {
        storage = SpecStorage(parameter: ratio, child: child, hasStyle: false, style: { _ in })
    }

    @inlinable @_disfavoredOverload
    public init(ratio: Double, child: consuming any LayoutElement, style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: ratio, child: child, hasStyle: true, style: style)
    }

    public var ratio: Double {
        get { parameter }
        _modify { yield &parameter }
    }

    @inlinable
    init(storage: SpecStorage<Fields>) {
        self.storage = storage
    }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { storage.specSlot(.ratio) }

    /// The ratio layout on the fields, for an already resolved range (a parent's SpecChild reaches it
    /// through `layout`, which resolves the range first).
    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        var childRange = range
        var childParent = Size.undefined
        if let best = bestSize(in: range, ratio: fields.parameter) {
            childRange = range.intersect(SizeRange(exactly: best))
            childParent = best
        }
        let sublayout = fields.child.layoutThatFits(childRange, parentSize: childParent, into: &scratch,
                                                             specsOutOfLine: true)
        scratch.setTrustedPosition(.zero, of: sublayout)
        return scratch.appendSpec(sizeOf: sublayout)
    }

    /// Candidates from a finite max width and from a finite max height, each clamped into the range;
    /// the one whose h/w is closest to the ratio wins, ties keep the width-based one.
    func bestSize(in range: SizeRange) -> Size? { RatioLayoutSpec.bestSize(in: range, ratio: ratio) }

    /// Inlined into the layout, which then needs no optional size returned from a call.
    @inline(__always)
    static func bestSize(in range: SizeRange, ratio: Double) -> Size? {
        guard ratio > 0, ratio.isFinite else { return nil }
        var best: Size?
        if PixelGrid.isValidForSize(range.max.width) {
            best = range.clamp(Size(width: range.max.width, height: floorPxWithoutCall(ratio * range.max.width)))
        }
        if PixelGrid.isValidForSize(range.max.height) {
            let candidate = range.clamp(Size(width: floorPxWithoutCall(range.max.height / ratio),
                                             height: range.max.height))
            if let current = best {
                // std::max_element with a "worse than" comparator: replace only when strictly better.
                if abs(current.height / current.width - ratio) > abs(candidate.height / candidate.width - ratio) {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        return best
    }
}
