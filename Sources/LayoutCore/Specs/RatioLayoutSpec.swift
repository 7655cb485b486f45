// Texture's ASRatioLayoutSpec (reference 3.7): ratio = height / width.

public struct RatioLayoutSpec: LayoutElement {
    /// The spec's fields, in its thread's spec arena or a heap box (SpecStorage.swift).
    @usableFromInline
    struct Fields: SpecFields {
        @usableFromInline var customStyle: UnsafeMutablePointer<LayoutElementStyle>? = nil
        @usableFromInline var ratio: Double
        @usableFromInline var child: any LayoutElement

        @inlinable init(ratio: Double, child: any LayoutElement) {
            self.ratio = ratio
            self.child = child
        }

        /// Writes fresh fields into uninitialized memory.
        @inlinable @inline(__always)
        static func initialize(_ fields: UnsafeMutablePointer<Fields>, ratio: Double, child: consuming any LayoutElement) {
            fields.pointer(to: \.customStyle).unsafelyUnwrapped.initialize(to: nil)
            fields.pointer(to: \.ratio).unsafelyUnwrapped.initialize(to: ratio)
            fields.pointer(to: \.child).unsafelyUnwrapped.initialize(to: child)
        }

        @inlinable static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState> {
            arena.pointer(to: \.ratios).unsafelyUnwrapped
        }

        /// `child` is the only field that holds a reference (`customStyle` is an unowned pointer into the
        /// arena or the box), so destroying the fields is destroying it: through `deinitialize` on the
        /// whole fields it went through their outlined destroy and value witness first. A field holding a
        /// reference added here must be destroyed here too.
        @inlinable
        static func destroy(_ fields: UnsafeMutablePointer<Fields>, in arena: UnsafeMutablePointer<SpecArena>) {
            fields.pointer(to: \.child).unsafelyUnwrapped.deinitialize(count: 1)
        }
    }

    @usableFromInline var storage: SpecStorage<Fields>

    @inlinable
    public init(ratio: Double, child: consuming any LayoutElement) {
        if let arena = SpecArena.currentInRegion {
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            Fields.initialize(fields, ratio: ratio, child: consume child)
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            storage = SpecStorage(boxing: Fields(ratio: ratio, child: child))
        }
    }

    public var style: LayoutElementStyle {
        get { storage.style }
        unsafeMutableAddress { storage.uniqueStyle() }
    }

    /// height / width; must be > 0 (a non-positive or non-finite ratio leaves the child unconstrained
    /// by it, where Texture would assert).
    public var ratio: Double {
        get { storage.fields.pointee.ratio }
        unsafeMutableAddress { storage.uniqueFields().pointer(to: \.ratio).unsafelyUnwrapped }
    }

    public var child: any LayoutElement {
        get { storage.fields.pointee.child }
        unsafeMutableAddress { storage.uniqueFields().pointer(to: \.child).unsafelyUnwrapped }
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { storage.withStyle(body) }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: storage.styleSize, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        LayoutScratch.buildLayout { calculateLayout(range, into: &$0) }
    }

    /// The protocol's default resolution (the style size restricts the range), then the ratio layout.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(constrainedSize.intersect(storage.styleSize.resolve(parentSize: parentSize)), into: &scratch)
    }

    func calculateLayout(_ range: SizeRange, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        var childRange = range
        var childParent = Size.undefined
        if let best = bestSize(in: range) {
            childRange = range.intersect(SizeRange(exactly: best))
            childParent = best
        }
        let sublayout = storage.fields.pointee.child.layoutThatFits(childRange, parentSize: childParent, into: &scratch)
        scratch.setPosition(.zero, of: sublayout)
        return scratch.appendSpec(size: scratch.size(of: sublayout), child: sublayout)
    }

    /// Candidates from a finite max width and from a finite max height, each clamped into the range;
    /// the one whose h/w is closest to the ratio wins, ties keep the width-based one.
    func bestSize(in range: SizeRange) -> Size? {
        guard ratio > 0, ratio.isFinite else { return nil }
        var best: Size?
        if PixelGrid.isValidForSize(range.max.width) {
            best = range.clamp(Size(width: range.max.width, height: floorPx(ratio * range.max.width)))
        }
        if PixelGrid.isValidForSize(range.max.height) {
            let candidate = range.clamp(Size(width: floorPx(range.max.height / ratio), height: range.max.height))
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
