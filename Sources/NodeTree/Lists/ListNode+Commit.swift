import Dispatch
import LayoutCore

// The main actor's half of an edit (ASDataController's main-thread commit of the new element map, then the
// range update): one step, in request order (the ready commits are a FIFO and the editing queue serial).
//
//   commit
//     1. the measured layout replaces the committed one
//     2. nodes of removed items leave the screen and every interface state (Texture: a deleted visible
//        cell must not stay visible, #145, ADK #2658)
//     3. a range update that visits the new nodes (MeasureLayout) and refreshes on-screen frames
//     4. the edit counts as committed (waiters resume); its latency is recorded
//     5. the completions, in order (user code: after the commit's own work)
//     6. a batch-fetching check on the next main turn (not after a 0-change commit once one was checked)
//
// Only cells that become visible load their views (in the range update), so a commit of items far from
// the viewport costs the main actor the map swap and nothing per item.

extension ListNode {
    @MainActor func commit(_ prepared: PreparedEdit) {
        let start = DispatchTime.now().uptimeNanoseconds
        let p = presentation
        // 1. The layout.
        p.snapshot = prepared.snapshot
        // 2. Removed nodes.
        for element in prepared.edit.removed {
            guard let node = element.nodeIfAllocated else { continue }
            p.range.members[ObjectIdentifier(element)] = nil
            if node.isNodeLoaded { node.view.removeFromSuperview() }
            if node.interfaceState != .none { p.statistics.interfaceStateTransitions += 1 }
            node.applyInterfaceState(.none)
        }
        // 3. Ranges.
        updateRanges(afterCommitOf: prepared.allocated)
        // 4. Committed.
        p.didCommit(prepared.edit.sequence)
        let end = DispatchTime.now().uptimeNanoseconds
        p.statistics.commits += 1
        p.statistics.commitNanoseconds += end - start
        p.statistics.lastCommitNanoseconds = end - start
        if p.statistics.batchToCommitNanoseconds.count >= ListStatistics.latencyCapacity {
            p.statistics.batchToCommitNanoseconds.removeFirst(ListStatistics.latencyCapacity / 2)
        }
        p.statistics.batchToCommitNanoseconds.append(end &- prepared.edit.submittedAt)
        // 5. Completions.
        for completion in prepared.edit.completions { completion(true) }
        // 6. Batch fetching.
        if prepared.edit.changeCount == 0 {
            guard !p.checkedAfterEmptyCommit else { return }
            p.checkedAfterEmptyCommit = true
        } else {
            p.checkedAfterEmptyCommit = false
        }
        // Weak: a list released before that turn needs no check, and the check must not keep it alive.
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.checkBatchFetch() } }
    }

    /// The latencies recorded since the last call (request to end of commit, nanoseconds), oldest first.
    @MainActor public func takeBatchToCommitLatencies() -> [UInt64] {
        defer { presentation.statistics.batchToCommitNanoseconds = [] }
        return presentation.statistics.batchToCommitNanoseconds
    }

    /// The main actor's list work so far.
    @MainActor public var listStatistics: ListStatistics { presentation.statistics }

    /// Committed items, in display order, with their frames (content coordinates).
    @MainActor public var committedFrames: [Rect] { presentation.snapshot.frames }

    /// The committed nodes in display order (nil where a block has not run).
    @MainActor public var committedNodes: [CellNode?] { presentation.snapshot.elements.map(\.nodeIfAllocated) }

    /// Edits committed so far (request order).
    @MainActor public var committedEditCount: Int { presentation.committedEdits }
}
