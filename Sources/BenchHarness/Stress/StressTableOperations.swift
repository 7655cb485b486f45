import Foundation
import LayoutCore
import NodeTree

// Performing the table operations (StressOperation.swift) and drawing them (StressLaneGenerator).
//
// A batch is planned against the model as it is inside the table's edit turn — never against what the
// drawing lane saw, which other lanes may have changed since — so the edits it records always match the
// counts the table asks for next (UIKit's rule: deletes and reloads name old rows, inserts new ones).
//
//   plan(edits, old)
//     1. deletes, reloads and move sources pick distinct old rows (position modulo the count)
//     2. a batch with a reload keeps only its deletes and reloads: a reload's new row is then its old row
//        less the deletes before it, the mapping the table applies, with no insert to make it ambiguous
//     3. the kept rows in order (reloaded ones get a new version), then each insert and move destination
//        at its position modulo the growing count
//     4. the recorded inserts are the final rows of the inserted entries

/// One edit of a `tableBatch`, with raw positions (reduced when the batch runs).
public enum StressTableEdit: Codable, Equatable, Hashable, Sendable {
    case insert(at: Int)
    case delete(at: Int)
    case reload(at: Int)
    case move(from: Int, to: Int)
}

/// A batch planned against the model: the model after it and the edits to record.
struct StressTablePlan {
    var items: [StressTableItem]
    var deletes: [Int] = []
    var reloads: [Int] = []
    var inserts: [Int] = []

    static func make(_ edits: [StressTableEdit], old: [StressTableItem], newIDs: [Int]) -> StressTablePlan {
        let n = old.count
        func reduce(_ raw: Int, _ count: Int) -> Int { count > 0 ? ((raw % count) + count) % count : 0 }
        // 1–2.
        let hasReload = edits.contains { if case .reload = $0 { return true } else { return false } }
        var deleted = Set<Int>(), reloaded = Set<Int>()
        var pending: [(item: StressTableItem, raw: Int)] = []
        var ids = newIDs.makeIterator()
        for edit in edits {
            switch edit {
            case .delete(let raw):
                guard n > 0 else { continue }
                let i = reduce(raw, n)
                if !reloaded.contains(i) { deleted.insert(i) }
            case .reload(let raw):
                guard n > 0 else { continue }
                let i = reduce(raw, n)
                if !deleted.contains(i) { reloaded.insert(i) }
            case .insert(let raw):
                guard !hasReload, let id = ids.next() else { continue }
                pending.append((StressTableItem(id: id, version: 0), raw))
            case .move(let from, let to):
                guard !hasReload, n > 0 else { continue }
                let i = reduce(from, n)
                guard !deleted.contains(i) else { continue }
                deleted.insert(i)
                pending.append((old[i], to))
            }
        }
        // 3.
        var entries: [(item: StressTableItem, inserted: Bool)] = []
        for (i, item) in old.enumerated() where !deleted.contains(i) {
            var item = item
            if reloaded.contains(i) { item.version += 1 }
            entries.append((item, false))
        }
        for (item, raw) in pending {
            entries.insert((item, true), at: reduce(raw, entries.count + 1))
        }
        // 4.
        var plan = StressTablePlan(items: entries.map(\.item))
        plan.deletes = deleted.sorted()
        plan.reloads = reloaded.sorted()
        plan.inserts = entries.indices.filter { entries[$0].inserted }
        return plan
    }

    /// The batch as recorded; the `table-unrecorded-delete` fault leaves the first delete out.
    func record(into update: inout BatchUpdate, dropFirstDelete: Bool) {
        let path = { (item: Int) in ListIndexPath(item: item, section: 0) }
        update.deleteItems(at: (dropFirstDelete ? Array(deletes.dropFirst()) : deletes).map(path))
        update.reloadItems(at: reloads.map(path))
        update.insertItems(at: inserts.map(path))
    }
}

