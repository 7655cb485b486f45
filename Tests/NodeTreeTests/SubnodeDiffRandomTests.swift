import Testing
@testable import NodeTree

// Property tests of the linear diff over seeded random edit scripts: lists of 0…10,000 elements, 1%–50% edits,
// insertions only, removals only, moves only and mixed. Every case checks the promises of `verifySubnodeDiff`
// (applying reproduces `new`; nothing that keeps its index is removed or inserted; only vanished elements are
// removed and only new ones inserted) and, for small lists, that the number of moves is the minimum. Each case
// names its seed; `randomDiffEdit(seed:size:fraction:mix:)` replays it.

enum DiffEditMix: String, CaseIterable, Sendable {
    case insertions, removals, moves, mixed
}

/// A list of `size` fresh items and the list after `fraction × size` random edits (at least one) of the given mix.
func randomDiffEdit(seed: UInt64, size: Int, fraction: Double, mix: DiffEditMix) -> (old: [DiffItem], new: [DiffItem]) {
    var generator = DiffTestGenerator(seed: seed)
    let old = (0..<size).map { DiffItem("o\($0)") }
    var new = old
    let edits = Swift.max(1, Int((fraction * Double(size)).rounded()))
    var fresh = 0
    for _ in 0..<edits {
        var kind = mix
        if kind == .mixed { kind = [.insertions, .removals, .moves].randomElement(using: &generator)! }
        if kind == .moves && new.count < 2 || kind == .removals && new.isEmpty { kind = .insertions }
        switch kind {
        case .insertions:
            new.insert(DiffItem("n\(fresh)"), at: Int.random(in: 0...new.count, using: &generator))
            fresh += 1
        case .removals:
            new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        case .moves, .mixed:
            let item = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            new.insert(item, at: Int.random(in: 0...new.count, using: &generator))
        }
    }
    return (old, new)
}

/// The fewest moves any diff can report: survivors minus the longest run of them in unchanged order (O(k²) DP,
/// independent of the implementation's patience sorting).
func minimumDiffMoves(from old: [DiffItem], to new: [DiffItem]) -> Int {
    var oldIndex: [ObjectIdentifier: Int] = [:]
    for (index, item) in old.enumerated() { oldIndex[ObjectIdentifier(item)] = index }
    let sequence = new.compactMap { oldIndex[ObjectIdentifier($0)] }
    var best = [Int](repeating: 1, count: sequence.count)
    for i in sequence.indices {
        for j in 0..<i where sequence[j] < sequence[i] { best[i] = Swift.max(best[i], best[j] + 1) }
    }
    return sequence.count - (best.max() ?? 0)
}

@Suite struct SubnodeDiffRandomTests {
    static let sizes = [0, 1, 2, 3, 5, 8, 13, 40, 100, 1_000, 10_000]
    static let fractions = [0.01, 0.05, 0.2, 0.5]

    /// Seeds per size: many for small lists, where shapes vary most, fewer for the large ones.
    static func rounds(for size: Int) -> Int {
        switch size {
        case ..<50: 40
        case ..<1_000: 10
        case ..<10_000: 3
        default: 1
        }
    }

    static func seed(size: Int, fraction: Int, mix: Int, round: Int) -> UInt64 {
        UInt64(size) << 24 | UInt64(fraction) << 16 | UInt64(mix) << 8 | UInt64(round)
    }

    @Test(arguments: sizes)
    func randomEditScripts(size: Int) {
        for (fractionIndex, fraction) in Self.fractions.enumerated() {
            for (mixIndex, mix) in DiffEditMix.allCases.enumerated() {
                for round in 0..<Self.rounds(for: size) {
                    let seed = Self.seed(size: size, fraction: fractionIndex, mix: mixIndex, round: round)
                    let (old, new) = randomDiffEdit(seed: seed, size: size, fraction: fraction, mix: mix)
                    let comment: Comment = "seed \(seed) (size \(size), \(fraction) \(mix.rawValue))"
                    let diff = SubnodeDiff.diff(from: old, to: new)
                    guard verifySubnodeDiff(diff, from: old, to: new, comment) else { return }
                    if size <= 1_000 {
                        #expect(diff.moves.count == minimumDiffMoves(from: old, to: new), comment)
                    }
                    if mix == .insertions || mix == .removals {
                        #expect(diff.moves.isEmpty, comment)
                    }
                }
            }
        }
    }

