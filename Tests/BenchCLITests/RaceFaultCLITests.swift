import Foundation
import Testing

/// The score of `bench stress` as a race finder (issue #25), in the thread-sanitizer job (`make test-tsan`,
/// which builds with LOOM_RACE_FAULTS=1): for every race fault compiled into NodeTree, a bounded stress of
/// the TSan-built bench, in a child process, must end in the sanitizer's report (exit 66) naming the
/// fault's function and its site; the same stress without a fault must exit 0 with no report. Skipped in
/// other builds (no sanitizer, or no race faults compiled in).
///
/// The bound, per fault: up to three seeds, each `--threads 4 --ops 20000 --duration 30s --contention 0.5`
/// (at most 20,000 recorded operations plus the contended ones, at most 30 s), stopping at the first
/// report (TSAN_OPTIONS=halt_on_error=1). Each fault is usually reported within a few seconds on the first
/// seed; the clean run is 5,000 recorded operations.
@Suite(.serialized, .enabled(if: RaceFaultEnvironment.isAvailable,
                             "needs a thread-sanitizer build with LOOM_RACE_FAULTS=1 (make test-tsan)"))
struct RaceFaultCLITests {
    static let seeds: [UInt64] = [1, 2, 3]
    static let bound = ["--threads", "4", "--ops", "20000", "--duration", "30s", "--contention", "0.5", "--no-save"]

    @Test func everyRaceFaultIsReportedWithinTheBound() throws {
        var table = ["fault | operations until the first report | seed | seconds", "--- | --- | --- | ---"]
        for fault in RaceFaultEnvironment.faults {
            var found: RaceFaultRun?
            var tried: [String] = []
            for seed in Self.seeds {
                let run = try RaceFaultRun.stress(fault: fault.name, seed: seed, arguments: Self.bound)
                if run.status == 66 && run.report != nil {
                    found = run
                    break
                }
                tried.append("seed \(seed): exit \(run.status), \(run.lastProgress) operations")
            }
            guard let found, let report = found.report else {
                Issue.record("\(fault.name): no sanitizer report within the bound (\(tried.joined(separator: "; ")))")
                table.append("\(fault.name) | not reported | — | —")
                continue
            }
            #expect(report.contains(fault.function), "\(fault.name): the report does not name \(fault.function)\n\(report)")
            #expect(report.contains(fault.site), "\(fault.name): the report does not name \(fault.site)\n\(report)")
            table.append("\(fault.name) | ≤ \(found.operationsBeforeReport) | \(found.seed) | "
                         + String(format: "%.1f", found.seconds))
        }
        print(table.joined(separator: "\n"))
    }

    @Test func withoutAFaultTheStressIsClean() throws {
        let arguments = ["--threads", "4", "--ops", "5000", "--duration", "30s", "--contention", "0.5", "--no-save"]
        let run = try RaceFaultRun.stress(fault: nil, seed: 1, arguments: arguments)
        #expect(run.status == 0, "exit \(run.status)\n\(run.stdout)\n\(run.stderr)")
        #expect(run.report == nil, "\(run.report ?? "")")
        #expect(run.stdout.contains("result: all invariants hold"))
        let contended = run.stdout.split(separator: "\n").first { $0.hasPrefix("contended: ") }
        #expect(contended != nil && !contended!.hasPrefix("contended: 0 "), "\(run.stdout)")
    }
}

/// What the TSan-built bench says about its race faults.
enum RaceFaultEnvironment {
    struct Fault {
        var name: String
        var site: String
        var function: String
    }

    /// This test process was built with the thread sanitizer (so is the bench beside it).
    static let isSanitized: Bool = dlsym(nil, "__tsan_init") != nil

    /// `bench stress --inject-race list`: "NAME: MECHANISM (SITE)" lines and whether they are compiled in.
    static let listing: String? = {
        guard isSanitized, let output = try? BenchExecutable.run(["stress", "--inject-race", "list"], timeout: 60),
              output.status == 0 else { return nil }
        return output.stdout
    }()

