import LayoutCore

// The subnode diff: what turns one ordered list of subnodes into another, in linear expected time.
//
// Texture diffs the previous and the pending subnode lists with an LCS table (NSArray+Diffing;
// reproduced as `TextureLCSDiff`): O(m·n) time and memory, and an element that keeps its index but falls outside
// the LCS is reported both deleted and inserted (open issue #1605: [a,b,c] → [c,b,a] deletes and re-inserts b, and
// an animated transition, which removes after the animation, ends up without b). This diff matches elements by
// identity instead — walking both lists side by side and hashing only what the walk leaves over — so every element
// present in both lists is matched to itself and is never removed or inserted; only the relative order of the
// survivors decides what moves. Expected time O(m + n) plus O(e log e) for e edits.
//
// The result drives ASM (`SubnodeDiff+Apply.swift`): removals first, then moves are detached, then insertions and
// moves are inserted in ascending target index — Texture's commit order.
//
// Duplicates: subnode lists hold each node once. If a list does hold an element more than once, nothing traps:
// each occurrence in `new` is matched to at most one occurrence of the same element in `old` (the walk pairs them
// in order, the hashing step pairs leftovers with the first leftover occurrence), the other occurrences are
// removals and insertions, and applying the diff still yields exactly `new`.

/// The changes that turn an old list into a new one: `removals` (ascending old indexes), `insertions` (ascending
/// new indexes) and `moves` (ascending destination). An index of `old` is in at most one of `removals` and
/// `moves.from`; an index of `new` in at most one of `insertions` and `moves.to`. Every other element of `old` keeps
/// its place: it stays in the list and the elements around it are removed or inserted.
public struct SubnodeDiff: Hashable, Sendable, CustomStringConvertible {
    /// An element that survives but changes its place relative to the others: at `from` in the old list, at `to` in
    /// the new one.
    public struct Move: Hashable, Sendable, CustomStringConvertible {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        public var description: String { "\(from)→\(to)" }
    }

    /// Indexes in the new list of elements that were not in the old list, ascending.
    public let insertions: [Int]
    /// Indexes in the old list of elements that are not in the new list, ascending.
    public let removals: [Int]
    /// Survivors whose order relative to the kept elements changed, ascending destination.
    public let moves: [Move]

    public init(insertions: [Int] = [], removals: [Int] = [], moves: [Move] = []) {
        self.insertions = insertions
        self.removals = removals
        self.moves = moves
    }

    /// True when the two lists are identical.
    public var isEmpty: Bool { insertions.isEmpty && removals.isEmpty && moves.isEmpty }

    public var description: String {
        "SubnodeDiff(insertions: \(insertions), removals: \(removals), moves: \(moves))"
    }
}

// MARK: - Entry points

extension SubnodeDiff {
    /// Diffs two lists of objects compared by identity (`===`), the way ASM compares subnodes.
    public static func diff<Element: AnyObject>(from old: [Element], to new: [Element]) -> SubnodeDiff {
        old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer in
                diff(oldIdentities: IdentityList(oldBuffer), newIdentities: IdentityList(newBuffer))
            }
        }
    }

    /// Diffs two lists whose elements are identified by `key` (equal keys = the same element), e.g. node IDs.
    /// Inlinable so that the comparisons and the Dictionary are specialized for `Key` in the caller's module.
    @inlinable
    public static func diff<Element, Key: Hashable>(
        from old: [Element], to new: [Element], by key: (Element) -> Key
    ) -> SubnodeDiff {
        let oldKeys = old.map(key)
        let newKeys = new.map(key)
        let (prefix, suffix) = commonEnds(oldKeys.count, newKeys.count) { oldKeys[$0] == newKeys[$1] }
        let oldCount = oldKeys.count - prefix - suffix
        let newCount = newKeys.count - prefix - suffix
        if oldCount == 0 && newCount == 0 { return SubnodeDiff() }
        return withWorkspace(oldCount: oldCount, newCount: newCount) { work in
            work.walk { oldKeys[prefix + $0] == newKeys[prefix + $1] }
            guard work.needsHashing else { return work.finish(prefix: prefix, hashed: false) }
            work.resetHashingState()
            var positionOfKey = [Key: Int32](minimumCapacity: work.skippedCount)
            for p in 0..<work.skippedCount {
                let key = oldKeys[prefix + Int(work.skipped[p])]
                if positionOfKey[key] == nil { positionOfKey[key] = Int32(truncatingIfNeeded: p) }
            }
            for q in 0..<work.deferredCount {
                work.match(deferred: q, candidate: positionOfKey[newKeys[prefix + Int(work.deferred[q])]] ?? -1)
            }
            return work.finish(prefix: prefix, hashed: true)
        }
    }
}

// MARK: - The driver (identity)