    /// Shapes the edit scripts rarely produce: reversal, rotation by every amount, disjoint lists, a shuffle.
    @Test(arguments: [0, 1, 2, 7, 100, 10_000])
    func structuredReorderings(size: Int) {
        let old = (0..<size).map { DiffItem("o\($0)") }
        let reversed = Array(old.reversed())
        let reversal = SubnodeDiff.diff(from: old, to: reversed)
        verifySubnodeDiff(reversal, from: old, to: reversed, "reversal of \(size)")
        #expect(reversal.moves.count == Swift.max(0, size - 1), "reversal of \(size)")

        for amount in Set([1, size / 3, size / 2, size - 1]) where amount > 0 && amount < size {
            let rotated = Array(old[amount...] + old[..<amount])
            let rotation = SubnodeDiff.diff(from: old, to: rotated)
            verifySubnodeDiff(rotation, from: old, to: rotated, "rotation of \(size) by \(amount)")
            #expect(rotation.moves.count == Swift.min(amount, size - amount), "rotation of \(size) by \(amount)")
        }

        let other = (0..<size).map { DiffItem("x\($0)") }
        let disjoint = SubnodeDiff.diff(from: old, to: other)
        verifySubnodeDiff(disjoint, from: old, to: other, "disjoint \(size)")
        #expect(disjoint.removals.count == size && disjoint.insertions.count == size && disjoint.moves.isEmpty)

        let seed = UInt64(size)
        var generator = DiffTestGenerator(seed: seed)
        let shuffled = old.shuffled(using: &generator)
        verifySubnodeDiff(SubnodeDiff.diff(from: old, to: shuffled), from: old, to: shuffled, "shuffle, seed \(seed)")

        for (from, to) in [(old, [DiffItem]()), ([DiffItem](), old)] {
            verifySubnodeDiff(SubnodeDiff.diff(from: from, to: to), from: from, to: to, "empty ↔ \(size)")
        }
    }

    /// Lists with repeated elements (not expected for subnodes): no trap, and applying still yields `new`.
    @Test func randomListsWithDuplicates() {
        for seed in UInt64(0)..<300 {
            var generator = DiffTestGenerator(seed: seed)
            let pool = (0..<6).map { DiffItem("d\($0)") }
            let old = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let new = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let diff = SubnodeDiff.diff(from: old, to: new)
            #expect(identicalItems(diff.apply(to: old, new: new), new), "seed \(seed)")
            var list = old
            for operation in diff.operations(from: old, to: new) { operation.perform(on: &list) }
            #expect(identicalItems(list, new), "seed \(seed)")
            let values = (old.map(\.name), new.map(\.name))
            #expect(SubnodeDiff.diff(from: values.0, to: values.1, by: { $0 }).apply(to: values.0, new: values.1) == values.1,
                    "seed \(seed)")
        }
    }

    /// Contiguous blocks removed, inserted, replaced and moved, around the walk's lookahead of 8: the diff must stay
    /// exact and minimal whether the walk resynchronizes or leaves the rest to hashing.
    @Test(arguments: [30, 100, 1_000])
    func blockEdits(size: Int) {
        let old = (0..<size).map { DiffItem("o\($0)") }
        for block in [1, 7, 8, 9, 20, size / 3] where block < size / 2 {
            let at = size / 4
            let fresh = (0..<block).map { DiffItem("n\($0)") }
            let removed = Array(old[..<at] + old[(at + block)...])
            let inserted = Array(old[..<at]) + fresh + Array(old[at...])
            let replaced = Array(old[..<at]) + fresh + Array(old[(at + block)...])
            let target = size - block
            let movedLater = Array(old[..<at] + old[(at + block)..<target] + old[at..<(at + block)] + old[target...])
            let movedEarlier = Array(old[..<at] + old[(target - block)..<target] + old[at..<(target - block)] + old[target...])
            for (name, new) in [("removed", removed), ("inserted", inserted), ("replaced", replaced),
                                ("moved later", movedLater), ("moved earlier", movedEarlier)] {
                let comment: Comment = "size \(size), block of \(block) \(name)"
                let diff = SubnodeDiff.diff(from: old, to: new)
                guard verifySubnodeDiff(diff, from: old, to: new, comment) else { return }
                #expect(diff.moves.count == minimumDiffMoves(from: old, to: new), comment)
                #expect(diff.removals.count == (name == "removed" || name == "replaced" ? block : 0), comment)
                #expect(diff.insertions.count == (name == "inserted" || name == "replaced" ? block : 0), comment)
            }
        }
    }
}
