import Dispatch
import LayoutCore

// Asking for edits (Texture's ASDataController, where an edit is asked and validated), from any thread.
//
//   performBatchUpdates(updates, completion)
//     nested (this thread already holds the list's turn): run `updates` into the open batch, chain the
//       completion (completions run in the order their calls ended: inner ones before the outer one)
//     outermost:
//       1. take the turn (EditTurnstile: request order)
//       2. run `updates` — the user changes the data and records the edits
//       3. before the initial reloadData: skip, completion(true) (Texture)
//       4. ask the data source for the new counts; complete and validate the batch against the pending
//          map's counts — a bad batch throws here, on the caller's thread, and changes nothing
//       5. apply it to a copy of the pending map, asking the data source for the new items' node blocks
//          and the delegate for their size ranges; the copy becomes the pending map
//       6. queue the edit on the data controller (measuring, then the main actor's commit)
//       7. leave the turn
//
// reloadData and a width change take the same turn; a width change keeps every element and gives it its new
// range, so the data controller measures all of them again, concurrently.

extension ListNode {
    /// Texture's performBatchUpdates:completion:. Any thread. Throws `BatchUpdateError` when the batch does
    /// not match the data source; the list is then unchanged. `updates` runs in the edit's turn: it must not
    /// wait for the main actor (which may itself be waiting for the turn, to ask for an edit).
    public func performBatchUpdates(_ updates: (inout BatchUpdate) -> Void,
                                    completion: ListCompletion? = nil) throws(BatchUpdateError) {
        if turnstile.isHeldByCurrentThread {
            var inner = BatchUpdate()
            updates(&inner)
            listState.withLock { s in
                s.nestedBatch.append(inner)
                if let completion { s.nestedCompletions.append(completion) }
            }
            return
        }
        turnstile.enter()
        defer { turnstile.leave() }
        listState.withLock { s in
            s.nestedBatch = BatchUpdate()
            s.nestedCompletions = []
        }
        var batch = BatchUpdate()
        updates(&batch)
        let (nested, nestedCompletions) = listState.withLock { s in
            defer { s.nestedBatch = BatchUpdate(); s.nestedCompletions = [] }
            return (s.nestedBatch, s.nestedCompletions)
        }
        batch.append(nested)
        try submitBatch(batch, completions: nestedCompletions + (completion.map { [$0] } ?? []))
    }

    /// Texture's reloadData: every item gets a new element and node. Any thread.
    public func reloadData(completion: ListCompletion? = nil) {
        let nested = turnstile.isHeldByCurrentThread
        if !nested { turnstile.enter() }
        defer { if !nested { turnstile.leave() } }
        guard let dataSource else {
            finish(completion.map { [$0] } ?? [], success: false)
            return
        }
        let counts = (try? queryCounts(dataSource)) ?? []
        let width = listState.withLock { $0.width }
        let map = ListElementMap.fresh(counts: counts) { makeElement(at: $0, dataSource: dataSource, width: width) }
        let (removed, sequence) = listState.withLock { s in
            defer { s.pendingMap = map; s.hasLoadedInitially = true }
            s.submittedEdits += 1
            return (s.pendingMap.allElements, s.submittedEdits)
        }
        enqueue(ListEdit(map: map, removed: removed, changeCount: map.elementCount, isReload: true,
                         completions: completion.map { [$0] } ?? [], width: width,
                         submittedAt: DispatchTime.now().uptimeNanoseconds, sequence: sequence))
    }

    /// Steps 3–6 of an outermost batch, inside the turn.
    private func submitBatch(_ batch: BatchUpdate, completions: [ListCompletion]) throws(BatchUpdateError) {
        let submittedAt = DispatchTime.now().uptimeNanoseconds
        let (loaded, width) = listState.withLock { ($0.hasLoadedInitially, $0.width) }
        guard let dataSource else {
            finish(completions, success: false)
            return
        }
        // 3. Nothing to edit before the first load.
        guard loaded else {
            finish(completions, success: true)
            return
        }
        // 4. Counts and validation.
        let newCounts = try queryCounts(dataSource)
        let old = listState.withLock { $0.pendingMap }
        let completed = try batch.completed(oldCounts: old.counts, newCounts: newCounts)
        // 5. The new pending map.
        let (map, removed) = old.applying(completed) { makeElement(at: $0, dataSource: dataSource, width: width) }
        let sequence = listState.withLock { s in
            s.pendingMap = map
            s.submittedEdits += 1
            return s.submittedEdits
        }
        // 6. Measuring and commit.
        enqueue(ListEdit(map: map, removed: removed, changeCount: completed.changeCount, isReload: false,
                         completions: completions, width: width, submittedAt: submittedAt, sequence: sequence))
    }

