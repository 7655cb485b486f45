import Foundation
import Testing
@testable import BenchHarness

/// `bench fuzz`'s engine: the same seed makes the same inputs (so a printed seed replays a failure), input K
/// does not depend on the inputs before it (so `--skip K` replays it alone), the mutations change the seeds,
/// and the contract check tells a kept contract from a broken one.
@Suite struct FuzzMutatorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func corpus(_ family: FuzzFamily) throws -> FuzzCorpus {
        try FuzzCorpus.load(family: family, root: root)
    }

    @Test(arguments: FuzzFamily.allCases)
    func theSameSeedMakesTheSameInputs(family: FuzzFamily) throws {
        let corpus = try Self.corpus(family)
        for index in 0..<40 {
            let first = corpus.input(seed: 7, index: index)
            let again = corpus.input(seed: 7, index: index)
            #expect(first.bytes == again.bytes, "seed 7, \(family) input \(index)")
            #expect(first.mutations == again.mutations)
            #expect(first.seedPath == again.seedPath)
        }
    }

    @Test(arguments: FuzzFamily.allCases)
    func anInputDoesNotDependOnTheOnesBeforeIt(family: FuzzFamily) throws {
        let corpus = try Self.corpus(family)
        let forward = (0..<20).map { corpus.input(seed: 11, index: $0).bytes }
        let backward = (0..<20).reversed().map { corpus.input(seed: 11, index: $0).bytes }
        #expect(forward == backward.reversed())
    }

    @Test(arguments: FuzzFamily.allCases)
    func mutantsDifferFromTheirSeedsAndAcrossSeeds(family: FuzzFamily) throws {
        let corpus = try Self.corpus(family)
        let seeds = Set(corpus.seeds.map(\.bytes))
        let one = (0..<40).map { corpus.input(seed: 1, index: $0) }
        let two = (0..<40).map { corpus.input(seed: 2, index: $0) }
        #expect(one.filter { !seeds.contains($0.bytes) }.count >= 36, "most mutants are new files")
        #expect(one.allSatisfy { !$0.mutations.isEmpty })
        #expect(zip(one, two).filter { $0.bytes != $1.bytes }.count >= 36, "another seed, other inputs")
    }

    @Test func theStreamIsFixed() throws {
        // The printed seed must name the same input on every machine and in every later build: pin one.
        let corpus = try Self.corpus(.layout)
        // SplitMix64(1).next(), then xor family number 1 (layout) and SplitMix64 again, then index 0.
        #expect(FuzzCorpus.streamSeed(seed: 1, family: .layout, index: 0) == 0x5775_264A_9A7E_1B09)
        #expect(FuzzCorpus.streamSeed(seed: 1, family: .layout, index: 0)
                    != FuzzCorpus.streamSeed(seed: 1, family: .scenario, index: 0))
        #expect(corpus.seeds.map(\.path).first == "Scenarios/layout/baseline.json")
    }

    @Test func seedsRoundTripThroughTheTree() throws {
        for family in FuzzFamily.allCases {
            for seed in try Self.corpus(family).seeds {
                let tree = try #require(seed.tree, "\(seed.path) parses")
                for pretty in [false, true] {
                    let text = tree.text(pretty: pretty)
                    #expect(try JSONParser.parse(Array(text.utf8)) == JSONParser.parse(seed.bytes), "\(seed.path)")
                }
            }
        }
    }

    @Test func everyStructuralKindApplies() throws {
        let seed = try #require(try Self.corpus(.layout).seeds.first?.tree)
        for kind in FuzzMutator.Kind.allCases {
            var tree = seed
            var mutator = FuzzMutator(random: SplitMix64(seed: 3), donors: [seed])
            mutator.apply(kind, to: &tree)
            #expect(mutator.log.count == 1, "\(kind)")
        }
        for kind in FuzzMutator.ByteKind.allCases {
            var bytes = Array(seed.text(pretty: false).utf8)
            var mutator = FuzzMutator(random: SplitMix64(seed: 3), donors: [])
            mutator.apply(kind, to: &bytes)
            #expect(bytes != Array(seed.text(pretty: false).utf8), "\(kind)")
        }
    }

    @Test func duplicateKeysAndRawNumbersAreWrittenAsIs() {
        let tree = FuzzJSON.object([.init("a", .number("1e400")), .init("a", .number("-0"))])
        #expect(tree.text(pretty: false) == #"{"a":1e400,"a":-0}"#)
    }

    // MARK: - The contract

    static func run(_ ending: FuzzRun.Ending, _ stderr: String = "") -> FuzzRun {
        FuzzRun(ending: ending, stderr: stderr, seconds: 0.1)
    }

    @Test func keptContracts() {
        for run in [Self.run(.exited(0)), Self.run(.exited(1), "gate failed\nmore\n"),
                    Self.run(.exited(2), "error: x.json: $.cells: must be a whole number\n"),
                    Self.run(.exited(2), "error: --count must be from 1 to 1000000 (see `bench fuzz --help`)\n"),
                    Self.run(.exited(0), "warning: x.json: 1 layout size(s) were not valid\n")] {
            #expect(FuzzContract.violations(of: run, timeout: 10).isEmpty, "\(run.ending) \(run.stderr)")
        }
    }

    @Test func brokenContracts() {
        let cases: [(FuzzRun, String)] = [
            (Self.run(.exited(3)), "exit status 3, not 0, 1 or 2"),
            (Self.run(.exited(134)), "exit status 134, not 0, 1 or 2"),
            (Self.run(.signaled(4)), "killed by signal 4 (SIGILL)"),
            (Self.run(.timedOut), "still running after 10.0 s (killed)"),
            (Self.run(.exited(2), "oops\n"), "exit 2 but standard error does not start with \"error: \""),
            (Self.run(.exited(2), ""), "exit 2 but standard error does not start with \"error: \""),
            (Self.run(.exited(2), "error: a\nerror: b\n"), "exit 2 with 2 lines on standard error, not one"),
            (Self.run(.exited(64), "Error: bad\nUsage: bench\n"), "exit status 64, not 0, 1 or 2"),
            (Self.run(.exited(1), "Foo.swift:12: Fatal error: Index out of range\n"),
             "standard error contains \"Fatal error\""),
        ]
        for (run, problem) in cases {
            #expect(FuzzContract.violations(of: run, timeout: 10).first == problem, "\(run.ending)")
        }
    }

    // MARK: - Children

    static func shell(_ script: String, timeout: Double = 10) throws -> FuzzRun {
        let directory = try FuzzSession.makeTemporaryDirectory(prefix: "loom-fuzz-test")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try FuzzChild.run(executable: "/bin/sh", arguments: ["-c", script], stderrPath: directory + "/stderr",
                                 timeout: timeout)
    }

    @Test func aChildsExitStatusSignalAndStandardError() throws {
        #expect(try Self.shell("exit 3").ending == .exited(3))
        let erring = try Self.shell("echo 'error: bad' >&2; exit 2")
        #expect(erring.ending == .exited(2))
        #expect(erring.stderr == "error: bad\n")
        #expect(try Self.shell("kill -SEGV $$").ending == .signaled(11))
        #expect(try Self.shell("kill -ILL $$").ending == .signaled(4))
    }

    @Test func aChildStillRunningAtTheTimeoutIsKilledWithItsGroup() throws {
        // The sleep is a grandchild: killing the shell alone would leave it running.
        let run = try Self.shell("sleep 30 & wait", timeout: 0.3)
        #expect(run.ending == .timedOut)
        #expect(run.seconds < 5)
    }
}
