import ArgumentParser
import BenchHarness
import Foundation

/// `bench report RESULT.json […]`: prints a saved result's table; writes files only where --output says.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-render saved results: print their tables; with --output DIR write summary.md, the charts and "
            + "report.html there; with --html print or write one self-contained HTML page.",
        discussion: """
            Nothing is written unless asked: without --output the tables go to stdout (with --html, the HTML page \
            instead). --output DIR writes, for one result, summary.md, its SVG charts and report.html into DIR \
            (created if missing); for several, report.html alone. Given several results, the HTML page adds \
            throughput by thread count across them and the comparison of each with the first (as `bench \
            compare`). Exit codes: 0 rendered; 2 a result file that is not valid (one line: file, JSON path, \
            reason), an --output that cannot be written, or a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    @Argument(help: "Result files (result.json of `bench run`); with several, the first is the comparisons' A.")
    var results: [String] = []

    @Option(name: .long, help: "Directory to write the renderings into (default: write nothing).")
    var output: String?

    @Flag(name: .long, help: "Print one self-contained HTML page instead of the tables (with --output, report.html is written anyway).")
    var html = false

    func validate() throws {
        if results.isEmpty { throw ValidationError("bench report needs a result file (RESULT.json)") }
        if let output, output.isEmpty { throw ValidationError("--output needs a directory") }
    }

    func run() throws {
        var inputs: [HTMLReport.Input] = []
        for path in results {
            do {
                inputs.append(HTMLReport.Input(file: path, document: try ResultDocument.load(path: path)))
            } catch {
                throw ExitStatus.report(error, expecting: .result)
            }
        }
        if html && output == nil {
            print(HTMLReport.render(inputs), terminator: "")
            return
        }
        print(inputs.map { TableReport.render($0.document) }.joined(separator: "\n"), terminator: "")
        guard let output else { return }
        do {
            let written: [String]
            if inputs.count == 1 {
                written = try ResultFiles.render(inputs[0].document, file: inputs[0].file, into: output)
            } else {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                let path = output + "/" + HTMLReport.fileName
                try Data(HTMLReport.render(inputs).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                written = [path]
            }
            print("\nwrote " + written.joined(separator: ", "))
        } catch {
            ExitStatus.printError("error: could not write the renderings into \(output): \(error.localizedDescription)")
            throw ExitStatus.badInput
        }
    }
}
