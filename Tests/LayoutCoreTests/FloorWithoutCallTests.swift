import Testing
@testable import LayoutCore

// PixelGrid.floorWithoutCall is libm's floor without the call (the stack's centring, floorPxWithoutCall,
// uses it): the same bits for every input but signalling NaNs, which it keeps signalling (floorPx only
// floors an arithmetic result, never a signalling NaN).

@Suite("floor without libm")
struct FloorWithoutCallTests {
    private func expectSameAsLibm(_ y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = y.rounded(.down)
        let actual = PixelGrid.floorWithoutCall(y)
        if y.isNaN {
            #expect(actual.isNaN, "\(y)", sourceLocation: sourceLocation)
        } else {
            #expect(actual.bitPattern == expected.bitPattern, "floor(\(y)) = \(expected), got \(actual)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func edgeCases() {
        let twoTo52 = 0x1p52
        let values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 0.999_999_999_999_999_9, -0.999_999_999_999_999_9,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
            twoTo52, -twoTo52, twoTo52 - 0.5, -(twoTo52 - 0.5), twoTo52.nextDown, (-twoTo52).nextUp,
            twoTo52 * 2, -twoTo52 * 2, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -.nan, 0x1p63, -0x1p63, 0x1p62 + 0.5 * 0x1p10,
        ]
        for value in values { expectSameAsLibm(value) }
        // Around every integer up to 2^12 and some large ones, on both sides.
        var integers = (0...4096).map(Double.init)
        integers += [1e6, 1e7, 2e7, 1e15, 4e15]
        for k in integers {
            for y in [k, k.nextUp, k.nextDown, k + 0.25, k + 0.5, k + 0.75] {
                expectSameAsLibm(y)
                expectSameAsLibm(-y)
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
        for _ in 0..<100_000 {
            expectSameAsLibm(Double(bitPattern: next()))
            // Uniform over ±2^e for e up to 60: every regime of the truncation.
            let exponent = Double(next() % 61)
            let unit = Double(next() >> 11) * 0x1p-53
            expectSameAsLibm((unit * 2 - 1) * Double.pow2(exponent))
        }
    }

    @Test func floorPxWithoutCallIsFloorPxAtEveryScale() {
        for scale in [1.0, 2, 3, 0.5, 1.5, 7] {
            for step in -2000...2000 {
                let v = Double(step) / 97
                #expect(floorPxWithoutCall(v, scale: scale).bitPattern == floorPx(v, scale: scale).bitPattern)
            }
        }
        #expect(floorPxWithoutCall(.nan).isNaN)
        #expect(floorPxWithoutCall(.infinity) == .infinity)
        #expect(floorPxWithoutCall(-.infinity) == -.infinity)
        #expect(floorPxWithoutCall(-0.0).bitPattern == floorPx(-0.0).bitPattern)
    }
}

private extension Double {
    static func pow2(_ exponent: Double) -> Double { Double(sign: .plus, exponent: Int(exponent), significand: 1) }
}
