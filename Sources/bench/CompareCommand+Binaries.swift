import ArgumentParser
import BenchHarness
import Foundation

/// `bench compare --binaries A B`: runs two bench executables alternately, round by round, and compares them
/// pair by pair (RunComparison+Paired.swift). Each round runs both, the order alternating (A B, B A, A B …)
/// so that neither always runs first, in a machine state the other did not see.
extension CompareCommand {
    func runBinaries() throws {
        let executables = try binaries.map(Self.executable)
        var rounds: [(a: ResultDocument, b: ResultDocument)] = []
        for round in 0..<roundCount {
            let order = round % 2 == 0 ? [0, 1] : [1, 0]
            var documents: [ResultDocument?] = [nil, nil]
            for side in order {
                documents[side] = try runOnce(executables[side], label: side == 0 ? "A" : "B", round: round + 1,
                                              arguments: childArguments(countingInstructions: instructions && round == 0))
            }
            rounds.append((documents[0]!, documents[1]!))
        }
        let comparison = RunComparison.comparePaired(rounds: rounds, fileA: binaries[0], fileB: binaries[1],
                                                     alpha: alpha, threshold: threshold / 100)
        emit([comparison])
        try exitOnRegression([comparison])
    }

    /// The child's arguments: a run of the scenario that prints its result instead of saving it (with the
    /// callgrind counts when `countingInstructions`: they do not vary, so one round of them is enough).
    func childArguments(countingInstructions: Bool) -> [String] {
        var arguments = ["run", "--scenario", scenario, "--no-save", "--json"]
        if countingInstructions { arguments.append("--instructions") }
        if let threads { arguments += ["--threads", threads] }
        if let repetitions { arguments += ["--repetitions", String(repetitions)] }
        if let warmup { arguments += ["--warmup", String(warmup)] }
        // Direct unless asked: a round of the feed with its pipeline takes a minute, 16 rounds half an hour.
        arguments += ["--mode", mode ?? "direct"]
        if allowDebug { arguments.append("--allow-debug") }
        return arguments
    }

    func runOnce(_ executable: String, label: String, round: Int, arguments childArguments: [String]) throws
        -> ResultDocument
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = childArguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            ExitStatus.printError("error: --binaries: cannot run \(executable): \(error.localizedDescription)")
            throw ExitStatus.badInput
        }
        // Read before waiting: a result larger than the pipe's buffer would otherwise block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let name = "\(label) (round \(round), \(executable))"
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let first = errorText.split(separator: "\n").first.map(String.init) ?? "no message"
            ExitStatus.printError("error: \(name) \(childArguments.joined(separator: " ")) failed "
                + "(status \(process.terminationStatus)): \(first)")
            throw ExitCode(1)
        }
        do {
            return try ResultDocument.decode(Array(data), file: name)
        } catch {
            throw ExitStatus.report(error)
        }
    }

    /// The path to run: as given when it names a file, else looked up on PATH.
    static func executable(_ path: String) throws -> String {
        if path.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw ValidationError("--binaries: \(path) is not an executable file")
            }
            return path
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = directory + "/" + path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ValidationError("--binaries: \(path) is not an executable file")
    }
}
