// Texture's ASLayoutElementSize and its resolution into a size range (reference 2.3).

public struct LayoutElementSize: Hashable, Sendable {
    public var width: Dimension = .auto
    public var height: Dimension = .auto
    public var minWidth: Dimension = .auto
    public var maxWidth: Dimension = .auto
    public var minHeight: Dimension = .auto
    public var maxHeight: Dimension = .auto

    public init(width: Dimension = .auto, height: Dimension = .auto,
                minWidth: Dimension = .auto, maxWidth: Dimension = .auto,
                minHeight: Dimension = .auto, maxHeight: Dimension = .auto) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    public static let auto = LayoutElementSize()

    /// True when every dimension is auto — resolution then yields `autoRange` unchanged.
    public var isAllAuto: Bool { self == .auto }

    /// ResolveAutoSize(size, parentSize, autoRange): per axis, exact/min/max resolved against the parent
    /// (auto takes NaN, autoRange.min, autoRange.max), then min beats max beats exact (the CSS rule).
    @inlinable public func resolve(parentSize: Size, autoRange: SizeRange) -> SizeRange {
        let w = LayoutElementSize.constrainAxis(
            exact: width.resolve(parent: parentSize.width, auto: .nan),
            min: minWidth.resolve(parent: parentSize.width, auto: autoRange.min.width),
            max: maxWidth.resolve(parent: parentSize.width, auto: autoRange.max.width),
            autoMin: autoRange.min.width, autoMax: autoRange.max.width)
        let h = LayoutElementSize.constrainAxis(
            exact: height.resolve(parent: parentSize.height, auto: .nan),
            min: minHeight.resolve(parent: parentSize.height, auto: autoRange.min.height),
            max: maxHeight.resolve(parent: parentSize.height, auto: autoRange.max.height),
            autoMin: autoRange.min.height, autoMax: autoRange.max.height)
        return SizeRange(min: Size(width: w.lo, height: h.lo), max: Size(width: w.hi, height: h.hi))
    }

    /// Resolve(size, parentSize) = ResolveAutoSize with the unconstrained auto range.
    @inlinable public func resolve(parentSize: Size) -> SizeRange {
        if isAllAuto { return .unconstrained }
        return resolve(parentSize: parentSize, autoRange: .unconstrained)
    }

    @inlinable static func constrainAxis(exact: Double, min rawMin: Double, max rawMax: Double,
                                         autoMin: Double, autoMax: Double) -> (lo: Double, hi: Double)
    {
        // Texture asserts a NaN minimum (a fractional min against an undefined parent). Layout must not
        // trap, so such a minimum (or maximum) falls back to what auto would have given.
        let min = rawMin.isNaN ? autoMin : rawMin
        let max = rawMax.isNaN ? autoMax : rawMax
        if max <= min { return (min, min) }      // min beats max; exact ignored
        if exact.isNaN { return (min, max) }     // no exact value (auto, or a fraction of an undefined parent)
        if exact > max { return (max, max) }
        if exact < min { return (min, min) }
        return (exact, exact)
    }
}
