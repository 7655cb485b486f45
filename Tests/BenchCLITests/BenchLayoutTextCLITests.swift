import Foundation
import Testing

/// `bench layout` with text leaves, through the built executable: the shipped text-baseline example (frames
/// worked out by hand in Scenarios/layout/README.md), a text document at scale 1, and bad text elements
/// (exit code 2, one line naming the file and the JSON path).
@Suite struct BenchLayoutTextCLITests {
    @Test func laysOutTheShippedTextBaselineExample() throws {
        let output = try BenchExecutable.run(["layout", "Scenarios/layout/text-baseline.json"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == """
            {"size": [150, 141.5], "nodes": [
              {"name": "first.hello", "frame": [0, 0, 51, 23.5]},
              {"name": "first.why", "frame": [51, 7.5, 99, 42]},
              {"name": "last.hello", "frame": [0, 80, 51, 23.5]},
              {"name": "last.why", "frame": [51, 59.5, 99, 42]},
              {"name": "caption", "frame": [0, 113.5, 148, 28]}
            ]}

            """)
    }

    @Test func measuresTextAtTheDocumentsScale() throws {
        // Scale 1: "Hello" bold 20 pt is 57.75 → 58 wide and 23.28 → 24 tall.
        let document = #"""
            {"scale": 1, "sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"text": "Hello", "font": {"size": 20, "weight": "bold"}, "maxLines": 2, "name": "t"}}
            """#
        let output = try BenchExecutable.run(["layout", "--compact", "-"], stdin: document)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"{"size": [58, 24], "nodes": [{"name": "t", "frame": [0, 0, 58, 24]}]}"# + "\n")
    }

    static let badFiles: [(String, String, String)] = [
        ("text-key.json", #"""
            {"sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"stack": {}, "children": [{"text": "Hi", "name": "t", "fontSize": 12}]}}
            """#,
         #"error: text-key.json: $.root.children[0].fontSize: unknown key "fontSize" in a text element (allowed: text, style, name, font, maxLines, truncationToken)"#),
        ("font-key.json", #"""
            {"sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"text": "Hi", "name": "t", "font": {"size": 12, "italic": true}}}
            """#,
         #"error: font-key.json: $.root.font.italic: unknown key "italic" in the font (allowed: size, weight, family, file, kerning, lineHeightMultiple)"#),
        ("font-file.json", #"""
            {"sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"text": "Hi", "name": "t", "font": {"file": "missing.ttf"}}}
            """#,
         #"error: font-file.json: $.root.font.file: cannot load the font: font file not found or unreadable: missing.ttf"#),
        ("no-name.json", #"{"sizeRange": {"min": [0, 0], "max": [300, "inf"]}, "root": {"text": "Hi"}}"#,
         #"error: no-name.json: $.root: missing key "name" in a text element"#),
        ("max-lines.json", #"{"sizeRange": {"min": [0, 0], "max": [300, "inf"]}, "root": {"text": "Hi", "name": "t", "maxLines": 2.5}}"#,
         #"error: max-lines.json: $.root.maxLines: must be a whole number from 0 to 1000000, found 2.5"#),
    ]

    @Test(arguments: badFiles)
    func rejectsABadTextElementWithOneLineAndExitCode2(name: String, contents: String, message: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(name, contents)
        let output = try BenchExecutable.run(["layout", name], in: directory.url)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == message + "\n")
    }
}
