import Testing
@testable import BenchHarness
import LayoutCore

/// Each class of bad input, with the exact message (file, JSON path, reason) `bench` prints after "error: ".
@Suite struct LayoutDocumentErrorTests {
    static let range = #""sizeRange": {"min": [300, 0], "max": [300, "inf"]}"#
    static let styleKeys = "width, height, minWidth, maxWidth, minHeight, maxHeight, flexGrow, flexShrink, "
        + "flexBasis, alignSelf, spacingBefore, spacingAfter, ascender, descender, layoutPosition"
    static let kinds = "node, text, stack, inset, overlay, background, center, relative, ratio, absolute, wrapper, spacer, corner"

    static func root(_ element: String) -> String { documentText(root: element) }

    static let documentCases: [(String, String)] = [
        // Not JSON: the path of the value being read, then line and column.
        (#"{"sizeRange": "#,
         #"$.sizeRange: invalid JSON at line 1, column 15: expected a value, found end of input"#),
        ("{\n  \"root\": {\"node\": \"a\",}\n}",
         #"$.root: invalid JSON at line 2, column 24: expected a key in double quotes, found '}'"#),
        (#"[1]"#, #"$: expected an object, found an array of 1"#),
        (#"{\#(range), "root": {"node": "a"}, "extra": 1}"#,
         #"$.extra: unknown key "extra" in the document (allowed: version, name, description, scale, sizeRange, root)"#),
        (#"{\#(range)}"#, #"$: missing key "root" in the document"#),
        (#"{"root": {"node": "a"}}"#, #"$: missing key "sizeRange" in the document"#),
        (#"{"version": 2, \#(range), "root": {"node": "a"}, "new": true}"#,
         #"$.version: unsupported version 2 (this bench reads version 1)"#),
        (#"{"version": "1", \#(range), "root": {"node": "a"}}"#, #"$.version: expected the number 1, found "1""#),
        (#"{"name": 3, \#(range), "root": {"node": "a"}}"#, #"$.name: expected a string, found 3"#),
        (#"{"description": null, \#(range), "root": {"node": "a"}}"#, #"$.description: expected a string, found null"#),
        (#"{"scale": 0, \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found 0"#),
        (#"{"scale": -2, \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found -2"#),
        (#"{"scale": "inf", \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found "inf""#),
        (#"{"scale": 0.5, \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found 0.5"#),
        (#"{"scale": 1000.5, \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found 1000.5"#),
        // ceilPx's ε·scale reaches a whole pixel from 2²³ on: frames came out off the grid (−1e-07).
        (#"{"scale": 1e7, \#(range), "root": {"node": "a"}}"#,
         #"$.scale: must be a number from 1 to 1000 (the screen scale), found 10000000"#),
        (#"{"scale": true, \#(range), "root": {"node": "a"}}"#, #"$.scale: expected a number or "inf", found true"#),
        // The size range.
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [-1, 0], "max": [300, "inf"]}"#),
         #"$.sizeRange.min[0]: must be a finite number ≥ 0, found -1"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, "inf"], "max": [300, "inf"]}"#),
         #"$.sizeRange.min[1]: must be a finite number ≥ 0, found "inf""#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, 0], "max": [300, -5]}"#),
         #"$.sizeRange.max[1]: must be ≥ 0 or "inf", found -5"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [400, 0], "max": [300, "inf"]}"#),
         #"$.sizeRange: the minimum width 400 is greater than the maximum width 300"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, 50.5], "max": [300, 50]}"#),
         #"$.sizeRange: the minimum height 50.5 is greater than the maximum height 50"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0], "max": [300, "inf"]}"#),
         #"$.sizeRange.min: expected an array of 2 numbers [width, height], found an array of 1"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, 0]}"#),
         #"$.sizeRange: missing key "max" in the sizeRange"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, 0], "max": [1, 1], "exact": true}"#),
         #"$.sizeRange.exact: unknown key "exact" in the sizeRange (allowed: min, max)"#),
        (documentText(root: #"{"node": "a"}"#, range: #"{"min": [0, 0], "max": [1, false]}"#),
         #"$.sizeRange.max[1]: expected a number or "inf", found false"#),
    ]

    static let elementCases: [(String, String)] = [
        // Kind keys.
        (#"{"style": {}}"#, #"$.root: an element needs exactly one kind key (one of \#(kinds)), found none"#),
        (#"{}"#, #"$.root: an element needs exactly one kind key (one of \#(kinds)), found none"#),
        (#"{"node": "a", "spacer": {}}"#, #"$.root: an element needs exactly one kind key, found 2: "node", "spacer""#),
        (#"{"stak": {}, "children": []}"#,
         #"$.root.stak: unknown key "stak" in an element (allowed: \#(kinds), style)"#),
        (#""a""#, #"$.root: expected an element (an object with one kind key), found "a""#),
        // Keys that do not belong to the kind, and missing ones.
        (#"{"node": "a", "child": {"node": "b"}}"#,
         #"$.root.child: unknown key "child" in a node element (allowed: node, style)"#),
        (#"{"node": "a", "my key": 1}"#,
         #"$.root["my key"]: unknown key "my key" in a node element (allowed: node, style)"#),
        (#"{"inset": {}}"#, #"$.root: missing key "child" in an inset element"#),
        (#"{"stack": {}}"#, #"$.root: missing key "children" in a stack element"#),
        (#"{"corner": {"location": "topLeft"}, "child": {"node": "a"}}"#,
         #"$.root: missing key "cornerElement" in a corner element"#),
        (#"{"stack": {}, "children": {"node": "a"}}"#, #"$.root.children: expected an array, found an object"#),
        (#"{"stack": {}, "children": [{"node": "a"}, 3]}"#,
         #"$.root.children[1]: expected an element (an object with one kind key), found 3"#),
        (#"{"stack": {}, "children": [{"node": "a"}, {"node": "b"}, {"node": "c", "style": {"flexGrow": "big"}}]}"#,
         #"$.root.children[2].style.flexGrow: expected a number or "inf", found "big""#),
        // Names.
        (#"{"node": ""}"#, #"$.root.node: a node name must not be empty"#),
        (#"{"node": 7}"#, #"$.root.node: expected a string, found 7"#),
        (#"{"stack": {}, "children": [{"node": "a"}, {"inset": {}, "child": {"node": "a"}}]}"#,
         #"$.root.children[1].child.node: duplicate node name "a" (first used at $.root.children[0].node); an element may appear only once in a layout spec tree"#),
        // Options.
        (#"{"stack": {"justify": "center"}, "children": []}"#,
         #"$.root.stack.justify: unknown key "justify" in the stack options (allowed: direction, spacing, justifyContent, alignItems, flexWrap, alignContent, lineSpacing, horizontalAlignment, verticalAlignment)"#),
        (#"{"stack": {"direction": "diagonal"}, "children": []}"#,
         #"$.root.stack.direction: expected one of "vertical", "horizontal", found "diagonal""#),
        (#"{"stack": {"alignItems": 1}, "children": []}"#,
         #"$.root.stack.alignItems: expected one of "start", "end", "center", "stretch", "baselineFirst", "baselineLast", "notSet", found 1"#),
        (#"{"stack": {"spacing": "inf"}, "children": []}"#, #"$.root.stack.spacing: must be a finite number, found "inf""#),
        (#"{"stack": [], "children": []}"#, #"$.root.stack: expected an object, found an empty array"#),
        (#"{"inset": {"top": "big"}, "child": {"node": "a"}}"#, #"$.root.inset.top: expected a number or "inf", found "big""#),
        (#"{"inset": {"start": 1}, "child": {"node": "a"}}"#,
         #"$.root.inset.start: unknown key "start" in the insets (allowed: top, left, bottom, right)"#),
        (#"{"ratio": 0, "child": {"node": "a"}}"#, #"$.root.ratio: must be a finite number > 0, found 0"#),
        (#"{"ratio": -1.5, "child": {"node": "a"}}"#, #"$.root.ratio: must be a finite number > 0, found -1.5"#),
        (#"{"ratio": "inf", "child": {"node": "a"}}"#, #"$.root.ratio: must be a finite number > 0, found "inf""#),
        (#"{"center": {"centeringOptions": "xz"}, "child": {"node": "a"}}"#,
         #"$.root.center.centeringOptions: expected one of "none", "x", "y", "xy", found "xz""#),
        (#"{"relative": {"sizingOption": "minimumXY"}, "child": {"node": "a"}}"#,
         #"$.root.relative.sizingOption: expected one of "default", "minimumWidth", "minimumHeight", "minimumSize", found "minimumXY""#),
        (#"{"absolute": {"sizing": "fit"}, "children": []}"#,
         #"$.root.absolute.sizing: expected one of "default", "sizeToFit", found "fit""#),
        (#"{"spacer": {"flexGrow": 1}}"#, #"$.root.spacer.flexGrow: unknown key "flexGrow" in the spacer options (it takes no keys)"#),
        (#"{"wrapper": null, "children": []}"#, #"$.root.wrapper: expected an object, found null"#),
        (#"{"corner": {}, "child": {"node": "a"}, "cornerElement": {"node": "b"}}"#,
         #"$.root.corner: missing key "location" in the corner options"#),
        (#"{"corner": {"location": "top"}, "child": {"node": "a"}, "cornerElement": {"node": "b"}}"#,
         #"$.root.corner.location: expected one of "topLeft", "topRight", "bottomLeft", "bottomRight", found "top""#),
        (#"{"corner": {"location": "topLeft", "wrapsCorner": "yes"}, "child": {"node": "a"}, "cornerElement": {"node": "b"}}"#,
         #"$.root.corner.wrapsCorner: expected true or false, found "yes""#),
        (#"{"corner": {"location": "topLeft", "offset": [1]}, "child": {"node": "a"}, "cornerElement": {"node": "b"}}"#,
         #"$.root.corner.offset: expected an array of 2 numbers [x, y], found an array of 1"#),
        (#"{"corner": {"location": "topLeft"}, "child": {"node": "a"}, "cornerElement": {"node": "b", "style": {"ascender": []}}}"#,
         #"$.root.cornerElement.style.ascender: expected a number or "inf", found an empty array"#),
        (#"{"overlay": {"node": "o", "style": {"flexShrink": -1}}, "child": {"node": "c"}}"#,
         #"$.root.overlay.style.flexShrink: must be a finite number ≥ 0, found -1"#),
        // Style.
        (#"{"node": "a", "style": {"colour": "red"}}"#,
         #"$.root.style.colour: unknown key "colour" in a style (allowed: \#(styleKeys))"#),
        (#"{"node": "a", "style": {"width": "50px"}}"#,
         #"$.root.style.width: expected a number, "N%" or "auto", found "50px""#),
        (#"{"node": "a", "style": {"width": "abc%"}}"#,
         #"$.root.style.width: expected a number, "N%" or "auto", found "abc%""#),
        (#"{"node": "a", "style": {"height": "-5%"}}"#,
         #"$.root.style.height: expected a number, "N%" or "auto", found "-5%""#),
        (#"{"node": "a", "style": {"minWidth": "Auto"}}"#,
         #"$.root.style.minWidth: expected a number, "N%" or "auto", found "Auto""#),
        (#"{"node": "a", "style": {"width": "150%"}}"#,
         #"$.root.style.width: a percentage must be between 0% and 100%, found "150%""#),
        (#"{"node": "a", "style": {"width": -5}}"#, #"$.root.style.width: must be a finite number ≥ 0, found -5"#),
        (#"{"node": "a", "style": {"height": "inf"}}"#, #"$.root.style.height: must be a finite number ≥ 0, found "inf""#),
        (#"{"node": "a", "style": {"maxHeight": -1}}"#, #"$.root.style.maxHeight: must be ≥ 0 or "inf", found -1"#),
        (#"{"node": "a", "style": {"flexBasis": true}}"#,
         #"$.root.style.flexBasis: expected a number, "N%" or "auto", found true"#),
        (#"{"node": "a", "style": {"flexGrow": true}}"#, #"$.root.style.flexGrow: expected a number or "inf", found true"#),
        (#"{"node": "a", "style": {"flexGrow": "inf"}}"#, #"$.root.style.flexGrow: must be a finite number ≥ 0, found "inf""#),
        (#"{"node": "a", "style": {"alignSelf": "baselineFirst"}}"#,
         #"$.root.style.alignSelf: expected one of "auto", "start", "end", "center", "stretch", found "baselineFirst""#),
        (#"{"node": "a", "style": {"layoutPosition": ["a", 1]}}"#,
         #"$.root.style.layoutPosition[0]: expected a number or "inf", found "a""#),
        (#"{"node": "a", "style": {"layoutPosition": {"x": 1, "y": 2}}}"#,
         #"$.root.style.layoutPosition: expected an array of 2 numbers [x, y], found an object"#),
        (#"{"node": "a", "style": "big"}"#, #"$.root.style: expected an object, found "big""#),
    ]

    @Test(arguments: documentCases)
    func reportsDocumentErrors(text: String, message: String) {
        #expect(errorMessage(text) == "test.json: " + message)
    }

    @Test(arguments: elementCases)
    func reportsElementErrors(element: String, message: String) {
        #expect(errorMessage(Self.root(element)) == "test.json: " + message)
    }

    @Test func errorsCarryFilePathAndReason() {
        do {
            _ = try decode(Self.root(#"{"ratio": 0, "child": {"node": "a"}}"#))
            Issue.record("decoded")
        } catch {
            #expect(error == .invalid(file: "test.json", path: "$.root.ratio",
                                      reason: .invalidValue("must be a finite number > 0, found 0")))
            #expect(error.file == "test.json")
            #expect(error.path == "$.root.ratio")
            #expect(error.reasonText == "must be a finite number > 0, found 0")
        }
    }

    @Test func unreadableFilesNameTheFileAndTheSystemsReason() {
        let path = "/nonexistent-loom-dir/missing.json"
        #expect(throws: LayoutDocumentError.unreadable(file: path, reason: "No such file or directory")) {
            try LayoutDocument.load(path: path)
        }
        let unreadable = LayoutDocumentError.unreadable(file: "x.json", reason: "Is a directory")
        #expect(unreadable.path == nil)
        #expect(unreadable.description == "x.json: cannot read the file: Is a directory")
    }
}