extension StressForest {
    /// Step 3 of a table operation (StressExecutor+Perform.swift); lane 0 on the main actor.
    func performTable(_ op: StressOperation, lane: Int) {
        if lane == 0 { MainActor.assumeIsolated { table.startIfNeeded() } }
        guard let list = table.table else { return }
        switch op {
        case .tableBatch(let edits):
            let insertCount = edits.filter { if case .insert = $0 { return true } else { return false } }.count
            let ids = (0..<insertCount).map { _ in table.newItemID() }
            batch(list) { old in StressTablePlan.make(edits, old: old, newIDs: ids) }

        case .tableReload:
            do {
                try list.performBatchUpdates({ _ in
                    table.mutateModel { $0.reverse() }
                    list.reloadData()
                }, completion: table.askedEdit())
            } catch {
                table.refusedEdit(error, "reload: ")
            }

        case .tableWidth(let width):
            MainActor.assumeIsolated {
                list.setViewportSize(Size(width: width, height: StressTable.viewportHeight))
            }

        case .tableScroll(let position):
            MainActor.assumeIsolated {
                let range = max(0, list.contentSize.height - StressTable.viewportHeight)
                table.scrolled.withLock { $0 = true }
                list.scroll(toOffset: (min(max(position, 0), 1) * range).rounded())
            }

        case .tableFetch(let count):
            guard let context = table.takePendingFetch() else { return }
            let ids = (0..<max(count, 0)).map { _ in table.newItemID() }
            batch(list) { old in
                let edits = ids.indices.map { StressTableEdit.insert(at: old.count + $0) }
                return StressTablePlan.make(edits, old: old, newIDs: ids)
            }
            context.completeBatchFetching(true)

        case .tableCommit:
            MainActor.assumeIsolated { _ = RunLoop.main.run(mode: .default, before: Date()) }

        default:
            break
        }
    }

    /// One performBatchUpdates whose updates closure plans against the model and changes it, in the turn.
    private func batch(_ list: TableNode, _ plan: @escaping ([StressTableItem]) -> StressTablePlan) {
        let dropDelete = fault == .tableUnrecordedDelete
        do {
            try list.performBatchUpdates({ update in
                let planned = table.mutateModel { items -> StressTablePlan in
                    let p = plan(items)
                    items = p.items
                    return p
                }
                planned.record(into: &update, dropFirstDelete: dropDelete)
            }, completion: table.askedEdit())
        } catch {
            table.refusedEdit(error)
        }
    }
}

extension StressLaneGenerator {
    static let tableWidths: [Double] = [375, 320, 414, 768]

    mutating func makeTable(_ kind: StressOperationKind) -> StressOperation? {
        // Workers outpace the main actor's commits by far: past the backlog they draw something else.
        if lane > 0, kind == .tableBatch || kind == .tableReload,
           forest.table.backlog >= StressTable.maximumBacklog { return nil }
        switch kind {
        case .tableBatch:
            var edits: [StressTableEdit] = []
            let reloads = rng.chance(0.25)
            for _ in 0..<(1 + rng.below(4)) {
                let a = rng.below(64), b = rng.below(64)
                switch reloads ? 1 + rng.below(2) : rng.below(4) {
                case 0: edits.append(.insert(at: a))
                case 1: edits.append(.delete(at: a))
                case 2: edits.append(.reload(at: a))
                default: edits.append(.move(from: a, to: b))
                }
            }
            // Reload batches only delete besides: keep the table near its target, never past its cap.
            let rows = forest.table.items.count
            if rows < profile.tableRowCap / 2 {
                for _ in 0..<(1 + rng.below(3)) { edits.append(.insert(at: rng.below(64))) }
            }
            if rows > profile.tableRowCap { edits = [.delete(at: rng.below(64)), .delete(at: rng.below(64))] }
            return .tableBatch(edits: edits)
        case .tableReload:
            return .tableReload
        case .tableWidth:
            return lane == 0 ? .tableWidth(width: rng.pick(Self.tableWidths)) : nil
        case .tableScroll:
            return lane == 0 ? .tableScroll(position: Double(rng.below(11)) / 10) : nil
        case .tableFetch:
            return lane == 0 ? .tableFetch(count: 1 + rng.below(6)) : nil
        case .tableCommit:
            return lane == 0 ? .tableCommit : nil
        default:
            return nil
        }
    }
}
