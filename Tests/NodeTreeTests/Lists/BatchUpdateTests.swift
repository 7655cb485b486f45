import Testing
import LayoutCore
@testable import NodeTree

// Texture's batch rules (_ASHierarchyChangeSet; the batch-update cases of ASCollectionViewTests): deletes and
// reloads name old index paths, inserts new ones, deletes before inserts; a batch that does not add up is a typed
// error with the counts, thrown by performBatchUpdates, and leaves the list unchanged.

@MainActor @Suite struct BatchUpdateTests {
    private func path(_ item: Int, _ section: Int = 0) -> ListIndexPath { ListIndexPath(item: item, section: section) }

    @Test func deletesAndReloadsUseOldPathsAndInsertsNewOnes() async throws {
        let model = ListModel([[0, 1, 2, 3, 4]])
        let table = await makeTable(model, viewport: Size(width: 100, height: 1000))
        let before = table.committedNodes
        // UIKit's example shape: delete old 1 and 3, reload old 4, insert new 0 — all in one batch.
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0 = [[100, 0, 2, 4]] }
            batch.deleteItems(at: [path(1), path(3)])
            batch.reloadItems(at: [path(4)])
            batch.insertItems(at: [path(0)])
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(committedIDs(table) == [100, 0, 2, 4])
        let after = table.committedNodes
        // Kept items keep their nodes; the reloaded one gets a new node.
        #expect(after[1] === before[0])
        #expect(after[2] === before[2])
        #expect(after[3] !== before[4])
        #expect(table.committedFrames.map(\.minY) == [0, 50, 100, 150])
    }

    @Test func aMoveIsADeleteAndAnInsertWithANewNode() async throws {
        let model = ListModel([[0, 1, 2]])
        let table = await makeTable(model, viewport: Size(width: 100, height: 1000))
        let before = table.committedNodes
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0 = [[1, 2, 0]] }
            batch.moveItem(at: path(0), to: path(2))
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(committedIDs(table) == [1, 2, 0])
        #expect(table.committedNodes[0] === before[1])
        #expect(table.committedNodes[2] !== before[0])
    }

    @Test func sectionsMoveAndReloadAgainstOldAndNewIndices() async throws {
        let model = ListModel([[0], [1, 2], [3]])
        let table = await makeTable(model, viewport: Size(width: 100, height: 1000))
        let before = table.committedNodes
        // Last section to the front (the move of Texture's testThatSectionContextsAreCorrectAfterSectionMove), and
        // old section 0 reloaded.
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0 = [[3], [0], [1, 2]] }
            batch.moveSection(2, to: 0)
            batch.reloadSections([0])
        }
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(committedIDs(table) == [3, 0, 1, 2])
        #expect(table.committedNodes[2] === before[1])
        #expect(table.committedNodes[1] !== before[0])
        #expect(table.numberOfSections == 3)
    }

    @Test func aBadBatchIsATypedErrorWithTheCountsAndChangesNothing() async throws {
        let model = ListModel([[0, 1], [2]])
        let table = await makeTable(model)
        // Texture's testThatSubmittingAnInvalidDeleteThrowsAnException: delete an item of a section that does not
        // exist.
        #expect(throws: BatchUpdateError.deleteItemInMissingSection(path(0, 3), sectionsBefore: 2)) {
            try table.performBatchUpdates { $0.deleteItems(at: [path(0, 3)]) }
        }
        // Texture's testThatDeletingAndReloadingTheSameItemThrowsAnException: delete and reload the same item.
        #expect(throws: BatchUpdateError.deleteAndReloadSameItem(path(0))) {
            try table.performBatchUpdates { batch in
                batch.deleteItems(at: [path(0)])
                batch.reloadItems(at: [path(0)])
            }
        }
        // Texture's testThatHavingAnIncorrectSectionCountThrowsAnException: delete section 0, data unchanged.
        #expect(throws: BatchUpdateError.invalidSectionCount(after: 2, before: 2, inserted: 0, deleted: 1)) {
            try table.performBatchUpdates { $0.deleteSections([0]) }
        }
        // Texture's testThatHavingAnIncorrectItemCountWithNoUpdatesThrowsAnException: one more item, empty batch.
        model.sections.withLock { $0[0].append(9) }
        #expect(throws: BatchUpdateError.invalidItemCount(section: 0, after: 3, before: 2, inserted: 0, deleted: 0)) {
            try table.performBatchUpdates { _ in }
        }
        model.sections.withLock { $0[0].removeLast() }
        // Texture's testThatInsertingAnInvalidSectionThrowsAnException: one section added, inserted at count + 1.
        model.sections.withLock { $0.append([7]) }
        #expect(throws: BatchUpdateError.insertSectionOutOfRange(section: 4, sectionsAfter: 3)) {
            try table.performBatchUpdates { $0.insertSections([4]) }
        }
        model.sections.withLock { $0.removeLast() }
        // An insert past the end; a delete of a missing item; a negative section (Texture #594).
        #expect(throws: BatchUpdateError.insertItemOutOfRange(path(5), itemsAfter: 2)) {
            try table.performBatchUpdates { $0.insertItems(at: [path(5)]) }
        }
        #expect(throws: BatchUpdateError.deleteItemOutOfRange(path(2), itemsBefore: 2)) {
            try table.performBatchUpdates { $0.deleteItems(at: [path(2)]) }
        }
        #expect(throws: BatchUpdateError.deleteSectionOutOfRange(section: -1, sectionsBefore: 2)) {
            model.sections.withLock { $0.removeLast() }
            defer { model.sections.withLock { $0.append([2]) } }
            try table.performBatchUpdates { $0.deleteSections([-1]) }
        }
        // Deleting one row twice is one delete, so the counts say what is wrong (Texture would remove two).
        model.sections.withLock { $0[0] = [] }
        #expect(throws: BatchUpdateError.invalidItemCount(section: 0, after: 0, before: 2, inserted: 0, deleted: 1)) {
            try table.performBatchUpdates { $0.deleteItems(at: [path(1), path(1)]) }
        }
        model.sections.withLock { $0[0] = [0, 1] }
        // Nothing changed: the list still matches the model.
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(committedIDs(table) == [0, 1, 2])
        #expect(table.numberOfItems(inSection: 0) == 2)
        let error = BatchUpdateError.invalidItemCount(section: 0, after: 3, before: 2, inserted: 0, deleted: 0)
        #expect(error.description.contains("(3) must be equal to the number of items before the update (2)"))
    }

    @Test func anUpdateBeforeTheInitialLoadIsSkipped() async throws {
        let model = ListModel([[0]])
        let table = TableNode()
        table.dataSource = model
        let called = Locked<Bool?>(nil)
        model.sections.withLock { $0.append([1]) }
        try table.performBatchUpdates({ $0.insertSections([1]) }, completion: { called.store($0) })
        await drainMainQueue()
        #expect(called.load() == true)
        #expect(table.numberOfSections == 0)
    }

    @Test func thePendingMapChangesAtOnceWhenTheBatchIsSubmitted() async throws {
        let model = ListModel([[0]])
        let table = await makeTable(model)
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0[0].insert(5, at: 0) }
            batch.insertItems(at: [path(0)])
        }
        // Texture's testThatNodeAtIndexPathIsCorrectImmediatelyAfterSubmittingUpdate: the node API answers from the
        // pending map immediately.
        #expect(table.numberOfItems(inSection: 0) == 2)
        #expect(table.elementForItem(at: path(0)) !== table.elementForItem(at: path(1)))
        try table.performBatchUpdates { batch in
            model.sections.withLock { $0 = [] }
            batch.deleteSections([0])
        }
        #expect(table.numberOfSections == 0)
        #expect(table.elementForItem(at: path(0)) == nil)
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(table.committedNodes.isEmpty)
    }

    @Test func nestedBatchCompletionsRunInOrder() async throws {
        let model = ListModel([[0]])
        let table = await makeTable(model)
        let order = Locked<[String]>([])
        try table.performBatchUpdates({ outer in
            try? table.performBatchUpdates({ inner in
                model.sections.withLock { $0[0].append(1) }
                inner.insertItems(at: [path(1)])
            }, completion: { _ in order.withLock { $0.append("inner0") } })
            try? table.performBatchUpdates({ _ in }, completion: { _ in order.withLock { $0.append("inner1") } })
            model.sections.withLock { $0[0].append(2) }
            outer.insertItems(at: [path(2)])
        }, completion: { _ in order.withLock { $0.append("outer") } })
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(order.load() == ["inner0", "inner1", "outer"])
        #expect(committedIDs(table) == [0, 1, 2])
    }

    @Test func theDelegatesRangeSetsTheHeightAndTheTableTheWidth() async throws {
        // Texture's testConstrainedSizeForRowAtIndexPath: a 100-wide table, delegate 10×42 exactly.
        let model = ListModel([[0, 1]])
        model.constrainedSize.store(SizeRange(exactly: Size(width: 10, height: 42)))
        let table = await makeTable(model)
        #expect(table.committedFrames.map(\.size) == [Size(width: 100, height: 42), Size(width: 100, height: 42)])
        #expect(table.elementForItem(at: path(0))?.constrainedSize.min.width == 100)
    }

    @Test func aCollectionFlowsFixedSizeItemsIntoLines() async throws {
        let model = ListModel([[0, 1, 2, 3, 4]])
        let collection = CollectionNode(itemSize: Size(width: 40, height: 30))
        collection.dataSource = model
        collection.setViewportSize(Size(width: 100, height: 100))
        collection.reloadData()
        await collection.waitUntilAllUpdatesAreCommitted()
        #expect(collection.committedFrames == [
            Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 40, y: 0, width: 40, height: 30),
            Rect(x: 0, y: 30, width: 40, height: 30), Rect(x: 40, y: 30, width: 40, height: 30),
            Rect(x: 0, y: 60, width: 40, height: 30),
        ])
        #expect(collection.contentSize.height == 90)
    }
}
