// Working state of one diff (the middles of the two lists, after the common ends are cut off) and the steps around
// the hashing: the walk, which matches most elements without hashing and leaves short lists of the rest, and
// `finish`, which turns the matching into removals, insertions and moves. After the walk every step costs in
// proportion to the number of edits, not to n. The workspace is one scratch buffer of Int32 (on the stack for small
// lists, one heap block for large ones; only the parts in use are touched); the hash table and the ranking of runs
// take scratch buffers of their own, sized by what the walk left over. The result arrays are the only other
// allocations.

extension SubnodeDiff {
    @usableFromInline
    struct Workspace {
        @usableFromInline let oldCount: Int
        @usableFromInline let newCount: Int

        /// Old indexes the walk left unmatched, ascending; `skippedTaken[p]` is 1 once hashing matched `skipped[p]`.
        @usableFromInline let skipped: UnsafeMutablePointer<Int32>
        @usableFromInline let skippedTaken: UnsafeMutablePointer<Int32>
        @usableFromInline var skippedCount = 0
        /// New indexes the walk left unmatched, ascending; `deferredMatch[q]` is the old index hashing matched to
        /// `deferred[q]`, or -1 (an insertion).
        @usableFromInline let deferred: UnsafeMutablePointer<Int32>
        @usableFromInline let deferredMatch: UnsafeMutablePointer<Int32>
        @usableFromInline var deferredCount = 0
        /// Stretches the walk matched (consecutive in both lists), in new order: first new index, first old index,
        /// length.
        @usableFromInline let diagonalNew: UnsafeMutablePointer<Int32>
        @usableFromInline let diagonalOld: UnsafeMutablePointer<Int32>
        @usableFromInline let diagonalLength: UnsafeMutablePointer<Int32>
        @usableFromInline var diagonalCount = 0
        /// Runs of matched elements (diagonals and hashed pairs, merged where consecutive in both lists), in new
        /// order; a kept run's length is negated.
        let runNew: UnsafeMutablePointer<Int32>
        let runOld: UnsafeMutablePointer<Int32>
        let runLength: UnsafeMutablePointer<Int32>

        static func scratchCount(_ oldCount: Int, _ newCount: Int) -> Int {
            2 * oldCount + 2 * newCount + 6 * Swift.min(oldCount, newCount)
        }

        init(scratch base: UnsafeMutablePointer<Int32>, oldCount: Int, newCount: Int) {
            self.oldCount = oldCount
            self.newCount = newCount
            let pairs = Swift.min(oldCount, newCount)
            skipped = base
            skippedTaken = skipped + oldCount
            deferred = skippedTaken + oldCount
            deferredMatch = deferred + newCount
            diagonalNew = deferredMatch + newCount
            diagonalOld = diagonalNew + pairs
            diagonalLength = diagonalOld + pairs
            runNew = diagonalLength + pairs
            runOld = runNew + pairs
            runLength = runOld + pairs
        }

        /// True when the walk left both old and new elements unmatched, which hashing may pair.
        @inlinable
        var needsHashing: Bool { skippedCount > 0 && deferredCount > 0 }

        /// Step 2: walk both lists in order. While the elements at the two cursors are the same, they are matched
        /// (a diagonal). At a difference: if the old cursor's element shows up within the next few new elements,
        /// the new element is left for hashing (it was inserted or moved in) and the new cursor advances;
        /// otherwise the old element is left for hashing (removed or moved away) and the old cursor advances. So
        /// single edits, runs of removals and short runs of insertions cost a few comparisons and no hashing.
        /// Lookahead comparisons are capped at twice the list sizes: a shuffled list soon leaves everything to
        /// hashing. Every match here is between equal elements, so the walk affects speed, never correctness.
        @inlinable
        mutating func walk(_ same: (_ old: Int, _ new: Int) -> Bool) {
            let lookahead = 8
            var budget = 2 * (oldCount + newCount)
            var o = 0
            var n = 0
            var diagonals = 0
            var skips = 0
            var defers = 0
            while o < oldCount && n < newCount {
                let start = n
                let oldStart = o
                while same(o, n) {
                    o += 1
                    n += 1
                    if o == oldCount || n == newCount { break }
                }
                if n > start {
                    diagonalNew[diagonals] = Int32(truncatingIfNeeded: start)
                    diagonalOld[diagonals] = Int32(truncatingIfNeeded: oldStart)
                    diagonalLength[diagonals] = Int32(truncatingIfNeeded: n - start)
                    diagonals += 1
                    if o == oldCount || n == newCount { break }
                }
                var oldComesSoon = true
                if budget > 0 {
                    let end = Swift.min(newCount, n + 1 + lookahead)
                    var k = n + 1
                    while k < end && !same(o, k) { k += 1 }
                    budget -= k - n
                    oldComesSoon = k < end
                }
                if oldComesSoon {
                    deferred[defers] = Int32(truncatingIfNeeded: n)
                    defers += 1
                    n += 1
                } else {
                    skipped[skips] = Int32(truncatingIfNeeded: o)
                    skips += 1
                    o += 1
                }
            }
            while n < newCount {
                deferred[defers] = Int32(truncatingIfNeeded: n)
                defers += 1
                n += 1
            }
            while o < oldCount {
                skipped[skips] = Int32(truncatingIfNeeded: o)
                skips += 1
                o += 1
            }
            diagonalCount = diagonals
            skippedCount = skips
            deferredCount = defers
        }

