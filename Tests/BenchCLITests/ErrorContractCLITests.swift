import Foundation
import Testing

/// bench's error contract, across every subcommand: a bad command line (unknown subcommand or option, bad
/// value) and a bad input file (missing, invalid, or a file of another kind) exit 2 with exactly one line on
/// stderr that starts with "error: " and says what to do. One table: a subcommand added later gets its rows
/// here.
@Suite struct ErrorContractCLITests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// Text the error line must contain.
        var says: String
        var testDescription: String { "bench " + arguments.joined(separator: " ") }
    }

    static let layoutFile = "Scenarios/layout/wrap.json"
    static let scenarioFile = "Scenarios/feed.json"
    static let resultFile = "Results/baselines/ci.result.json"
    static let baselineFile = "Results/baselines/ci.json"

    static let badUsage: [Case] = [
        Case(arguments: ["listt"], says: "unknown subcommand 'listt' of bench; did you mean 'list'?"),
        Case(arguments: ["baseline", "updte", "--output", "x.json"], says: "of bench baseline; did you mean 'update'?"),
        Case(arguments: ["compre", "a.json", "b.json"], says: "did you mean 'compare'?"),
        Case(arguments: ["frobnicate"], says: "unknown subcommand 'frobnicate'; subcommands: run, list"),
        Case(arguments: ["--scenaro", "feed"], says: "Did you mean '--scenario'?"),
        Case(arguments: ["run", "--repetitionz", "3"], says: "Did you mean '--repetitions'?"),
        Case(arguments: ["run", "--threads", "0"], says: "--threads takes thread counts from 1"),
        Case(arguments: ["run", "--engine", "v8"], says: "--engine must be one of"),
        Case(arguments: ["list", "--bogus"], says: "unknown option '--bogus'"),
        Case(arguments: ["validate", "--bogus"], says: "unknown option '--bogus'"),
        Case(arguments: ["report"], says: "bench report needs a result file"),
        Case(arguments: ["report", resultFile, "--outptu", "x"], says: "Did you mean '--output'?"),
        Case(arguments: ["layout"], says: "missing expected argument"),
        Case(arguments: ["layout", "--compactt", layoutFile], says: "Did you mean '--compact'?"),
        Case(arguments: ["check", "--baseline", baselineFile, "--markdwn", "x.md"], says: "Did you mean '--markdown'?"),
        Case(arguments: ["check"], says: "missing expected argument '--baseline <baseline>' (see `bench check --help`)"),
        Case(arguments: ["baseline", "update", "--scenario", "ci", "--from", resultFile, "--output", "x.json"],
             says: "give --scenario or --from, not both"),
        Case(arguments: ["stress", "--threads", "0"], says: "--threads 0: must be between 1 and"),
        Case(arguments: ["run", "--mode", "sideways"], says: "--mode must be one of direct, pipeline, both"),
        Case(arguments: ["stress", "--inject-race", "no-such-fault"], says: "--inject-race"),
        Case(arguments: ["instructions", "--engine", "v8"], says: "--engine must be one of"),
        Case(arguments: ["fuzz", "--count", "0"], says: "--count must be from 1"),
        Case(arguments: ["compare", resultFile], says: "at least two result files"),
        Case(arguments: ["compare", "--alpha", "2", resultFile, resultFile], says: "--alpha must be between"),
        Case(arguments: ["compare", "--binaries", "only-one"], says: "--binaries takes two executables"),
        Case(arguments: ["compare", "--binaries", "a", "b", "--mode", "fast"], says: "--mode must be one of direct"),
    ]

    static let badFiles: [Case] = [
        // Missing files.
        Case(arguments: ["run", "--scenario", "no-such-scenario"], says: "no scenario named \"no-such-scenario\""),
        Case(arguments: ["validate", "missing.json"], says: "cannot read the file"),
        Case(arguments: ["layout", "missing.json"], says: "missing.json: cannot read the file"),
        Case(arguments: ["report", "missing.json"], says: "missing.json: cannot read the file"),
        Case(arguments: ["compare", "missing.json", resultFile], says: "missing.json: cannot read the file"),
        Case(arguments: ["check", "--baseline", "missing.json", resultFile], says: "missing.json: cannot read the file"),
        Case(arguments: ["stress", "--replay", "missing.json"], says: "missing.json"),
        Case(arguments: ["instructions", "--scenario", "missing.json"], says: "missing.json: cannot read the file"),
        // A file of the other kind names what it is and the command that reads it.
        Case(arguments: ["run", "--scenario", layoutFile],
             says: "this is a layout document, not a scenario file; use `bench layout \(layoutFile)`"),
        Case(arguments: ["validate", layoutFile], says: "this is a layout document, not a scenario file"),
        Case(arguments: ["instructions", "--scenario", layoutFile], says: "this is a layout document, not a scenario file"),
        Case(arguments: ["layout", scenarioFile],
             says: "this is a scenario file, not a layout document; use `bench run --scenario \(scenarioFile)`"),
        Case(arguments: ["layout", resultFile], says: "this is a result file, not a layout document"),
        Case(arguments: ["report", scenarioFile], says: "this is a scenario file, not a result file"),
        Case(arguments: ["compare", baselineFile, resultFile], says: "this is a baseline, not a result file"),
        Case(arguments: ["check", "--baseline", resultFile, resultFile],
             says: "this is a result file, not a baseline; use `bench report \(resultFile)`"),
        Case(arguments: ["baseline", "update", "--from", scenarioFile, "--output", "/nonexistent-dir/b.json"],
             says: "this is a scenario file, not a result file"),
    ]

    @Test(arguments: badUsage + badFiles)
    func exitsTwoWithOneErrorLine(_ row: Case) throws {
        let output = try BenchExecutable.run(row.arguments, timeout: 120)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.status == 2, "\(output.stderr)")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("error: "), "\(output.stderr)")
        #expect(output.stderr.contains(row.says), "\(output.stderr)")
        #expect(!output.stderr.contains("Usage:"), "\(output.stderr)")
    }

    /// Every subcommand's --help states the contract.
    @Test(arguments: ["run", "list", "validate", "report", "layout", "check", "baseline update", "stress", "instructions",
                      "fuzz", "compare"])
    func helpStatesTheContract(_ subcommand: String) throws {
        let output = try BenchExecutable.run(subcommand.split(separator: " ").map(String.init) + ["--help"])
        #expect(output.status == 0)
        let text = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("exit 2 for a bad command line"), "\(subcommand)")
    }
}
