import LayoutCore
import Testing
@testable import TextEngine

@Suite struct TruncationTests {
    let ellipsis = expectedWidth("\u{2026}")

    @Test func maxLinesTruncatesTheTailWithTheToken() {
        let s = "Hello wonderful world of text layout"
        let text = regular(s)
        let result = measure(text, width: 150, lines: 1)
        #expect(result.isTruncated)
        #expect(result.lines.count == 1)
        let line = result.lines[0]
        #expect(line.isTruncated)
        let kept = String(text.text(in: line.range))
        #expect(s.hasPrefix(kept))
        #expect(close(line.width, expectedWidth(kept) + ellipsis), "token counted in the width")
        #expect(line.width <= 150)
        // Filled character by character: one more character would not fit beside the token.
        let next = s[s.index(s.startIndex, offsetBy: kept.count)]
        #expect(expectedWidth(kept + String(next)) + ellipsis > 150)
        #expect(kept == "Hello wonde")  // 123.32 + 20 (the ellipsis is one em) ≤ 150; "Hello wonder…" is 151.54
        #expect(result.size.width == ceilPx(line.width, scale: 2))
    }

    @Test func twoLinesThenTruncation() {
        let text = regular("one two three four five six seven eight nine ten")
        let result = measure(text, width: 120, lines: 2)
        #expect(result.lines.count == 2)
        #expect(!result.lines[0].isTruncated)
        #expect(result.lines[1].isTruncated)
        #expect(result.lines.allSatisfy { $0.width <= 120 })
        #expect(result.size.height == ceilPx(2 * 23.28125, scale: 2))
    }

    @Test func textThatFitsIsNotTruncated() {
        let text = regular("short")
        #expect(!measure(text, width: 300, lines: 1).isTruncated)
        let two = regular("one two")
        let r = measure(two, width: expectedWidth("one") + 1, lines: 2)
        #expect(r.lines.count == 2 && !r.isTruncated)
        // Exactly the limit with a trailing newline: the empty extra line is dropped, nothing is cut.
        let nl = measure(regular("Hello\n"), lines: 1)
        #expect(nl.lines.count == 1 && !nl.isTruncated)
    }

    @Test func trailingSpacesBeforeTheTokenAreDropped() {
        let s = "Hello world"
        let text = regular(s)
        // Room for "Hello…" but not for "Hello w…".
        let width = expectedWidth("Hello ") + ellipsis
        let result = measure(text, width: width, lines: 1)
        #expect(lineTexts(text, result) == ["Hello"])
        #expect(close(result.lines[0].width, expectedWidth("Hello") + ellipsis))
    }

    @Test func aNewlineBeyondTheLimitTruncatesTheLastLine() {
        let text = regular("Hello\nWorld")
        let result = measure(text, lines: 1)
        #expect(result.isTruncated)
        #expect(lineTexts(text, result) == ["Hello"])
        #expect(close(result.lines[0].width, expectedWidth("Hello") + ellipsis))
    }

    @Test func customToken() {
        let text = regular("Hello wonderful world of text layout")
        let token = " more"
        let result = measure(text, width: 150, lines: 1, token: token)
        let kept = String(text.text(in: result.lines[0].range))
        #expect(close(result.lines[0].width, expectedWidth(kept) + expectedWidth(token)))
        #expect(result.lines[0].width <= 150)
        let empty = measure(text, width: 150, lines: 1, token: "")
        #expect(empty.isTruncated && empty.lines[0].width <= 150)
    }

    @Test func tokenWiderThanTheLineIsShownAloneWithoutTrapping() {
        let text = regular("Hello world")
        let result = measure(text, width: 5, lines: 1)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].range.isEmpty)
        #expect(close(result.lines[0].width, ellipsis))
    }

    @Test func fontWithoutTheTokenGlyphUsesTheFallbackAdvance() {
        let registry = FontRegistry(registerDefaults: false)
        let text = AttributedText("abcdefgh", attributes: TextAttributes(font: .family("x"), size: 10),
                                  registry: registry)
        // Built-in fallback face: every glyph 5 pt, "…" (not wide) 5 pt.
        let result = measure(text, width: 22, lines: 1)
        #expect(lineTexts(text, result) == ["abc"])
        #expect(close(result.lines[0].width, 20))
    }

    @Test func heightLimitCutsLinesAndTruncates() {
        let text = regular("one two three four five six")
        let range = SizeRange(min: .zero, max: Size(width: 80, height: 50))
        let result = TextMeasurer.uncached.measure(text, constrainedTo: range, scale: testScale)
        #expect(result.lines.count == 2, "two 23.28-pt lines fit in 50 pt")
        #expect(result.isTruncated)
        #expect(result.size.height <= 50)
        let tiny = TextMeasurer.uncached.measure(text, constrainedTo: SizeRange(min: .zero, max: Size(width: 80, height: 1)),
                                                 scale: testScale)
        #expect(tiny.lines.count == 1, "at least one line is kept")
    }

    @Test func truncationKeepsClustersWhole() {
        // A family emoji is one em wide and must not be cut inside its ZWJ sequence.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let text = regular(family + family + family + " tail")
        let result = measure(text, width: 45, lines: 1)
        let kept = String(text.text(in: result.lines[0].range))
        #expect(kept == family, "one 20-pt cluster plus the token fits in 45, two do not")
        #expect(close(result.lines[0].width, 20 + ellipsis))
    }
}

@Suite struct TruncationAttributeTests {
    @Test func tokenTakesTheAttributesOfTheLastVisibleCharacter() {
        let text = AttributedText([("Big ", TextAttributes(size: 20, weight: .bold)),
                                   ("small words that go on and on", TextAttributes(size: 12))])
        let result = measure(text, width: 120, lines: 1)
        let line = result.lines[0]
        let kept = String(text.text(in: line.range))
        #expect(kept.hasPrefix("Big small"))
        let keptSmall = String(kept.dropFirst(4))
        let expected = expectedWidth("Big ", size: 20, font: Fonts.bold) + expectedWidth(keptSmall, size: 12)
            + expectedWidth("\u{2026}", size: 12)
        #expect(close(line.width, expected))
        #expect(line.height == 23.28125, "the bold 20-pt run is on the line")
    }
}

@Suite struct AttributedTextTests {
    @Test func concatenationKeepsRunsAndMergesEqualNeighbours() {
        let a = regular("Hello ")
        let b = regular("world")
        let joined = a + b
        #expect(joined.string == "Hello world")
        #expect(joined.runs.count == 1, "equal attributes merge")
        #expect(joined == regular("Hello world"))
        let mixed = a + bold("world")
        #expect(mixed.runs.map(\.range) == [0..<6, 6..<11])
        #expect(mixed.attributes(atUTF8Offset: 7)?.weight == .bold)
        #expect(mixed.text(in: 6..<11) == "world")
        #expect(AttributedText([("", TextAttributes()), ("x", TextAttributes())]).runs.count == 1)
    }

    @Test func kerningIsNotAppliedAcrossACharacterBreak() {
        // "AV" kerns; broken between A and V the pair no longer touches.
        let text = regular("AVAVAVAVAVAVAV", kerning: true)
        let aWidth = expectedWidth("A")
        let result = measure(text, width: aWidth + 1)
        #expect(result.lines.allSatisfy { $0.range.count == 1 })
        #expect(result.lines.allSatisfy { close($0.width, expectedWidth(String(text.text(in: $0.range)))) })
    }
}
