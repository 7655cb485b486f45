import LayoutCore
import Testing
@testable import TextEngine

@Suite struct FallbackTests {
    let face = try! FontRegistry.shared.face(atPath: Fonts.regularPath)

    @Test func cjkWithoutGlyphsIsOneEmPerCharacter() {
        let s = "你好世界"
        for scalar in s.unicodeScalars { #expect(face.glyphIndex(for: scalar) == nil) }
        let result = measure(regular(s))
        #expect(result.lines.count == 1)
        #expect(close(result.lines[0].width, 80))
        // No spaces: breaks fall between characters.
        let text = regular(s)
        let wrapped = measure(text, width: 50)
        #expect(lineTexts(text, wrapped) == ["你好", "世界"])
    }

    @Test func emojiSequencesAreOneWideClusterAndNeverTrap() {
        let cases: [(String, Double)] = [
            ("\u{1F44D}", 20),                                             // 👍
            ("\u{1F44D}\u{1F3FD}", 20),                                    // 👍🏽 skin tone
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 20),  // family ZWJ sequence
            ("\u{1F1FA}\u{1F1F8}", 20),                                    // 🇺🇸 flag
            ("\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", 40),                  // two flags
            ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 20),                    // rainbow flag
        ]
        for (s, width) in cases {
            for scalar in s.unicodeScalars where scalar.value >= 0x1F000 {
                #expect(face.glyphIndex(for: scalar) == nil, "DejaVu Sans has no U+\(String(scalar.value, radix: 16))")
            }
            let result = measure(regular(s))
            #expect(close(result.lines[0].width, width), "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
            // Never split inside the cluster, however narrow the line.
            let narrow = measure(regular(s), width: 1)
            #expect(narrow.lines.count == Int(width / 20))
        }
    }

    @Test func combiningMarksUseTheirGlyphsAndStayWithTheirBase() {
        let s = "e\u{301}e\u{301}"  // é as e + combining acute
        let text = regular(s)
        let result = measure(text)
        #expect(close(result.lines[0].width, expectedWidth(s)))
        let narrow = measure(text, width: 1)
        #expect(lineTexts(text, narrow) == ["e\u{301}", "e\u{301}"])
    }

    @Test func otherMissingCharactersUseTheNotdefAdvance() {
        let s = "\u{0915}\u{0916}"  // Devanagari KA KHA: not in DejaVu Sans, not wide
        for scalar in s.unicodeScalars { #expect(face.glyphIndex(for: scalar) == nil) }
        let notdef = Double(Fonts.regular.advance(glyph: 0)) * 20 / 2048
        #expect(close(measure(regular(s)).lines[0].width, 2 * notdef))
    }

    @Test func randomScalarSoupNeverTraps() {
        let seed: UInt64 = 0xF00D_CAFE
        print("randomScalarSoupNeverTraps seed 0x\(String(seed, radix: 16))")
        var rng = SplitMix64(state: seed)
        let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x24F, 0x300...0x36F, 0x590...0x6FF, 0x900...0x97F,
                                            0x2000...0x206F, 0x3000...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC40,
                                            0xFE00...0xFE0F, 0x1F1E6...0x1F1FF, 0x1F300...0x1F6FF,
                                            0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x10000...0x1007F]
        for _ in 0..<400 {
            var s = ""
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                let pool = pools.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { s.unicodeScalars.append(scalar) }
                if Bool.random(using: &rng) && Int.random(in: 0..<6, using: &rng) == 0 { s += "\u{200D}" }
            }
            let text = AttributedText([(s, TextAttributes(size: 15)), ("x y", TextAttributes(size: 9, weight: .bold))])
            let width = [0, 1, 30, 120, .infinity].randomElement(using: &rng)!
            let lines = Int.random(in: 0...3, using: &rng)
            let result = measure(text, width: width, lines: lines)
            #expect(result.size.width.isFinite && result.size.height.isFinite)
            #expect(lines == 0 || result.lines.count <= lines)
            // Ranges are ordered and inside the string.
            var previousEnd = 0
            for line in result.lines {
                #expect(line.range.lowerBound >= previousEnd && line.range.upperBound <= text.string.utf8.count)
                previousEnd = line.range.upperBound
            }
        }
    }
}
