import ArgumentParser

/// `bench`: the thin command-line front end over BenchHarness. Subcommands parse arguments, call the
/// harness and turn its typed errors into messages and exit codes (ExitStatus).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Loom's benchmark harness: a Swift re-creation of Texture's layout engine, measured.",
        discussion: """
            Allocator: \(Allocator.summary).
            `bench` alone runs `bench run` on the default scenario, feed (so `bench --scenario feed-parity` works too).
            """
            + " " + ErrorContract.helpLine,
        version: "Loom bench \(BuildInfo.version); \(Allocator.summary)",
        subcommands: [RunCommand.self, ListCommand.self, ValidateCommand.self, ReportCommand.self, LayoutCommand.self,
                      CheckCommand.self, BaselineCommand.self, StressCommand.self, InstructionsCommand.self, FuzzCommand.self,
                      CompareCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

enum BuildInfo {
    static let version = "0.1.0-dev"
}
