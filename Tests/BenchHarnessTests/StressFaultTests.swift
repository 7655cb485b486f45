import Foundation
import Testing
@testable import BenchHarness

// The checks catch what they claim to: each injected fault breaks its invariant, in a hand-written script
// (deterministic) and in a live run, and a failing live run becomes a small saved script that replays to
// the same failure.

@Suite(.serialized) struct StressFaultTests {
    static let w375 = StressRange(width: 375)

    /// A shared cell with a text and a row (text + leaf), measured, then its first text changed.
    static func staleSteps() -> [StressStep] {
        let cell = StressBlueprint(id: 1, kind: .cell, stack: StressStack(direction: .vertical, spacing: 4), children: [
            StressBlueprint(id: 2, kind: .text, text: "Hi"),
            StressBlueprint(id: 3, kind: .container, stack: StressStack(direction: .horizontal), children: [
                StressBlueprint(id: 4, kind: .text, text: "Hello"),
                StressBlueprint(id: 5, kind: .leaf, style: StressStyle(width: 40, height: 40)),
            ]),
        ])
        return [
            StressStep(seq: 0, lane: 1, op: .create(root: cell, shared: true)),
            StressStep(seq: 1, lane: 2, op: .measure(node: 1, range: w375)),
            StressStep(seq: 2, lane: 1, op: .setText(node: 2, text: String(repeating: "a longer text ", count: 8))),
            StressStep(seq: 3, lane: 2, op: .measure(node: 3, range: StressRange(width: 200))),
        ]
    }

    @MainActor @Test func staleAncestorsBreaksTheLayoutCacheInvariant() {
        var script = StressScript(recipe: .staleLayout, steps: Self.staleSteps())
        #expect(StressReplayer.replay(script).passed, "without the fault the script is fine")
        script.fault = .staleAncestors
        let outcome = StressReplayer.replay(script)
        let cache = outcome.invariants.first { $0.invariant == .layoutCache }!
        #expect(!cache.holds)
        #expect(cache.violations.first?.contains("cell 1's pending layout") == true, "\(cache.violations)")
        #expect(outcome.invariants.filter { !$0.holds }.map(\.invariant) == [.layoutCache])
    }

    @MainActor @Test func leakNodeBreaksTheReleasedInvariant() {
        var script = StressScript(steps: Self.staleSteps())
        script.fault = .leakNode
        let outcome = StressReplayer.replay(script)
        let released = outcome.invariants.first { $0.invariant == .released }!
        #expect(!released.holds)
        #expect(released.violations.first?.contains("5 node(s) still alive") == true, "\(released.violations)")
    }

    @MainActor @Test func skipFinalFlushBreaksThePendingStateInvariant() {
        let steps = Self.staleSteps() + [
            StressStep(seq: 4, lane: 0, op: .load(root: 1)),
            StressStep(seq: 5, lane: 0, op: .mainLayout(root: 1, width: 375)),
            StressStep(seq: 6, lane: 2, op: .setProperty(node: 4, write: .alpha(0.5))),
        ]
        var script = StressScript(steps: steps)
        #expect(StressReplayer.replay(script).passed)
        script.fault = .skipFinalFlush
        let outcome = StressReplayer.replay(script)
        let pending = outcome.invariants.first { $0.invariant == .pendingState }!
        #expect(pending.violations == ["text 4 still has pending view state after the final flush"])
    }

    /// A script that fails only because of its last few steps shrinks to a handful of steps.
    @MainActor @Test func shrinkingKeepsOnlyWhatTheFailureNeeds() {
        let noise = StressRunner.run(StressOptions(threads: 2, operations: 400, seed: 4, recipe: .independentTrees))
        let offset = (noise.steps.last?.seq ?? 0) + 1
        let tail = Self.staleSteps().map { step in
            var step = step
            step.seq += offset
            if case .create(var root, let shared) = step.op {
                root = Self.renumbered(root, by: 100_000)
                step.op = .create(root: root, shared: shared)
            }
            step.op = Self.renumbered(step.op, by: 100_000)
            return step
        }
        var script = StressScript(steps: noise.steps + tail)
        script.fault = .staleAncestors
        #expect(StressShrinker.fails(script, invariant: .layoutCache))
        let shrunk = StressShrinker.shrink(script, invariant: .layoutCache, seconds: 600)
        #expect(shrunk.steps.count <= 6, "shrunk to \(shrunk.steps.count) of \(script.steps.count) steps")
        #expect(StressShrinker.fails(shrunk, invariant: .layoutCache))
    }

