// Texture's ASRatioLayoutSpec (reference 3.7): ratio = height / width.

public struct RatioLayoutSpec: LayoutElement {
    /// The spec's fields: its ratio and its child, in its thread's spec arena or a heap box
    /// (Memory/SingleChildSpecStorage.swift).
    @usableFromInline typealias Fields = SingleChildFields<Double>

    @usableFromInline var storage: SpecStorage<Fields>

    // Each initializer twice: for a child of its own type (generic) and for an `any LayoutElement`.
    // The generic one reads the child where it is (SpecChild.write): no existential made, copied and
    // called through, and the caller lends the child instead of handing over a +1 (a retain and a release
    // fewer for a node). The existential one is disfavored, or a concrete child would match both: an
    // `any LayoutElement` argument is then opened into the generic one too, which keeps an element child
    // by erasing it again — for a value that does not fit an existential's three inline words (an overlay
    // spec, a large user struct) a new box, where the existential initializer moved the caller's.

    /// Always inlined, as the inset's generic initializers are (InsetLayoutSpec.swift says why).
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(ratio: Double, child: borrowing Child) {
        self.init(ratio: ratio, generic: child, hasStyle: false, style: { _ in })
    }

    /// A spec with a style of its own that `style` sets as it is built (no copy on write of the fields,
    /// as `spec.style.x = …` afterwards takes in a region: StackLayoutSpec+ListedChildrenStyle.swift).
    @inlinable @inline(__always)
    public init<Child: LayoutElement>(ratio: Double, child: borrowing Child, style: (inout LayoutElementStyle) -> Void) {
        self.init(ratio: ratio, generic: child, hasStyle: true, style: style)
    }

    @inlinable @_disfavoredOverload
    public init(ratio: Double, child: consuming any LayoutElement) {
        self.init(ratio: ratio, child: child, hasStyle: false, style: { _ in })
    }

    @inlinable @_disfavoredOverload
    public init(ratio: Double, child: consuming any LayoutElement, style: (inout LayoutElementStyle) -> Void) {
        self.init(ratio: ratio, child: child, hasStyle: true, style: style)
    }

    /// The generic initializers: with `hasStyle` (a constant), the style `style` sets.
    @inlinable @inline(__always)
    init<Child: LayoutElement>(ratio: Double, generic child: borrowing Child, hasStyle: Bool,
                               style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: ratio, generic: child, hasStyle: hasStyle, style: style)
    }

    /// The existential initializers: with `hasStyle` (a constant), the style `style` sets.
    @inlinable @inline(__always)
    init(ratio: Double, child: consuming any LayoutElement, hasStyle: Bool,
         style: (inout LayoutElementStyle) -> Void) {
        storage = SpecStorage(parameter: ratio, child: child, hasStyle: hasStyle, style: style)
    }

    public var style: LayoutElementStyle {
        get { storage.style }
        _modify { yield &storage.uniqueStyle().pointee }
    }

    /// height / width; must be > 0 (a non-positive or non-finite ratio leaves the child unconstrained
    /// by it, where Texture would assert).
    public var ratio: Double {
        get { storage.parameter }
        _modify { yield &storage.parameter }
    }

    public var child: any LayoutElement {
        get { storage.child }
        set { storage.child = newValue }
    }

    @inlinable
    init(storage: SpecStorage<Fields>) {
        self.storage = storage
    }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { storage.specSlot(.ratio) }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { storage.withStyle(body) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: storage.styleSize, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let fields = storage.fields
        return LayoutScratch.buildLayout { RatioLayoutSpec.calculateLayout(fields, range, into: &$0) }
    }

    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        RatioLayoutSpec.layout(storage.fields, constrainedSize, parentSize: parentSize, into: &scratch)
    }

    /// The protocol's default resolution (the style size restricts the range), then the ratio layout, on
    /// the fields (a parent's SpecChild calls it directly).
    static func layout(_ fields: SpecFieldsReference<Fields>, _ constrainedSize: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(fields, fields.restricting(constrainedSize, parentSize: parentSize), into: &scratch)
    }

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
