import Foundation

/// What `bench fuzz` was asked to do.
public struct FuzzOptions: Sendable {
    public var seed: UInt64
    /// Inputs per family.
    public var count: Int
    /// The index of the first input (earlier ones are not made: each input is a function of seed and index).
    public var skip: Int
    public var families: [FuzzFamily]
    /// Seconds a child may run before it is killed and counted as a hang.
    public var timeout: Double
    /// Where failing inputs are saved; nil: a new temporary directory, made at the first failure.
    public var keep: String?
    /// The bench executable the children run.
    public var executable: String
    /// The package root: the seeds' checkout, and the children's working directory.
    public var root: String

    public init(seed: UInt64, count: Int, skip: Int, families: [FuzzFamily], timeout: Double, keep: String?,
                executable: String, root: String) {
        self.seed = seed
        self.count = count
        self.skip = skip
        self.families = families
        self.timeout = timeout
        self.keep = keep
        self.executable = executable
        self.root = root
    }
}

/// One child run that broke the contract, and how to get it back.
public struct FuzzViolation: Sendable {
    public let input: FuzzInput
    /// The command as run (arguments after `bench`), the input's path in the work directory included.
    public let command: [String]
    public let problems: [String]
    public let stderr: String
    /// The input saved for replay, and the command on the saved file.
    public var saved: (path: String, command: [String])?
}

/// A family's counts: exits are counted per child run (a result input runs two commands).
public struct FuzzTally: Sendable {
    public let family: FuzzFamily
    public var inputs = 0
    public var runs = 0
    public var exits: [Int32: Int] = [:]
    /// Valid scenarios whose run did not finish in time (too much work asked for, not a hang: they validate).
    public var slow = 0
    public var violations: [FuzzViolation] = []
    public var seconds = 0.0

    public init(family: FuzzFamily) {
        self.family = family
    }

    /// `layout: 300 inputs, 300 runs; exit 0: 12, 1: 0, 2: 288, 64: 0; slow 0; violations 0; 9.3 s (seed 7)`
    public func line(seed: UInt64) -> String {
        let exitCounts = [0, 1, 2, 64].map { "\($0 == 0 ? "exit 0" : String($0)): \(exits[Int32($0)] ?? 0)" }
        let other = exits.filter { ![0, 1, 2, 64].contains($0.key) }.values.reduce(0, +)
        return "\(family.rawValue): \(inputs) inputs, \(runs) runs; " + exitCounts.joined(separator: ", ")
            + (other > 0 ? ", other: \(other)" : "")
            + "; slow \(slow); violations \(violations.count); " + StressDuration.format(seconds) + " (seed \(seed))"
    }
}

/// Makes each family's inputs, runs bench on every one and checks the contract (FuzzContract).
public struct FuzzSession {
    public let options: FuzzOptions
    private var keepDirectory: String?

    public init(options: FuzzOptions) {
        self.options = options
        keepDirectory = options.keep
    }

    /// Runs every family in turn; `report` gets each violation's lines as found and each family's tally line.
    public mutating func run(report: (String) -> Void) throws(FuzzError) -> [FuzzTally] {
        let work = try Self.makeTemporaryDirectory(prefix: "loom-fuzz")
        defer { try? FileManager.default.removeItem(atPath: work) }
        var tallies: [FuzzTally] = []
        for family in options.families {
            let corpus: FuzzCorpus
            do {
                corpus = try FuzzCorpus.load(family: family, root: options.root)
            } catch {
                throw .input(error)
            }
            let directory = work + "/" + family.rawValue
            try Self.makeDirectory(directory)
            try copySupportFiles(of: family, into: directory)
            var tally = FuzzTally(family: family)
            let start = FuzzChild.monotonicSeconds()
            for index in options.skip..<(options.skip + options.count) {
                try fuzz(corpus.input(seed: options.seed, index: index), in: directory, tally: &tally, report: report)
            }
            tally.seconds = FuzzChild.monotonicSeconds() - start
            report(tally.line(seed: options.seed))
            tallies.append(tally)
        }
        return tallies
    }

