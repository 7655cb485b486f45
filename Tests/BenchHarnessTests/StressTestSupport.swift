import Foundation
import Testing
@testable import BenchHarness

// Shared helpers for the stress tests (Stress*Tests.swift).

enum StressTestSupport {
    /// The package root, from this file's path (Tests/BenchHarnessTests/StressTestSupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var regressionsDirectory: URL { packageRoot.appendingPathComponent("Scenarios/regressions") }

    /// Records every failed invariant of a random run as a test failure, with the seed in the message. (The
    /// NodeTree bugs earlier runs found — Scenarios/regressions/README.md — are fixed, so nothing is known.)
    @MainActor static func expectInvariants(_ result: StressResult) {
        let options = result.options
        for failed in result.invariants where !failed.holds {
            Issue.record(Comment(rawValue: "seed \(options.seed), recipe \(options.recipe.rawValue): "
                + "\(failed.invariant.rawValue) failed: " + failed.violations.prefix(3).joined(separator: " | ")))
        }
    }

    /// A fresh temporary directory (removed by the caller with `remove`).
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-stress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
