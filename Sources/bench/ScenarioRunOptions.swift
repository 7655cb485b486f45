import ArgumentParser
import BenchHarness
import Foundation

/// The options that change how a scenario is run, shared by `bench run` and `bench baseline update`: the
/// thread counts and the measured and warm-up repetitions. Each command checks them (`check`) at its own
/// point among its other checks, so the first error a bad command line gets stays the same.
struct ScenarioRunOptions: ParsableArguments {
    @Option(name: .long, help: "Thread counts, e.g. 1,2 or 1,cores (default: the scenario's).")
    var threads: String?

    @Option(name: .long, help: "Override the scenario's measured repetitions.")
    var repetitions: Int?

    @Option(name: .long, help: "Override the scenario's warm-up repetitions.")
    var warmup: Int?

    /// The repetitions within the scenario format's ranges, the thread counts parseable.
    func check() throws {
        if let repetitions, !Scenario.repetitionRange.contains(repetitions) {
            throw ValidationError("--repetitions must be from 1 to \(Scenario.repetitionRange.upperBound)")
        }
        if let warmup, !Scenario.warmupRange.contains(warmup) {
            throw ValidationError("--warmup must be from 0 to \(Scenario.warmupRange.upperBound)")
        }
        if let threads { _ = try RunCommand.parseThreads(threads) }
    }

    /// Sets the repetitions given on the command line on `scenario`.
    func apply<S: RepeatedScenario>(to scenario: inout S) {
        if let repetitions { scenario.repetitions = repetitions }
        if let warmup { scenario.warmup = warmup }
    }

    /// The distinct thread counts given on the command line, "cores" resolved; nil without --threads.
    func threadCounts(cores: Int) throws -> [Int]? {
        try threads.map { try RunCommand.parseThreads($0).map { $0.resolved(cores: cores) } }.map(RunCommand.unique)
    }
}

/// A scenario whose measured and warm-up repetitions the command line may override.
protocol RepeatedScenario {
    var warmup: Int { get set }
    var repetitions: Int { get set }
}

extension Scenario: RepeatedScenario {}
extension ChurnScenario: RepeatedScenario {}
extension TransitionScenario: RepeatedScenario {}
extension ScrollScenario: RepeatedScenario {}
extension TreeScenario: RepeatedScenario {}
extension BaselineScenario: RepeatedScenario {}
