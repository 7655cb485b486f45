import Foundation

/// Finds and runs the built `bench` executable. SwiftPM puts it in the build directory next to the test
/// bundle (`<scratch>/<triple>/debug/bench` beside `LoomPackageTests.xctest`), whatever the scratch path
/// (.build, .build-cli, .build-tsan …). `LOOM_BENCH=/path/to/bench` overrides the search.
enum BenchExecutable {
    static let path: String? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["LOOM_BENCH"], !override.isEmpty {
            return override
        }
        var starts: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
        for start in starts {
            // The start itself (Linux's bundle URL is the build directory), then its parents (the build
            // directory of an .xctest executable; macOS nests it in LoomPackageTests.xctest/Contents/MacOS).
            var directory = start
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("bench").path
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fileManager.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }()

    /// The package root, from this file's path (Tests/BenchCLITests/BenchExecutable.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    enum Failure: Error, CustomStringConvertible {
        case notFound
        var description: String {
            "the bench executable was not found next to the test bundle (\(Bundle.main.bundleURL.path)); "
                + "build with `swift build --build-tests` or set LOOM_BENCH"
        }
    }

    enum TimedOut: Error, CustomStringConvertible {
        case after(seconds: Double, arguments: [String])
        var description: String {
            switch self {
            case .after(let seconds, let arguments):
                "bench \(arguments.joined(separator: " ")) did not finish within \(seconds) s (killed)"
            }
        }
    }

    /// Runs bench with `arguments` in `directory` (the package root by default), feeding `stdin` if given.
    /// With `timeout`, a bench still running after that many seconds is killed and `TimedOut` thrown (for
    /// inputs that used to make it run forever).
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = packageRoot,
                    timeout: Double? = nil) throws -> Output {
        guard let path else { throw Failure.notFound }
        let scratch = try TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = outHandle
        process.standardError = errHandle
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw TimedOut.after(seconds: timeout, arguments: arguments)
            }
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
