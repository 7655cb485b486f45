// One batch of edits as the user states it (Texture's _ASHierarchyChangeSet before completion).
// UIKit's semantics: deletes and reloads name OLD index paths (before the batch), inserts
// name NEW ones (after it). A move is recorded as a delete of its old place and an insert at its new one —
// Texture has no real move — so a moved item gets a new node.

/// The edits of one `performBatchUpdates` call (nested calls add to their outermost batch).
public struct BatchUpdate: Sendable {
    var itemDeletes: [ListIndexPath] = []
    var itemInserts: [ListIndexPath] = []
    var itemReloads: [ListIndexPath] = []
    var sectionDeletes: [Int] = []
    var sectionInserts: [Int] = []
    var sectionReloads: [Int] = []

    init() {}

    public mutating func insertItems(at indexPaths: [ListIndexPath]) { itemInserts += indexPaths }
    public mutating func deleteItems(at indexPaths: [ListIndexPath]) { itemDeletes += indexPaths }
    public mutating func reloadItems(at indexPaths: [ListIndexPath]) { itemReloads += indexPaths }
    public mutating func moveItem(at old: ListIndexPath, to new: ListIndexPath) {
        itemDeletes.append(old)
        itemInserts.append(new)
    }

    public mutating func insertSections(_ sections: [Int]) { sectionInserts += sections }
    public mutating func deleteSections(_ sections: [Int]) { sectionDeletes += sections }
    public mutating func reloadSections(_ sections: [Int]) { sectionReloads += sections }
    public mutating func moveSection(_ old: Int, to new: Int) {
        sectionDeletes.append(old)
        sectionInserts.append(new)
    }

    public var isEmpty: Bool {
        itemDeletes.isEmpty && itemInserts.isEmpty && itemReloads.isEmpty
            && sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionReloads.isEmpty
    }
}

/// A batch whose counts do not add up, or that names places that do not exist (Texture's
/// ASCollectionInvalidUpdateException, with its messages). Thrown by `performBatchUpdates` on the thread
/// that asked for the batch; the list is left as it was.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    case deleteSectionOutOfRange(section: Int, sectionsBefore: Int)
    case deleteItemInMissingSection(ListIndexPath, sectionsBefore: Int)
    case deleteItemOutOfRange(ListIndexPath, itemsBefore: Int)
    case insertItemInMissingSection(ListIndexPath, sectionsAfter: Int)
    case insertItemOutOfRange(ListIndexPath, itemsAfter: Int)
    case insertSectionOutOfRange(section: Int, sectionsAfter: Int)
    case reloadAndDeleteSameSection(section: Int)
    case deleteAndReloadSameItem(ListIndexPath)
    case invalidItemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int)
    /// The data source answered a negative count.
    case negativeCount(section: Int?, count: Int)

    public var description: String {
        switch self {
        case let .invalidSectionCount(after, before, inserted, deleted):
            return "Invalid number of sections. The number of sections after the update (\(after)) must be equal "
                + "to the number of sections before the update (\(before)) plus or minus the number of sections "
                + "inserted or deleted (\(inserted) inserted, \(deleted) deleted)"
        case let .deleteSectionOutOfRange(section, before):
            return "Attempt to delete section \(section) but there are only \(before) sections before the update."
        case let .deleteItemInMissingSection(path, before):
            return "Attempt to delete item \(path.item) from section \(path.section), but there are only "
                + "\(before) sections before the update."
        case let .deleteItemOutOfRange(path, before):
            return "Attempt to delete item \(path.item) from section \(path.section), which only contains "
                + "\(before) items before the update."
        case let .insertItemInMissingSection(path, after):
            return "Attempt to insert item \(path.item) into section \(path.section), but there are only "
                + "\(after) sections after the update."
        case let .insertItemOutOfRange(path, after):
            return "Attempt to insert item \(path.item) into section \(path.section), which only contains "
                + "\(after) items after the update."
        case let .insertSectionOutOfRange(section, after):
            return "Attempt to insert section \(section) but there are only \(after) sections after the update."
        case let .reloadAndDeleteSameSection(section):
            return "Request to reload and delete same section \(section)."
        case let .deleteAndReloadSameItem(path):
            return "Attempt to delete and reload the same item at index path \(path)"
        case let .invalidItemCount(section, after, before, inserted, deleted):
            return "Invalid number of items in section \(section). The number of items after the update (\(after)) "
                + "must be equal to the number of items before the update (\(before)) plus or minus the number "
                + "of items inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .negativeCount(section, count):
            if let section { return "The data source gave \(count) items for section \(section)." }
            return "The data source gave \(count) sections."
        }
    }
}
