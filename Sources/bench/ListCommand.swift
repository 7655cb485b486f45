import ArgumentParser
import BenchHarness

/// `bench list`: one line per scenario in Scenarios/.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the scenarios in Scenarios/, one line each.",
        discussion: "A file that does not decode is listed with its error; the exit code is then 2." + " " + ErrorContract.helpLine
    )

    func run() throws {
        let catalog = ScenarioCatalog.standard()
        let files = catalog.files()
        if files.isEmpty {
            ExitStatus.printError("error: no scenario files in \(catalog.directory)")
            throw ExitStatus.badInput
        }
        var lines: [(String, String)] = []
        var failed = false
        for file in files {
            do {
                let scenario = try ScenarioFile.load(path: file)
                lines.append((scenario.name, Self.summary(scenario)))  // ListCommand+Kinds.swift
            } catch {
                failed = true
                lines.append((ScenarioCatalog.scenarioName(ofFile: file), "INVALID: \(error.description)"))
            }
        }
        let width = lines.map(\.0.count).max() ?? 0
        for (name, text) in lines {
            print(name + String(repeating: " ", count: width - name.count) + "  " + text)
        }
        if failed { throw ExitStatus.badInput }
    }

    /// "feed-parity, 1000 cells, width 375, threads 1,cores, 9×(+2 warm-up) — description".
    static func summary(_ scenario: Scenario) -> String {
        let widths = scenario.widths.map { String(Int($0)) }.joined(separator: ",")
        let threads = scenario.threads.map(\.description).joined(separator: ",")
        // Main-actor batches (Runner/MainActorBatches.swift), when the file asks for them.
        let mainActor = scenario.mainActor.map { settings in
            ", main-actor batches at " + settings.refreshRates.map { "\($0)" }.joined(separator: ",") + " Hz"
        } ?? ""
        return "\(scenario.generator.name), \(scenario.cells) cells, width \(widths), threads \(threads), "
            + "\(scenario.repetitions) reps + \(scenario.warmup) warm-up\(mainActor) — \(scenario.description)"
    }
}
