// Texture's ASLayoutElementStyle as a value. In Texture a style change does not
// invalidate a node's layout; callers call setNeedsLayout themselves — the same holds here.

/// How a stack child overrides the stack's alignItems (no baseline values, as in Texture).
public enum StackLayoutAlignSelf: String, Hashable, Sendable, CaseIterable {
    case auto, start, end, center, stretch
}

public struct LayoutElementStyle: Hashable, Sendable {
    /// width, height, minWidth, maxWidth, minHeight, maxHeight (all auto by default).
    public var size = LayoutElementSize()
    // Declared right after `size` so that they fill its tail padding: flexBasis is stored packed as in
    // LayoutElementSize (a Dimension would take 16 bytes), which keeps the style at 200 bytes, not 248.
    @usableFromInline var flexBasisKind: UInt16 = 0
    public var alignSelf: StackLayoutAlignSelf = .auto

    // Stack child options.
    public var spacingBefore: Double = 0
    public var spacingAfter: Double = 0
    public var flexGrow: Double = 0
    /// 0 by default — Texture's rule, not CSS's 1.
    public var flexShrink: Double = 0
    @usableFromInline var flexBasisValue: Double = 0
    public var flexBasis: Dimension {
        @inlinable get { Dimension(packedKind: flexBasisKind, shift: 0, value: flexBasisValue) }
        @inlinable set {
            flexBasisValue = newValue.packedValue
            flexBasisKind = newValue.packed(into: flexBasisKind, shift: 0)
        }
    }
    /// Distance from the top to the first baseline, and from the last baseline to the bottom (negative,
    /// as font descenders are); text elements set them for baseline alignment.
    public var ascender: Double = 0
    public var descender: Double = 0

    // Absolute child option.
    public var layoutPosition: Point = .zero

    /// Texture's extension slots for custom specs: 1 bool, 4 integers, 1 edge insets.
    public var extensions = LayoutElementStyleExtensions()

    public init() {}

    /// The default style, made once: built-in specs in a spec region copy it into their slot (one copy,
    /// where building a default style in place of each spec's fields and moving it cost three).
    public static let defaultStyle = LayoutElementStyle()

    public var width: Dimension { get { size.width } set { size.width = newValue } }
    public var height: Dimension { get { size.height } set { size.height = newValue } }
    public var minWidth: Dimension { get { size.minWidth } set { size.minWidth = newValue } }
    public var maxWidth: Dimension { get { size.maxWidth } set { size.maxWidth = newValue } }
    public var minHeight: Dimension { get { size.minHeight } set { size.minHeight = newValue } }
    public var maxHeight: Dimension { get { size.maxHeight } set { size.maxHeight = newValue } }

    /// Sets width and height in points. Reading it with a fractional width or height is a programmer
    /// error (Texture asserts); auto reads as 0.
    public var preferredSize: Size {
        get {
            Size(width: LayoutElementStyle.pointsValue(size.width, name: "width"),
                 height: LayoutElementStyle.pointsValue(size.height, name: "height"))
        }
        set {
            size.width = .points(newValue.width)
            size.height = .points(newValue.height)
        }
    }

    /// Sets minWidth/minHeight in points (Texture's write-only minSize; reading gives the points values).
    public var minSize: Size {
        get { Size(width: LayoutElementStyle.pointsValue(size.minWidth, name: "minWidth"),
                   height: LayoutElementStyle.pointsValue(size.minHeight, name: "minHeight")) }
        set { size.minWidth = .points(newValue.width); size.minHeight = .points(newValue.height) }
    }

    /// Sets maxWidth/maxHeight in points.
    public var maxSize: Size {
        get { Size(width: LayoutElementStyle.pointsValue(size.maxWidth, name: "maxWidth"),
                   height: LayoutElementStyle.pointsValue(size.maxHeight, name: "maxHeight")) }
        set { size.maxWidth = .points(newValue.width); size.maxHeight = .points(newValue.height) }
    }

    public var preferredLayoutSize: LayoutSize {
        get { LayoutSize(width: size.width, height: size.height) }
        set { size.width = newValue.width; size.height = newValue.height }
    }

    public var minLayoutSize: LayoutSize {
        get { LayoutSize(width: size.minWidth, height: size.minHeight) }
        set { size.minWidth = newValue.width; size.minHeight = newValue.height }
    }

    public var maxLayoutSize: LayoutSize {
        get { LayoutSize(width: size.maxWidth, height: size.maxHeight) }
        set { size.maxWidth = newValue.width; size.maxHeight = newValue.height }
    }

    private static func pointsValue(_ d: Dimension, name: String) -> Double {
        switch d {
        case .auto: return 0
        case .points(let v): return v
        case .fraction(let f):
            // fatalError, not preconditionFailure: -Ounchecked takes a preconditionFailure as unreachable,
            // so a release build reaching it would be undefined behaviour (MemoryGuard.swift).
            fatalError("style.\(name) is a fraction (\(f * 100)%); it has no value in points")
        }
    }
}

public struct LayoutElementStyleExtensions: Hashable, Sendable {
    public var bool = false
    public var integers: (Int, Int, Int, Int) {
        get { (i0, i1, i2, i3) }
        set { (i0, i1, i2, i3) = newValue }
    }
    public var edgeInsets = EdgeInsets.zero
    private var i0 = 0, i1 = 0, i2 = 0, i3 = 0

    public init() {}

    /// Texture's index-based accessors (0…3). Another index traps in every build (MemoryGuard.swift): as a
    /// preconditionFailure, -Ounchecked would take it as unreachable and the switch could jump anywhere.
    public subscript(integer index: Int) -> Int {
        get {
            switch index {
            case 0: return i0
            case 1: return i1
            case 2: return i2
            case 3: return i3
            default: memoryGuardFailure("style integer extension index \(index) is outside 0…3", file: #fileID, line: #line)
            }
        }
        set {
            switch index {
            case 0: i0 = newValue
            case 1: i1 = newValue
            case 2: i2 = newValue
            case 3: i3 = newValue
            default: memoryGuardFailure("style integer extension index \(index) is outside 0…3", file: #fileID, line: #line)
            }
        }
    }
}
