import Dispatch
import Foundation
import NodeTree
import Synchronization

// A live stress run (issue #7): N worker threads and the main actor draw random operations (by the
// recipe) and execute them against one shared forest at the same time, until the operation budget is
// used up or the duration has passed. Then, at quiescence, the invariants are checked on the main actor;
// a failure prints the seed and saves the run's operations as a script, shrunk when sequential replay
// reproduces it (StressReplay.swift).
//
//   run
//     1. forest on the main actor; worker lanes 1…N as plain threads
//     2. every lane: draw (StressGenerator) → execute (StressExecutor) → record the step; lane 0 runs on
//        the calling main actor, interleaved with the workers for the whole run
//     3. join; merge the lanes' steps by sequence number
//     4. invariants at quiescence (StressInvariants), which also drop the forest
//     5. on failure: replay sequentially, shrink, save to the regression directory

/// Where a failing run's script went.
public struct StressRegression: Sendable {
    public var invariant: StressInvariant
    public var path: String?
    /// Why it could not be saved, if it could not.
    public var saveError: String?
    public var steps: Int
    public var recordedSteps: Int
    public var reproducedSequentially: Bool
    /// Shrinking was cut short by `--shrink-seconds`: the script may not be minimal.
    public var shrinkStoppedByTime = false
}

/// The outcome of a live run.
public struct StressResult: Sendable {
    public var options: StressOptions
    /// Wall time of the operations phase (lanes running), seconds.
    public var elapsed: Double
    /// Wall time of the quiescence checks, seconds.
    public var checkTime: Double
    /// Every executed operation, in sequence order.
    public var steps: [StressStep]
    public var counts: [StressOperationKind: Int]
    /// Draws that did not resolve (an operand discarded meanwhile, …) and were drawn again.
    public var skipped: Int
    public var nodesCreated: Int
    public var invariants: [StressInvariantResult]
    /// One script per failed invariant, in invariant order.
    public var regressions: [StressRegression] = []
    /// True when the duration ended the run before the operation budget.
    public var stoppedByDuration: Bool
    /// Transitions that reached measurementCompletion (neither superseded nor cancelled nor refused).
    public var transitionsMeasured = 0
    /// Contended operations on the hot nodes (StressContention.swift), besides `steps`.
    public var contendedOperations = 0
    /// Contended operations that began while another lane was inside one on the same node.
    public var unorderedTouches = 0
    /// The hot nodes' hierarchy at quiescence, when it is not well formed.
    public var contentionProblems: [String] = []

    public var passed: Bool { invariants.allSatisfy(\.holds) && contentionProblems.isEmpty }
    public var firstFailure: StressInvariantResult? { invariants.first { !$0.holds } }
    public var operationsPerSecond: Double { elapsed > 0 ? Double(steps.count) / elapsed : 0 }
}

/// Counts down as worker threads finish; NSCondition so the thread sanitizer sees the hand-off.
final class StressLaneJoin: @unchecked Sendable {
    private let condition = NSCondition()
    private var remaining: Int
    private var recorded: [[StressStep]] = []

    init(lanes: Int) { remaining = lanes }

    func finish(_ steps: [StressStep]) {
        condition.lock()
        recorded.append(steps)
        remaining -= 1
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> [[StressStep]] {
        condition.lock()
        while remaining > 0 { condition.wait() }
        let steps = recorded
        condition.unlock()
        return steps
    }
}

/// Holds every lane until all have started, so the main actor (already running when the workers are
/// spawned) cannot use up a small budget on flushes of an empty forest before the first worker draws.
final class StressStartGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: Int

    init(lanes: Int) { waiting = lanes }

    func arriveAndWait() {
        condition.lock()
        waiting -= 1
        if waiting == 0 { condition.broadcast() }
        while waiting > 0 { condition.wait() }
        condition.unlock()
    }
}

