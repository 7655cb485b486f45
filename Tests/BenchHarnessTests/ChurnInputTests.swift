import Testing
@testable import BenchHarness
import NodeTree

/// The churn inputs: the generator is deterministic per seed (and different across seeds, sizes, mixes and
/// inputs), applies the edits it says, and on every input both diffs' outputs rebuild the target list —
/// NodeTree's diff through SubnodeDiff's apply, Texture's LCS diff through SubnodeDiff's apply as well and
/// through Texture's own commit order.
@Suite struct ChurnInputTests {
    static let mixes = [
        EditMix(name: "mixed", edits: 0.05, insert: 1, remove: 1, move: 1),
        EditMix(name: "inserts", edits: 0.1, insert: 1),
        EditMix(name: "removals", edits: 0.1, remove: 1),
        EditMix(name: "moves", edits: 0.1, move: 1),
        EditMix(name: "heavy", edits: 1, insert: 2, remove: 1, move: 3),
    ]

    static func scenario(seed: UInt32 = 7, sizes: [Int] = [1, 10, 100, 300], inputs: Int = 4) -> ChurnScenario {
        ChurnScenario(name: "test", file: "test.json", contentHash: "fnv1a64:0000000000000000", description: "test",
                      seed: seed, sizes: sizes, mixes: mixes, inputs: inputs, repetitions: 1)
    }

    static func ids(_ list: [ChurnItem]) -> [Int] { list.map(\.id) }

    @Test func sameSeedGivesTheSameLists() {
        let scenario = Self.scenario()
        for n in scenario.sizes {
            for mixIndex in scenario.mixes.indices {
                // Fresh objects each time: equality is by id, the lists are rebuilt from the seed alone.
                let first = ChurnInput.pairs(scenario, n: n, mixIndex: mixIndex, old: ChurnInput.oldList(n: n))
                let second = ChurnInput.pairs(scenario, n: n, mixIndex: mixIndex, old: ChurnInput.oldList(n: n))
                #expect(first.map { Self.ids($0.new) } == second.map { Self.ids($0.new) }, "seed 7, n \(n), mix \(mixIndex)")
                #expect(first.map(\.insertions) == second.map(\.insertions))
            }
        }
    }

    @Test func seedSizeMixAndInputEachChangeTheList() {
        let old = ChurnInput.oldList(n: 100)
        let mix = Self.mixes[0]
        let base = Self.ids(ChurnInput.pair(old: old, mix: mix, seed: SplitMix64.pairSeed(seed: 7, n: 100, mix: 0, input: 0)).new)
        for seed in [SplitMix64.pairSeed(seed: 8, n: 100, mix: 0, input: 0),
                     SplitMix64.pairSeed(seed: 7, n: 101, mix: 0, input: 0),
                     SplitMix64.pairSeed(seed: 7, n: 100, mix: 1, input: 0),
                     SplitMix64.pairSeed(seed: 7, n: 100, mix: 0, input: 1)] {
            #expect(Self.ids(ChurnInput.pair(old: old, mix: mix, seed: seed).new) != base)
        }
    }

    /// SplitMix64's published first outputs for seed 0 pin the generator (and so every input) down.
    @Test func splitMixMatchesTheReference() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func theEditsAreTheOnesAsked() {
        let scenario = Self.scenario()
        for n in scenario.sizes {
            let old = ChurnInput.oldList(n: n)
            for (mixIndex, mix) in scenario.mixes.enumerated() {
                for pair in ChurnInput.pairs(scenario, n: n, mixIndex: mixIndex, old: old) {
                    let label = "seed 7, n \(n), \(mix.name)"
                    #expect(pair.insertions + pair.removals + pair.moves == mix.editCount(n: n), "\(label)")
                    #expect(pair.new.count == n + pair.insertions - pair.removals, "\(label)")
                    #expect(pair.old.count == n && Self.ids(pair.old) == Array(0..<n))
                    if mix.insertWeight == 0 { #expect(pair.insertions == 0, "\(label)") }
                    if mix.removeWeight == 0 { #expect(pair.removals == 0, "\(label)") }
                    if mix.moveWeight == 0 { #expect(pair.moves == 0, "\(label)") }
                    // Elements are distinct objects; inserted ones are new ids from n on (a later removal may
                    // take one out again).
                    #expect(Set(Self.ids(pair.new)).count == pair.new.count, "\(label)")
                    let inserted = pair.new.filter { $0.id >= n }.count
                    #expect(mix.removeWeight == 0 ? inserted == pair.insertions : inserted <= pair.insertions, "\(label)")
                }
            }
        }
    }

    @Test(arguments: [1, 7, 12345])
    func bothDiffsRebuildTheTarget(seed: UInt32) {
        let scenario = Self.scenario(seed: seed)
        for n in scenario.sizes {
            let old = ChurnInput.oldList(n: n)
            for (mixIndex, mix) in scenario.mixes.enumerated() {
                for (input, pair) in ChurnInput.pairs(scenario, n: n, mixIndex: mixIndex, old: old).enumerated() {
                    let label = "seed \(seed), n \(n), \(mix.name), input \(input)"
                    let ours = SubnodeDiff.diff(from: pair.old, to: pair.new)
                    #expect(ChurnRunner.identical(ours.apply(to: pair.old, new: pair.new), pair.new), "\(label)")
                    let lcs = TextureLCSDiff.diff(from: pair.old, to: pair.new)
                    let asSubnodeDiff = SubnodeDiff(insertions: lcs.insertions, removals: lcs.deletions, moves: lcs.moves)
                    #expect(ChurnRunner.identical(asSubnodeDiff.apply(to: pair.old, new: pair.new), pair.new), "\(label)")
                    #expect(ChurnRunner.identical(lcs.commit(to: pair.old, new: pair.new), pair.new), "\(label)")
                    // Ours never reports more operations than the edits that made the list.
                    #expect(ours.insertions.count + ours.removals.count + ours.moves.count
                                <= pair.insertions + pair.removals + pair.moves, "\(label)")
                }
            }
        }
    }
}
