import Foundation
import LayoutCore
@testable import TextEngine

/// Tests pass the pixel scale explicitly, so another suite changing PixelGrid.scale cannot make them flaky.
let testScale = 2.0

func regular(_ s: String, size: Double = 20, kerning: Bool = false, lineHeightMultiple: Double = 1)
    -> AttributedText
{
    AttributedText(s, attributes: TextAttributes(size: size, kerning: kerning,
                                                 lineHeightMultiple: lineHeightMultiple))
}

func bold(_ s: String, size: Double = 20) -> AttributedText {
    AttributedText(s, attributes: TextAttributes(size: size, weight: .bold))
}

/// Uncached measurement at scale 2.
func measure(_ text: AttributedText, width: Double = .infinity, height: Double = .infinity, lines: Int = 0,
             token: String = TextMeasurer.defaultTruncationToken) -> TextLayoutResult
{
    TextMeasurer.uncached.measure(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                  truncationToken: token, scale: testScale)
}

/// The characters of each line.
func lineTexts(_ text: AttributedText, _ result: TextLayoutResult) -> [String] {
    result.lines.map { String(text.text(in: $0.range)) }
}

/// Width of a string in DejaVu Sans regular computed from the font file by the independent reader.
func expectedWidth(_ s: String, size: Double = 20, font: TrueTypeReader = Fonts.regular) -> Double {
    font.width(s, size: size)
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Runs `body(threadIndex)` on `count` dedicated threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            body(index)
            done.signal()
        }
        thread.start()
    }
    for _ in 0..<count { done.wait() }
}

/// A small deterministic generator for randomized tests (the seed is printed by each test).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
