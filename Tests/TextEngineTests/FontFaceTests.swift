import Foundation
import LayoutCore
import Testing
@testable import TextEngine

@Suite struct FontFaceTests {
    let face = try! FontRegistry.shared.face(atPath: Fonts.regularPath)
    let boldFace = try! FontRegistry.shared.face(atPath: Fonts.boldPath)

    @Test func verticalMetricsMatchHheaAndHead() {
        for (face, reader) in [(face, Fonts.regular), (boldFace, Fonts.bold)] {
            #expect(face.unitsPerEm == reader.unitsPerEm)
            #expect(face.ascender == reader.ascender)
            #expect(face.descender == reader.descender)
            #expect(face.lineGap == reader.lineGap)
        }
        // DejaVu Sans: 2048 units per em, hhea 1901 / −483 / 0.
        #expect((face.unitsPerEm, face.ascender, face.descender, face.lineGap) == (2048, 1901, -483, 0))
        #expect(face.familyName == "DejaVu Sans")
        #expect(boldFace.styleName == "Bold")
    }

    @Test func lineHeightFormula() {
        // (ascender − descender + lineGap) × size / unitsPerEm × lineHeightMultiple
        let expected = Double(Fonts.regular.ascender - Fonts.regular.descender + Fonts.regular.lineGap) * 20
            / Double(Fonts.regular.unitsPerEm)
        #expect(face.lineHeight(pointSize: 20) == expected)
        #expect(expected == 23.28125)
        #expect(face.lineHeight(pointSize: 20, lineHeightMultiple: 1.5) == expected * 1.5)
    }

    @Test func glyphsAndAdvancesMatchCmapAndHmtx() {
        // U+00AD soft hyphen is left out: it is default-ignorable and measures 0 whatever its glyph's advance.
        let codePoints = Array(0x20...0x7E) + Array(0xA0...0xAC) + Array(0xAE...0x17F) + [0x2026, 0x2013, 0x20AC]
        for cp in codePoints {
            let scalar = Unicode.Scalar(UInt32(cp))!
            let glyph = Fonts.regular.glyph(for: UInt32(cp))
            #expect(face.glyphIndex(for: scalar) == (glyph == 0 ? nil : glyph), "U+\(String(cp, radix: 16))")
            #expect(face.advance(for: scalar) == Fonts.regular.advance(glyph: glyph), "U+\(String(cp, radix: 16))")
        }
        #expect(face.glyphCount == 6253)
        #expect(face.advance(for: "\u{AD}") == 0)
    }

    @Test func helloAt20PointsIsTheSumOfHmtxAdvances() {
        let independent = expectedWidth("Hello")
        #expect(Fonts.regular.designWidth("Hello") == 5191)
        #expect(independent == 50.693359375)
        let result = measure(regular("Hello"))
        #expect(result.lines.count == 1)
        #expect(close(result.lines[0].width, independent))
        #expect(result.size.width == ceilPx(independent, scale: 2))
        #expect(result.size.width == 51)
    }

    @Test(arguments: ["The quick brown fox jumps over the lazy dog.", "0123456789 ()[]{} @#%&*", "Ærøskøbing café naïve"])
    func sentenceWidthsMatchIndependentSums(_ s: String) {
        for size in [9.0, 12, 17.5, 20] {
            let result = measure(regular(s, size: size))
            #expect(close(result.lines[0].width, expectedWidth(s, size: size)), "\(s) at \(size)")
            let b = measure(bold(s, size: size))
            #expect(close(b.lines[0].width, expectedWidth(s, size: size, font: Fonts.bold)), "\(s) bold at \(size)")
        }
    }

    @Test func boldDiffersFromRegular() {
        let r = measure(regular("Hello"))
        let b = measure(bold("Hello"))
        #expect(close(b.lines[0].width, expectedWidth("Hello", font: Fonts.bold)))
        #expect(b.lines[0].width == 57.75390625)
        #expect(b.lines[0].width > r.lines[0].width)
        #expect(boldFace !== face)
    }

    @Test func kerningPairsMatchTheKernTable() throws {
        #expect(face.kerningPairCount > 2000)
        // Pairs known to the 'kern' table: the engine's values must equal the raw table's.
        let a = face.glyphIndex(for: "A")!, v = face.glyphIndex(for: "V")!, t = face.glyphIndex(for: "T")!
        let o = face.glyphIndex(for: "o")!
        var checked = 0
        for (l, r) in [(a, v), (v, a), (t, o), (a, t)] {
            let raw = Fonts.regular.kerning(left: l, right: r)
            #expect(face.kerning(betweenGlyph: l, andGlyph: r) == raw)
            if raw != 0 { checked += 1 }
        }
        #expect(checked > 0, "expected some of AV, VA, To, AT to be kerned in DejaVu Sans")
    }

