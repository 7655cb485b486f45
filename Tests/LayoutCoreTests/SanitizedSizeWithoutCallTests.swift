import Testing
@testable import LayoutCore

// `Layout.sanitizedSizeWithoutCall` (the spec records' sizes, LayoutScratch.swift) is `Layout.sanitizedSize`
// with loom_ceil_px instead of two libm `ceil` calls: the same bits for every size, valid or not, and an
// invalid one is counted. PixelGrid.scale is process-wide and suites run in parallel, so this uses the
// default scale 2; loom_ceil_px at other scales is CeilPxWithoutCallTests' subject.

@Suite("sanitizedSize without libm")
struct SanitizedSizeWithoutCallTests {
    private static let values: [Double] = [
        0, -0.0, 0.5, -0.5, 1, 1.5, 0.25, 44.333_333_333_333_336, PixelGrid.epsilon, PixelGrid.epsilon.nextUp,
        PixelGrid.epsilon.nextDown, .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
        0x1p31 / 2, (0x1p31 / 2).nextDown, 9_999_999.999_999_998, 1e7.nextDown, 1e7, 1e7.nextUp, -1, 1e15,
        .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
    ]

    @Test func sameBitsAsSanitizedSize() {
        #expect(PixelGrid.scale == 2)
        for width in Self.values {
            for height in Self.values {
                let size = Size(width: width, height: height)
                let expected = Layout.sanitizedSize(size)
                let actual = Layout.sanitizedSizeWithoutCall(size)
                #expect(actual.width.bitPattern == expected.width.bitPattern
                        && actual.height.bitPattern == expected.height.bitPattern,
                        "\(size): \(expected), got \(actual)")
            }
        }
    }

    @Test func invalidSizeIsCounted() {
        let before = LayoutDiagnostics.invalidLayoutSizeCount
        #expect(Layout.sanitizedSizeWithoutCall(Size(width: .nan, height: 1)).width.bitPattern == 0)
        #expect(LayoutDiagnostics.invalidLayoutSizeCount >= before + 1)
    }
}