    /// A new width (Texture: the table's bounds width changed; a rotation): every item gets its range for
    /// that width and is measured again, concurrently, then committed as an empty batch.
    func relayoutAllItems(width: Double) {
        let nested = turnstile.isHeldByCurrentThread
        if !nested { turnstile.enter() }
        defer { if !nested { turnstile.leave() } }
        let (map, loaded) = listState.withLock { s in
            s.width = width
            return (s.pendingMap, s.hasLoadedInitially)
        }
        guard loaded else { return }
        for (section, elements) in map.sections.enumerated() {
            for (item, element) in elements.enumerated() {
                element.setConstrainedSize(constrainedSize(at: ListIndexPath(item: item, section: section), width: width))
            }
        }
        let sequence = listState.withLock { s in
            s.submittedEdits += 1
            return s.submittedEdits
        }
        enqueue(ListEdit(map: map, removed: [], changeCount: 0, isReload: false, completions: [], width: width,
                         submittedAt: DispatchTime.now().uptimeNanoseconds, sequence: sequence))
    }

    /// Waits until every edit asked before this call is committed on the main actor. Any context.
    public func waitUntilAllUpdatesAreCommitted() async {
        let target = listState.withLock { $0.submittedEdits }
        await presentation.waitForCommit(target)
    }

    /// Texture's waitUntilAllUpdatesAreProcessed: blocks the main actor until every edit asked so far is
    /// measured and committed. Edits another thread asks while this waits are not waited for.
    @MainActor public func waitUntilAllUpdatesAreProcessed() {
        dataController.waitUntilAllProcessed()
    }

    // MARK: - Steps

    /// The editing queue holds the list weakly: a list released while an edit measures is not kept alive
    /// by it (its commit is dropped: nothing shows the list any more).
    private func enqueue(_ edit: ListEdit) {
        dataController.process(edit, kind: layoutKind) { [weak self] prepared in self?.commit(prepared) }
    }

    /// Completions of an edit that was not submitted, on the main actor, in order.
    private func finish(_ completions: [ListCompletion], success: Bool) {
        guard !completions.isEmpty else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated { for completion in completions { completion(success) } }
        }
    }

    private func queryCounts(_ dataSource: any ListDataSource) throws(BatchUpdateError) -> [Int] {
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else { throw .negativeCount(section: nil, count: sections) }
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0..<sections {
            let count = dataSource.list(self, numberOfItemsInSection: section)
            guard count >= 0 else { throw .negativeCount(section: section, count: count) }
            counts.append(count)
        }
        return counts
    }

    private func makeElement(at path: ListIndexPath, dataSource: any ListDataSource, width: Double) -> ListElement {
        ListElement(block: dataSource.list(self, nodeBlockForItemAt: path),
                    constrainedSize: constrainedSize(at: path, width: width))
    }

    /// The delegate's range or the kind's default (Texture §6); a table keeps only the delegate's heights.
    func constrainedSize(at path: ListIndexPath, width: Double) -> SizeRange {
        guard let range = delegate?.list(self, constrainedSizeForItemAt: path) else {
            return layoutKind.defaultConstrainedSize(width: width)
        }
        guard case .table = layoutKind else { return range }
        return SizeRange(min: Size(width: width, height: range.min.height),
                         max: Size(width: width, height: range.max.height))
    }
}

extension BatchUpdate {
    mutating func append(_ other: BatchUpdate) {
        itemDeletes += other.itemDeletes
        itemInserts += other.itemInserts
        itemReloads += other.itemReloads
        sectionDeletes += other.sectionDeletes
        sectionInserts += other.sectionInserts
        sectionReloads += other.sectionReloads
    }
}
