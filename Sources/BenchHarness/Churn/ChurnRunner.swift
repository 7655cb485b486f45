import LayoutCore
import NodeTree

// The churn run: for every size n and edit mix, the scenario's seeded input pairs (ChurnInput.swift), then
//
//   1. check     each pair once, untimed: NodeTree's diff (SubnodeDiff) applied to the old list must give the
//                new one (SubnodeDiff.apply), Texture's LCS diff committed in Texture's order must too
//                (TextureLCSDiff.commit); operation counts (insertions + removals + moves) per diff; with
//                ASM, a layout pass to each new list must leave exactly its nodes as subnodes, and ASM's
//                own diff (automaticSubnodeChanges) must equal the list diff
//   2. calibrate rounds per pair and algorithm: one diff of a small list takes far less than the
//                clock's resolution, so a pair is diffed `rounds` times between two clock reads, enough for
//                `targetPairNanoseconds`; times are divided back per diff
//   3. repeat    `warmup` unreported repetitions, then `repetitions` measured ones; each times ours, the LCS
//                diff and ASM on every pair; a repetition's value is the mean per diff over the pairs, and
//                the LCS/ours ratio is taken within the repetition (same inputs, same moment)
//   4. slow LCS  at n ≥ lcs.slowN the LCS diff (O(n²) time and memory: TextureLCSDiff.swift) gets its own
//                repetitions, one pair each (pair r mod inputs), diffed once, with ours timed on the same
//                pair just before it for the ratio
//   5. count     allocations per diff (when a counter is given), in two identical passes, on this thread
//
// Everything runs on the calling thread (the main thread under `bench`): diffs are single-threaded.

public struct ChurnRunOptions {
    public var allocationCounter: (any AllocationCounting)?
    /// Called with a short description of what runs next (for a progress line).
    public var progress: ((String) -> Void)?
    /// How long one pair is timed per repetition and algorithm (rounds are calibrated to reach it).
    public var targetPairNanoseconds: Double

    public init(allocationCounter: (any AllocationCounting)? = nil, progress: ((String) -> Void)? = nil,
                targetPairNanoseconds: Double = 1_000_000) {
        self.allocationCounter = allocationCounter
        self.progress = progress
        self.targetPairNanoseconds = targetPairNanoseconds
    }
}

/// Everything measured for one size and mix. Times are nanoseconds per diff (or per ASM operation), one
/// value per measured repetition.
public struct ChurnCase: Sendable {
    public var n: Int
    public var mix: EditMix
    public var inputs: Int
    public var ours: [Double] = []
    /// Empty when the LCS diff was not run at this size (n > lcs.maxN).
    public var lcs: [Double] = []
    /// LCS time ÷ ours, per repetition, on the same inputs.
    public var lcsRatios: [Double] = []
    /// True when the LCS diff ran in the slow mode (one pair per repetition).
    public var lcsSlow = false
    public var asmChanges: [Double] = []
    public var asmPass: [Double] = []
    /// Mean insertions + removals + moves per diff (deterministic).
    public var operations = 0.0
    public var lcsOperations: Double?
    /// Pairs whose diff, applied, did not give the new list (must be 0).
    public var mismatches = 0
    public var lcsMismatches: Int?
    /// Pairs where ASM's subnodes or ASM's diff differed from the list diff's (must be 0).
    public var asmMismatches: Int?
    /// Allocations per diff (jemalloc), nil when not counted.
    public var allocations: Double?
    public var lcsAllocations: Double?
    /// True when two identical counted passes gave different allocation counts.
    public var allocationPassesDiffered = false
    /// Edits applied per pair (the same for every pair of a size and mix).
    public var edits: Int
    public var rounds = 1, lcsRounds = 1, asmChangesRounds = 1, asmPassRounds = 1

    public init(n: Int, mix: EditMix, inputs: Int, edits: Int) {
        self.n = n
        self.mix = mix
        self.inputs = inputs
        self.edits = edits
    }

    /// Inputs whose outputs did not rebuild the target, over both diffs and ASM.
    public var totalMismatches: Int { mismatches + (lcsMismatches ?? 0) + (asmMismatches ?? 0) }
}

public struct ChurnMeasurements: Sendable {
    public var cases: [ChurnCase] = []
    /// The allocator that counted, nil when allocations were not counted.
    public var allocator: String?
    public var notes: [String] = []

    public init() {}
}

public struct ChurnRunner {
    public let scenario: ChurnScenario
    public let options: ChurnRunOptions

    public init(scenario: ChurnScenario, options: ChurnRunOptions = ChurnRunOptions()) {
        self.scenario = scenario
        self.options = options
    }