extension SubnodeDiff {
    /// Steps of the identity diff (each in `SubnodeDiff+Workspace.swift` / `SubnodeDiff+KeptRuns.swift`):
    /// 1. `commonEnds`: the common prefix and suffix (the same object at aligned positions) keep their place; for
    ///    an unchanged list that is the whole diff, without an allocation.
    /// 2. `walk`: the two middles are walked side by side; equal elements are matched without hashing, and the
    ///    walk skips small removed or inserted stretches. For lists with few edits it matches nearly everything.
    /// 3. Hashing: old elements the walk left unmatched go into a table; new ones the walk left are looked up.
    /// 4. `finish`: unmatched old elements are removals, unmatched new ones insertions; matched elements form runs
    ///    (consecutive in both lists), and the heaviest set of runs in unchanged relative order stays
    ///    (`keepHeaviestOrderedRuns`); the other runs are moves.
    static func diff(oldIdentities old: IdentityList, newIdentities new: IdentityList) -> SubnodeDiff {
        let (prefix, suffix) = commonEnds(old.count, new.count) { old[$0] == new[$1] }
        let oldCount = old.count - prefix - suffix
        let newCount = new.count - prefix - suffix
        if oldCount == 0 && newCount == 0 { return SubnodeDiff() }
        return withWorkspace(oldCount: oldCount, newCount: newCount) { work in
            work.walk { old[prefix + $0] == new[prefix + $1] }
            guard work.needsHashing else { return work.finish(prefix: prefix, hashed: false) }
            work.resetHashingState()
            IdentityTable.with(capacityFor: work.skippedCount) { table in
                for p in 0..<work.skippedCount {
                    table.insertIfAbsent(old[prefix + Int(work.skipped[p])], Int32(truncatingIfNeeded: p))
                }
                for q in 0..<work.deferredCount {
                    work.match(deferred: q, candidate: table.find(new[prefix + Int(work.deferred[q])]))
                }
            }
            return work.finish(prefix: prefix, hashed: true)
        }
    }

    /// Lengths of the common prefix and of the common suffix (not overlapping the prefix), given a comparison of
    /// old index and new index.
    @inlinable @inline(__always)
    static func commonEnds(_ oldCount: Int, _ newCount: Int, _ same: (Int, Int) -> Bool) -> (Int, Int) {
        let limit = Swift.min(oldCount, newCount)
        var prefix = 0
        while prefix < limit && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
        return (prefix, suffix)
    }

    /// Runs `body` with a workspace in one scratch allocation (on the stack when small, one heap block otherwise).
    @usableFromInline
    static func withWorkspace(
        oldCount: Int, newCount: Int, _ body: (inout Workspace) -> SubnodeDiff
    ) -> SubnodeDiff {
        // A memory guard (LayoutCore's MemoryGuard.swift): the workspace indexes its scratch with Int32s.
        memoryGuard(
            oldCount < Int(Int32.max) / 2 && newCount < Int(Int32.max) / 2,
            "subnode diff supports lists of up to 2^30 elements, got \(oldCount) and \(newCount)")
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: Workspace.scratchCount(oldCount, newCount)) {
            var work = Workspace(scratch: $0.baseAddress.unsafelyUnwrapped, oldCount: oldCount, newCount: newCount)
            return body(&work)
        }
    }
}

// MARK: - Object identities without retain/release

/// A borrowed list of object references read as addresses. `Element: AnyObject` guarantees each array element is
/// a single reference, so the address is the `ObjectIdentifier`.
struct IdentityList {
    let base: UnsafeRawPointer?
    let count: Int

    init<Element: AnyObject>(_ buffer: UnsafeBufferPointer<Element>) {
        assert(MemoryLayout<Element>.stride == MemoryLayout<UInt>.stride)
        base = UnsafeRawPointer(buffer.baseAddress)
        count = buffer.count
    }

    @inline(__always)
    subscript(index: Int) -> UInt {
        base.unsafelyUnwrapped.load(fromByteOffset: index &* MemoryLayout<UInt>.stride, as: UInt.self)
    }
}

/// Open-addressing hash table from an object address to its position in the walk's list of skipped old
/// elements: linear probing, load ≤ 1/2, Fibonacci hashing of the address, address 0 marking an empty slot (no
/// object lives there). Sized by what the walk left, so usually tiny. Several times faster than
/// `Dictionary<ObjectIdentifier, Int>`, whose SipHash would dominate the diff of a shuffled list.
struct IdentityTable {
    static let bytesPerSlot = MemoryLayout<UInt>.stride + MemoryLayout<Int32>.stride

    private let keys: UnsafeMutablePointer<UInt>
    private let positions: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt

    /// Runs `body` with an empty table for `count` keys (a power of two of slots, at least twice `count`), in a
    /// scratch allocation of its own.
    static func with(capacityFor count: Int, _ body: (IdentityTable) -> Void) {
        var slots = 8
        while slots < 2 * count { slots <<= 1 }
        withUnsafeTemporaryAllocation(byteCount: slots * bytesPerSlot, alignment: MemoryLayout<UInt>.alignment) {
            body(IdentityTable(memory: $0.baseAddress.unsafelyUnwrapped, slots: slots))
        }
    }

    private init(memory: UnsafeMutableRawPointer, slots: Int) {
        keys = memory.bindMemory(to: UInt.self, capacity: slots)
        keys.initialize(repeating: 0, count: slots)
        positions = (memory + slots * MemoryLayout<UInt>.stride).bindMemory(to: Int32.self, capacity: slots)
        mask = slots - 1
        shift = UInt(UInt.bitWidth - slots.trailingZeroBitCount)
    }

    @inline(__always)
    private func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Records `position` for `key` unless the key is already present (duplicates keep their first position).
    @inline(__always)
    func insertIfAbsent(_ key: UInt, _ position: Int32) {
        var index = slot(key)
        while true {
            let present = keys[index]
            if present == 0 {
                keys[index] = key
                positions[index] = position
                return
            }
            if present == key { return }
            index = (index &+ 1) & mask
        }
    }

    /// The position recorded for `key`, or -1.
    @inline(__always)
    func find(_ key: UInt) -> Int32 {
        var index = slot(key)
        while true {
            let present = keys[index]
            if present == key { return positions[index] }
            if present == 0 { return -1 }
            index = (index &+ 1) & mask
        }
    }
}
