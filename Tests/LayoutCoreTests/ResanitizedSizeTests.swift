import Testing
@testable import LayoutCore

// `Layout.resanitizedSize` and `Layout(node:sanitizedSize:sublayouts:)`, which a node's cache hit uses instead
// of rebuilding its layout through the sanitizing `Layout(node:size:)`: the same bits, edge sizes included.
// PixelGrid.scale is process-wide and suites run in parallel, so the layouts here use the default scale 2;
// other scales are checked on `ceilPx(_:scale:)` directly (what the shortcut's argument rests on).

@Suite("Resanitized size")
struct ResanitizedSizeTests {
    /// Requested components whose stored sizes are the edge cases: ±0, invalid ones stored as +0 (NaN, ∞,
    /// negative, ≥ 10⁷, subnormal), exactly ε (ceiled to +0), tiny ones (ceiled to −0), ordinary ones, and
    /// ones just below 10⁷ (ceiled up to 10⁷ itself, which is not valid for size).
    static let requested: [Double] = [
        0, -0.0, .nan, .infinity, -.infinity, -1, Double.leastNonzeroMagnitude, 0x1p-23, 1e-10, 0.25, 0.5,
        1, 36.67, 1234.56, 9_999_999, 9_999_999.4, 9_999_999.5, 9_999_999.9, (10_000_000 as Double).nextDown,
        10_000_000, 1e300,
    ]

    /// The hit's layout against the layout the sanitizing init builds from the same stored size.
    static func expectSameBits(storedFrom raw: Size) {
        let node = CoreFixture.node("n")
        let stored = Layout(node: node, size: raw).size
        let sanitizing = Layout(node: node, size: stored, sublayouts: [])
        let direct = Layout(node: node, sanitizedSize: Layout.resanitizedSize(stored), sublayouts: [])
        #expect(direct.size.width.bitPattern == sanitizing.size.width.bitPattern, "stored \(stored) from \(raw)")
        #expect(direct.size.height.bitPattern == sanitizing.size.height.bitPattern, "stored \(stored) from \(raw)")
        #expect(direct.position.isIdentical(to: sanitizing.position))
        #expect(direct.type == .node && direct.isLayout(of: node))
    }

    /// m·10^k for m in [1, 10) and k in `exponents`.
    static func randomMagnitude(_ exponents: ClosedRange<Int>, using generator: inout CoreSplitMix64) -> Double {
        var value = generator.double(1, 10)
        let exponent = exponents.lowerBound + generator.int(exponents.count)
        for _ in 0..<abs(exponent) { value = exponent < 0 ? value / 10 : value * 10 }
        return value
    }

    @Test func sameBitsAsTheSanitizingInitOverEdgeSizes() {
        #expect(PixelGrid.scale == 2)
        for width in Self.requested {
            for height in Self.requested {
                Self.expectSameBits(storedFrom: Size(width: width, height: height))
            }
        }
    }

    @Test func sameBitsOverRandomSizes() {
        var generator = CoreSplitMix64(seed: 0x5EED_A11E)
        print("ResanitizedSizeTests.sameBitsOverRandomSizes seed 0x5EEDA11E")
        for _ in 0..<20_000 {
            // Magnitudes from 10⁻⁹ to 10⁸: around the grid, ε and the 10⁷ bound.
            let raw = Size(width: Self.randomMagnitude(-9...7, using: &generator),
                           height: Self.randomMagnitude(-9...7, using: &generator))
            Self.expectSameBits(storedFrom: raw)
        }
    }

    /// The cases where sanitizing a stored size again is not the identity take the sanitizing path: if the
    /// shortcut returned the stored size there, these would fail.
    @Test func storedSizesThatSanitizingChangesAreSanitized() {
        #expect(PixelGrid.scale == 2)
        // An invalid size is stored as +0×+0; sanitized again, ceil(−ε·2)/2 makes it −0×−0.
        let nanOrigin = Layout(node: CoreFixture.node("n"), size: Size(width: .nan, height: 5)).size
        #expect(nanOrigin.width.bitPattern == (0.0).bitPattern)
        let again = Layout.resanitizedSize(nanOrigin)
        #expect(again.width.bitPattern == (-0.0).bitPattern && again.height.bitPattern == (-0.0).bitPattern)
        // Just below 10⁷ is stored as 10⁷, which is not valid for size: 0×0 again, and counted.
        let nearBound = Layout(node: CoreFixture.node("n"), size: Size(width: 9_999_999.9, height: 1)).size
        #expect(nearBound.width == 10_000_000)
        let before = LayoutDiagnostics.invalidLayoutSizeCount
        #expect(Layout.resanitizedSize(nearBound) == .zero)
        #expect(LayoutDiagnostics.invalidLayoutSizeCount >= before + 1)
        // An ordinary stored size comes back as it is; −0 too.
        #expect(Layout.resanitizedSize(Size(width: 37, height: 0.5)) == Size(width: 37, height: 0.5))
        #expect(Layout.resanitizedSize(Size(width: -0.0, height: 1)).width.bitPattern == (-0.0).bitPattern)
    }

    /// The argument for the shortcut, at other scales: a ceiled component below 10⁷ other than +0 is ceiled
    /// to itself while ε·S < 1 — and not at S = 2²³, which is why the shortcut also checks the scale.
    @Test func ceilingACeiledComponentIsTheIdentityBelowScaleTwoToThe23() {
        var generator = CoreSplitMix64(seed: 0xCE11)
        print("ResanitizedSizeTests.ceilingACeiledComponent seed 0xCE11")
        for scale in [1, 2, 3, 1.5, 0.001, 7.3, 0x1p22] as [Double] {
            var values: [Double] = Self.requested.filter { $0.isFinite && $0 >= 0 }
            for _ in 0..<5_000 { values.append(Self.randomMagnitude(-9...6, using: &generator)) }
            for value in values {
                let ceiled = ceilPx(value, scale: scale)
                guard ceiled < 10_000_000 && ceiled.bitPattern != 0 else { continue }
                #expect(ceilPx(ceiled, scale: scale).bitPattern == ceiled.bitPattern,
                        "scale \(scale): \(value) → \(ceiled) → \(ceilPx(ceiled, scale: scale))")
            }
        }
        let coarse: Double = 0x1p23
        let one = ceilPx(1, scale: coarse)
        #expect(ceilPx(one, scale: coarse) != one)   // 1 − ε, then 1 − 2ε: every ceiling moves it down
    }
}
