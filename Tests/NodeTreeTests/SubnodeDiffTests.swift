import Testing
@testable import NodeTree

// The linear subnode diff on hand-worked cases: Texture's ArrayDiffingTests' inputs with the outputs this diff
// gives instead of Texture's, #1605, edge cases, duplicates, and the operation sequence that ASM performs.
// Shared helpers for the SubnodeDiff and TextureLCSDiff tests come first.

// MARK: - Helpers

/// A plain object compared by identity, standing in for a node.
final class DiffItem: CustomStringConvertible, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

/// Two lists of `DiffItem`s from space-separated names; the same name is the same object in both lists.
func diffLists(_ old: String, _ new: String) -> (old: [DiffItem], new: [DiffItem]) {
    var byName: [String: DiffItem] = [:]
    func items(_ names: String) -> [DiffItem] {
        names.split(separator: " ").map { name in
            if let item = byName[String(name)] { return item }
            let item = DiffItem(String(name))
            byName[String(name)] = item
            return item
        }
    }
    return (items(old), items(new))
}

func identicalItems<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
}

func diffMoves(_ pairs: (Int, Int)...) -> [SubnodeDiff.Move] { pairs.map { SubnodeDiff.Move(from: $0.0, to: $0.1) } }

/// SplitMix64: a small seeded generator, so every random case can be replayed from its seed.
struct DiffTestGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Checks everything a SubnodeDiff of unique-element lists promises; returns false (after recording issues) if
/// anything fails. `comment` identifies the case (its seed) in every failure.
@discardableResult
func verifySubnodeDiff(
    _ diff: SubnodeDiff, from old: [DiffItem], to new: [DiffItem], _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    var ok = true
    func check(_ condition: Bool, _ what: String) {
        if !condition {
            ok = false
            Issue.record("\(what) — \(comment.rawValue)", sourceLocation: sourceLocation)
        }
    }
    // Shape: ascending, in range, disjoint.
    check(diff.insertions == diff.insertions.sorted() && Set(diff.insertions).count == diff.insertions.count,
          "insertions ascending and distinct")
    check(diff.removals == diff.removals.sorted() && Set(diff.removals).count == diff.removals.count,
          "removals ascending and distinct")
    check(diff.moves.map(\.to) == diff.moves.map(\.to).sorted(), "moves in ascending destination")
    check(diff.insertions.allSatisfy { new.indices.contains($0) }, "insertions in range")
    check(diff.removals.allSatisfy { old.indices.contains($0) }, "removals in range")
    check(diff.moves.allSatisfy { old.indices.contains($0.from) && new.indices.contains($0.to) }, "moves in range")
    check(Set(diff.removals).isDisjoint(with: diff.moves.map(\.from)), "no removed element moves")
    check(Set(diff.insertions).isDisjoint(with: diff.moves.map(\.to)), "no inserted index is a move target")
    guard ok else { return false }

    // #1605: no element present in both lists (in particular none that keeps its index) is removed or inserted.
    let oldSet = Set(old.map(ObjectIdentifier.init))
    let newSet = Set(new.map(ObjectIdentifier.init))
    check(diff.removals.allSatisfy { !newSet.contains(ObjectIdentifier(old[$0])) }, "only vanished elements removed")
    check(diff.insertions.allSatisfy { !oldSet.contains(ObjectIdentifier(new[$0])) }, "only new elements inserted")
    let sameIndex = Set(old.indices.filter { $0 < new.count && old[$0] === new[$0] })
    check(sameIndex.isDisjoint(with: diff.removals) && sameIndex.isDisjoint(with: diff.insertions),
          "an element that keeps its index is neither removed nor inserted")
    check(diff.moves.allSatisfy { old[$0.from] === new[$0.to] }, "a move names the same element at both ends")

    // Applying (commit order) gives exactly `new`, through `apply` and through the operations one by one.
    let applied = diff.apply(to: old, new: new)
    check(identicalItems(applied, new), "apply reproduces new")
    var list = old
    for operation in diff.operations(from: old, to: new) {
        guard operation.index >= 0 && operation.index <= list.count else {
            check(false, "operation \(operation) in range")
            break
        }
        if case .remove = operation { check(operation.element === list[operation.index], "removes the named element") }
        if case .detach = operation { check(operation.element === list[operation.index], "detaches the named element") }
        operation.perform(on: &list)
    }
    check(identicalItems(list, new), "operations reproduce new")
    return ok
}

// MARK: - Hand-worked cases

