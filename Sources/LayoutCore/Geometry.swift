// Plain geometry values. LayoutCore imports only the standard library, so these stand in for
// CoreGraphics' CGSize / CGPoint / CGRect / UIEdgeInsets (Double plays the role of 64-bit CGFloat).

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    // Computed and inlinable rather than `static let`: another module reads a global `let` through its
    // lazy-initialisation addressor on every use (a call per read on the measuring path).
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }
    @inlinable public static var infinite: Size { Size(width: .infinity, height: .infinity) }
    /// Texture's "parent size unknown" (ASLayoutElementParentSizeUndefined): NaN on both axes.
    @inlinable public static var undefined: Size { Size(width: .nan, height: .nan) }

    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }

    /// Exact equality that treats NaN as equal to NaN (used for cache keys with undefined parents).
    @inlinable public func isIdentical(to other: Size) -> Bool {
        sameValue(width, other.width) && sameValue(height, other.height)
    }
}

public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable public static var zero: Point { Point(x: 0, y: 0) }
    /// Texture's ASPointNull: a layout whose position is not set yet.
    @inlinable public static var null: Point { Point(x: .nan, y: .nan) }

    @inlinable public var isNull: Bool { x.isNaN && y.isNaN }
    public var description: String { isNull ? "null" : "(\(formatPoints(x)), \(formatPoints(y)))" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }
    /// Texture's CGRectNull stand-in for "no frame for this element".
    @inlinable public static var null: Rect { Rect(origin: .null, size: .zero) }

    @inlinable public var isNull: Bool { origin.isNull }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The smallest rectangle containing both (CGRectUnion for non-null rects).
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String {
        "(\(formatPoints(origin.x)), \(formatPoints(origin.y)), \(formatPoints(size.width)), \(formatPoints(size.height)))"
    }
}

/// UIEdgeInsets. Infinite insets are meaningful to `InsetLayoutSpec` (they pin or centre the child).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()
}

/// NaN == NaN for this comparison; otherwise plain `==`.
@inlinable func sameValue(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}

/// "100", "12.5", "inf", "nan" — short and exact enough for descriptions and test messages.
func formatPoints(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
