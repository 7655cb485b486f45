import ArgumentParser
import BenchHarness
import Foundation

/// Exit codes and the one-line error messages of `bench`.
enum ExitStatus {
    /// Bad input: a file that is missing, unreadable, not JSON or not a valid document.
    static let badInput = ExitCode(2)

    /// Prints `error: FILE: $.path: reason` on stderr and returns the exit code to throw.
    static func report(_ error: LayoutDocumentError) -> ExitCode {
        printError("error: \(error.description)")
        return badInput
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