@Suite struct SubnodeDiffTests {
    /// Texture's ArrayDiffingTests' insertion/deletion and move inputs, with the output of the linear diff
    /// worked out by hand. Where Texture reports a move of an element whose index changes only because of
    /// insertions and removals around it (bob, tony), this diff reports nothing: it stays in place.
    static let arrayDiffingCases: [(old: String, new: String, expected: SubnodeDiff)] = [
        ("bob alice dave", "bob alice dave gary", SubnodeDiff(insertions: [3])),
        ("bob alice dave", "bob gary alice dave", SubnodeDiff(insertions: [1])),
        ("bob alice dave", "bob alice", SubnodeDiff(removals: [2])),
        ("bob alice dave", "", SubnodeDiff(removals: [0, 1, 2])),
        ("bob alice dave", "gary alice dave jack", SubnodeDiff(insertions: [0, 3], removals: [0])),
        // Texture: insertions {0,2}, deletions {1,2,3,4}, moves (0→1),(5→3). bob and tony keep their order.
        ("bob alice dave judy lynda tony", "gary bob suzy tony",
         SubnodeDiff(insertions: [0, 2], removals: [1, 2, 3, 4])),
        // Texture: 4 moves. A reversal keeps one element (the last one of the new list) and moves the others.
        ("a b c d", "d c b a", SubnodeDiff(moves: diffMoves((3, 0), (2, 1), (1, 2)))),
        ("bob alice dave judy", "judy dave alice bob", SubnodeDiff(moves: diffMoves((3, 0), (2, 1), (1, 2)))),
        // Texture: (1→0),(0→1).
        ("a b", "b a", SubnodeDiff(moves: diffMoves((1, 0)))),
        // Same as Texture: dave keeps index 2, alice moves behind it.
        ("bob alice dave", "bob gary dave alice", SubnodeDiff(insertions: [1], moves: diffMoves((1, 3)))),
    ]

    @Test(arguments: arrayDiffingCases.indices)
    func arrayDiffingInputs(_ index: Int) {
        let testCase = Self.arrayDiffingCases[index]
        let (old, new) = diffLists(testCase.old, testCase.new)
        let diff = SubnodeDiff.diff(from: old, to: new)
        #expect(diff == testCase.expected, "[\(testCase.old)] → [\(testCase.new)]")
        verifySubnodeDiff(diff, from: old, to: new, "[\(testCase.old)] → [\(testCase.new)]")
        // The same by key (names).
        #expect(SubnodeDiff.diff(from: old, to: new, by: \.name) == testCase.expected)
    }

    /// Texture's open issue #1605: b keeps index 1 but is outside the LCS, so Texture deletes and re-inserts it.
    @Test func issue1605() {
        let (old, new) = diffLists("a b c", "c b a")
        let ours = SubnodeDiff.diff(from: old, to: new)
        #expect(ours == SubnodeDiff(moves: diffMoves((2, 0), (0, 2))))
        let texture = TextureLCSDiff.diff(from: old, to: new)
        #expect(texture == TextureLCSDiff(insertions: [1], deletions: [1], moves: diffMoves((2, 0), (0, 2))))
        // Both commit to the right list immediately…
        #expect(identicalItems(ours.apply(to: old, new: new), new))
        #expect(identicalItems(texture.commit(to: old, new: new), new))
        // …but an animated transition inserts first and removes after the animation: with Texture's output b is
        // removed at the end; this diff never removes it.
        #expect(texture.deletions.map { old[$0].name } == ["b"])
        #expect(ours.removals.isEmpty)
        verifySubnodeDiff(ours, from: old, to: new, "#1605")
    }

