@testable import BenchHarness
import LayoutCore

/// The file name every decoding test passes, so messages read "test.json: $.path: reason".
let testFile = "test.json"

/// A version-1 document with an exact 300-wide, free-height range around `root` (JSON text).
func documentText(root: String, range: String = #"{"min": [300, 0], "max": [300, "inf"]}"#) -> String {
    #"{"sizeRange": \#(range), "root": \#(root)}"#
}

func decode(_ text: String) throws(LayoutDocumentError) -> LayoutDocument {
    try LayoutDocument.decode(text, file: testFile)
}

/// Decodes a document around `root` and returns its root element.
func decodeRoot(_ root: String) throws(LayoutDocumentError) -> ElementDescription {
    try decode(documentText(root: root)).root
}

/// The message `bench` would print after "error: ", or nil when the text decodes.
func errorMessage(_ text: String) -> String? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        return error.description
    }
}

func leaf(_ name: String, width: Double, height: Double) -> ElementDescription {
    var style = LayoutElementStyle()
    style.width = .points(width)
    style.height = .points(height)
    return ElementDescription(.node(name: name), style: style)
}

func leafJSON(_ name: String, _ width: Int, _ height: Int) -> String {
    #"{"node": "\#(name)", "style": {"width": \#(width), "height": \#(height)}}"#
}
