import Testing
@testable import BenchHarness
import LayoutCore
import TextEngine

// Text leaves of the layout-document format ({"text": …}): decoding with defaults, every error with its exact
// JSON path, and layouts worked out by hand from DejaVu Sans (2048 units per em, hhea ascender 1901,
// descender −483, line gap 0 — a line is 2384 × size / 2048 tall; widths are advance sums in design units).
// Scale 2, as every document in these tests.

@Suite struct TextElementDecodingTests {
    @Test func decodesATextLeafWithEveryKey() throws {
        let element = try decodeRoot(#"""
            {"text": "Hello", "name": "t", "maxLines": 2, "truncationToken": "...",
             "font": {"size": 20, "weight": "bold", "family": "DejaVu Sans", "kerning": true, "lineHeightMultiple": 1.5},
             "style": {"flexShrink": 1}}
            """#)
        var style = LayoutElementStyle()
        style.flexShrink = 1
        #expect(element == ElementDescription(.text(TextLeaf(
            name: "t", string: "Hello",
            attributes: TextAttributes(font: .family("DejaVu Sans"), size: 20, weight: .bold, kerning: true,
                                       lineHeightMultiple: 1.5),
            maximumNumberOfLines: 2, truncationToken: "...")), style: style))
        #expect(element.nodeNames == ["t"])
    }

    @Test func defaultsAreDejaVuSans12UnlimitedLinesAndAnEllipsis() throws {
        let element = try decodeRoot(#"{"text": "Hello", "name": "t"}"#)
        #expect(element == ElementDescription(.text(TextLeaf(name: "t", string: "Hello"))))
        guard case .text(let leaf) = element.kind else { return }
        #expect(leaf.attributes == TextAttributes(font: .family("DejaVu Sans"), size: 12, weight: .regular))
        #expect(leaf.maximumNumberOfLines == 0)
        #expect(leaf.truncationToken == "\u{2026}")
    }

    @Test func aFontFileByPath() throws {
        let element = try decodeRoot(#"{"text": "a", "name": "t", "font": {"file": "\#(FontRegistry.dejaVuSansBoldPath)"}}"#)
        guard case .text(let leaf) = element.kind else {
            Issue.record("not a text leaf")
            return
        }
        #expect(leaf.attributes.font == .file(FontRegistry.dejaVuSansBoldPath))
    }

    @Test func textAndNodeNamesShareOneNamespace() throws {
        let element = try decodeRoot(#"""
            {"stack": {}, "children": [{"node": "a"}, {"text": "x", "name": "b"}, {"node": "c"}]}
            """#)
        #expect(element.nodeNames == ["a", "b", "c"])
    }

    static let kinds = "node, text, stack, inset, overlay, background, center, relative, ratio, absolute, wrapper, spacer, corner"
    static let bad = "/nonexistent-loom-dir/missing.ttf"

    static let errorCases: [(String, String)] = [
        (#"{"text": "a", "name": "t", "colour": "red"}"#,
         #"$.root.colour: unknown key "colour" in a text element (allowed: text, style, name, font, maxLines, truncationToken)"#),
        (#"{"text": "a"}"#, #"$.root: missing key "name" in a text element"#),
        (#"{"text": 3, "name": "t"}"#, #"$.root.text: expected a string, found 3"#),
        (#"{"text": "a", "name": ""}"#, #"$.root.name: a node name must not be empty"#),
        (#"{"text": "a", "name": 1}"#, #"$.root.name: expected a string, found 1"#),
        (#"{"stack": {}, "children": [{"text": "a", "name": "t"}, {"node": "t"}]}"#,
         #"$.root.children[1].node: duplicate node name "t" (first used at $.root.children[0].name); an element may appear only once in a layout spec tree"#),
        (#"{"node": "a", "font": {}}"#, #"$.root.font: unknown key "font" in a node element (allowed: node, style)"#),
        (#"{"name": "t", "font": {}}"#, #"$.root: an element needs exactly one kind key (one of \#(kinds)), found none"#),
        (#"{"text": "a", "node": "b", "name": "t"}"#,
         #"$.root: an element needs exactly one kind key, found 2: "text", "node""#),
        // Line limit and token.
        (#"{"text": "a", "name": "t", "maxLines": 1.5}"#, #"$.root.maxLines: must be a whole number from 0 to 1000000, found 1.5"#),
        (#"{"text": "a", "name": "t", "maxLines": -1}"#, #"$.root.maxLines: must be a whole number from 0 to 1000000, found -1"#),
        (#"{"text": "a", "name": "t", "maxLines": "inf"}"#, #"$.root.maxLines: expected a whole number ≥ 0, found "inf""#),
        (#"{"text": "a", "name": "t", "truncationToken": null}"#, #"$.root.truncationToken: expected a string, found null"#),
        // Font.
        (#"{"text": "a", "name": "t", "font": 12}"#, #"$.root.font: expected an object, found 12"#),
        (#"{"text": "a", "name": "t", "font": {"pointSize": 12}}"#,
         #"$.root.font.pointSize: unknown key "pointSize" in the font (allowed: size, weight, family, file, kerning, lineHeightMultiple)"#),
        (#"{"text": "a", "name": "t", "font": {"size": 0}}"#, #"$.root.font.size: must be a finite number > 0, found 0"#),
        (#"{"text": "a", "name": "t", "font": {"size": "inf"}}"#, #"$.root.font.size: must be a finite number > 0, found "inf""#),
        (#"{"text": "a", "name": "t", "font": {"weight": "heavy"}}"#,
         #"$.root.font.weight: expected one of "regular", "bold", found "heavy""#),
        (#"{"text": "a", "name": "t", "font": {"kerning": 1}}"#, #"$.root.font.kerning: expected true or false, found 1"#),
        (#"{"text": "a", "name": "t", "font": {"lineHeightMultiple": -1}}"#,
         #"$.root.font.lineHeightMultiple: must be a finite number > 0, found -1"#),
        (#"{"text": "a", "name": "t", "font": {"family": ""}}"#, #"$.root.font.family: must not be empty"#),
        (#"{"text": "a", "name": "t", "font": {"family": "Comic Sans"}}"#,
         #"$.root.font.family: cannot load the font: no font registered for family "Comic Sans" weight regular"#),
        (#"{"text": "a", "name": "t", "font": {"file": "\#(bad)"}}"#,
         #"$.root.font.file: cannot load the font: font file not found or unreadable: \#(bad)"#),
        (#"{"text": "a", "name": "t", "font": {"file": "\#(FontRegistry.dejaVuSansPath)", "family": "DejaVu Sans"}}"#,
         #"$.root.font.family: a font has a "family" or a "file", not both ("file" is given)"#),
        (#"{"text": "a", "name": "t", "font": {"weight": "bold", "file": "\#(FontRegistry.dejaVuSansPath)"}}"#,
         #"$.root.font.weight: a font file is one face, so "weight" does not apply to it (use "family" to pick a weight)"#),
        // Style: the baseline offsets come from the font.
        (#"{"text": "a", "name": "t", "style": {"flexGrow": 1, "descender": -3}}"#,
         #"$.root.style.descender: a text element's ascender and descender come from its font (the first line's baseline and the last line's descender); remove "descender""#),
        (#"{"text": "a", "name": "t", "style": {"ascender": 3}}"#,
         #"$.root.style.ascender: a text element's ascender and descender come from its font (the first line's baseline and the last line's descender); remove "ascender""#),
        (#"{"text": "a", "name": "t", "style": {"flexGrow": "x"}}"#, #"$.root.style.flexGrow: expected a number or "inf", found "x""#),
    ]

    @Test(arguments: errorCases)
    func reportsTextElementErrors(element: String, message: String) {
        #expect(errorMessage(documentText(root: element)) == "test.json: " + message)
    }
}

@Suite struct TextElementLayoutTests {
    private func layOut(_ root: String, width: Double) throws -> LayoutResult {
        let document = try decode(documentText(root: root, range: #"{"min": [\#(width), 0], "max": [\#(width), "inf"]}"#))
        return document.layout().ignoringDiagnostics
    }

    private func node(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LayoutResult.Node {
        LayoutResult.Node(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    }

    @Test func aTextLeafIsItsMeasuredSize() throws {
        // "Hello" 20 pt: 5191 units → 50.69 → 51 wide, 23.28 → 23.5 tall; bold: 5914 units → 57.75 → 58.
        let row = #"""
            {"stack": {"alignItems": "start"}, "children": [
              {"text": "Hello", "font": {"size": 20}, "name": "regular"},
              {"text": "Hello", "font": {"size": 20, "weight": "bold"}, "name": "bold"}]}
            """#
        #expect(try layOut(row, width: 300) == LayoutResult(size: Size(width: 300, height: 23.5), nodes: [
            node("regular", 0, 0, 51, 23.5), node("bold", 51, 0, 58, 23.5)]))
    }

    /// Texture's stack baseline-alignment test: "Why, hello there! How are you?" at 12 pt shrinks to
    /// 150 − 51 = 99 and wraps to three lines ("Why, hello " | "there! How are " | "you?", 3 × 13.97 → 42).
    @Test(arguments: [
        ("baselineFirst", 150.0, Size(width: 150, height: 49.5), Rect(x: 0, y: 0, width: 51, height: 23.5),
         Rect(x: 51, y: 7.5, width: 99, height: 42)),
        ("baselineLast", 150.0, Size(width: 150, height: 44), Rect(x: 0, y: 20.5, width: 51, height: 23.5),
         Rect(x: 51, y: 0, width: 99, height: 42)),
        ("baselineFirst", 300.0, Size(width: 300, height: 23.5), Rect(x: 0, y: 0, width: 51, height: 23.5),
         Rect(x: 51, y: 7.5, width: 190, height: 14)),
        ("baselineLast", 300.0, Size(width: 300, height: 23.5), Rect(x: 0, y: 0, width: 51, height: 23.5),
         Rect(x: 51, y: 8, width: 190, height: 14)),
    ])
    func baselineAlignedTexts(alignItems: String, width: Double, size: Size, hello: Rect, why: Rect) throws {
        let row = #"""
            {"stack": {"alignItems": "\#(alignItems)"}, "children": [
              {"text": "Hello", "font": {"size": 20}, "name": "hello"},
              {"text": "Why, hello there! How are you?", "font": {"size": 12}, "name": "why", "style": {"flexShrink": 1}}]}
            """#
        let result = try layOut(row, width: width)
        #expect(result == LayoutResult(size: size, nodes: [LayoutResult.Node(name: "hello", frame: hello),
                                                          LayoutResult.Node(name: "why", frame: why)]))
    }

    @Test func theLeafCarriesTheFontsBaselineOffsetsAndMeasuresThroughTextEngine() {
        let leaf = TextLeaf(name: "t", string: "Why, hello there! How are you?", attributes: TextAttributes(size: 12),
                            maximumNumberOfLines: 2)
        var style = LayoutElementStyle()
        style.flexGrow = 2
        let node = leaf.makeNode(style: style)
        #expect(node.style.ascender == 11.138671875)   // 1901 × 12 / 2048
        #expect(node.style.descender == -2.830078125)  // −483 × 12 / 2048
        #expect(node.style.flexGrow == 2)
        // Width 99, two lines: "Why, hello " | "there! How ar…" (82.92 + 12 for the ellipsis) → 95 × 28.
        #expect(node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 99, height: .infinity))).size
                    == Size(width: 95, height: 28))
        let text = AttributedText(leaf.string, attributes: leaf.attributes)
        #expect(TextMeasurer.uncached.measure(text, maxWidth: 99, maximumNumberOfLines: 2, scale: 2).size
                    == Size(width: 95, height: 28))
    }

    @Test func maxLinesAndTokenReachTheMeasurement() throws {
        // Width 99: without a limit 3 lines (90.5 × 42); two lines end in "…" (95 × 28) or "..." (94.36 → 94.5).
        let root = #"""
            {"stack": {"direction": "vertical", "alignItems": "start"}, "children": [
              {"text": "Why, hello there! How are you?", "name": "all"},
              {"text": "Why, hello there! How are you?", "name": "two", "maxLines": 2},
              {"text": "Why, hello there! How are you?", "name": "dots", "maxLines": 2, "truncationToken": "..."}]}
            """#
        #expect(try layOut(root, width: 99) == LayoutResult(size: Size(width: 99, height: 98), nodes: [
            node("all", 0, 0, 90.5, 42), node("two", 0, 42, 95, 28), node("dots", 0, 70, 94.5, 28)]))
    }
}