    @Test func operationsFollowTheCommitOrder() {
        let (old, new) = diffLists("a b c", "c b a")
        let operations = SubnodeDiff.diff(from: old, to: new).operations(from: old, to: new).map(\.description)
        #expect(operations == ["detach(c, at: 2)", "detach(a, at: 0)", "reinsert(c, at: 0)", "reinsert(a, at: 2)"])

        // Removals (last first), detaches shifted by the removals before them, then targets in ascending order.
        let (old2, new2) = diffLists("a b c d e f", "f x b d y a")
        let diff = SubnodeDiff.diff(from: old2, to: new2)
        #expect(diff == SubnodeDiff(insertions: [1, 4], removals: [2, 4], moves: diffMoves((5, 0), (0, 5))))
        #expect(diff.operations(from: old2, to: new2).map(\.description) == [
            "remove(e, at: 4)", "remove(c, at: 2)",
            "detach(f, at: 3)", "detach(a, at: 0)",
            "reinsert(f, at: 0)", "insert(x, at: 1)", "insert(y, at: 4)", "reinsert(a, at: 5)",
        ])
        verifySubnodeDiff(diff, from: old2, to: new2, "mixed")
    }

    @Test func identicalListsGiveAnEmptyDiff() {
        let (old, _) = diffLists("a b c d", "")
        #expect(SubnodeDiff.diff(from: old, to: old).isEmpty)
        #expect(SubnodeDiff.diff(from: [DiffItem](), to: []).isEmpty)
        #expect(SubnodeDiff.diff(from: old, to: old).operations(from: old, to: old).isEmpty)
    }

    @Test func emptyToFullAndBack() {
        let (_, full) = diffLists("", "a b c d e")
        let grow = SubnodeDiff.diff(from: [], to: full)
        #expect(grow == SubnodeDiff(insertions: [0, 1, 2, 3, 4]))
        verifySubnodeDiff(grow, from: [], to: full, "empty → full")
        let shrink = SubnodeDiff.diff(from: full, to: [])
        #expect(shrink == SubnodeDiff(removals: [0, 1, 2, 3, 4]))
        verifySubnodeDiff(shrink, from: full, to: [], "full → empty")
    }

    @Test func disjointLists() {
        let (old, new) = diffLists("a b c", "x y z w")
        let diff = SubnodeDiff.diff(from: old, to: new)
        #expect(diff == SubnodeDiff(insertions: [0, 1, 2, 3], removals: [0, 1, 2]))
        verifySubnodeDiff(diff, from: old, to: new, "disjoint")
    }

    @Test func rotationMovesOneElement() {
        let (old, new) = diffLists("a b c d e", "b c d e a")
        #expect(SubnodeDiff.diff(from: old, to: new) == SubnodeDiff(moves: diffMoves((0, 4))))
        let (old2, new2) = diffLists("a b c d e", "e a b c d")
        #expect(SubnodeDiff.diff(from: old2, to: new2) == SubnodeDiff(moves: diffMoves((4, 0))))
    }

    @Test func reversalKeepsTheMiddleElementOfAnOddList() {
        // The middle element keeps its index, so it is the one kept; the others move.
        let (old, new) = diffLists("a b c d e", "e d c b a")
        let diff = SubnodeDiff.diff(from: old, to: new)
        #expect(diff == SubnodeDiff(moves: diffMoves((4, 0), (3, 1), (1, 3), (0, 4))))
        verifySubnodeDiff(diff, from: old, to: new, "reversal")
    }

    /// The documented limit of "keeps its index": x is at index 2 in both lists, but keeping it would cost four
    /// moves (a, b, c, d) where keeping a and b costs three (c, d and x). x is detached and re-inserted, not removed.
    @Test func aLongerRunCanMoveAnElementThatKeepsItsIndex() {
        let (old, new) = diffLists("a b x c d", "c d x a b")
        let diff = SubnodeDiff.diff(from: old, to: new)
        #expect(diff == SubnodeDiff(moves: diffMoves((3, 0), (4, 1), (2, 2))))
        verifySubnodeDiff(diff, from: old, to: new, "crossing")
    }

    /// Duplicates are not expected, but must not trap: the first occurrences match, the others are removals and
    /// insertions, and applying still yields the new list.
    @Test func duplicatesDoNotTrap() {
        let (old, new) = diffLists("a b a c", "c a a b")
        let diff = SubnodeDiff.diff(from: old, to: new)
        #expect(identicalItems(diff.apply(to: old, new: new), new))
        var list = old
        for operation in diff.operations(from: old, to: new) { operation.perform(on: &list) }
        #expect(identicalItems(list, new))
        // Both a's are paired (old 0 ↔ new 1, old 2 ↔ new 2, which keeps its index); c and b move.
        #expect(diff == SubnodeDiff(moves: diffMoves((3, 0), (1, 3))))
        // With more occurrences in one list than in the other, the extra ones are removals or insertions.
        let (old2, new2) = diffLists("a b a a", "b a")
        let fewer = SubnodeDiff.diff(from: old2 + [old2[0]], to: new2)
        #expect(fewer.removals.count == 3 && fewer.insertions.isEmpty)
        #expect(identicalItems(fewer.apply(to: old2 + [old2[0]], new: new2), new2))

        let keyed = SubnodeDiff.diff(from: [1, 2, 1, 3, 3], to: [3, 1, 1, 2, 3, 3], by: { $0 })
        #expect(keyed.apply(to: [1, 2, 1, 3, 3], new: [3, 1, 1, 2, 3, 3]) == [3, 1, 1, 2, 3, 3])
    }

    @Test func keyedDiffMatchesTheIdentityDiff() {
        var generator = DiffTestGenerator(seed: 7)
        for round in 0..<50 {
            let old = (0..<30).map { DiffItem("n\($0)") }
            var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }
            new.shuffle(using: &generator)
            new.insert(DiffItem("fresh"), at: Int.random(in: 0...new.count, using: &generator))
            #expect(SubnodeDiff.diff(from: old, to: new) == SubnodeDiff.diff(from: old, to: new, by: { ObjectIdentifier($0) }),
                    "round \(round)")
        }
    }
}
