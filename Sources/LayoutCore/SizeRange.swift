// Texture's ASSizeRange: the constraint a parent hands a child.

public struct SizeRange: Hashable, Sendable, CustomStringConvertible {
    public var min: Size
    public var max: Size

    @inlinable public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// ASSizeRangeMake(size): exactly that size.
    @inlinable public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// A width fixed to `width` and a free height, as a table or collection asks of its cells.
    public init(width: Double) {
        self.init(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
    }

    // Computed and inlinable: a global `let` is read through a lazy-initialisation addressor from other modules.
    @inlinable public static var zero: SizeRange { SizeRange(min: .zero, max: .zero) }
    @inlinable public static var unconstrained: SizeRange { SizeRange(min: .zero, max: .infinite) }

    /// Texture asserts this on construction: min ≥ 0 and finite, max ≥ 0 (or ∞), min ≤ max per axis.
    public var isWellFormed: Bool {
        func axis(_ lo: Double, _ hi: Double) -> Bool { lo >= 0 && lo.isFinite && hi >= 0 && lo <= hi }
        return axis(min.width, max.width) && axis(min.height, max.height)
    }

    /// Both maxima above 0.1.
    public var hasSignificantArea: Bool { max.width > 0.1 && max.height > 0.1 }

    /// Clamp(range, size) = per axis MAX(min, MIN(max, value)); a NaN value clamps to the minimum.
    @inlinable public func clamp(_ size: Size) -> Size {
        Size(width: foundationMax(min.width, foundationMin(max.width, size.width)),
             height: foundationMax(min.height, foundationMin(max.height, size.height)))
    }

    /// Intersect(self, other). When the two are disjoint on an axis, *self* wins by collapsing to its own
    /// point nearest the other range: [0,5]∩[10,15] = [5,5], [10,15]∩[0,5] = [10,10].
    @inlinable public func intersect(_ other: SizeRange) -> SizeRange {
        let w = SizeRange.intersectAxis(min.width, max.width, other.min.width, other.max.width)
        let h = SizeRange.intersectAxis(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(width: w.lo, height: h.lo), max: Size(width: w.hi, height: h.hi))
    }

    @inlinable static func intersectAxis(_ aMin: Double, _ aMax: Double, _ bMin: Double, _ bMax: Double)
        -> (lo: Double, hi: Double)
    {
        let lo = foundationMax(aMin, bMin)
        let hi = foundationMin(aMax, bMax)
        if lo <= hi { return (lo, hi) }
        // Disjoint (or NaN involved): the first range wins.
        return aMin < bMin ? (aMax, aMax) : (aMin, aMin)
    }

    public var description: String { "{\(min), \(max)}" }
}

extension SizeRange {
    /// The parent size Texture's relative, corner and absolute specs hand their children: the maximum on
    /// an axis where it is a real size, undefined (NaN) elsewhere.
    var maxAsParentSize: Size {
        Size(width: PixelGrid.isValidForSize(max.width) ? max.width : .nan,
             height: PixelGrid.isValidForSize(max.height) ? max.height : .nan)
    }
}