        /// Step 3, per deferred new element (position `q` in `deferred`): `candidate` is the position in `skipped`
        /// of the first skipped old element with the same identity, or -1. A skipped element already taken (a
        /// duplicate in `new`) is not matched again: that occurrence is an insertion.
        @inlinable @inline(__always)
        func match(deferred q: Int, candidate: Int32) {
            if candidate >= 0 && skippedTaken[Int(candidate)] == 0 {
                skippedTaken[Int(candidate)] = 1
                deferredMatch[q] = skipped[Int(candidate)]
            } else {
                deferredMatch[q] = -1
            }
        }

        /// Prepares step 3: nothing taken, nothing matched yet.
        @inlinable
        func resetHashingState() {
            skippedTaken.initialize(repeating: 0, count: skippedCount)
            deferredMatch.initialize(repeating: -1, count: deferredCount)
        }

        /// Step 4: the result, indexes shifted back by the length of the common prefix.
        @usableFromInline
        func finish(prefix: Int, hashed: Bool) -> SubnodeDiff {
            var removals: [Int] = []
            var insertions: [Int] = []
            if hashed {
                for p in 0..<skippedCount where skippedTaken[p] == 0 { removals.append(prefix + Int(skipped[p])) }
                for q in 0..<deferredCount where deferredMatch[q] < 0 { insertions.append(prefix + Int(deferred[q])) }
            } else {
                removals.reserveCapacity(skippedCount)
                for p in 0..<skippedCount { removals.append(prefix + Int(skipped[p])) }
                insertions.reserveCapacity(deferredCount)
                for q in 0..<deferredCount { insertions.append(prefix + Int(deferred[q])) }
            }
            var moves: [Move] = []
            let runs = collectRuns(hashed: hashed)
            if runs.count > 1 && !runs.inOrder {
                keepHeaviestOrderedRuns(runs.count)
                for run in 0..<runs.count where runLength[run] > 0 {
                    let from = prefix + Int(runOld[run])
                    let to = prefix + Int(runNew[run])
                    for k in 0..<Int(runLength[run]) { moves.append(Move(from: from + k, to: to + k)) }
                }
            }
            return SubnodeDiff(insertions: insertions, removals: removals, moves: moves)
        }

        /// Merges the walk's diagonals and the pairs hashing found into runs — matched elements consecutive in the
        /// new list and in the old list — in new order. Elements of a run are kept or moved together: no other
        /// element lies between them in either list, so keeping one never conflicts with keeping the rest.
        /// `inOrder`: the runs' old positions increase, so every matched element keeps its place.
        func collectRuns(hashed: Bool) -> (count: Int, inOrder: Bool) {
            var count = 0
            var inOrder = true
            var nextNew: Int32 = -1  // the new and old index that would continue the last run
            var nextOld: Int32 = -1
            var lastStart: Int32 = -1
            func append(new: Int32, old: Int32, length: Int32) {
                if new == nextNew && old == nextOld {
                    runLength[count - 1] += length
                } else {
                    if old < lastStart { inOrder = false }
                    runNew[count] = new
                    runOld[count] = old
                    runLength[count] = length
                    lastStart = old
                    count += 1
                }
                nextNew = new + length
                nextOld = old + length
            }
            let hashedCount = hashed ? deferredCount : 0  // deferred elements hashing may have matched
            var q = 0
            while q < hashedCount && deferredMatch[q] < 0 { q += 1 }
            var d = 0
            while d < diagonalCount || q < hashedCount {
                if q == hashedCount || (d < diagonalCount && diagonalNew[d] < deferred[q]) {
                    append(new: diagonalNew[d], old: diagonalOld[d], length: diagonalLength[d])
                    d += 1
                } else {
                    append(new: deferred[q], old: deferredMatch[q], length: 1)
                    q += 1
                    while q < hashedCount && deferredMatch[q] < 0 { q += 1 }
                }
            }
            return (count, inOrder)
        }
    }
}
