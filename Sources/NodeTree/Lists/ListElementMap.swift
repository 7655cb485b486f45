import LayoutCore

// The items of a list as one immutable value (Texture's ASElementMap): the
// pending map is the data source's index space, replaced in each edit's turn; the committed map is what the
// main actor shows, replaced by each commit. Elements are shared between maps that keep them.

struct ListElementMap: Sendable {
    private(set) var sections: [[ListElement]] = []

    var counts: [Int] { sections.map(\.count) }
    var sectionCount: Int { sections.count }
    var elementCount: Int { sections.reduce(0) { $0 + $1.count } }

    func element(at path: ListIndexPath) -> ListElement? {
        guard path.section >= 0, path.section < sections.count,
              path.item >= 0, path.item < sections[path.section].count else { return nil }
        return sections[path.section][path.item]
    }

    /// Every element, section by section, in index order.
    var allElements: [ListElement] { sections.flatMap { $0 } }

    /// A map made entirely of new elements (reloadData).
    static func fresh(counts: [Int], makeElement: (ListIndexPath) -> ListElement) -> ListElementMap {
        var map = ListElementMap()
        map.sections = counts.enumerated().map { section, count in
            (0..<count).map { makeElement(ListIndexPath(item: $0, section: section)) }
        }
        return map
    }

    /// The map after a validated batch, and the elements it removed. UIKit's order: item deletes (old
    /// paths, descending) while the sections are still the old ones, section deletes (descending), section
    /// inserts (ascending, filled from the new counts), item inserts (new paths, ascending). Validation
    /// has checked every index, so none of these steps can go out of range.
    func applying(_ batch: CompletedBatch,
                  makeElement: (ListIndexPath) -> ListElement) -> (map: ListElementMap, removed: [ListElement]) {
        var sections = self.sections
        var removed: [ListElement] = []
        for path in batch.itemDeletes {
            removed.append(sections[path.section].remove(at: path.item))
        }
        for section in batch.sectionDeletes {
            removed += sections.remove(at: section)
        }
        for section in batch.sectionInserts {
            sections.insert([], at: section)
        }
        for section in batch.sectionInserts {
            sections[section] = (0..<batch.newCounts[section]).map {
                makeElement(ListIndexPath(item: $0, section: section))
            }
        }
        for path in batch.itemInserts {
            sections[path.section].insert(makeElement(path), at: path.item)
        }
        var map = ListElementMap()
        map.sections = sections
        return (map, removed)
    }
}
