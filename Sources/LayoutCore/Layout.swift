import CPixelRounding
import Synchronization

// Texture's ASLayout: an element, its size, its position in the parent and its sublayouts.

public enum LayoutElementType: Sendable, Hashable {
    case node
    case layoutSpec
}

/// Counts requests that layout refused instead of trapping (Texture asserts on them in debug builds).
public enum LayoutDiagnostics {
    private static let invalidSizes = Atomic<Int>(0)

    /// Layouts created with a size that is not "valid for size" (NaN, negative, ∞, ≥ 10⁷); each was
    /// replaced by 0×0, as Texture's release builds do.
    public static var invalidLayoutSizeCount: Int { invalidSizes.load(ordering: .relaxed) }

    @usableFromInline static func recordInvalidSize() {
        invalidSizes.add(1, ordering: .relaxed)
    }
}

public struct Layout: Sendable {
    // Its references are `storedElement` and `sublayouts` only: the layout scratch destroys the layouts it
    // keeps field by field (LayoutScratchHeader.destroyObjects), so a new field holding a reference must
    // be released there too.

    /// The node this layout belongs to (compared by identity); nil for layout-spec layouts.
    @inlinable public var element: (any AnyObject & Sendable)? { storedElement }
    /// `element`, a `var` only so that a flattening of the layout scratch's records can move it out of
    /// the node layout the scratch keeps into the layout it emits (`NodeLayoutWriter.emitNodeLayout`)
    /// instead of retaining it again. Nothing else sets it after initialization.
    @usableFromInline var storedElement: (any AnyObject & Sendable)?
    /// Captured at creation, like Texture's cached element type.
    public let type: LayoutElementType
    /// Pixel-ceiled at creation; 0×0 when the requested size was not valid for size.
    public let size: Size
    /// Relative to the parent layout. Set raw by specs (no rounding); `.null` until positioned.
    public var position: Point
    public var sublayouts: [Layout]

    /// Creates a layout. A size that is not valid for size is replaced by 0×0 and counted in
    /// `LayoutDiagnostics`; a valid one is ceiled to the pixel grid; a non-null position is ceiled too.
    @inlinable public init(element: (any AnyObject & Sendable)?, type: LayoutElementType, size: Size,
                           position: Point = .null, sublayouts: [Layout] = []) {
        self.storedElement = element
        self.type = type
        self.size = Layout.sanitizedSize(size)
        self.position = position.isNull ? .null : ceilPx(position)
        self.sublayouts = sublayouts
    }

    /// Stores the fields as given: for sizes that were already sanitized once (a record of the layout
    /// scratch), so building the tree from records does not count or round them a second time.
    @inlinable init(unsanitized element: (any AnyObject & Sendable)?, type: LayoutElementType, size: Size,
                    position: Point, sublayouts: [Layout]) {
        self.storedElement = element
        self.type = type
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
    }

    /// What `init` stores for a requested size: pixel-ceiled when valid for size, else 0×0 (counted).
    @inlinable static func sanitizedSize(_ size: Size) -> Size {
        if PixelGrid.isValidForSize(size) { return ceilPx(size) }
        LayoutDiagnostics.recordInvalidSize()
        return .zero
    }

    /// `sanitizedSize`, bit for bit, with both ceilings in one packed SSE2 rounding (`loom_ceil_px`,
    /// loom_pixel.h) instead of two calls of libm's `ceil`, around which every floating-point value
    /// live in the caller was spilled and reloaded. Used for the spec records (LayoutScratch's appends). Not in
    /// `init`, i.e. a leaf's `Layout(node:size:)`: inlined into NodeTree's measuring path, loom_ceil_px
    /// stayed a call there (even marked always_inline), which cost more than the two calls of `ceil`.
    @inlinable @inline(__always) static func sanitizedSizeWithoutCall(_ size: Size) -> Size {
        if PixelGrid.isValidForSize(size) {
            let ceiled = loom_ceil_px(size.width, size.height, PixelGrid.epsilon, PixelGrid.scale)
            return Size(width: ceiled.x, height: ceiled.y)
        }
        LayoutDiagnostics.recordInvalidSize()
        return .zero
    }

    /// A node's layout.
    @inlinable public init(node: any AnyObject & Sendable, size: Size, position: Point = .null,
                           sublayouts: [Layout] = []) {
        self.init(element: node, type: .node, size: size, position: position, sublayouts: sublayouts)
    }

    /// A node's layout with `size` stored as given: `size` must be what `init(node:size:sublayouts:)` would
    /// store for it, i.e. `Layout.resanitizedSize(s)` of a size `s` that an earlier layout stored (a node's
    /// cached layout). Why: a cache hit rebuilt the node's layout through the sanitizing init — two calls to
    /// `ceil` and a division — for a size that was sanitized when it was measured.
    @inlinable @inline(__always)
    public init(node: any AnyObject & Sendable, sanitizedSize size: Size, sublayouts: [Layout]) {
        self.init(unsanitized: node, type: .node, size: size, position: .null, sublayouts: sublayouts)
    }

