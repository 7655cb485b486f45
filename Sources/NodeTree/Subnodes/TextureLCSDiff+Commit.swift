// What Texture's commit (ASLayoutTransition's commitTransition) makes of a TextureLCSDiff output.
// Used by the tests to show where Texture's diff does and does not reproduce the new list, and available to the
// harness. Texture works on nodes: removal and detach are "remove from supernode if still a child", insertion is
// insertSubnode:atIndex:, which ignores an index beyond the end (an assertion in debug builds).

extension TextureLCSDiff {
    /// The list after Texture's commit order: every deleted old element is removed, every moved one detached (a
    /// no-op if it was already removed as a deletion), then insertions (from `new`) and moves (the old element)
    /// are merged by target index and inserted, skipping an index past the end. Each old position is treated as
    /// a distinct node, as in ASM, even when elements compare equal.
    public func commit<Element>(to old: [Element], new: [Element]) -> [Element] {
        commitOutcome(to: old, new: new).list
    }

    /// `commit(to:new:)` with the number of insertions Texture would have ignored (index past the end).
    public func commitOutcome<Element>(to old: [Element], new: [Element]) -> (list: [Element], ignoredInsertions: Int) {
        // Nodes: old index i is node i, new index j inserted is node old.count + j.
        var nodes = Array(old.indices)
        func removeIfChild(_ node: Int) {
            if let index = nodes.firstIndex(of: node) { nodes.remove(at: index) }
        }
        var ignored = 0
        func insert(_ node: Int, at index: Int) {
            guard index <= nodes.count else {
                ignored += 1
                return
            }
            nodes.insert(node, at: index)
        }

        // applySubnodeRemovals
        for index in deletions { removeIfChild(index) }
        // applySubnodeInsertionsAndMoves: detach every moved node, then merge by target index.
        for move in moves { removeIfChild(move.from) }
        var i = 0
        var j = 0
        while i < insertions.count || j < moves.count {
            if j == moves.count || (i < insertions.count && insertions[i] < moves[j].to) {
                insert(old.count + insertions[i], at: insertions[i])
                i += 1
            } else {
                insert(moves[j].from, at: moves[j].to)
                j += 1
            }
        }
        return (nodes.map { $0 < old.count ? old[$0] : new[$0 - old.count] }, ignored)
    }
}