    @Test func kerningIsOffByDefaultAndAppliedWhenAsked() {
        let s = "AVATAR To Vo"
        let plain = measure(regular(s))
        #expect(close(plain.lines[0].width, expectedWidth(s)))
        let kerned = measure(regular(s, kerning: true))
        var kernUnits = 0
        let scalars = Array(s.unicodeScalars)
        for i in 1..<scalars.count {
            let l = Fonts.regular.glyph(for: scalars[i - 1].value), r = Fonts.regular.glyph(for: scalars[i].value)
            kernUnits += Fonts.regular.kerning(left: l, right: r)
        }
        #expect(kernUnits != 0)
        #expect(close(kerned.lines[0].width, expectedWidth(s) + Double(kernUnits) * 20 / 2048))
    }

    @Test func registryLoadsEachFileOnceAndSharesTheFace() throws {
        let registry = FontRegistry()
        let first = try registry.face(atPath: Fonts.regularPath)
        let second = try registry.face(for: .family("dejavu sans"), weight: .regular)
        #expect(first === second)
        #expect(registry.loadedFaceCount == 1)
        let b = try registry.face(for: .family("DejaVu Sans"), weight: .bold)
        #expect(b.path == Fonts.boldPath)
        #expect(registry.loadedFaceCount == 2)
    }

    @Test func anyFontFileByPathAndCustomFamilies() throws {
        let registry = FontRegistry(registerDefaults: false)
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        try #require(FileManager.default.fileExists(atPath: mono), "fonts-dejavu-core ships DejaVuSansMono")
        registry.register(family: "Mono", weight: .regular, path: mono)
        let text = AttributedText("iiii", attributes: TextAttributes(font: .family("Mono"), size: 20),
                                  registry: registry)
        let wide = AttributedText("MMMM", attributes: TextAttributes(font: .file(mono), size: 20),
                                  registry: registry)
        let a = measure(text), b = measure(wide)
        #expect(a.lines[0].width == b.lines[0].width, "monospaced")
        #expect(registry.fallbackCount == 0)
    }

    @Test func missingFontsFailWithTypedErrorsAndResolutionFallsBack() {
        let registry = FontRegistry()
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try registry.face(atPath: "/nonexistent/font.ttf")
        }
        #expect(throws: FontError.unknownFamily(name: "Nope", weight: .regular)) {
            try registry.face(for: .family("Nope"), weight: .regular)
        }
        #expect(registry.failures["/nonexistent/font.ttf"] != nil)
        let text = AttributedText("Hello", attributes: TextAttributes(font: .file("/nonexistent/font.ttf"), size: 20),
                                  registry: registry)
        #expect(registry.fallbackCount == 1)
        #expect(text.runs[0].face.path == Fonts.regularPath)
        #expect(close(measure(text).lines[0].width, expectedWidth("Hello")))
    }

    @Test func builtinFallbackFaceMeasuresWithoutAFontFile() {
        let registry = FontRegistry(registerDefaults: false)
        let text = AttributedText("ab 中", attributes: TextAttributes(font: .family("None"), size: 10),
                                  registry: registry)
        #expect(text.runs[0].face.isBuiltinFallback)
        let result = measure(text)
        // a, b: .notdef (half an em); space: no U+0020 glyph → a quarter em; 中: one em.
        #expect(close(result.lines[0].width, 5 + 5 + 2.5 + 10))
        #expect(close(result.ascender, 8))
        #expect(close(result.descender, -2))
    }

    @Test func fontsLoadConcurrentlyOnceWithoutRaces() {
        let registry = FontRegistry()
        let faces = LockedBox<[ObjectIdentifier]>([])
        onThreads(8) { i in
            let face = try! registry.face(for: .defaultFamily, weight: i % 2 == 0 ? .regular : .bold)
            faces.mutate { $0.append(ObjectIdentifier(face)) }
        }
        #expect(Set(faces.value).count == 2)
        #expect(registry.loadedFaceCount == 2)
    }

    /// A text's runs own their faces: a text built through a registry that is gone, and then joined, still
    /// measures — the same as one built through the shared registry — and its face is released with the last
    /// text that holds it.
    @Test func aTextOwnsItsFacesAfterItsRegistryIsGone() {
        weak var released: FontFace?
        do {
            var text: AttributedText
            do {
                let registry = FontRegistry()
                text = AttributedText("Sphinx of black quartz,", attributes: TextAttributes(size: 15), registry: registry)
                released = text.runs[0].face
            }
            text = text + AttributedText(" judge my vow", attributes: TextAttributes(size: 15, weight: .bold))
            #expect(released != nil)
            let shared = AttributedText("Sphinx of black quartz,", attributes: TextAttributes(size: 15))
                + AttributedText(" judge my vow", attributes: TextAttributes(size: 15, weight: .bold))
            for width in [60.0, 120, .infinity] {
                #expect(TextMeasurer.uncached.measure(text, maxWidth: width, maximumNumberOfLines: 2).size
                        == TextMeasurer.uncached.measure(shared, maxWidth: width, maximumNumberOfLines: 2).size)
            }
        }
        #expect(released == nil)
    }
}

/// A value behind an NSLock for collecting results from test threads.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    func mutate(_ body: (inout T) -> Void) { lock.lock(); body(&stored); lock.unlock() }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
}