    private mutating func fuzz(_ input: FuzzInput, in directory: String, tally: inout FuzzTally,
                               report: (String) -> Void) throws(FuzzError) {
        let family = input.family
        let path = directory + "/" + family.inputName
        try Self.write(input.bytes, to: path)
        tally.inputs += 1
        for command in family.commands(input: path, directory: directory) {
            let run = try FuzzChild.run(executable: options.executable, arguments: command,
                                        stderrPath: directory + "/stderr", timeout: options.timeout)
            tally.runs += 1
            if case .exited(let status) = run.ending { tally.exits[status, default: 0] += 1 }
            var problems = FuzzContract.violations(of: run, timeout: options.timeout)
            if run.ending == .timedOut, let validation = family.validation(input: path) {
                let check = try FuzzChild.run(executable: options.executable, arguments: validation,
                                              stderrPath: directory + "/stderr", timeout: options.timeout)
                if check.ending == .exited(0) {
                    tally.slow += 1
                    report("slow: \(family.rawValue) input \(input.index) (from \(input.seedPath): "
                           + input.mutations.joined(separator: "; ") + ") is valid, and its run was not done in "
                           + StressDuration.format(options.timeout) + " (replay: bench fuzz --seed \(options.seed) "
                           + "--count 1 --family \(family.rawValue) --skip \(input.index))")
                    continue
                }
                problems.append("and `bench \(validation.joined(separator: " "))` "
                                + (FuzzContract.violations(of: check, timeout: options.timeout).first
                                   ?? "does not call it valid"))
            }
            guard !problems.isEmpty else { continue }
            var violation = FuzzViolation(input: input, command: command, problems: problems, stderr: run.stderr)
            violation.saved = try save(input, command: command, from: directory)
            tally.violations.append(violation)
            lines(for: violation).forEach(report)
        }
    }

    /// The lines that describe a violation: what was run on what, what went wrong, how to get it back.
    public func lines(for violation: FuzzViolation) -> [String] {
        let input = violation.input
        let family = input.family.rawValue
        var lines = [
            "violation: \(family) input \(input.index) (from \(input.seedPath): "
                + (input.mutations.isEmpty ? "unchanged" : input.mutations.joined(separator: "; ")) + ")",
            "  bench \(violation.command.joined(separator: " ")): " + violation.problems.joined(separator: "; "),
        ]
        let stderr = violation.stderr.split(separator: "\n").prefix(3).map { String($0.prefix(200)) }
        if !stderr.isEmpty { lines.append("  stderr: " + stderr.joined(separator: " | ")) }
        lines.append("  replay: bench fuzz --seed \(options.seed) --count 1 --family \(family) --skip \(input.index)")
        if let saved = violation.saved {
            lines.append("  saved: \(saved.path) (bench \(saved.command.joined(separator: " ")))")
        }
        return lines
    }

    /// Saves a failing input (and the files its command reads) in the keep directory; returns its path
    /// and the command on it.
    private mutating func save(_ input: FuzzInput, command: [String],
                               from directory: String) throws(FuzzError) -> (path: String, command: [String]) {
        let keep: String
        if let keepDirectory {
            keep = keepDirectory
            try Self.makeDirectory(keep)
        } else {
            keep = try Self.makeTemporaryDirectory(prefix: "loom-fuzz-failures")
            keepDirectory = keep
        }
        try copySupportFiles(of: input.family, into: keep)
        let name = input.family.inputName.replacingOccurrences(of: "fuzz", with: "fuzz-\(options.seed)-\(input.index)")
        let path = keep + "/" + name
        try Self.write(input.bytes, to: path)
        let moved = command.map { argument in
            argument.hasPrefix(directory + "/")
                ? (argument == directory + "/" + input.family.inputName ? path : keep + "/" + argument.dropFirst(directory.count + 1))
                : argument
        }
        return (path, moved)
    }

    private func copySupportFiles(of family: FuzzFamily, into directory: String) throws(FuzzError) {
        for file in family.supportFiles {
            let target = directory + "/" + (file as NSString).lastPathComponent
            if FileManager.default.fileExists(atPath: target) { continue }
            do {
                try Self.write(try FileInput.read(path: options.root + "/" + file), to: target)
            } catch let error as LayoutDocumentError {
                throw .input(error)
            } catch let error as FuzzError {
                throw error
            } catch {
                throw .workDirectory(path: target, reason: "\(error)")
            }
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(FuzzError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .workDirectory(path: path, reason: "cannot write: \(error.localizedDescription)")
        }
    }

    static func makeDirectory(_ path: String) throws(FuzzError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .workDirectory(path: path, reason: "cannot create the directory: \(error.localizedDescription)")
        }
    }

    /// A new directory under $TMPDIR (or /tmp), named PREFIX-XXXXXX.
    static func makeTemporaryDirectory(prefix: String) throws(FuzzError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .workDirectory(path: base, reason: "cannot make a temporary directory: " + String(cString: strerror(errno)))
        }
        return String(cString: made)
    }
}