    /// `init(node:size:…)`'s stored size for a `size` that an earlier layout stored (at the current scale),
    /// bit for bit, and counted alike. Sanitizing such a size again is the identity except for
    ///   - a +0 component (an invalid size's 0×0, or exactly ε): ceil(−ε·S) is −0, so it becomes −0;
    ///   - a component ≥ 10⁷ (10⁷ itself, ceiled up from just below): not valid for size, so 0×0, counted;
    ///   - a scale S ≥ 2²³, where ε·S ≥ 1 and every ceiling moves the size down again.
    /// Otherwise a component is k/S for an integer k ≥ 1 (or is −0), and ceil((k/S − ε)·S) = k because the
    /// rounding errors (≤ 10⁷·S·2⁻⁵², relative to k) stay below ε·S < 1. Those three cases, and anything
    /// else (NaN, ±∞, a magnitude ≥ 10⁷), are sanitized, out of line (rare; keeps the inlined check small).
    /// A size stored at another scale (PixelGrid.scale changed after measuring, which its documentation
    /// rules out) is not re-rounded to the new grid, where `init(node:size:…)` would have re-rounded it.
    ///
    /// The check is on the bits: rotated left by one (the sign moves to the lowest bit), less one, a
    /// component is below the rotated 10⁷ less one exactly when it is −0 or 0 < |v| < 10⁷ (+0 wraps
    /// around to the largest value) — a rotation, a subtraction and an unsigned compare per component
    /// instead of a floating-point compare and two integer tests.
    @inlinable @inline(__always)
    public static func resanitizedSize(_ size: Size) -> Size {
        resanitizedSize(size, scale: PixelGrid.scale)
    }

    /// `resanitizedSize(_:)` for a caller that has read `PixelGrid.scale` already (an atomic load, which
    /// the compiler does not merge with another). An autoclosure, so that `resanitizedSize(_:)` reads the
    /// scale only after the size checks, as before (reading it first cost more on a cache hit).
    @inlinable @inline(__always)
    static func resanitizedSize(_ size: Size, scale: @autoclosure () -> Double) -> Size {
        @inline(__always) func rotatedLessOne(_ v: Double) -> UInt64 {
            (v.bitPattern &<< 1 | v.bitPattern &>> 63) &- 1
        }
        let limit = rotatedLessOne(10_000_000)
        if rotatedLessOne(size.width) < limit && rotatedLessOne(size.height) < limit && scale() < 0x1p23 {
            assert(ceilPx(size).width.bitPattern == size.width.bitPattern
                   && ceilPx(size).height.bitPattern == size.height.bitPattern, "not a sanitized size: \(size)")
            return size
        }
        return sanitizedSizeOutOfLine(size)
    }

    @usableFromInline @inline(never) static func sanitizedSizeOutOfLine(_ size: Size) -> Size {
        sanitizedSize(size)
    }

    /// A layout spec's layout (specs are values; their layouts carry no element).
    @inlinable public init(specSize size: Size, sublayouts: [Layout] = []) {
        self.init(element: nil, type: .layoutSpec, size: size, position: .null, sublayouts: sublayouts)
    }

    /// (position, size) with non-finite components replaced by 0.
    public var frame: Rect {
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Rect(x: finite(position.x), y: finite(position.y),
                    width: finite(size.width), height: finite(size.height))
    }

    /// The frame of the first direct sublayout whose element is `element`, else `Rect.null`.
    public func frame(for element: AnyObject) -> Rect {
        for index in sublayouts.indices where sublayouts[index].element === element {
            return sublayouts[index].frame
        }
        return .null
    }

    /// True when `element` is `other` (identity).
    @inlinable public func isLayout(of other: AnyObject) -> Bool {
        element === other
    }
}

extension Layout: Equatable {
    /// Texture's isEqual: same size, same position (both null or equal), same element identity, equal
    /// sublayouts.
    public static func == (a: Layout, b: Layout) -> Bool {
        a.type == b.type && a.size == b.size && a.position.isIdentical(to: b.position)
            && a.element === b.element && a.sublayouts == b.sublayouts
    }
}

extension Point {
    /// Equality that treats NaN as equal to NaN (so two null points are the same).
    @inlinable public func isIdentical(to other: Point) -> Bool {
        sameValue(x, other.x) && sameValue(y, other.y)
    }
}

extension Layout: CustomStringConvertible {
    public var description: String {
        var out = ""
        describe(into: &out, depth: 0)
        return out
    }

    private func describe(into out: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        let kind: String
        if let element { kind = "node \(element)" } else { kind = type == .node ? "node" : "spec" }
        out += "\(indent)\(kind) size \(size) at \(position)\n"
        for sublayout in sublayouts { sublayout.describe(into: &out, depth: depth + 1) }
    }
}
