import CPixelRounding
import Testing
@testable import LayoutCore

// loom_ceil_px (loom_pixel.h) is `ceilPx` of both coordinates without calling libm (the flattening's
// positions, LayoutScratch+Flattening.swift): the same bits for every input, at every scale, the truncation
// through 32-bit integers on both sides of its 2³¹ bound and libm's `ceil` beyond it.

@Suite("ceilPx without libm")
struct CeilPxWithoutCallTests {
    private func expectSameAsCeilPx(_ x: Double, _ y: Double, scale: Double,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Point(x: ceilPx(x, scale: scale), y: ceilPx(y, scale: scale))
        let actual = loom_ceil_px(x, y, PixelGrid.epsilon, scale)
        for (e, a) in [(expected.x, actual.x), (expected.y, actual.y)] {
            if e.isNaN {
                #expect(a.isNaN, "ceilPx(\(x), \(y)) at \(scale)", sourceLocation: sourceLocation)
            } else {
                #expect(a.bitPattern == e.bitPattern, "ceilPx(\(x), \(y)) at \(scale) = \(expected), got \(actual)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    private static let scales: [Double] = [1, 2, 3, 0.5, 1.5, 7]

    @Test func edgeCases() {
        let bound = 0x1p31
        let values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, PixelGrid.epsilon, -PixelGrid.epsilon,
            PixelGrid.epsilon.nextUp, PixelGrid.epsilon.nextDown, 0.999_999_999_999_999_9, -0.999_999_999_999_999_9,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
            bound, -bound, bound.nextDown, (-bound).nextUp, bound / 2, -bound / 2, bound / 3, -bound / 7,
            bound * 2, -bound * 2, 1e7, -1e7, 1e15, -1e15, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -.nan,
        ]
        for scale in Self.scales {
            for x in values {
                for y in [0, -0.0, 0.25, -0.25, .nan, 1e12, x] { expectSameAsCeilPx(x, y, scale: scale) }
            }
        }
        // Around every multiple of 1/4 up to 2^10, on both sides, in both lanes.
        for k in (0...4096).map({ Double($0) / 4 }) {
            for v in [k, k.nextUp, k.nextDown, k + PixelGrid.epsilon, k - PixelGrid.epsilon] {
                for scale in Self.scales {
                    expectSameAsCeilPx(v, -v, scale: scale)
                    expectSameAsCeilPx(-v, v, scale: scale)
                }
            }
        }
    }

    @Test func randomBitPatternsAndMagnitudes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<20_000 {
            // Any bits, and magnitudes spread evenly over the exponents a layout position has.
            let bits = Double(bitPattern: next())
            let magnitude = Double(next() % 1_000_000) / 1000 * Double(sign: .plus, exponent: Int(next() % 40) - 20,
                                                                      significand: 1)
            let signed = next() & 1 == 0 ? magnitude : -magnitude
            let scale = Self.scales[Int(next() % UInt64(Self.scales.count))]
            expectSameAsCeilPx(bits, signed, scale: scale)
            expectSameAsCeilPx(signed, signed.nextUp, scale: scale)
        }
    }
}
