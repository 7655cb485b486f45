// Texture's ASDimension: a length in points, a fraction of the parent, or auto.

public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    case auto
    /// Points (Texture asserts ≥ 0; Loom keeps any value and lets layout sanitize it).
    case points(Double)
    /// A fraction of the parent's length, 0…1 ("50%" is `.fraction(0.5)`).
    case fraction(Double)

    /// Texture's ASDimensionMake(NSString): "…pt" → points, "…%" → fraction/100, exactly "auto" → auto,
    /// anything else (including "") → auto. The number is read like NSString's `doubleValue`: leading
    /// whitespace is skipped, the longest numeric prefix counts, and no number at all reads as 0.
    public init(parsing text: String) {
        if text.hasSuffix("pt") {
            self = .points(Dimension.leadingNumber(text.dropLast(2)))
        } else if text == "auto" {
            self = .auto
        } else if text.hasSuffix("%") {
            self = .fraction(Dimension.leadingNumber(text.dropLast()) / 100)
        } else {
            self = .auto
        }
    }

    /// NSString.doubleValue: skip leading whitespace, take the longest prefix that is a decimal number.
    static func leadingNumber(_ text: Substring) -> Double {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var candidate = trimmed.prefix(while: { "+-0123456789.eE".contains($0) })
        while !candidate.isEmpty {
            if let value = Double(candidate), value.isFinite { return value }
            candidate = candidate.dropLast()
        }
        return 0
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
        case .fraction(let f):
            // 0.07 × 100 is 7.000000000000001: drop that binary noise so "7%" reads back as "7%".
            let percent = f * 100
            let cleaned = percent.isFinite && abs(percent) < 1e6 ? (percent * 1e9).rounded() / 1e9 : percent
            return "\(formatPoints(cleaned))%"
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
