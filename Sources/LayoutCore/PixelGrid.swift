import Synchronization

// Texture's pixel arithmetic (ASCeilPixelValue, ASFloorPixelValue, ASRoundPixelValue): pixel rounding at a
// process-wide screen scale, validity rules, and Foundation's MIN/MAX macros (whose NaN behaviour
// Texture's arithmetic depends on).

/// The process-wide screen scale S (Texture reads it once from a 1×1 graphics context; its reference
/// images are @2x). Stored as the bit pattern of a Double in an atomic so any thread may read it.
private let screenScaleBits = Atomic<UInt64>((2.0 as Double).bitPattern)

public enum PixelGrid {
    /// The screen scale every layout rounds to (default 2). Set it once, before laying out: layouts
    /// computed at different scales are not comparable, exactly as in Texture.
    public static var scale: Double {
        get { Double(bitPattern: screenScaleBits.load(ordering: .relaxed)) }
        set {
            // A non-positive or non-finite scale would make every rounding NaN; keep the old value.
            guard newValue.isFinite, newValue > 0 else { return }
            screenScaleBits.store(newValue.bitPattern, ordering: .relaxed)
        }
    }

    /// FLT_EPSILON (2⁻²³): Texture deliberately uses the *float* epsilon even with 64-bit CGFloat.
    /// A computed constant, not a `static let`: a global `let` is read through its lazy-initialisation
    /// accessor on every ceilPx/floorPx.
    @inlinable public static var epsilon: Double { 0x1p-23 }

    /// "Valid for size": 0, or a normal positive number below 10,000,000. For 0 < v < 10⁷ (which
    /// excludes NaN and ±∞) "normal" is v ≥ leastNormalMagnitude: two compares instead of isNormal's
    /// classification, and always inlined (it runs for every layout size; it was an outlined call).
    @inlinable @inline(__always) public static func isValidForSize(_ v: Double) -> Bool {
        v == 0 || (v >= Double.leastNormalMagnitude && v < 10_000_000)
    }

    /// "Valid for layout": like valid-for-size with CGFLOAT_MAX / 2 as the upper bound.
    @inlinable @inline(__always) public static func isValidForLayout(_ v: Double) -> Bool {
        v == 0 || (v >= Double.leastNormalMagnitude && v < Double.greatestFiniteMagnitude / 2)
    }

    /// Positions may be negative but must be finite and below 10,000,000.
    @inlinable public static func isValidPosition(_ v: Double) -> Bool {
        v == 0 || (v.isNormal && v < 10_000_000)
    }

    @inlinable @inline(__always) public static func isValidForSize(_ s: Size) -> Bool {
        isValidForSize(s.width) && isValidForSize(s.height)
    }

    @inlinable @inline(__always) public static func isValidForLayout(_ s: Size) -> Bool {
        isValidForLayout(s.width) && isValidForLayout(s.height)
    }
}

/// ceil((v − ε)·S) / S — every layout size and creation-time position. NaN and ±∞ pass through.
@inlinable public func ceilPx(_ v: Double, scale: Double = PixelGrid.scale) -> Double {
    ((v - PixelGrid.epsilon) * scale).rounded(.up) / scale
}

/// floor((v + ε)·S) / S — stack cross-axis centring and the ratio spec.
@inlinable public func floorPx(_ v: Double, scale: Double = PixelGrid.scale) -> Double {
    ((v + PixelGrid.epsilon) * scale).rounded(.down) / scale
}

/// `floorPx` without calling libm's `floor` (`PixelGrid.floorWithoutCall`), the same bits: for the stack's
/// placing loop, which centres items, and the ratio spec. Every floating-point register is caller-saved,
/// so with the call in it the loop spilled all its values up front and reloaded them around each call
/// (the ratio spec likewise, less so). Where nothing is live across it the call is cheaper than this
/// code: a caller without live values keeps `floorPx`.
@inline(__always) func floorPxWithoutCall(_ v: Double, scale: Double = PixelGrid.scale) -> Double {
    PixelGrid.floorWithoutCall((v + PixelGrid.epsilon) * scale) / scale
}

extension PixelGrid {
    /// libm's `floor`, bit for bit, without calling it (SSE2 has no rounding instruction, and
    /// `-target-cpu` is not an option). For |y| < 2⁵² the truncation through Int64 is exact, one less when it
    /// rounded a negative non-integer up, with y's sign kept (floor(−0.5) = −1, floor(−0) = −0); any other y
    /// (integral, ±∞, NaN) is its own floor. A signalling NaN stays signalling (libm quiets it): floorPx's
    /// argument is an arithmetic result, never one.
    @inline(__always)
    static func floorWithoutCall(_ y: Double) -> Double {
        guard y.magnitude < 0x1p52 else { return y }
        let truncated = Double(Int64(y))
        return Double(signOf: y, magnitudeOf: truncated > y ? truncated - 1 : truncated)
    }
}

/// round-half-away-from-zero(v·S) / S — inset centring, relative and center specs.
@inlinable public func roundPx(_ v: Double, scale: Double = PixelGrid.scale) -> Double {
    (v * scale).rounded(.toNearestOrAwayFromZero) / scale
}

@inlinable public func ceilPx(_ s: Size, scale: Double = PixelGrid.scale) -> Size {
    Size(width: ceilPx(s.width, scale: scale), height: ceilPx(s.height, scale: scale))
}

@inlinable public func ceilPx(_ p: Point, scale: Double = PixelGrid.scale) -> Point {
    Point(x: ceilPx(p.x, scale: scale), y: ceilPx(p.y, scale: scale))
}

/// Foundation's MAX(a, b): b when a < b, else a. So MAX(0, NaN) = 0 but MAX(NaN, x) = NaN (every
/// comparison with NaN is false, so the first operand is kept): the macro in NSObjCRuntime.h,
/// `a < b ? b : a`, which is what Texture runs (Tests/LayoutCoreTests/PixelGridTests.swift).
@inlinable public func foundationMax(_ a: Double, _ b: Double) -> Double {
    a < b ? b : a
}

/// Foundation's MIN(a, b): a when a < b, else b. So MIN(x, NaN) = NaN and MIN(NaN, x) = x.
@inlinable public func foundationMin(_ a: Double, _ b: Double) -> Double {
    a < b ? a : b
}

/// GNU `a ?: b` on a number: a unless a == 0 (NaN is kept, being non-zero).
@inlinable func elvis(_ a: Double, _ b: Double) -> Double {
    a != 0 ? a : b
}
