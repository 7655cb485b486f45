import LayoutCore
import Testing
@testable import TextEngine

@Suite struct LineBreakingTests {
    let lineHeight20 = 23.28125  // (1901 + 483 + 0) × 20 / 2048

    @Test func emptyTextMeasuresZero() {
        let result = measure(regular(""))
        #expect(result == .empty)
        #expect(result.size == .zero)
    }

    @Test func wrapsAtSpacesAndTrailingSpacesDoNotCount() {
        let text = regular("Hello world")
        let full = expectedWidth("Hello world")
        let fits = measure(text, width: full)
        #expect(fits.lines.count == 1, "a line exactly as wide as the constraint fits")

        let wrapped = measure(text, width: full - 1)
        #expect(lineTexts(text, wrapped) == ["Hello ", "world"])
        #expect(close(wrapped.lines[0].width, expectedWidth("Hello")), "the hanging space is not counted")
        #expect(close(wrapped.lines[1].width, expectedWidth("world")))
        #expect(wrapped.size == Size(width: ceilPx(expectedWidth("world"), scale: 2),
                                     height: ceilPx(2 * lineHeight20, scale: 2)))
        #expect(wrapped.lines[1].baseline == lineHeight20 + 18.564453125)

        let trailing = measure(regular("Hello     "))
        #expect(close(trailing.lines[0].width, expectedWidth("Hello")))
        // Spaces hang past the edge instead of wrapping.
        let hanging = measure(regular("Hello      world"), width: expectedWidth("world") + 0.5)
        #expect(lineTexts(regular("Hello      world"), hanging) == ["Hello      ", "world"])
    }

    @Test func leadingSpacesCount() {
        let result = measure(regular("  Hi"))
        #expect(close(result.lines[0].width, expectedWidth("  Hi")))
    }

    @Test func wrapsAfterHyphens() {
        let text = regular("well-known fact")
        let result = measure(text, width: expectedWidth("well-kno"))
        #expect(lineTexts(text, result) == ["well-", "known ", "fact"])
        #expect(close(result.lines[0].width, expectedWidth("well-")))
    }

    @Test func breaksWordsLongerThanTheLineBetweenCharacters() {
        let s = "abcdefghijklmnopqrstuvwxyz"
        let text = regular(s)
        let result = measure(text, width: 100)
        let parts = lineTexts(text, result)
        #expect(parts.joined() == s)
        #expect(parts.count > 2)
        for (i, part) in parts.enumerated() {
            #expect(expectedWidth(part) <= 100.001, "line \(i) fits")
            if i + 1 < parts.count {
                let next = parts[i + 1].first!
                #expect(expectedWidth(part + String(next)) > 100, "line \(i) is as full as it can be")
            }
            #expect(close(result.lines[i].width, expectedWidth(part)))
        }
    }

    @Test func aLongWordMovesToTheNextLineBeforeBreaking() {
        let text = regular("a abcdefghijklmnopqrstuvwxyz")
        let result = measure(text, width: 100)
        let parts = lineTexts(text, result)
        #expect(parts[0] == "a ")
        #expect(parts.dropFirst().joined() == "abcdefghijklmnopqrstuvwxyz")
    }

    @Test func explicitNewlinesBreakLines() {
        let text = regular("Hello\nworld")
        let result = measure(text)
        #expect(lineTexts(text, result) == ["Hello", "world"])
        #expect(result.size.height == ceilPx(2 * lineHeight20, scale: 2))

        let crlf = regular("Hello\r\nworld")
        let r2 = measure(crlf)
        #expect(r2.lines.count == 2)
        #expect(close(r2.lines[0].width, expectedWidth("Hello")), "\\r is zero width")

        // A final "\n" leaves an empty last line (TextKit's extra line fragment); "\n\n" gives three lines.
        #expect(measure(regular("Hello\n")).lines.count == 2)
        let blank = measure(regular("\n\n"))
        #expect(blank.lines.count == 3)
        #expect(blank.lines.allSatisfy { $0.width == 0 && $0.height == lineHeight20 })
        #expect(measure(regular("a\u{2028}b")).lines.count == 2)
    }

    @Test func unconstrainedWidthNeverWraps() {
        let s = String(repeating: "word ", count: 200)
        #expect(measure(regular(s)).lines.count == 1)
        #expect(measure(regular(s), width: .nan).lines.count == 1)
    }

    @Test func zeroAndNegativeWidthsDoNotTrap() {
        let text = regular("ab cd")
        let zero = measure(text, width: 0)
        #expect(lineTexts(text, zero) == ["a", "b ", "c", "d"])
        #expect(measure(text, width: -5) == zero)
    }

    @Test func mixedRunsUseTheTallestRunPerLine() {
        let text = AttributedText([("Big", TextAttributes(size: 20)), (" small", TextAttributes(size: 12))])
        #expect(text.runs.count == 2)
        let result = measure(text)
        #expect(close(result.lines[0].width, expectedWidth("Big") + expectedWidth(" small", size: 12)))
        #expect(result.lines[0].height == lineHeight20)
        #expect(result.ascender == 18.564453125)
        #expect(result.descender == -4.716796875)

        // Wrapped: the second line holds only 12-point text.
        let wrapped = measure(text, width: expectedWidth("Big") + 1)
        #expect(lineTexts(text, wrapped) == ["Big ", "small"])
        #expect(wrapped.lines[1].height == 13.96875)
        #expect(wrapped.descender == -2.830078125)
        #expect(wrapped.size.height == ceilPx(lineHeight20 + 13.96875, scale: 2))
    }

    @Test func lineHeightMultipleAddsSpaceAboveTheText() {
        let result = measure(regular("Hi\nthere", lineHeightMultiple: 1.5))
        #expect(result.lines[0].height == lineHeight20 * 1.5)
        #expect(result.ascender == lineHeight20 * 1.5 - 4.716796875)
        #expect(result.descender == -4.716796875)
        #expect(result.lines[1].baseline == lineHeight20 * 1.5 * 2 - 4.716796875)
        #expect(result.size.height == ceilPx(lineHeight20 * 3, scale: 2))
    }

    /// Re-measuring at the widest line's exact width gives the same lines (the fit tolerance absorbs summation
    /// order); at the pixel-ceiled size, which may exceed the first constraint, never more lines.
    @Test func remeasuringAtTheMeasuredWidthGivesTheSameLines() {
        var rng = SplitMix64(state: 0x5EED_0001)
        print("remeasuringAtTheMeasuredWidthGivesTheSameLines seed 0x5EED0001")
        let words = ["Texture", "layout", "is", "a", "well-known", "framework", "for", "smooth", "feeds,", "and",
                     "measures", "text", "off", "the", "main", "thread."]
        for _ in 0..<200 {
            let count = Int.random(in: 1...30, using: &rng)
            let s = (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            let size = [11.0, 13, 15, 17, 20].randomElement(using: &rng)!
            let width = Double.random(in: 40...400, using: &rng)
            let text = regular(s, size: size)
            let first = measure(text, width: width)
            let again = measure(text, width: first.usedWidth)
            #expect(lineTexts(text, again) == lineTexts(text, first), "\(s) at \(width)")
            #expect(measure(text, width: first.size.width).lines.count <= first.lines.count)
            for line in first.lines {
                let chars = String(text.text(in: line.range))
                #expect(close(line.width, expectedWidth(chars.trimmingTrailingSpaces, size: size), 1e-6))
                // Greedy: a line never exceeds the width unless it is a single character.
                #expect(line.width <= width + 0.001 || chars.trimmingTrailingSpaces.count == 1)
            }
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