    /// A shrinking cap that runs out is reported: the shrinker says it stopped (here, with no time at all), a
    /// run's report says the saved script was cut short, and with time the shrinking finishes on its own.
    /// Deterministic: a hand-written failing script, and a report built around a regression of each kind (a
    /// live run with a fault at 1,000 operations did not always trip the fault under load).
    @MainActor @Test func aShrinkCutShortByTheCapIsReported() throws {
        var script = StressScript(steps: Self.staleSteps())
        script.fault = .staleAncestors
        try #require(StressShrinker.fails(script, invariant: .layoutCache))
        #expect(StressShrinker.shrinkReporting(script, invariant: .layoutCache, seconds: 0).stoppedByTime)
        let finished = StressShrinker.shrinkReporting(script, invariant: .layoutCache, seconds: 600)
        #expect(!finished.stoppedByTime)
        #expect(StressShrinker.fails(finished.script, invariant: .layoutCache))

        var result = StressRunner.run(StressOptions(threads: 1, operations: 50, seed: 1, recipe: .staleLayout))
        for cut in [true, false] {
            result.regressions = [StressRegression(invariant: .layoutCache, path: "/tmp/x.json", steps: 5,
                                                   recordedSteps: 50, reproducedSequentially: true,
                                                   shrinkStoppedByTime: cut)]
            let line = StressReport.lines(for: result).first { $0.hasPrefix("regression script (layout-cache)") }
            #expect(line?.contains("5 of 50 operations after shrinking") == true)
            #expect(line?.contains("cut short by --shrink-seconds") == cut, "\(line ?? "no line")")
        }
    }

    /// A live run with a fault fails, prints the seed, saves a shrunk script, and the saved file replays to
    /// the same failure.
    @MainActor @Test func aFailingLiveRunSavesAShrunkScriptThatReplays() throws {
        let directory = try StressTestSupport.temporaryDirectory()
        defer { StressTestSupport.remove(directory) }
        let options = StressOptions(threads: 2, operations: 6_000, seed: 5, recipe: .staleLayout, fault: .staleAncestors,
                                    regressionDirectory: directory.path, shrinkSeconds: 600)
        let result = StressRunner.run(options)
        #expect(!result.passed)
        let regression = try #require(result.regressions.first { $0.invariant == .layoutCache })
        #expect(regression.reproducedSequentially)
        let path = try #require(regression.path)
        #expect(path.hasSuffix("stale-layout-seed5-layout-cache.json"))
        #expect(regression.steps < regression.recordedSteps, "shrunk to \(regression.steps) of \(regression.recordedSteps)")

        let script = try StressScript.load(path: path)
        #expect(script.seed == 5 && script.threads == 2 && script.fault == .staleAncestors)
        #expect(script.failure?.invariant == "layout-cache")
        #expect(script.shrunkFrom == 6_000)
        #expect(script.origin == "bench stress --threads 2 --ops 6000 --seed 5 --recipe stale-layout --inject-fault stale-ancestors")
        let replay = StressReplayer.replay(script)
        #expect(replay.invariants.contains { $0.invariant == .layoutCache && !$0.holds })
        #expect(StressReport.lines(for: result).contains("seed 5"))
    }

    /// An ASM node's pool laid out on the worker, then loaded and laid out on the main actor.
    static func asmSteps() -> [StressStep] {
        let cell = StressBlueprint(id: 1, kind: .cell, children: [
            StressBlueprint(id: 2, kind: .asm, children: [
                StressBlueprint(id: 3, kind: .text, text: "a"), StressBlueprint(id: 4, kind: .leaf, style: StressStyle(width: 10, height: 10)),
                StressBlueprint(id: 5, kind: .text, text: "c"),
            ]),
        ])
        return [
            StressStep(seq: 0, lane: 1, op: .create(root: cell, shared: false)),
            StressStep(seq: 1, lane: 1, op: .setVariant(node: 2, variant: 19)),  // none left out: [1, 2, 0] → 4, 5, 3
            StressStep(seq: 2, lane: 1, op: .layoutPass(root: 1, width: 375, height: 600)),
            StressStep(seq: 3, lane: 1, op: .handOff(root: 1)),
            StressStep(seq: 4, lane: 0, op: .load(root: 1)),
            StressStep(seq: 5, lane: 0, op: .mainLayout(root: 1, width: 320)),
        ]
    }

