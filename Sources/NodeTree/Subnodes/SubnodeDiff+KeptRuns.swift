// Which matched elements stay in place and which move.
//
// Elements that stay must already be in the right relative order: their old indexes increase along the new list.
// Keeping a longest such subsequence gives the fewest moves; no smaller set of moves can turn `old` into `new`.
// Because the elements of a run (consecutive in both lists) are kept or moved together, the subsequence is chosen
// over runs, weighted by length: a maximum-weight increasing subsequence of R runs, O(R log R) with a Fenwick tree of
// prefix maxima over the runs' old order. A list with few edits has few runs, so this step is cheap whatever n is.
//
// Ties: among the subsequences keeping the most elements, the one keeping the most elements at their own index
// wins (weight = length · 2³² + length if the run sits at the same index in both lists), so [a,b,c] → [c,b,a]
// keeps b and moves c and a, where Texture deletes and re-inserts b (#1605). An element at its own index can still
// move when keeping it would cost more moves, e.g. [a,b,x,c,d] → [c,d,x,a,b] keeps a,b and moves c, d and x
// (3 moves instead of 4); it is then detached and re-inserted at the same index, never removed. Remaining ties go
// to the subsequence ending at the last run, which keeps the order of choices deterministic.

extension SubnodeDiff.Workspace {
    /// Marks the kept runs by negating their length. Reuses `skipped` as scratch (no longer needed once the
    /// removals are collected).
    func keepHeaviestOrderedRuns(_ runCount: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * runCount + 2) { scratch in
            let base = scratch.baseAddress.unsafelyUnwrapped
            let rank = base  // 1-based position of each run in old order
            let previous = rank + runCount  // the run before it in the heaviest subsequence ending with it, or -1
            // Fenwick tree over ranks, node i at 2i: prefix maximum of the subsequence weight, and the run ending it.
            let tree = previous + runCount
            for node in 0...runCount {
                tree[2 * node] = 0
                tree[2 * node + 1] = -1
            }

            // Rank the runs by old position: sort them when there are few, else bucket them by old index (`skipped`
            // is free by now and has room for every old index).
            if runCount * 16 < oldCount {
                var order = UnsafeMutableBufferPointer(start: previous, count: runCount)
                for run in 0..<runCount { order[run] = run }
                order.sort { runOld[$0] < runOld[$1] }
                for position in 0..<runCount { rank[order[position]] = position + 1 }
            } else {
                let runAtOld = skipped
                runAtOld.initialize(repeating: -1, count: oldCount)
                for run in 0..<runCount { runAtOld[Int(runOld[run])] = Int32(truncatingIfNeeded: run) }
                var nextRank = 1
                for o in 0..<oldCount where runAtOld[o] >= 0 {
                    rank[Int(runAtOld[o])] = nextRank
                    nextRank += 1
                }
            }

            // In new order, each run extends the heaviest subsequence among earlier runs with a smaller rank.
            // (Selections are written without branches: which node wins is unpredictable.)
            var last = -1
            var lastWeight = -1
            for run in 0..<runCount {
                var weight = 0
                var before = -1
                var node = rank[run] - 1
                while node > 0 {
                    let nodeWeight = tree[2 * node]
                    let better = nodeWeight > weight
                    weight = better ? nodeWeight : weight
                    before = better ? tree[2 * node + 1] : before
                    node &= node - 1
                }
                let length = Int(runLength[run])
                weight += length << 32 | (runOld[run] == runNew[run] ? length : 0)
                previous[run] = before
                node = rank[run]
                while node <= runCount {
                    let better = weight > tree[2 * node]
                    tree[2 * node] = better ? weight : tree[2 * node]
                    tree[2 * node + 1] = better ? run : tree[2 * node + 1]
                    node += node & -node
                }
                if weight >= lastWeight {
                    last = run
                    lastWeight = weight
                }
            }

            var run = last
            while run >= 0 {
                runLength[run] = -runLength[run]
                run = previous[run]
            }
        }
    }
}
