import ArgumentParser
import BenchHarness
import Foundation
import NodeTree

/// `bench stress`'s options for finding races inside the node tree (issue #25): the contended operations
/// on the hot nodes, a deliberate race to inject (builds with LOOM_RACE_FAULTS only) and the seeded
/// schedule perturbation. Values are read as text and checked in `apply`, so a bad one is one line, exit 2.
struct StressRaceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Inject a deliberate race inside the node tree (debug builds made with LOOM_RACE_FAULTS=1; "
            + "'list' names them). The environment variable \(RaceFaults.environmentVariable) does the same.",
        valueName: "name"))
    var injectRace: String?

    @Option(parsing: .unconditional,
            help: "Share of each lane's draws that are contended operations on the hot nodes (0…1; 0: none).")
    var contention = "0.25"

    @Flag(help: "No seeded delays at the node tree's lock releases (LOOM_RACE_FAULTS builds perturb by default).")
    var noPerturb = false

    func validate() throws {
        guard injectRace == "list" else { return }
        let lines = RaceFault.allCases.map { "\($0.rawValue): \($0.mechanism) (\($0.site), \($0.functionName))" }
        let compiled = RaceFaults.isCompiledIn ? "compiled into this build" : "not compiled into this build"
        throw CleanExit.message((lines + ["race faults: \(compiled)"]).joined(separator: "\n"))
    }

    func apply(to options: inout StressOptions) throws(StressInputError) {
        guard let share = Double(contention), share.isFinite else {
            throw .badOption("--contention", contention, "expected a share between 0 and 1")
        }
        guard (0...1).contains(share) else {
            throw .badOption("--contention", contention, "must be a share between 0 and 1")
        }
        options.contention = share
        options.perturbSchedule = !noPerturb
        let environment = ProcessInfo.processInfo.environment[RaceFaults.environmentVariable]
        guard let name = injectRace ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) else { return }
        let flag = injectRace == nil ? RaceFaults.environmentVariable : "--inject-race"
        guard let race = RaceFault(rawValue: name) else {
            throw .badOption(flag, name, "one of " + RaceFault.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard RaceFaults.isCompiledIn else {
            throw .badOption(flag, name, "this build has no race faults (build it in debug with LOOM_RACE_FAULTS=1)")
        }
        options.race = race
    }
}