    @MainActor @Test func asmEditBehindBackBreaksTheASMSubnodesInvariant() {
        var script = StressScript(recipe: .asmOrder, steps: Self.asmSteps())
        let clean = StressReplayer.replay(script)
        #expect(clean.passed, "\(clean.invariants.filter { !$0.holds })")
        #expect(clean.invariants.first { $0.invariant == .asmSubnodes }?.checked == 1)
        script.fault = .asmEditBehindBack
        let outcome = StressReplayer.replay(script)
        let asm = outcome.invariants.first { $0.invariant == .asmSubnodes }!
        // The node tree drops the cached layouts that place a node taken away by hand, and marks the node
        // for layout: so the applied layout is gone too, and the settled tree needs layout again.
        #expect(asm.violations == ["asm 2's subnodes are [leaf 4, text 5], but it has no applied layout"])
        #expect(outcome.invariants.filter { !$0.holds }.map(\.invariant) == [.layoutSettled, .asmSubnodes])
    }

    /// The same fault in a live asm-order run: asm-subnodes fails and the run becomes a small script. A live
    /// run's interleaving decides which invariants see the fault: in one full TSan suite run of 6, a relayout
    /// that came after the edit left only layout-settled failing. So several seeds are tried, and one
    /// must fail asm-subnodes; each run must fail some invariant (seed 8's run fails only layout-settled).
    /// The shrinking time is a cap, not the thing under test: a debug run shrinks in about a second, but a
    /// 15-second cap ran out under TSan on a busy CI host (1527 of 2000 steps left). So the cap is generous
    /// and the test asserts that shrinking finished on its own. The contended hot-node operations and the
    /// race-fault builds' schedule perturbation are off: they are for provoking races, and they change which
    /// interleavings a seed gives (with them on, a TSan suite run saw none of the first three seeds fail
    /// asm-subnodes), so more seeds are allowed too.
    @MainActor @Test func aLiveASMRunWithTheFaultFailsAndShrinks() throws {
        let directory = try StressTestSupport.temporaryDirectory()
        defer { StressTestSupport.remove(directory) }
        var caught: StressResult?
        for seed: UInt64 in [6, 7, 9, 10, 11, 12] where caught == nil {
            var options = StressOptions(threads: 2, operations: 2_000, seed: seed, recipe: .asmOrder,
                                        fault: .asmEditBehindBack, regressionDirectory: directory.path,
                                        shrinkSeconds: 600)
            options.contention = 0
            options.perturbSchedule = false
            let result = StressRunner.run(options)
            #expect(!result.passed, "seed \(seed): the fault went unnoticed")
            if result.invariants.filter({ !$0.holds }).map(\.invariant).contains(.asmSubnodes) { caught = result }
        }
        let result = try #require(caught, "asm-subnodes failed in none of seeds 6, 7, 9, 10, 11, 12")
        let regression = try #require(result.regressions.first { $0.invariant == .asmSubnodes })
        #expect(regression.reproducedSequentially)
        #expect(!regression.shrinkStoppedByTime, "the 600-second shrinking cap ran out")
        #expect(regression.steps < 20, "shrunk to \(regression.steps) of \(regression.recordedSteps)")
        let script = try StressScript.load(path: try #require(regression.path))
        #expect(StressReplayer.replay(script).invariants.contains { $0.invariant == .asmSubnodes && !$0.holds })
    }

    // MARK: - Helpers

    static func renumbered(_ blueprint: StressBlueprint, by offset: Int) -> StressBlueprint {
        var copy = blueprint
        copy.id += offset
        copy.children = blueprint.children?.map { renumbered($0, by: offset) }
        return copy
    }

    static func renumbered(_ op: StressOperation, by offset: Int) -> StressOperation {
        switch op {
        case .create: return op
        case .measure(let node, let range): return .measure(node: node + offset, range: range)
        case .setText(let node, let text): return .setText(node: node + offset, text: text)
        default: return op
        }
    }
}
