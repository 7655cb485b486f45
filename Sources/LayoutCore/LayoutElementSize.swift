// Texture's ASLayoutElementSize and its resolution into a size range (ASLayoutElementSizeResolve).

public struct LayoutElementSize: Hashable, Sendable {
    // Stored packed: six values and one word of kinds (2 bits each, `Dimension.packedKind`), 50 bytes.
    // Six `Dimension`s are 9 bytes at a 16-byte stride (96 bytes), and every layout spec and node style
    // embeds a size: it is copied with each spec a layoutSpecThatFits builds, boxes and destroys. An auto
    // dimension stores the value 0, so equal sizes have equal storage (synthesized Hashable holds).
    @usableFromInline var widthValue = 0.0
    @usableFromInline var heightValue = 0.0
    @usableFromInline var minWidthValue = 0.0
    @usableFromInline var maxWidthValue = 0.0
    @usableFromInline var minHeightValue = 0.0
    @usableFromInline var maxHeightValue = 0.0
    @usableFromInline var kinds: UInt16 = 0

    public var width: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 0, value: widthValue) }
        @inlinable set { widthValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 0) }
    }
    public var height: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 2, value: heightValue) }
        @inlinable set { heightValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 2) }
    }
    public var minWidth: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 4, value: minWidthValue) }
        @inlinable set { minWidthValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 4) }
    }
    public var maxWidth: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 6, value: maxWidthValue) }
        @inlinable set { maxWidthValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 6) }
    }
    public var minHeight: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 8, value: minHeightValue) }
        @inlinable set { minHeightValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 8) }
    }
    public var maxHeight: Dimension {
        @inlinable get { Dimension(packedKind: kinds, shift: 10, value: maxHeightValue) }
        @inlinable set { maxHeightValue = newValue.packedValue; kinds = newValue.packed(into: kinds, shift: 10) }
    }

    /// All auto. Spelled out (not the defaulted initializer below) so that the defaults are stored
    /// directly: every spec's style starts from this one.
    @inlinable public init() {}

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
    @inlinable public var isAllAuto: Bool { kinds == 0 }

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

    /// One axis of `resolve(parentSize:)` (the width's lo/hi when `width`, else the height's) with `parent`
    /// as that axis' parent length: the same values, without resolving the other axis or building a range.
    /// For the stack's stretched items, which need only their cross axis.
    @inlinable @inline(__always)
    func resolvedAxis(width: Bool, parent: Double) -> (lo: Double, hi: Double) {
        if isAllAuto { return (0, .infinity) }
        let (exact, min, max) = width ? (self.width, minWidth, maxWidth) : (height, minHeight, maxHeight)
        return LayoutElementSize.constrainAxis(
            exact: exact.resolve(parent: parent, auto: .nan), min: min.resolve(parent: parent, auto: 0),
            max: max.resolve(parent: parent, auto: .infinity), autoMin: 0, autoMax: .infinity)
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

extension Dimension {
    /// The kind `LayoutElementSize` and `LayoutElementStyle` store in 2 bits: 0 auto, 1 points, 2 fraction.
    @inlinable @inline(__always) init(packedKind kinds: UInt16, shift: UInt16, value: Double) {
        switch (kinds &>> shift) & 3 {
        case 1: self = .points(value)
        case 2: self = .fraction(value)
        default: self = .auto
        }
    }

    /// `kinds` with this dimension's kind in the 2 bits at `shift`.
    @inlinable @inline(__always) func packed(into kinds: UInt16, shift: UInt16) -> UInt16 {
        let kind: UInt16 = switch self {
        case .auto: 0
        case .points: 1
        case .fraction: 2
        }
        return kinds & ~(3 &<< shift) | kind &<< shift
    }

    /// The payload; 0 for auto, so that equal dimensions store equal bits.
    @inlinable @inline(__always) var packedValue: Double {
        switch self {
        case .auto: return 0
        case .points(let value), .fraction(let value): return value
        }
    }
}
