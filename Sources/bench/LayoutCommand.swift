import ArgumentParser
import BenchHarness

/// `bench layout FILE.json` (or `-` for stdin): lay out a document and print the frames as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a layout document and print the host's size and its subnode frames as JSON.",
        discussion: """
            The document format is described in Scenarios/layout/README.md. A file that is not a valid \
            document gets one line on stderr (file, JSON path, reason) and exit code 2.
            """
            + " " + ErrorContract.helpLine
    )

    @Argument(help: "The layout document (JSON), or - to read standard input.")
    var file: String

    @Flag(help: "Print the result on one line instead of one node per line.")
    var compact = false

    func run() throws {
        try Self.layOut(path: file, compact: compact)
    }

    /// Lays out the document at `path` and prints the result.
    static func layOut(path: String, compact: Bool) throws {
        let document: LayoutDocument
        do {
            document = try LayoutDocument.load(path: path)
        } catch {
            throw ExitStatus.report(error, expecting: .layoutDocument)
        }
        let result = document.layout()
        print(result.json(compact: compact), terminator: "")
        if result.invalidSizeCount > 0 {
            let name = path == "-" ? LayoutDocument.standardInputName : path
            ExitStatus.printError("warning: \(name): \(result.invalidSizeCount) layout size(s) were not valid "
                + "(NaN, negative, infinite or ≥ 10⁷) and became 0×0")
        }
    }
}
