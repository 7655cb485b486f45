import ArgumentParser
import BenchHarness

/// `bench report RESULT.json`: re-renders summary.md and the two charts beside a saved result and prints
/// its table.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-render a saved result: print its table, rewrite summary.md and the SVG charts beside it.",
        discussion: "A file that is not a valid result gets one line on stderr (file, JSON path, reason) and exit code 2."
    )

    @Argument(help: "A result.json written by `bench run`.")
    var result: String

    func run() throws {
        let document: ResultDocument
        do {
            document = try ResultDocument.load(path: result)
        } catch {
            throw ExitStatus.report(error)
        }
        print(TableReport.render(document), terminator: "")
        do {
            let written = try ResultFiles.renderBeside(document, resultPath: result)
            print("\nrendered " + written.joined(separator: ", "))
        } catch {
            ExitStatus.printError("error: could not write the renderings: \(error)")
            throw ExitCode(1)
        }
    }
}
