// The churn scenario's inputs: seeded (old, new) list pairs. The old list of size n is always the elements
// 0, 1, …, n − 1 (one shared set of objects per size); the new list is the old one after `EditMix.editCount(n)`
// random edits applied one after the other:
//
//   rng     SplitMix64, seeded with pairSeed(seed, n, mix index, input index) (below), so every pair can be
//           rebuilt alone and adding a size or appending a mix leaves the other pairs as they were
//   edit    kind drawn by weight (u = (next() >> 11) / 2⁵³ × total weight: below the insert weight an
//           insertion, then a removal, then a move);
//           insert: a new element (ids n, n + 1, …) at position next() % (count + 1);
//           remove: the element at next() % count;
//           move:   the element at next() % count is taken out and put back at next() % count (count =
//                   the length before the move; it may land where it was)
//           on an empty list every edit is an insertion
//
// Elements are objects compared by identity, as subnodes are; both diffs see the same arrays.

/// One list element: an object with an id (ids are positions in the old list, or n + k for the k-th
/// inserted element of a pair).
public final class ChurnItem: Sendable, CustomStringConvertible {
    public let id: Int

    public init(id: Int) {
        self.id = id
    }

    public var description: String { "#\(id)" }
}

/// One input of the churn scenario: the two lists and the edits that made the second.
public struct ChurnPair: @unchecked Sendable {
    public let old: [ChurnItem]
    public let new: [ChurnItem]
    public let insertions: Int
    public let removals: Int
    public let moves: Int
}

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same everywhere.
public struct SplitMix64: Sendable {
    var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound (bound > 0; modulo bias is irrelevant at these sizes and keeps it reproducible).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// The seed of one pair: the scenario seed, the size, the mix's index and the input's index mixed in turn.
    public static func pairSeed(seed: UInt32, n: Int, mix: Int, input: Int) -> UInt64 {
        var generator = SplitMix64(seed: UInt64(seed))
        var value = generator.next()
        for part in [n, mix, input] {
            generator = SplitMix64(seed: value ^ UInt64(truncatingIfNeeded: part))
            value = generator.next()
        }
        return value
    }
}

public enum ChurnInput {
    /// The shared old list of size n: elements 0 … n − 1.
    public static func oldList(n: Int) -> [ChurnItem] {
        (0..<n).map(ChurnItem.init(id:))
    }

    /// The pair for (n, mix, input) of a scenario, over the shared `old` list (`old.count` is n).
    public static func pair(old: [ChurnItem], mix: EditMix, seed: UInt64) -> ChurnPair {
        var rng = SplitMix64(seed: seed)
        var list = old
        var nextID = old.count
        var insertions = 0, removals = 0, moves = 0
        let total = mix.insertWeight + mix.removeWeight + mix.moveWeight
        for _ in 0..<mix.editCount(n: old.count) {
            let u = Double(rng.next() >> 11) / Double(1 << 53) * total
            if u < mix.insertWeight || list.isEmpty {
                list.insert(ChurnItem(id: nextID), at: rng.below(list.count + 1))
                nextID += 1
                insertions += 1
            } else if u < mix.insertWeight + mix.removeWeight {
                list.remove(at: rng.below(list.count))
                removals += 1
            } else {
                let element = list.remove(at: rng.below(list.count))
                list.insert(element, at: rng.below(list.count + 1))
                moves += 1
            }
        }
        return ChurnPair(old: old, new: list, insertions: insertions, removals: removals, moves: moves)
    }

    /// Every pair of one size and mix (mix index `mixIndex` in the scenario).
    public static func pairs(_ scenario: ChurnScenario, n: Int, mixIndex: Int, old: [ChurnItem]) -> [ChurnPair] {
        (0..<scenario.inputs).map { input in
            pair(old: old, mix: scenario.mixes[mixIndex],
                 seed: SplitMix64.pairSeed(seed: scenario.seed, n: n, mix: mixIndex, input: input))
        }
    }
}
