// Completing and validating a batch (Texture's -markCompletedWithNewItemCounts: and -_validateUpdate),
// against the counts before the batch (the list's pending map) and after it
// (the data source, asked in the same edit's turn).
//
//   completed(old:new:)
//     1. section reloads → delete(S) + insert(S's new index), mapped through the user's own section
//        deletes and inserts; reloading a deleted section is an error
//     2. item reloads → delete(old path) + insert(new path), mapped through the user's item deletes (by old
//        section) and inserts (by new section); a path that cannot be mapped is dropped
//     3. final item deletes leave out paths in deleted sections, sorted descending; final item inserts leave
//        out paths in inserted sections, sorted ascending; section deletes descending, inserts ascending
//     4. validation, first failure wins, in Texture's order (see `validate`)
//
// Unlike Texture, duplicate item paths are merged (Texture keeps them, and two deletes of one path would
// remove two rows): the count check then reports the batch instead of a corrupted list.

/// A batch ready to apply: every index valid, in the order the map applies them.
struct CompletedBatch: Sendable {
    /// Descending.
    var sectionDeletes: [Int]
    /// Ascending.
    var sectionInserts: [Int]
    /// Descending (old paths).
    var itemDeletes: [ListIndexPath]
    /// Ascending (new paths).
    var itemInserts: [ListIndexPath]
    var newCounts: [Int]

    var changeCount: Int { sectionDeletes.count + sectionInserts.count + itemDeletes.count + itemInserts.count }
}

/// Texture's ASIntegerMap for an update: old index → new index given deletes (old) and inserts (new).
struct IndexMapping {
    let deletes: [Int]  // sorted ascending, distinct
    let inserts: [Int]  // sorted ascending, distinct

    init(deletes: some Sequence<Int>, inserts: some Sequence<Int>) {
        self.deletes = Set(deletes).sorted()
        self.inserts = Set(inserts).sorted()
    }

    /// nil when `old` is deleted.
    func newIndex(_ old: Int) -> Int? {
        var deletedBefore = 0
        for d in deletes {
            if d == old { return nil }
            if d < old { deletedBefore += 1 } else { break }
        }
        var index = old - deletedBefore
        for i in inserts where i <= index { index += 1 }
        return index
    }
}

extension BatchUpdate {
    func completed(oldCounts: [Int], newCounts: [Int]) throws(BatchUpdateError) -> CompletedBatch {
        let sectionMap = IndexMapping(deletes: sectionDeletes, inserts: sectionInserts)

        // 1. Section reloads.
        var sectionDeletesAll = Set(sectionDeletes)
        var sectionInsertsAll = Set(sectionInserts)
        var reloadedNewSections = Set<Int>()
        for section in Set(sectionReloads) {
            guard let new = sectionMap.newIndex(section) else {
                throw .reloadAndDeleteSameSection(section: section)
            }
            sectionDeletesAll.insert(section)
            sectionInsertsAll.insert(new)
            reloadedNewSections.insert(new)
        }

        // 2. Item reloads.
        var deletePaths = Set(itemDeletes)
        var insertPaths = Set(itemInserts)
        let deletesBySection = Dictionary(grouping: itemDeletes, by: \.section).mapValues { $0.map(\.item) }
        let insertsBySection = Dictionary(grouping: itemInserts, by: \.section).mapValues { $0.map(\.item) }
        for path in Set(itemReloads) {
            guard !deletePaths.contains(path) else { throw .deleteAndReloadSameItem(path) }
            guard let newSection = sectionMap.newIndex(path.section) else { continue }
            let itemMap = IndexMapping(deletes: deletesBySection[path.section] ?? [],
                                       inserts: insertsBySection[newSection] ?? [])
            guard let newItem = itemMap.newIndex(path.item) else { continue }
            deletePaths.insert(path)
            insertPaths.insert(ListIndexPath(item: newItem, section: newSection))
        }

        // 3. Final order.
        let finalDeletes = deletePaths.filter { !sectionDeletesAll.contains($0.section) }.sorted(by: >)
        let finalInserts = insertPaths.filter { !sectionInsertsAll.contains($0.section) }.sorted()
        let batch = CompletedBatch(sectionDeletes: sectionDeletesAll.sorted(by: >),
                                   sectionInserts: sectionInsertsAll.sorted(),
                                   itemDeletes: finalDeletes, itemInserts: finalInserts, newCounts: newCounts)

        // 4. Validation.
        try validate(batch, oldCounts: oldCounts, sectionMap: sectionMap, reloadedOld: Set(sectionReloads))
        return batch
    }

    /// Texture's -_validateUpdate, first failure wins.
    private func validate(_ batch: CompletedBatch, oldCounts: [Int], sectionMap: IndexMapping,
                          reloadedOld: Set<Int>) throws(BatchUpdateError) {
        let oldSections = oldCounts.count, newSections = batch.newCounts.count
        // 1. Section count.
        if newSections != oldSections + batch.sectionInserts.count - batch.sectionDeletes.count {
            throw .invalidSectionCount(after: newSections, before: oldSections,
                                       inserted: batch.sectionInserts.count, deleted: batch.sectionDeletes.count)
        }
        // 2. Deleted sections exist.
        for section in batch.sectionDeletes where section < 0 || section >= oldSections {
            throw .deleteSectionOutOfRange(section: section, sectionsBefore: oldSections)
        }
        // 3. Deleted items exist.
        for path in batch.itemDeletes {
            guard path.section >= 0, path.section < oldSections else {
                throw .deleteItemInMissingSection(path, sectionsBefore: oldSections)
            }
            guard path.item >= 0, path.item < oldCounts[path.section] else {
                throw .deleteItemOutOfRange(path, itemsBefore: oldCounts[path.section])
            }
        }
        // 4. Inserted items fit.
        for path in batch.itemInserts {
            guard path.section >= 0, path.section < newSections else {
                throw .insertItemInMissingSection(path, sectionsAfter: newSections)
            }
            guard path.item >= 0, path.item < batch.newCounts[path.section] else {
                throw .insertItemOutOfRange(path, itemsAfter: batch.newCounts[path.section])
            }
        }
        // 5. Inserted sections fit.
        for section in batch.sectionInserts where section < 0 || section >= newSections {
            throw .insertSectionOutOfRange(section: section, sectionsAfter: newSections)
        }
        // 6. Every kept section's count adds up (the user's own item edits; reloads cancel out).
        let deletedOld = Set(sectionDeletes)
        var deletesBySection: [Int: Int] = [:], insertsBySection: [Int: Int] = [:]
        for path in Set(itemDeletes) { deletesBySection[path.section, default: 0] += 1 }
        for path in Set(itemInserts) { insertsBySection[path.section, default: 0] += 1 }
        for section in 0..<oldSections where !deletedOld.contains(section) && !reloadedOld.contains(section) {
            guard let newSection = sectionMap.newIndex(section), newSection < newSections else { continue }
            let deleted = deletesBySection[section, default: 0]
            let inserted = insertsBySection[newSection, default: 0]
            let after = batch.newCounts[newSection]
            if after != oldCounts[section] + inserted - deleted {
                throw .invalidItemCount(section: section, after: after, before: oldCounts[section],
                                        inserted: inserted, deleted: deleted)
            }
        }
    }
}
