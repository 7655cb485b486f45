import Foundation

// Where a result comes from, stated only as far as it can be known honestly: the checkout's commit at
// run time (git rev-parse HEAD, plus whether tracked files differ from it — the binary may be older than
// an uncommitted edit), the compiler version the harness was *compiled* with (#if compiler, which cannot
// lie about the build, unlike `swift --version` at run time), the build configuration, the allocator,
// and the machine (uname, cores, CPU model, memory).

public struct Provenance: Hashable, Sendable {
    public var gitCommit: String?
    /// True when tracked files differ from the commit; nil when git is unavailable.
    public var gitDirty: Bool?
    /// e.g. "6.3.1", from compile-time #if compiler checks.
    public var swiftCompiler: String
    /// "debug", "release" or "release-unchecked" (-Ounchecked).
    public var buildConfiguration: String
    /// True when jemalloc was linked and counted allocations.
    public var jemalloc: Bool
    /// The allocator's own description, e.g. "jemalloc 5.3.0-0-g54eaed1d…"; nil without jemalloc.
    public var allocator: String?
    public var machine: Machine
    /// UTC, ISO 8601.
    public var timestamp: String
    /// bench's arguments.
    public var arguments: [String]
    /// What counted the run's instruction metrics (valgrind's version, the simulated cache), nil when the
    /// run has none.
    public var instructionCounter: InstructionCounter?

    public init(gitCommit: String?, gitDirty: Bool?, swiftCompiler: String, buildConfiguration: String,
                jemalloc: Bool, allocator: String?, machine: Machine, timestamp: String, arguments: [String],
                instructionCounter: InstructionCounter? = nil) {
        self.gitCommit = gitCommit
        self.gitDirty = gitDirty
        self.swiftCompiler = swiftCompiler
        self.buildConfiguration = buildConfiguration
        self.jemalloc = jemalloc
        self.allocator = allocator
        self.machine = machine
        self.timestamp = timestamp
        self.arguments = arguments
        self.instructionCounter = instructionCounter
    }

    public struct Machine: Hashable, Sendable {
        /// uname: sysname, release, machine.
        public var system: String
        public var release: String
        public var architecture: String
        public var cpuModel: String?
        /// Vendor, family, model and stepping ("AuthenticAMD 25/1/1"): the model name alone can be as
        /// vague as "AMD EPYC". Instruction counts outside the system libraries do not depend on it.
        public var cpuSignature: String?
        /// Active processor count.
        public var cores: Int
        public var memoryBytes: UInt64

        public init(system: String, release: String, architecture: String, cpuModel: String?, cores: Int,
                    memoryBytes: UInt64, cpuSignature: String? = nil) {
            self.system = system
            self.release = release
            self.architecture = architecture
            self.cpuModel = cpuModel
            self.cpuSignature = cpuSignature
            self.cores = cores
            self.memoryBytes = memoryBytes
        }
    }

    /// The provenance of this process, for a run with `allocator` (nil: not counted).
    public static func current(allocator: String?, arguments: [String] = Array(CommandLine.arguments.dropFirst()))
        -> Provenance
    {
        let git = gitState()
        return Provenance(gitCommit: git?.commit, gitDirty: git?.dirty, swiftCompiler: compilerVersion,
                          buildConfiguration: BuildConfiguration.current, jemalloc: allocator != nil,
                          allocator: allocator, machine: currentMachine(), timestamp: timestampNow(),
                          arguments: arguments)
    }

    /// The compiler that built this file, to the patch level.
    public static let compilerVersion: String = {
        #if compiler(>=7.0)
        return "≥ 7.0"
        #elseif compiler(>=6.4)
        return "6.4 or later 6.x"
        #elseif compiler(>=6.3.3)
        return "6.3.3 or later 6.3"
        #elseif compiler(>=6.3.2)
        return "6.3.2"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3.0"
        #elseif compiler(>=6.2)
        return "6.2.x"
        #else
        return "< 6.2"
        #endif
    }()

    static func currentMachine() -> Machine {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: inout T) -> String {
            withUnsafeBytes(of: &field) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return Machine(system: text(&name.sysname), release: text(&name.release), architecture: text(&name.machine),
                       cpuModel: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount,
                       memoryBytes: ProcessInfo.processInfo.physicalMemory, cpuSignature: cpuSignature())
    }

    /// "model name" of /proc/cpuinfo (Linux), nil elsewhere.
    static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// "vendor_id family/model/stepping" of /proc/cpuinfo's first processor (Linux), nil elsewhere.
    static func cpuSignature() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            fields[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let vendor = fields["vendor_id"], let family = fields["cpu family"], let model = fields["model"] else {
            return nil
        }
        return "\(vendor) \(family)/\(model)/\(fields["stepping"] ?? "?")"
    }

    static func timestampNow() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    /// HEAD of the checkout the harness was built from (or of the current directory), and whether
    /// tracked files are modified. nil when git or the checkout is not there.
    static func gitState() -> (commit: String, dirty: Bool)? {
        let directory = PackageLocation.root ?? FileManager.default.currentDirectoryPath
        guard let head = runGit(["rev-parse", "HEAD"], in: directory)?.trimmingCharacters(in: .whitespacesAndNewlines),
              head.count == 40 else { return nil }
        let status = runGit(["status", "--porcelain", "--untracked-files=no"], in: directory) ?? ""
        return (head, !status.isEmpty)
    }

    static func runGit(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// How this code was compiled: debug (assertions on), release (-O) or release-unchecked (-Ounchecked,
/// what Package.swift uses for the hot targets in release).
public enum BuildConfiguration {
    public static var current: String {
        // Through a call, so the compiler does not warn that the other branches never run.
        if isDebug { return "debug" }
        return evaluate(_isFastAssertConfiguration) ? "release-unchecked" : "release"
    }

    public static var isDebug: Bool { evaluate(_isDebugAssertConfiguration) }

    private static func evaluate(_ flag: () -> Bool) -> Bool { flag() }
}
