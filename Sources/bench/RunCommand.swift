import ArgumentParser
import BenchHarness
import Foundation

/// `bench run` (the default subcommand). For now it lays out the bundled ASDKgram photo cell; the
/// harness replaces it with `--scenario feed`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the default benchmark (for now: lay out Scenarios/layout/photo-cell.json)."
    )

    static let exampleRelativePath = "Scenarios/layout/photo-cell.json"

    func run() throws {
        try LayoutCommand.layOut(path: Self.examplePath(), compact: false)
    }

    /// The example relative to the package root (known at build time from this file's path), else
    /// relative to the current directory (an executable copied elsewhere and run from a checkout).
    static func examplePath(sourceFile: String = #filePath) -> String {
        var components = sourceFile.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Sources/bench/RunCommand.swift
        let fromPackageRoot = (components + [Substring(exampleRelativePath)]).joined(separator: "/")
        if fileExists(fromPackageRoot) { return fromPackageRoot }
        return exampleRelativePath
    }

    private static func fileExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