    static var isAvailable: Bool { listing?.contains("race faults: compiled into this build") == true }

    static var faults: [Fault] {
        (listing ?? "").split(separator: "\n").compactMap { line -> Fault? in
            // "NAME: MECHANISM (SITE, FUNCTION)"
            guard let colon = line.firstIndex(of: ":"), line.hasSuffix(")"),
                  let open = line.lastIndex(of: "(") else { return nil }
            let parts = line[line.index(after: open)..<line.index(before: line.endIndex)]
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return nil }
            return Fault(name: String(line[..<colon]), site: parts[0], function: parts[1])
        }
    }
}

/// One `bench stress` child with TSAN_OPTIONS=halt_on_error=1 (the first report ends it with exit 66).
struct RaceFaultRun {
    var seed: UInt64
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double

    /// The first sanitizer report on stderr, if any.
    var report: String? {
        guard let start = stderr.range(of: "WARNING: ThreadSanitizer") else { return nil }
        let rest = stderr[start.lowerBound...]
        let end = rest.range(of: "==================")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The last progress mark before the report (or the run's end): the report came within the next
    /// `StressProgress.every` operations.
    var lastProgress: Int {
        let before = report.flatMap { stderr.range(of: $0) }.map { stderr[..<$0.lowerBound] } ?? Substring(stderr)
        let marks = before.split(separator: "\n").filter { $0.hasPrefix("stress progress: ") }
        return marks.last.flatMap { Int($0.split(separator: " ")[2]) } ?? 0
    }

    /// An upper bound of the operations before the first report: the mark after the last one printed.
    var operationsBeforeReport: Int { lastProgress + 25 }

    static func stress(fault: String?, seed: UInt64, arguments: [String]) throws -> RaceFaultRun {
        guard let path = BenchExecutable.path else { throw BenchExecutable.Failure.notFound }
        let scratch = try TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["stress", "--seed", "\(seed)"] + arguments + (fault.map { ["--inject-race", $0] } ?? [])
        process.currentDirectoryURL = BenchExecutable.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["TSAN_OPTIONS"] = "halt_on_error=1"
        environment.removeValue(forKey: "LOOM_INJECT_RACE")
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let start = Date()
        try process.run()
        // The stress stops itself at --duration; this only guards against a hang.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        let seconds = Date().timeIntervalSince(start)
        return RaceFaultRun(seed: seed, status: process.terminationStatus,
                            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", seconds: seconds)
    }
}

/// `bench stress`'s race options as a user meets them in any build: one-line errors, exit 2.
struct RaceOptionCLITests {
    @Test(arguments: [
        (["--inject-race", "gremlins"], "error: --inject-race gremlins: one of bridged-property-after-lock, "
            + "layout-cache-publish, pending-state-registration, hierarchy-link, asm-pending-subnodes, "
            + "transition-context, scroll-content-size, text-read-during-measurement"),
        (["--contention", "2"], "error: --contention 2: must be a share between 0 and 1"),
        (["--contention", "some"], "error: --contention some: expected a share between 0 and 1"),
    ])
    func badRaceOptionsAreOneLine(_ arguments: [String], _ expected: String) throws {
        let output = try BenchExecutable.run(["stress", "--ops", "10", "--no-save"] + arguments)
        #expect(output.status == 2)
        #expect(output.stderr == expected + "\n")
    }

    @Test func injectRaceOnABuildWithoutTheFaultsIsOneLine() throws {
        let listing = try BenchExecutable.run(["stress", "--inject-race", "list"])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("hierarchy-link: "))
        guard listing.stdout.contains("race faults: not compiled into this build") else { return }
        let output = try BenchExecutable.run(["stress", "--ops", "10", "--no-save", "--inject-race", "hierarchy-link"])
        #expect(output.status == 2)
        #expect(output.stderr == "error: --inject-race hierarchy-link: this build has no race faults "
                    + "(build it in debug with LOOM_RACE_FAULTS=1)\n")
    }
}