public enum StressRunner {
    /// Runs the stress test described by `options` (which must be valid) on the calling main actor.
    /// `log` receives progress lines (shrinking can take a while).
    @MainActor public static func run(_ options: StressOptions, log: (String) -> Void = { _ in }) -> StressResult {
        // 1. The forest and the clock.
        let forest = StressForest(recipe: options.recipe, fault: options.fault, counter: LiveNodeCounter())
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = options.duration.map { start + UInt64($0 * 1e9) } ?? UInt64.max
        let budget = options.operations
        let stopped = StressStopFlag()
        let contention = options.contention > 0 ? StressContention(lanes: options.threads) : nil
        let progress = options.race.map { _ in StressProgress() }
        RaceFaults.select(options.race)
        let lanes = StressLanes(seed: options.seed, budget: budget, deadline: deadline, stopped: stopped,
                                contention: contention, contentionShare: options.contention, progress: progress,
                                perturbSchedule: options.perturbSchedule)

        // 2. Worker lanes, then the main actor's lane on this thread.
        let join = StressLaneJoin(lanes: options.threads)
        let gate = StressStartGate(lanes: options.threads + 1)
        for lane in 1...options.threads {
            let thread = Thread {
                gate.arriveAndWait()
                let steps = runLane(lane, forest: forest, lanes)
                join.finish(steps)
            }
            thread.stackSize = 4 << 20
            thread.name = "stress lane \(lane)"
            thread.start()
        }
        gate.arriveAndWait()
        let mainSteps = runLane(0, forest: forest, lanes)

        // 3. Join and merge.
        let steps = (join.wait() + [mainSteps]).flatMap { $0 }.sorted { $0.seq < $1.seq }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var counts: [StressOperationKind: Int] = [:]
        for step in steps { counts[step.op.kind, default: 0] += 1 }
        let nodesCreated = forest.nextNodeID.load(ordering: .relaxed) - 1
        let skipped = forest.skipped.load(ordering: .relaxed)
        RaceFaults.select(nil)
        let contentionProblems = contention?.check() ?? []

        // 4. Invariants.
        let checkStart = DispatchTime.now().uptimeNanoseconds
        let invariants = StressInvariants.checkAtQuiescence(forest)
        let checkTime = Double(DispatchTime.now().uptimeNanoseconds - checkStart) / 1e9

        var result = StressResult(options: options, elapsed: elapsed, checkTime: checkTime, steps: steps,
                                  counts: counts, skipped: skipped, nodesCreated: nodesCreated,
                                  invariants: invariants,
                                  stoppedByDuration: stopped.byDuration && steps.count < budget)
        result.transitionsMeasured = forest.transitionsMeasured.load(ordering: .relaxed)
        result.contendedOperations = contention?.operations.load(ordering: .relaxed) ?? 0
        result.unorderedTouches = contention?.unorderedTouches.load(ordering: .relaxed) ?? 0
        result.contentionProblems = contentionProblems

        // 5. Each failed invariant becomes a script (shrunk separately, sharing the shrinking time).
        let failures = invariants.filter { !$0.holds }
        if let directory = options.regressionDirectory, !failures.isEmpty {
            // One sequential replay of the whole recording tells which failures reproduce one at a time.
            log("replaying the \(steps.count) recorded operations one at a time…")
            var recording = StressScript(recipe: options.recipe, steps: steps)
            recording.fault = options.fault
            let sequential = StressReplayer.replay(recording)
            for failure in failures {
                var perFailure = options
                perFailure.shrinkSeconds = options.shrinkSeconds / Double(failures.count)
                let reproduced = sequential.invariants.contains { $0.invariant == failure.invariant && !$0.holds }
                result.regressions.append(saveRegression(result, failure: failure, reproduced: reproduced,
                                                         options: perFailure, directory: directory, log: log))
            }
        }
        return result
    }

    /// One lane's loop: draw, execute, record, until the budget or the time is used up.
    /// Workers yield while the main actor has executed less than 1/mainShareDivisor of the operations.
    static let mainShareDivisor = 12

    private static func runLane(_ lane: Int, forest: StressForest, _ lanes: StressLanes) -> [StressStep] {
        let (budget, deadline, stopped) = (lanes.budget, lanes.deadline, lanes.stopped)
        var generator = StressLaneGenerator(lane: lane, seed: lanes.seed, forest: forest)
        // Its own stream, so the recorded operations a seed draws do not depend on the contention share.
        var hotRNG = StressRandom(seed: lanes.seed ^ StressLanes.contentionStream, stream: UInt64(lane))
        if lanes.perturbSchedule { RaceSchedule.start(seed: lanes.seed, stream: UInt64(lane)) }
        defer { RaceSchedule.stop() }
        var steps: [StressStep] = []
        steps.reserveCapacity(initialStepCapacity(budget: budget))
        while !stopped.isSet {
            if DispatchTime.now().uptimeNanoseconds >= deadline {
                stopped.set(byDuration: true)
                break
            }
            if let contention = lanes.contention, hotRNG.chance(lanes.contentionShare) {
                let performed = contention.perform(lane: lane, &hotRNG)
                lanes.progress?.note(performed)
                continue
            }
            let op = generator.next()
            let resolution: StressResolution
            if lane == 0 {
                resolution = MainActor.assumeIsolated { forest.execute(op, lane: 0, claim: .next(budget: budget)) }
            } else {
                resolution = forest.execute(op, lane: lane, claim: .next(budget: budget))
            }
            switch resolution {
            case .resolved(let resolved):
                steps.append(resolved.step)
                lanes.progress?.note()
                if lane == 0 {
                    let mainCount = forest.mainSteps.add(1, ordering: .relaxed).newValue
                    // The other way round: while the forest is young the main actor mostly draws cheap
                    // flushes, and slow workers (a TSan build) could leave it the whole budget. Past half of
                    // the operations it sleeps 100 µs per operation until the workers catch up (a yield is
                    // not enough: with a free core the scheduler hands the processor straight back).
                    if mainCount * 2 > resolved.step.seq + 1 { usleep(100) }
                } else if forest.mainSteps.load(ordering: .relaxed) * mainShareDivisor < resolved.step.seq {
                    // The main actor is one lane of N+1 on a machine with few cores and its operations are
                    // the heavy ones (loading, layout passes): workers give it the processor while its share
                    // of the operations is below 1/mainShareDivisor, so main-actor work really interleaves.
                    sched_yield()
                }
            case .skipped: continue
            case .exhausted: stopped.set(byDuration: false)
            }
        }
        return steps
    }

