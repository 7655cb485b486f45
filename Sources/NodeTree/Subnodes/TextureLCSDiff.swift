// Texture's subnode diff (NSArray+Diffing's asdk_diffWithArray:insertions:deletions:moves:), kept
// step for step as the reference the harness times `SubnodeDiff` against and the tests compare it with. It is not
// used by ASM. O(m·n) time and memory: the table takes (m+1)·(n+1)·4 bytes, about 4 MB for 1,000 × 1,000 and
// 400 MB for 10,000 × 10,000.
//
// Faithful in its outputs, including the quirk of open issue #1605 ([a,b,c] → [c,b,a] gives insertions {1},
// deletions {1}, moves [2→0, 0→2]). Two implementation details differ from Texture and only make this version
// cheaper (so the measured ratio is conservative): the LCS table is one flat block of Int32 instead of m+1
// separately allocated rows of NSInteger, and elements are compared as integers (an identity or a dense key ID)
// instead of through an isEqual: block.
//
// Duplicates (possible with values, as in ArrayDiffingTests' random rebuilds): Texture's multimap is a
// std::unordered_multimap; libc++ keeps equal keys in insertion order and `find` returns the first, so a lookup
// yields the lowest old index not yet taken by a move. That is what `PotentialMoves` reproduces.

/// The output of Texture's LCS diff: `insertions` (new indexes, ascending), `deletions` (old indexes, ascending) and
/// `moves` (in the order Texture records them, which is ascending destination).
public struct TextureLCSDiff: Hashable, Sendable, CustomStringConvertible {
    public let insertions: [Int]
    public let deletions: [Int]
    public let moves: [SubnodeDiff.Move]

    public init(insertions: [Int] = [], deletions: [Int] = [], moves: [SubnodeDiff.Move] = []) {
        self.insertions = insertions
        self.deletions = deletions
        self.moves = moves
    }

    public var description: String {
        "TextureLCSDiff(insertions: \(insertions), deletions: \(deletions), moves: \(moves))"
    }
}

// MARK: - Entry points

extension TextureLCSDiff {
    /// Texture's diff of two lists of objects compared by identity (isEqual: on nodes is identity).
    /// `detectingMoves: false` is Texture's variant without the `moves:` argument (no multimap, so no moves and no
    /// cancelled deletions); ASM always detects moves.
    public static func diff<Element: AnyObject>(
        from old: [Element], to new: [Element], detectingMoves: Bool = true
    ) -> TextureLCSDiff {
        diff(oldIDs: identities(old), newIDs: identities(new), detectingMoves: detectingMoves)
    }

    /// Texture's diff of two lists whose elements are equal when their keys are equal (isEqual: and hash).
    public static func diff<Element, Key: Hashable>(
        from old: [Element], to new: [Element], by key: (Element) -> Key, detectingMoves: Bool = true
    ) -> TextureLCSDiff {
        let (oldIDs, newIDs) = denseIDs(old, new, key)
        return diff(oldIDs: oldIDs, newIDs: newIDs, detectingMoves: detectingMoves)
    }

    /// Step 1 alone (Texture's `_asdk_commonIndexesWithArray:`): the old indexes of the longest common subsequence
    /// that the backtrack picks, ascending.
    public static func commonIndexes<Element: AnyObject>(from old: [Element], to new: [Element]) -> [Int] {
        commonIndexes(identities(old), identities(new))
    }

    /// Step 1 alone, elements compared by key.
    public static func commonIndexes<Element, Key: Hashable>(
        from old: [Element], to new: [Element], by key: (Element) -> Key
    ) -> [Int] {
        let (oldIDs, newIDs) = denseIDs(old, new, key)
        return commonIndexes(oldIDs, newIDs)
    }

    private static func identities<Element: AnyObject>(_ list: [Element]) -> [Int] {
        list.map { Int(bitPattern: ObjectIdentifier($0)) }
    }

    /// Equal keys get equal small integers, so the steps below compare integers.
    private static func denseIDs<Element, Key: Hashable>(
        _ old: [Element], _ new: [Element], _ key: (Element) -> Key
    ) -> ([Int], [Int]) {
        var idOfKey = [Key: Int](minimumCapacity: old.count + new.count)
        func id(_ element: Element) -> Int {
            let k = key(element)
            if let id = idOfKey[k] { return id }
            let id = idOfKey.count
            idOfKey[k] = id
            return id
        }
        let oldIDs = old.map(id)
        let newIDs = new.map(id)
        return (oldIDs, newIDs)
    }
}