    public func run() -> ChurnMeasurements {
        if PixelGrid.scale != 2 { PixelGrid.scale = 2 }
        var result = ChurnMeasurements()
        result.allocator = options.allocationCounter?.allocatorDescription
        for n in scenario.sizes {
            let old = ChurnInput.oldList(n: n)
            let pool = scenario.asm ? ChurnNodePool(n: n) : nil
            for (mixIndex, mix) in scenario.mixes.enumerated() {
                let pairs = ChurnInput.pairs(scenario, n: n, mixIndex: mixIndex, old: old)
                result.cases.append(measure(n: n, mix: mix, pairs: pairs, pool: pool))
            }
        }
        result.notes = notes(result)
        return result
    }

    func notes(_ result: ChurnMeasurements) -> [String] {
        var notes = scenario.mixes.map { "mix \($0.name): \($0.summary); \(scenario.inputs) seeded input pairs per size" }
        let skipped = scenario.sizes.filter { !scenario.lcs.runs(n: $0) }
        if !skipped.isEmpty {
            notes.append("Texture's LCS diff not run at n = " + skipped.map(String.init).joined(separator: ", ")
                + " (above lcs.maxN = \(scenario.lcs.maxN); its table takes (n+1)² × 4 bytes)")
        }
        let slow = scenario.sizes.filter { scenario.lcs.runs(n: $0) && scenario.lcs.isSlow(n: $0) }
        if !slow.isEmpty {
            notes.append("at n = " + slow.map(String.init).joined(separator: ", ") + " Texture's LCS diff ran "
                + "\(scenario.lcs.slowRepetitions) repetition(s) after \(scenario.lcs.slowWarmup) warm-up, one input "
                + "pair diffed once each (pair r mod \(scenario.inputs)); ours was timed on the same pair just before "
                + "for the ratio (lcs.slowN = \(scenario.lcs.slowN))")
        }
        for item in result.cases where item.allocationPassesDiffered {
            notes.append("n \(item.n), \(item.mix.name): allocations differed between two identical counted passes; "
                + "the second is reported")
        }
        for item in result.cases where item.totalMismatches > 0 {
            notes.append("n \(item.n), \(item.mix.name): \(item.totalMismatches) input(s) not rebuilt by a diff "
                + "(ours \(item.mismatches), LCS \(item.lcsMismatches ?? 0), ASM \(item.asmMismatches ?? 0))")
        }
        return notes
    }

    // MARK: One size and mix

