import ArgumentParser
import BenchHarness
import Foundation

/// `bench fuzz`: mutates the project's own scenario, layout, baseline, result and replay files and runs
/// this bench on each one as a child, checking the input contract (issue #20). Exit 0 when every run kept
/// it, 1 when one did not (the inputs are saved), 2 when the fuzzer cannot start, 64 bad options.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz bench's own input files: mutate the committed ones and check that every run keeps the contract.",
        discussion: """
            Seeds: Scenarios/*.json (family scenario, run as `bench run --scenario FILE --no-save --repetitions 1 \
            --warmup 0 --allow-debug`), Scenarios/layout/*.json (layout: `bench layout FILE`), \
            Results/baselines/ci.json (baseline: `bench check --baseline FILE ci.result.json`), \
            Results/baselines/ci.result.json (result: `bench report FILE` in a temporary directory, and \
            `bench check --baseline ci.json FILE`) and Scenarios/regressions/*.json (replay: `bench stress \
            --replay FILE`), read from the package root (the current directory, else this build's checkout). \
            Each input is a seed mutated with a SplitMix64 stream of (--seed, family, index): JSON-aware \
            (keys deleted, duplicated, renamed; other types; extreme numbers such as 1e400, -0, 2^64, "nan"; \
            empty containers; nesting up to 2,000 deep; strings up to 1 MiB; repeated elements; subtrees from \
            other seeds) and byte-wise (truncation, bit flips, invalid UTF-8, stray bytes).
            The contract, per child run: exit status 0, 1 or 2; never killed by a signal; finished within \
            --timeout; on exit 2 standard error is one line starting with "error: "; no crash text on standard error \
            ("Fatal error", "Illegal instruction", "Segmentation", …). A scenario whose run times out but which \
            `bench validate` accepts counts as slow (too much work asked for), not as a violation. Children run \
            with SWIFT_BACKTRACE=enable=no, in their own process group (killed with it on timeout).
            Output: one line per family (inputs, runs, exit counts, slow, violations, time, seed); each violation \
            names the input's seed file and mutations, the command, what broke, the replay command \
            (`bench fuzz --seed S --count 1 --family F --skip K`) and where the input was saved (--keep DIR, \
            else a new temporary directory). The same seed and checkout give the same inputs.
            Exit status: 0 no violation, 1 a violation, 2 the fuzzer cannot run (missing seeds, no temporary \
            directory), 64 bad options.
            """
            + " " + ErrorContract.helpLine
    )

    @Option(help: "Seed of the mutations (an unsigned 64-bit integer; default: from the clock, printed).")
    var seed: UInt64?

    @Option(help: "Inputs per family (1…1000000).")
    var count = 100

    @Option(help: "Start at input K of the seed's sequence (replays input K with --count 1).")
    var skip = 0

    @Option(help: "scenario, layout, baseline, result, replay, a comma-separated list of them, or all.")
    var family = "all"

    @Option(help: "Kill a child still running after this long, a violation (e.g. 10s, 500ms, 1m).")
    var timeout = "10s"

    @Option(help: "Directory to save failing inputs in (default: a new temporary directory).")
    var keep: String?

    func validate() throws {
        guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be from 1 to 1000000") }
        guard skip >= 0 && skip <= Int.max - count else { throw ValidationError("--skip must be 0 or more") }
        _ = try families()
        guard StressDuration.parse(timeout) != nil else {
            throw ValidationError("--timeout must be a positive time such as 10s, 500ms or 1m, not \"\(timeout)\"")
        }
    }

    func families() throws -> [FuzzFamily] {
        if family == "all" { return FuzzFamily.allCases }
        var chosen: [FuzzFamily] = []
        for name in family.split(separator: ",", omittingEmptySubsequences: false) {
            guard let one = FuzzFamily(rawValue: String(name)) else {
                throw ValidationError("--family must be all or one or more of "
                    + FuzzFamily.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(name)\"")
            }
            if !chosen.contains(one) { chosen.append(one) }
        }
        return chosen
    }

    func run() throws {
        let root = Self.packageRoot()
        // The children run here: a baseline names its scenario relative to the package root.
        _ = FileManager.default.changeCurrentDirectoryPath(root)
        let seed = seed ?? Self.clockSeed()
        let options = FuzzOptions(seed: seed, count: count, skip: skip, families: try families(),
                                  timeout: StressDuration.parse(timeout)!, keep: keep,
                                  executable: FuzzChild.currentExecutable(), root: root)
        StressCommand.emit("fuzz: seed \(seed), \(count) input(s) per family from \(skip), families "
            + options.families.map(\.rawValue).joined(separator: ",") + ", timeout "
            + StressDuration.format(options.timeout) + ", seeds in \(root)")
        var session = FuzzSession(options: options)
        let tallies: [FuzzTally]
        do {
            tallies = try session.run(report: StressCommand.emit)
        } catch {
            ExitStatus.printError("error: \(error.description)")
            throw ExitStatus.badInput
        }
        let violations = tallies.reduce(0) { $0 + $1.violations.count }
        if violations > 0 {
            StressCommand.emit("fuzz: \(violations) violation(s) with seed \(seed) (replay commands above)")
            throw ExitCode(1)
        }
        StressCommand.emit("fuzz: no violation (seed \(seed))")
    }

    /// The current directory when it holds the seeds, else the checkout this bench was built from.
    static func packageRoot(sourceFile: String = #filePath) -> String {
        let manager = FileManager.default
        let current = manager.currentDirectoryPath
        if manager.fileExists(atPath: current + "/Scenarios/layout") && manager.fileExists(atPath: current + "/Results/baselines") {
            return current
        }
        var components = sourceFile.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Sources/bench/FuzzCommand.swift
        let checkout = components.joined(separator: "/")
        return manager.fileExists(atPath: checkout + "/Scenarios") ? checkout : current
    }

    /// A seed from the monotonic and wall clocks and the process id, when none is given.
    static func clockSeed() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var mixer = SplitMix64(seed: UInt64(bitPattern: Int64(now.tv_sec)) &* 1_000_000_007
                               ^ UInt64(bitPattern: Int64(now.tv_nsec)) ^ UInt64(getpid()))
        return mixer.next() >> 32  // short enough to type back
    }
}
