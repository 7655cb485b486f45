import Foundation

// Runs one phase's single pass (`bench run --single-pass PHASE`) under callgrind and reads back the counts
// of exactly that pass: callgrind dumps its counters when `loom_bench_measured_region` is entered and again
// when it returns, and each dump holds what happened since the previous one, so the second dump is the pass
// alone. Collection stays on for the whole process on purpose: with collection toggled off outside the
// region (--toggle-collect), callgrind still counted calls there and reported them on the region's call
// arcs (a cached pass showed its warm-up's lock calls as its own), while the dump pair counts calls exactly.
//
// What makes the counts repeatable, here and on the next machine of the same kind:
// - a fixed simulated cache (`cacheOptions`), not valgrind's default of reading the host CPU's caches;
// - the same process image: the child runs from a directory whose path has a fixed length, as a link
//   named `bench` to this executable, with the scenario copied in and a fixed environment — the strings
//   at the top of the child's stack have the same length wherever the checkout is, so its stack
//   addresses, and with them the simulated cache sets, do not move;
// - SWIFT_DETERMINISTIC_HASHING, so a Set or Dictionary probes the same way in every run.

public enum CallgrindRun {
    /// The simulated caches: 32 KiB L1s and an 8 MiB 16-way last level with 64-byte lines, the sizes of a
    /// common x86-64 server core — but the L1 data cache fully associative (512 ways of one set). An 8-way
    /// L1's misses are mostly conflicts that depend on where the allocator happened to put things, so a
    /// harness change that only moved heap addresses before the pass moved them with the engine's code
    /// unchanged; fully associative, the misses count what the pass's working set does not keep
    /// (Results/README.md, "Instruction counts", has the measurements). Part of the metrics' definition:
    /// the baseline records it.
    public static let cacheOptions = ["--I1=32768,8,64", "--D1=32768,512,64", "--LL=8388608,16,64"]
    public static var cacheDescription: String {
        cacheOptions.map { $0.dropFirst(2) }.joined(separator: " ")
    }

    /// The measured region's symbol (SinglePass.swift).
    public static let regionSymbol = "loom_bench_measured_region"

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No valgrind on the PATH.
        case valgrindMissing
        /// The child bench failed: its exit status and the last lines it printed (valgrind's own removed).
        case benchFailed(phase: LayoutPhase, status: Int32, output: String)
        /// The child ran but left no dump of the region (the symbol was not reached).
        case noDump(phase: LayoutPhase, detail: String)
        case unreadableOutput(phase: LayoutPhase, reason: String)
        case setup(String)

        public var description: String {
            switch self {
            case .valgrindMissing:
                return "valgrind not found on the PATH: instruction counts need it (Debian: apt-get install valgrind; "
                    + "scripts/setup.sh installs it)"
            case .benchFailed(let phase, let status, let output):
                return "bench --single-pass \(phase.rawValue) under callgrind exited \(status)"
                    + (output.isEmpty ? "" : ": " + output)
            case .noDump(let phase, let detail):
                return "callgrind wrote no dump of \(regionSymbol) for \(phase.rawValue) (\(detail))"
            case .unreadableOutput(let phase, let reason):
                return "could not read callgrind's output for \(phase.rawValue): \(reason)"
            case .setup(let reason):
                return "could not prepare the callgrind run: \(reason)"
            }
        }
    }

    /// What one phase's run gives: the profile of the region, and the cells it laid out.
    public struct Outcome: Sendable {
        public var phase: LayoutPhase
        public var cells: Int
        public var profile: CallgrindProfile
    }

    /// valgrind's version ("3.19.0"), nil when it is not installed.
    public static func valgrindVersion() -> String? {
        guard let valgrind = executable(named: "valgrind") else { return nil }
        guard let output = try? capture(valgrind, ["--version"]), output.status == 0 else { return nil }
        let text = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("valgrind-") ? String(text.dropFirst("valgrind-".count)) : text
    }

    /// Runs `phase` of the scenario file at `scenarioPath` with `engine` at `width` under callgrind, using
    /// `bench` (this executable by default).
    public static func measure(_ phase: LayoutPhase, scenarioPath: String, engine: String, width: Double, cells: Int,
                               bench: String = currentExecutable()) throws(Failure) -> Outcome {
        guard let valgrind = executable(named: "valgrind") else { throw .valgrindMissing }
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/bench", scenario = directory + "/scenario.json"
        do {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: bench)
            try FileManager.default.copyItem(atPath: scenarioPath, toPath: scenario)
        } catch {
            throw .setup("\(error)")
        }
        let out = directory + "/callgrind.out"
        let arguments = ["--tool=callgrind", "--callgrind-out-file=" + out, "--dump-before=" + regionSymbol,
                         "--dump-after=" + regionSymbol, "--cache-sim=yes"] + cacheOptions
            + ["--compress-strings=no", "--compress-pos=no",
               link, "run", "--scenario", scenario, "--engine", engine, "--single-pass", phase.rawValue,
               "--width", JSONText.number(width)]
            // A debug bench counts its own (debug) instructions; it refuses timings, which a single pass is not.
            + (BuildConfiguration.isDebug ? ["--allow-debug"] : [])
        let result: Captured
        do {
            result = try capture(valgrind, arguments, directory: directory, environment: childEnvironment())
        } catch {
            throw .setup("could not start valgrind: \(error)")
        }
        guard result.status == 0 else {
            // valgrind's own lines start with ==PID== or --PID--.
            let lines = (result.stdout + result.stderr).split(separator: "\n")
                .filter { !$0.hasPrefix("==") && !$0.hasPrefix("--") }
            throw .benchFailed(phase: phase, status: result.status,
                               output: lines.suffix(3).joined(separator: " / "))
        }
        // OUT.1 is the dump on entering the region (everything before it), OUT.2 the one on leaving it.
        guard let data = FileManager.default.contents(atPath: out + ".2") else {
            throw .noDump(phase: phase, detail: "no file \((out as NSString).lastPathComponent).2")
        }
        let profile: CallgrindProfile
        do {
            profile = try CallgrindProfile.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .unreadableOutput(phase: phase, reason: error.description)
        }
        guard profile.trigger?.hasPrefix("--dump-after") == true else {
            throw .noDump(phase: phase, detail: "the dump was triggered by \(profile.trigger ?? "nothing")")
        }
        return Outcome(phase: phase, cells: cells, profile: profile)
    }

    /// The child's whole environment: nothing of the caller's that could change the process image, but
    /// the library path the caller's bench may need to find the Swift runtime.
    static func childEnvironment() -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "SWIFT_DETERMINISTIC_HASHING": "1"]
        if let libraries = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] {
            environment["LD_LIBRARY_PATH"] = libraries
        }
        return environment
    }

    /// A new directory /tmp/loom-callgrind.XXXXXX: always the same path length.
    static func makeDirectory() throws(Failure) -> String {
        var template = Array("/tmp/loom-callgrind.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        guard made else { throw .setup("mkdtemp in /tmp failed (errno \(errno))") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This process's executable, resolved (not argv[0], which may be relative or a `swift run` name).
    public static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Captured {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` to completion, collecting both outputs (read concurrently, so a chatty child never
    /// blocks on a full pipe).
    static func capture(_ executable: String, _ arguments: [String], directory: String? = nil,
                        environment: [String: String]? = nil) throws -> Captured {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collected = CollectedOutput()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.setError(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Captured(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                        stderr: String(decoding: collected.error, as: UTF8.self))
    }
}

/// The child's stderr, read on another thread.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func setError(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }

    var error: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