    /// Steps a lane reserves room for before it starts: enough that a short run never grows its array, and
    /// bounded whatever the budget — a lane's share of the budget is not known up front (the lanes race for
    /// sequence numbers, and a duration may end the run first), and growing the array is amortised anyway.
    static let reservedStepsPerLane = 4096

    static func initialStepCapacity(budget: Int) -> Int {
        min(max(budget, 0), reservedStepsPerLane)
    }

    /// The command line that reruns `options` live.
    public static func commandLine(_ options: StressOptions) -> String {
        var parts = ["bench stress", "--threads \(options.threads)", "--ops \(options.operations)",
                     "--seed \(options.seed)"]
        if let duration = options.duration { parts.append("--duration \(duration)s") }
        if options.recipe != .mixed { parts.append("--recipe \(options.recipe.rawValue)") }
        if let fault = options.fault { parts.append("--inject-fault \(fault.rawValue)") }
        if let race = options.race { parts.append("--inject-race \(race.rawValue)") }
        return parts.joined(separator: " ")
    }

    @MainActor private static func saveRegression(_ result: StressResult, failure: StressInvariantResult,
                                                  reproduced: Bool, options: StressOptions, directory: String,
                                                  log: (String) -> Void) -> StressRegression {
        var script = StressScript(recipe: options.recipe, steps: result.steps)
        let baseName = "\(options.recipe.rawValue)-seed\(options.seed)-\(failure.invariant.rawValue)"
        script.name = baseName
        script.origin = commandLine(options)
        script.seed = options.seed
        script.threads = options.threads
        script.operations = options.operations
        script.fault = options.fault
        script.failure = StressScriptFailure(invariant: failure.invariant.rawValue,
                                             message: failure.violations.first ?? "")

        script.reproducedSequentially = reproduced
        var stoppedByTime = false
        if reproduced {
            log("\(failure.invariant.rawValue): the failure reproduces sequentially; shrinking (at most \(StressDuration.format(options.shrinkSeconds)))…")
            let shrunk = StressShrinker.shrinkReporting(script, invariant: failure.invariant,
                                                        seconds: options.shrinkSeconds)
            stoppedByTime = shrunk.stoppedByTime
            script.steps = shrunk.script.steps
            script.shrunkFrom = result.steps.count
            let replay = StressReplayer.replay(script)
            if let message = replay.invariants.first(where: { $0.invariant == failure.invariant })?.violations.first {
                script.failure?.message = message
            }
        } else {
            log("\(failure.invariant.rawValue): the failure does not reproduce when the operations run one at a time; saving the whole run")
        }
        var regression = StressRegression(invariant: failure.invariant, path: nil, steps: script.steps.count,
                                          recordedSteps: result.steps.count, reproducedSequentially: reproduced,
                                          shrinkStoppedByTime: stoppedByTime)
        do {
            regression.path = try script.save(inDirectory: directory, baseName: baseName)
        } catch {
            regression.saveError = "\(error)"
        }
        return regression
    }
}

/// Set once any lane sees the budget or the time used up; the others stop at their next draw.
final class StressStopFlag: Sendable {
    private let flag = Atomic<Int>(0)  // 0 running, 1 budget used up, 2 time up

    var isSet: Bool { flag.load(ordering: .relaxed) != 0 }
    var byDuration: Bool { flag.load(ordering: .relaxed) == 2 }

    func set(byDuration: Bool) {
        _ = flag.compareExchange(expected: 0, desired: byDuration ? 2 : 1, ordering: .relaxed)
    }
}

/// What every lane of a live run shares besides the forest.
struct StressLanes: Sendable {
    var seed: UInt64
    var budget: Int
    var deadline: UInt64
    var stopped: StressStopFlag
    var contention: StressContention?
    var contentionShare: Double
    var progress: StressProgress?
    var perturbSchedule: Bool

    /// Mixed into the seed for the contended operations' streams.
    static let contentionStream: UInt64 = 0xC047_E4D3_D5EE_D000
}

/// Progress marks on stderr — "stress progress: N operations" every `every` operations (recorded and
/// contended) — for runs with an injected race: a sanitizer report printed between two marks happened
/// within those operations, which is how the race-fault test reads "operations until the first report".
/// Written with write(2) from whichever lane reaches the mark: no lock the lanes share.
final class StressProgress: Sendable {
    static let every = 25
    private let count = Atomic<Int>(0)

    func note(_ operations: Int = 1) {
        let n = count.add(operations, ordering: .relaxed).newValue
        guard n / Self.every != (n - operations) / Self.every else { return }
        var line = Array("stress progress: \(n) operations\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
