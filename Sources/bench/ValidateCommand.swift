import ArgumentParser
import BenchHarness

/// `bench validate [FILE…]`: decodes scenario files (all of Scenarios/ by default) and reports each.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files (default: every file in Scenarios/).",
        discussion: """
            Prints "ok FILE" per valid file on stdout and one line per invalid file on stderr (file, JSON \
            path, reason); exit code 2 if any is invalid.
            """
            + " " + ErrorContract.helpLine
    )

    @Argument(help: "Scenario files or names; none means every file in Scenarios/.")
    var files: [String] = []

    func run() throws {
        let catalog = ScenarioCatalog.standard()
        let paths = files.isEmpty ? catalog.files() : files.map(catalog.path(for:))
        if paths.isEmpty {
            ExitStatus.printError("error: no scenario files in \(catalog.directory)")
            throw ExitStatus.badInput
        }
        var failed = false
        for (index, path) in paths.enumerated() {
            do {
                _ = try files.isEmpty ? ScenarioFile.load(path: path) : catalog.loadFile(files[index])
                print("ok \(path)")
            } catch {
                failed = true
                ExitStatus.printError("error: \(error.hinted(expecting: .scenario).description)")
            }
        }
        if failed { throw ExitStatus.badInput }
    }
}
