import Foundation
import Testing

/// scripts/lint-checks.sh from `swift test`: no precondition/assert in Sources/ may do work (release builds
/// use -Ounchecked, which drops the whole check, calls and all). Also shows the script catches the shape
/// that once left the deep tree's thread on the default stack.
@Suite struct LintChecksTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Output {
        var status: Int32
        var stdout: String
    }

    static func lint(_ arguments: [String] = []) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("scripts/lint-checks.sh").path] + arguments
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
    }

    @Test func noCheckInSourcesDoesWork() throws {
        let output = try Self.lint()
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.hasPrefix("lint-checks: ok"), "\(output.stdout)")
    }

    @Test func aCallInsideAPreconditionIsReportedWithItsLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loom-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Thread.swift")
        try Data("""
            func start(_ stackSize: Int) {
                var attributes = pthread_attr_t()
                precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0,
                             "cannot set a thread stack of \\(stackSize) bytes")
                assert(attributes != nil && stackSize >= 0, "a pure check (write(1) in a message is text)")
            }

            """.utf8).write(to: file)
        let output = try Self.lint([file.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("\(file.path):3: precondition(...) calls pthread_attr_setstacksize("),
                "\(output.stdout)")
        #expect(!output.stdout.contains(":5:"), "\(output.stdout)")
        #expect(output.stdout.hasSuffix("lint-checks: 1 violation(s) in 1 file(s) (2 checks in 1 file(s) scanned)\n"))
    }
}
