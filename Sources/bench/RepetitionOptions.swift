import ArgumentParser
import BenchHarness

/// The measured and warm-up repetitions a command line may override, shared by `bench run` and `bench baseline
/// update`. Each command calls `check` at its own point among its other checks, so the first error a bad
/// command line gets stays the same.
struct RepetitionOptions: ParsableArguments {
    @Option(name: .long, help: "Override the scenario's measured repetitions.")
    var repetitions: Int?

    @Option(name: .long, help: "Override the scenario's warm-up repetitions.")
    var warmup: Int?

    /// Both within the scenario format's ranges.
    func check() throws {
        if let repetitions, !Scenario.repetitionRange.contains(repetitions) {
            throw ValidationError("--repetitions must be from 1 to \(Scenario.repetitionRange.upperBound)")
        }
        if let warmup, !Scenario.warmupRange.contains(warmup) {
            throw ValidationError("--warmup must be from 0 to \(Scenario.warmupRange.upperBound)")
        }
    }

    /// Sets the repetitions given on the command line on `scenario`.
    func apply<S: RepeatedScenario>(to scenario: inout S) {
        if let repetitions { scenario.repetitions = repetitions }
        if let warmup { scenario.warmup = warmup }
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