    func measure(n: Int, mix: EditMix, pairs: [ChurnPair], pool: ChurnNodePool?) -> ChurnCase {
        let label = "n \(n), \(mix.name)"
        var item = ChurnCase(n: n, mix: mix, inputs: pairs.count, edits: mix.editCount(n: n))
        let runsLCS = scenario.lcs.runs(n: n)
        item.lcsSlow = runsLCS && scenario.lcs.isSlow(n: n)
        let fullLCS = runsLCS && !item.lcsSlow

        // 1. Check (and a first warm-up of everything).
        options.progress?(label + ": checking")
        var operations = 0
        for pair in pairs {
            let diff = SubnodeDiff.diff(from: pair.old, to: pair.new)
            operations += diff.insertions.count + diff.removals.count + diff.moves.count
            if !Self.identical(diff.apply(to: pair.old, new: pair.new), pair.new) { item.mismatches += 1 }
        }
        item.operations = Double(operations) / Double(pairs.count)
        if fullLCS {
            var lcsOperations = 0, lcsMismatches = 0
            for pair in pairs {
                let diff = TextureLCSDiff.diff(from: pair.old, to: pair.new)
                lcsOperations += diff.insertions.count + diff.deletions.count + diff.moves.count
                if !Self.identical(diff.commit(to: pair.old, new: pair.new), pair.new) { lcsMismatches += 1 }
            }
            item.lcsOperations = Double(lcsOperations) / Double(pairs.count)
            item.lcsMismatches = lcsMismatches
        }
        var host: ChurnHostNode?
        var asmLists: [(nodes: [DisplayNode], sublayouts: [Layout])] = []
        var oldNodes: [DisplayNode] = [], oldSublayouts: [Layout] = []
        if let pool {
            let host1 = ChurnHostNode(n: n)
            oldNodes = pool.nodes(pairs[0].old)
            oldSublayouts = ChurnHostNode.sublayouts(oldNodes)
            asmLists = pairs.map { pair in
                let nodes = pool.nodes(pair.new)
                return (nodes, ChurnHostNode.sublayouts(nodes))
            }
            var asmMismatches = 0
            host1.layOut(oldNodes)
            for (index, pair) in pairs.enumerated() {
                let changes = host1.automaticSubnodeChanges(from: oldSublayouts, to: asmLists[index].sublayouts)
                host1.layOut(asmLists[index].nodes)
                let subnodesMatch = Self.identical(host1.subnodes, asmLists[index].nodes)
                host1.layOut(oldNodes)
                let restored = Self.identical(host1.subnodes, oldNodes)
                if changes.diff != SubnodeDiff.diff(from: pair.old, to: pair.new) || !subnodesMatch || !restored {
                    asmMismatches += 1
                }
            }
            item.asmMismatches = asmMismatches
            host = host1
        }

        // 2. Rounds.
        options.progress?(label + ": calibrating")
        let target = options.targetPairNanoseconds
        item.rounds = Self.calibratedRounds(target: target) { Self.timeOurs(pairs[0], rounds: $0) }
        if fullLCS {
            item.lcsRounds = Self.calibratedRounds(target: target) { Self.timeLCS(pairs[0], rounds: $0) }
        }
        if let host {
            item.asmChangesRounds = Self.calibratedRounds(target: target) {
                Self.timeASMChanges(host, from: oldSublayouts, to: asmLists[0].sublayouts, rounds: $0)
            }
            item.asmPassRounds = Self.calibratedRounds(target: target) {
                Self.timeASMPass(host, to: asmLists[0].nodes, back: oldNodes, rounds: $0)
            }
        }

        // 3. Repetitions.
        let total = scenario.warmup + scenario.repetitions
        for repetition in 0..<total {
            let measured = repetition >= scenario.warmup
            options.progress?(label + (measured
                ? ": repetition \(repetition - scenario.warmup + 1)/\(scenario.repetitions)"
                : ": warm-up \(repetition + 1)/\(scenario.warmup)"))
            var ours = 0.0, lcs = 0.0, changes = 0.0, pass = 0.0
            for (index, pair) in pairs.enumerated() {
                ours += Double(Self.timeOurs(pair, rounds: item.rounds)) / Double(item.rounds)
                if fullLCS {
                    lcs += Double(Self.timeLCS(pair, rounds: item.lcsRounds)) / Double(item.lcsRounds)
                }
                if let host {
                    changes += Double(Self.timeASMChanges(host, from: oldSublayouts, to: asmLists[index].sublayouts,
                                                          rounds: item.asmChangesRounds)) / Double(item.asmChangesRounds)
                    pass += Double(Self.timeASMPass(host, to: asmLists[index].nodes, back: oldNodes,
                                                    rounds: item.asmPassRounds)) / Double(item.asmPassRounds)
                }
            }
            guard measured else { continue }
            let count = Double(pairs.count)
            item.ours.append(ours / count)
            if fullLCS {
                item.lcs.append(lcs / count)
                if ours > 0 { item.lcsRatios.append(lcs / ours) }
            }
            if host != nil {
                item.asmChanges.append(changes / count)
                item.asmPass.append(pass / count)
            }
        }

        // 4. Slow LCS.
        if item.lcsSlow {
            let slowTotal = scenario.lcs.slowWarmup + scenario.lcs.slowRepetitions
            var checked = Set<Int>()
            var lcsOperations = 0, lcsMismatches = 0
            for repetition in 0..<slowTotal {
                let measured = repetition >= scenario.lcs.slowWarmup
                options.progress?(label + ": Texture's LCS diff " + (measured
                    ? "repetition \(repetition - scenario.lcs.slowWarmup + 1)/\(scenario.lcs.slowRepetitions)"
                    : "warm-up \(repetition + 1)/\(scenario.lcs.slowWarmup)"))
                let index = repetition % pairs.count
                let ours = Double(Self.timeOurs(pairs[index], rounds: item.rounds)) / Double(item.rounds)
                let start = CPUClock.wallNanoseconds()
                let diff = TextureLCSDiff.diff(from: pairs[index].old, to: pairs[index].new)
                let lcs = Double(CPUClock.wallNanoseconds() &- start)
                if checked.insert(index).inserted {
                    lcsOperations += diff.insertions.count + diff.deletions.count + diff.moves.count
                    if !Self.identical(diff.commit(to: pairs[index].old, new: pairs[index].new), pairs[index].new) {
                        lcsMismatches += 1
                    }
                }
                guard measured else { continue }
                item.lcs.append(lcs)
                if ours > 0 { item.lcsRatios.append(lcs / ours) }
            }
            if !checked.isEmpty {
                item.lcsOperations = Double(lcsOperations) / Double(checked.count)
                item.lcsMismatches = lcsMismatches
            }
        }

        // 5. Allocations.
        if let counter = options.allocationCounter {
            options.progress?(label + ": counting allocations")
            let ours = Self.allocationsPerDiff(counter, pairs) { _ = SubnodeDiff.diff(from: $0.old, to: $0.new) }
            item.allocations = ours.perDiff
            item.allocationPassesDiffered = ours.differed
            if runsLCS {
                // At slow sizes one pair, once: the LCS diff is quadratic in time and memory there.
                let lcs = Self.allocationsPerDiff(counter, fullLCS ? pairs : [pairs[0]], passes: fullLCS ? 2 : 1) {
                    _ = TextureLCSDiff.diff(from: $0.old, to: $0.new)
                }
                item.lcsAllocations = lcs.perDiff
                item.allocationPassesDiffered = item.allocationPassesDiffered || lcs.differed
            }
        }
        return item
    }
}
