import ArgumentParser
import BenchHarness
import Foundation

/// `bench compare A.json B.json [C.json …]`: did a change make the benchmark faster or slower? Compares
/// each file after the first with the first, metric by metric, testing the repetitions' samples
/// (RunComparison.swift). The wall-clock counterpart of `bench check`, which gates deterministic counts.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare saved results: per metric both medians, the change with a confidence interval, a "
            + "Mann–Whitney p-value and a verdict.",
        discussion: """
            Each file after the first is compared with the first (A): per metric and label set both runs have, \
            the medians, the change B ÷ A (the Hodges–Lehmann estimate over the pairs of repetitions, with its \
            1 − α confidence interval), the two-sided Mann–Whitney U p-value over the repetitions, and a verdict: \
            faster or slower when p < --alpha and the whole interval lies beyond ±--threshold percent (5 by \
            default: runs of unchanged code on a shared machine differ by a few percent more than their \
            repetitions predict), else no difference (better/worse for ratios). Deterministic counters are \
            compared exactly (equal or changed). Where the machine probe (fixed work recorded by every layout \
            run, machine.probe.wallTime) moved between A and B, a faster or slower timing at that thread count \
            is inconclusive: the machine itself ran at another speed; any other faster or slower timing gets a \
            note that the runs were measured apart and the machine's drift can look like a change. Metrics only \
            one run has are listed. Results need the \
            per-repetition values ("values" in "samples") that this bench writes; older results get no verdict. \
            With --binaries A B instead of files, the two bench executables run the scenario alternately, \
            --rounds times each (A B, then B A, …), and each metric is compared round by round: the ratio of \
            B's median to A's within a round, tested with the Wilcoxon signed-rank test over the rounds, its \
            Hodges–Lehmann estimate and interval, and the same verdict rule. Runs of the two binaries minutes \
            apart see the machine's drift as a difference; rounds run back to back share it. The default, 16 \
            rounds of the feed's direct phases, takes about two minutes on 2 cores. \
            See Results/README.md, "Comparing runs". Exit codes: 0 compared; 1 with --fail-on-regression when a \
            metric got worse beyond its noise (significant in the worse direction, or a counter that moved the \
            worse way); 2 a bad result file (one line: file, JSON path, reason) or a bad command line.
            """
            + " " + ErrorContract.helpLine
    )

    @Argument(help: "Result files (result.json of `bench run`, or its --json output): the first is A, the baseline.")
    var results: [String] = []

    @Option(name: .long, help: "Significance level of the verdicts (two-sided), and 1 − confidence of the interval.")
    var alpha: Double = 0.05

    @Option(name: .long, help: "The smallest change a verdict reports, in percent: faster or slower needs the whole interval beyond ±this (default 5).")
    var threshold: Double = RunComparison.defaultThreshold * 100

    @Flag(name: .long, help: "Print the comparison as Markdown.")
    var markdown = false

    @Flag(name: .long, help: "Print the comparison as JSON.")
    var json = false

    @Flag(name: .long, help: "Exit 1 when a metric got worse beyond its noise.")
    var failOnRegression = false

    @Option(name: .long, parsing: .upToNextOption,
            help: "Two bench executables to run alternately and compare round by round, instead of result files.")
    var binaries: [String] = []

    @Option(name: .customLong("rounds"), help: "With --binaries: rounds, each running both once (default 16).")
    var roundCount: Int = 16

    @Option(name: .long, help: "With --binaries: the scenario each run runs (default feed).")
    var scenario: String = "feed"

    @Option(name: .long, help: "With --binaries: thread counts of each run (default: the scenario's).")
    var threads: String?

    @Option(name: .long, help: "With --binaries: measured repetitions of each run (default: the scenario's).")
    var repetitions: Int?

    @Option(name: .long, help: "With --binaries: warm-up repetitions of each run (default: the scenario's).")
    var warmup: Int?

    @Option(name: .long, help: "With --binaries, feed scenarios: direct (the default: the layout phases, seconds a run), pipeline or both (the pipeline's scrolls run in real time: about a minute a run).")
    var mode: String?

    @Flag(name: .long, help: "With --binaries: in the first round, also count each binary's instructions, cache misses, locks and retain/release per cell under callgrind (feed and feed-parity; needs valgrind). Deterministic, so compared exactly: a change in the work done shows even where the timings cannot tell it from noise.")
    var instructions = false

    @Flag(name: .long, help: "With --binaries: let debug builds run (their timings are not meaningful).")
    var allowDebug = false

    func validate() throws {
        if !binaries.isEmpty {
            if binaries.count != 2 { throw ValidationError("--binaries takes two executables, A and B") }
            if !results.isEmpty { throw ValidationError("give result files or --binaries, not both") }
            if !(2...1000).contains(roundCount) { throw ValidationError("--rounds must be from 2 to 1000") }
            if let repetitions, !(1...Scenario.repetitionRange.upperBound).contains(repetitions) {
                throw ValidationError("--repetitions must be from 1 to \(Scenario.repetitionRange.upperBound)")
            }
            if let warmup, !Scenario.warmupRange.contains(warmup) {
                throw ValidationError("--warmup must be from 0 to \(Scenario.warmupRange.upperBound)")
            }
            if let mode { try RunCommand.validateMode(mode) }
        } else if results.count < 2 {
            throw ValidationError("bench compare needs at least two result files (A.json B.json …)")
        }
        if !(alpha > 0 && alpha < 0.5) {
            throw ValidationError("--alpha must be between 0 and 0.5 (exclusive), e.g. 0.05")
        }
        if !(threshold >= 0 && threshold < 100) {
            throw ValidationError("--threshold must be a percentage from 0 to below 100, e.g. 5")
        }
        if markdown && json {
            throw ValidationError("--markdown and --json cannot be combined")
        }
    }

    func run() throws {
        if !binaries.isEmpty { return try runBinaries() }
        var documents: [ResultDocument] = []
        for path in results {
            do {
                documents.append(try ResultDocument.load(path: path))
            } catch {
                throw ExitStatus.report(error, expecting: .result)
            }
        }
        let comparisons = documents.indices.dropFirst().map { index in
            RunComparison.compare(documents[0], file: results[0], with: documents[index], file: results[index],
                                  alpha: alpha, threshold: threshold / 100)
        }
        emit(comparisons)
        try exitOnRegression(comparisons)
    }

    func emit(_ comparisons: [RunComparison]) {
        if json {
            print(RunComparison.json(comparisons, alpha: alpha, threshold: threshold / 100), terminator: "")
        } else {
            let texts = comparisons.map { markdown ? $0.renderMarkdown() : $0.renderText() }
            print(texts.joined(separator: "\n"), terminator: "")
        }
    }

    func exitOnRegression(_ comparisons: [RunComparison]) throws {
        if failOnRegression && comparisons.contains(where: { !$0.regressions.isEmpty }) {
            throw ExitCode(1)
        }
    }
}
