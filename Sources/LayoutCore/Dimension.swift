// Texture's ASDimension (reference 2.1): a length in points, a fraction of the parent, or auto.

public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    case auto
    /// Points (Texture asserts ≥ 0; Loom keeps any value and lets layout sanitize it).
    case points(Double)
    /// A fraction of the parent's length, 0…1 ("50%" is `.fraction(0.5)`).
    case fraction(Double)

    /// Texture's ASDimensionMake(NSString): "…pt" → points, "…%" → fraction/100, exactly "auto" → auto,
    /// anything else (including "") → auto. Numbers that do not parse read as 0, like `floatValue`.
    public init(parsing text: String) {
        if text.hasSuffix("pt") {
            self = .points(Double(text.dropLast(2)) ?? 0)
        } else if text.hasSuffix("%") {
            self = .fraction((Double(text.dropLast()) ?? 0) / 100)
        } else {
            self = .auto
        }
    }

    /// Resolve(dim, parent, autoValue): auto → autoValue, points → value, fraction → value × parent
    /// (so a fraction of an undefined, NaN, parent is NaN; of ∞ is ∞; 0 × ∞ is NaN).
    @inlinable public func resolve(parent: Double, auto autoValue: Double) -> Double {
        switch self {
        case .auto: return autoValue
        case .points(let v): return v
        case .fraction(let f): return f * parent
        }
    }

    public var isAuto: Bool { self == .auto }

    /// "100pt", "50%", "Auto" — Texture's description strings.
    public var description: String {
        switch self {
        case .auto: return "Auto"
        case .points(let v): return "\(formatPoints(v))pt"
        case .fraction(let f): return "\(formatPoints(f * 100))%"
        }
    }
}

/// Texture's ASLayoutSize: a width and a height dimension (preferredLayoutSize and friends).
public struct LayoutSize: Hashable, Sendable {
    public var width: Dimension
    public var height: Dimension

    public init(width: Dimension = .auto, height: Dimension = .auto) {
        self.width = width
        self.height = height
    }

    public static let auto = LayoutSize()
}