// MARK: - The routine (asdk_diffWithArray's steps 1–4)

extension TextureLCSDiff {
    static func diff(oldIDs old: [Int], newIDs new: [Int], detectingMoves: Bool) -> TextureLCSDiff {
        // 1. The common old indexes (LCS table and backtrack).
        var common = commonIndexes(old, new)

        // 2. Deletions = old indexes not common; every old element goes into the move multimap.
        var deleted = [Bool](repeating: true, count: old.count)
        for index in common { deleted[index] = false }
        var potentialMoves = PotentialMoves(detectingMoves ? old : [])

        // 3. Walk the new list with a cursor over the common elements.
        var insertions: [Int] = []
        var moves: [SubnodeDiff.Move] = []
        var cursor = 0
        for j in new.indices {
            // A move is recorded whenever the element exists in the old list at another index…
            var movedFrom = -1
            if let from = potentialMoves.first(new[j]), from != j {
                movedFrom = from
                potentialMoves.removeFirst(new[j])
                moves.append(SubnodeDiff.Move(from: from, to: j))
            }
            if cursor < common.count && old[common[cursor]] == new[j] {
                // …the element continues the common subsequence: step the cursor.
                cursor += 1
            } else if movedFrom >= 0 {
                // …a move coalesces a delete and an insert: cancel the deletion of its source, and if the source was
                // common, drop it from the common elements (the cursor keeps its numeric position).
                deleted[movedFrom] = false
                if let position = binarySearch(common, movedFrom) { common.remove(at: position) }
            } else {
                // …otherwise it is an insertion — also when the element sits at the same index in both lists but
                // outside the LCS (#1605: it was deleted in step 2 and is inserted here).
                insertions.append(j)
            }
        }

        // 4. Outputs: moves were recorded in ascending destination.
        var deletions: [Int] = []
        for index in old.indices where deleted[index] { deletions.append(index) }
        return TextureLCSDiff(insertions: insertions, deletions: deletions, moves: moves)
    }

    /// Step 1: LCS lengths over old (rows) × new (columns), then the backtrack from the bottom-right corner: equal →
    /// common, step both; else step the old index if the cell above is strictly larger than the cell to the left,
    /// otherwise step the new index.
    static func commonIndexes(_ old: [Int], _ new: [Int]) -> [Int] {
        let rows = old.count + 1
        let columns = new.count + 1
        let lengths = UnsafeMutablePointer<Int32>.allocate(capacity: rows * columns)
        defer { lengths.deallocate() }
        lengths.initialize(repeating: 0, count: columns)
        for i in 1..<rows {
            let row = lengths + i * columns
            let above = row - columns
            let element = old[i - 1]
            row[0] = 0
            for j in 1..<columns {
                row[j] = element == new[j - 1] ? above[j - 1] + 1 : Swift.max(above[j], row[j - 1])
            }
        }

        var common: [Int] = []
        var i = old.count
        var j = new.count
        while i > 0 && j > 0 {
            if old[i - 1] == new[j - 1] {
                common.append(i - 1)
                i -= 1
                j -= 1
            } else if lengths[(i - 1) * columns + j] > lengths[i * columns + j - 1] {
                i -= 1
            } else {
                j -= 1
            }
        }
        common.reverse()
        return common
    }

    private static func binarySearch(_ sorted: [Int], _ value: Int) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) >> 1
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }
}

/// Texture's `std::unordered_multimap<id, NSUInteger>` from each old element to its old indexes: per element a
/// chain of old indexes in ascending order (libc++'s insertion order); `first` is `find`, `removeFirst` `erase`.
struct PotentialMoves {
    private var head: [Int: Int]
    private var next: [Int]

    init(_ old: [Int]) {
        head = [Int: Int](minimumCapacity: old.count)
        next = [Int](repeating: -1, count: old.count)
        for index in old.indices.reversed() {
            if let following = head[old[index]] { next[index] = following }
            head[old[index]] = index
        }
    }

    func first(_ element: Int) -> Int? { head[element] }

    mutating func removeFirst(_ element: Int) {
        guard let index = head[element] else { return }
        head[element] = next[index] >= 0 ? next[index] : nil
    }
}
