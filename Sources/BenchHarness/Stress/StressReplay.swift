import Dispatch
import Foundation
import NodeTree

// Deterministic replay of a stress script, and shrinking a failing one.
//
// How a multi-threaded failure becomes a single-threaded deterministic script (the choice, documented in
// Scenarios/regressions/README.md): a live run records every executed operation with its lane and a global
// sequence number claimed in the same critical section that resolved the operation against the forest
// (StressExecutor.swift). Replay executes the steps strictly one at a time, in sequence order — never two
// at once — with lane 0's steps on the main actor and every worker lane's steps on one dedicated replay
// thread (off the main actor, so a property write after load is still deferred to the flush and the
// node tree's main-actor checks still apply; the lane number is kept, so ownership checks still hold).
// Sequence order respects causality (an operation that depends on another's effect was resolved after
// it), so every recorded operation is legal again at its turn. What the replay cannot reproduce is an
// overlap of two operations inside the node tree; such a failure is saved unshrunk with
// "reproducedSequentially": false, and its seed and thread count rerun it live.

/// The outcome of replaying a script.
public struct StressReplayOutcome: Sendable {
    public var steps: Int
    public var executed: Int
    /// Steps that were not legal at their turn (possible in hand-edited or shrunk scripts) and were skipped.
    public var skipped: Int
    public var counts: [StressOperationKind: Int]
    public var invariants: [StressInvariantResult]
    public var elapsed: Double
    /// The sequence numbers of the skipped steps.
    public var skippedSequenceNumbers: [Int] = []

    public var passed: Bool { invariants.allSatisfy(\.holds) }
    public var firstFailure: StressInvariantResult? { invariants.first { !$0.holds } }
}

/// One worker thread that runs closures for the main actor, one at a time, while the main actor waits.
/// The hand-off uses NSCondition (a pthread mutex and condition), which the thread sanitizer understands.
final class StressReplayThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var job: (@Sendable () -> Void)?
    private var finished = false
    private var stopping = false

    init() {
        let thread = Thread { [self] in loop() }
        thread.stackSize = 4 << 20
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while job == nil && !stopping { condition.wait() }
            if job == nil && stopping {
                condition.unlock()
                return
            }
            let work = job!
            condition.unlock()
            work()
            condition.lock()
            job = nil
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Runs `work` on the replay thread and returns when it is done.
    func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        job = work
        finished = false
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}

public enum StressReplayer {
    /// Replays `script` (main actor): every step in order, then the quiescence checks.
    @MainActor public static func replay(_ script: StressScript) -> StressReplayOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let forest = StressForest(recipe: script.recipe, fault: script.fault, counter: LiveNodeCounter())
        let worker = StressReplayThread()
        var executed = 0, skipped = 0
        var skippedSequenceNumbers: [Int] = []
        var counts: [StressOperationKind: Int] = [:]
        for step in script.steps {
            let resolution: StressResolution
            if step.lane == 0 {
                resolution = forest.execute(step.op, lane: 0, claim: .given(step.seq))
            } else {
                let box = Locked<StressResolution?>(nil)
                worker.run { box.store(forest.execute(step.op, lane: step.lane, claim: .given(step.seq))) }
                resolution = box.load() ?? .skipped
            }
            if case .resolved = resolution {
                executed += 1
                counts[step.op.kind, default: 0] += 1
            } else {
                skipped += 1
                skippedSequenceNumbers.append(step.seq)
            }
        }
        worker.stop()
        let invariants = StressInvariants.checkAtQuiescence(forest)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return StressReplayOutcome(steps: script.steps.count, executed: executed, skipped: skipped, counts: counts,
                                   invariants: invariants, elapsed: elapsed,
                                   skippedSequenceNumbers: skippedSequenceNumbers)
    }
}

// MARK: - Shrinking

/// Makes a failing script small while it still fails the same invariant on sequential replay:
///   1. the shortest failing prefix, by bisection on the prefix length (a heuristic: failing is not
///      monotone in the length, but the bisection only ever keeps prefixes that fail);
///   2. then chunk deletion (delta debugging): try deleting chunks of n/2, n/4, … 1 steps, keeping every
///      deletion after which the script still fails;
///   3. then the steps that replay skips (no longer legal without the deleted ones) are dropped;
/// within a time budget, after which the smallest failing script so far is kept.
public enum StressShrinker {
    @MainActor public static func fails(_ script: StressScript, invariant: StressInvariant) -> Bool {
        StressReplayer.replay(script).invariants.contains { $0.invariant == invariant && !$0.holds }
    }

    /// The smallest failing version of `script` found within `seconds` (the script itself if it does not
    /// fail sequentially).
    @MainActor public static func shrink(_ script: StressScript, invariant: StressInvariant,
                                         seconds: Double) -> StressScript {
        shrinkReporting(script, invariant: invariant, seconds: seconds).script
    }

    /// As `shrink`, and whether the time ran out before no further step could go — then the script is
    /// smaller than the recording but maybe not minimal (`bench stress --shrink` goes on from it).
    @MainActor public static func shrinkReporting(_ script: StressScript, invariant: StressInvariant,
                                                  seconds: Double) -> (script: StressScript, stoppedByTime: Bool) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        var stoppedByTime = false
        func timeLeft() -> Bool {
            if DispatchTime.now().uptimeNanoseconds < deadline { return true }
            stoppedByTime = true
            return false
        }
        func failing(_ steps: [StressStep]) -> Bool {
            var candidate = script
            candidate.steps = steps
            return fails(candidate, invariant: invariant)
        }

        var steps = script.steps
        // 1. Shortest failing prefix.
        var passingLength = 0, failingLength = steps.count
        while failingLength - passingLength > 1 && timeLeft() {
            let middle = (passingLength + failingLength) / 2
            if failing(Array(steps.prefix(middle))) {
                failingLength = middle
            } else {
                passingLength = middle
            }
        }
        steps = Array(steps.prefix(failingLength))

        // 2. Chunk deletion.
        var chunk = max(1, steps.count / 2)
        while timeLeft() {
            var start = 0
            var removedAny = false
            while start < steps.count && timeLeft() {
                var candidate = steps
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if !candidate.isEmpty && failing(candidate) {
                    steps = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            chunk = max(1, chunk / 2)
        }
        // 3. Steps that are no longer legal at their turn (their operands went with deleted steps) do
        //    nothing on replay: drop them, so a saved script replays with nothing skipped.
        var shrunk = script
        shrunk.steps = steps
        let skipped = Set(StressReplayer.replay(shrunk).skippedSequenceNumbers)
        if !skipped.isEmpty {
            var cleaned = shrunk
            cleaned.steps.removeAll { skipped.contains($0.seq) }
            if fails(cleaned, invariant: invariant) { shrunk = cleaned }
        }
        return (shrunk, stoppedByTime)
    }
}
