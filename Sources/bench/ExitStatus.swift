import ArgumentParser
import BenchHarness
import Foundation

/// Exit codes and the one-line error messages of `bench` (the contract: ErrorContract.swift).
enum ExitStatus {
    /// Bad input: a file that is missing, unreadable, not JSON or not a valid document — and, the same code,
    /// a bad command line (an unknown subcommand or option, a bad option value).
    static let badInput = ExitCode(2)

    /// Prints `error: FILE: $.path: reason` on stderr and returns the exit code to throw. With `expecting`,
    /// a file of another of bench's kinds gets a hint naming what it is and the command that reads it.
    static func report(_ error: LayoutDocumentError, expecting kind: InputKind? = nil) -> ExitCode {
        let shown = kind.map { error.hinted(expecting: $0) } ?? error
        printError("error: \(shown.description)")
        return badInput
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
