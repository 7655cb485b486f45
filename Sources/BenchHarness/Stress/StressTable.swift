import Foundation
import LayoutCore
import NodeTree

// The stress run's list (issue #22 item 6): one TableNode per forest, its data source (the model: item ids
// in order, one section) and its batch-fetching delegate. Table operations (StressTableOperations.swift)
// change the model and tell the table in the same edit turn, as an app must; the invariants
// (StressInvariants+Table.swift) compare what the table committed with the model at quiescence.
//
// Every item has an id and a version: a reload bumps the version, so a committed node names the exact
// item state it was made for. Cells record where their views loaded and are tracked weakly, so the
// invariants can tell a view loaded off the main actor and a cell that outlives the table.

/// One row of the model.
struct StressTableItem: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var version: Int
    var description: String { "\(id).\(version)" }
}

/// What the cells of one table report back (any thread).
final class StressTableLedger: @unchecked Sendable {
    private struct Weak { weak var cell: StressTableCell? }
    private struct Cells {
        var list: [Weak] = []
        var made = 0
        var compactAt = 4096
    }
    private let cells = Locked(Cells())
    private let offMain = Locked(0)

    func made(_ cell: StressTableCell) {
        let full = cells.withLock { c -> [Weak]? in
            c.list.append(Weak(cell: cell))
            c.made += 1
            guard c.list.count >= c.compactAt else { return nil }
            defer { c.list = [] }
            return c.list
        }
        // Long runs make millions of cells: drop the released ones, outside the lock (a weak load can
        // release the last reference, and a cell's deinit must not run under it).
        guard let full else { return }
        let live = full.filter { $0.cell != nil }
        cells.withLock { c in
            c.list += live
            c.compactAt = max(4096, c.list.count * 2)
        }
    }

    func loadedOffMain() { offMain.withLock { $0 += 1 } }

    var offMainLoads: Int { offMain.withLock { $0 } }
    var cellsMade: Int { cells.withLock { $0.made } }
    /// Cells still alive.
    var alive: [StressTableCell] {
        let list = cells.withLock { $0.list }
        return list.compactMap(\.cell)
    }
}

/// A table cell: a leaf whose height depends on the width it is measured at, so a cell measured for a
/// stale width has a committed frame that differs from its layout for the current range.
final class StressTableCell: CellNode, @unchecked Sendable {
    let item: StressTableItem
    private weak var ledger: StressTableLedger?

    init(item: StressTableItem, ledger: StressTableLedger) {
        self.item = item
        self.ledger = ledger
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let width = constrainedSize.width.isFinite && constrainedSize.width > 0 ? constrainedSize.width : 375
        // Narrower rows wrap into more lines: the height must change with the width.
        let lines = (Double(240 + (item.id % 5) * 400) / width).rounded(.up)
        return Size(width: width, height: 12 + lines * 14 + Double(item.version % 3) * 4)
    }

    @MainActor override func didLoad() {
        super.didLoad()
        // The node tree promises didLoad on the main actor; a view loaded elsewhere is what this catches.
        if !Thread.isMainThread { ledger?.loadedOffMain() }
    }
}

/// The model, the data source and the delegate of the stress table.
final class StressTable: ListDataSource, ListDelegate, ListBatchFetchingDelegate, @unchecked Sendable {
    static let viewportHeight = 600.0
    static let initialRows = 24

    private let model: Locked<[StressTableItem]>
    private let nextItemID = Locked(1)
    private let list = Locked<TableNode?>(nil)
    let ledger = StressTableLedger()
    /// The context of the fetch the table asked for and nobody completed yet (set on a background queue).
    private let pendingFetch = Locked<BatchFetchingContext?>(nil)
    /// willBeginBatchFetch calls that arrived (quiescence waits for the ones the table began).
    private let fetchesArrived = Locked(0)
    /// Batches the table refused (BatchUpdateError): a harness that keeps the model and the table in step
    /// never makes one.
    let rejectedBatches = Locked<[String]>([])
    /// Set by the first main-actor table operation: viewport, then the initial reloadData.
    private let started = Locked(false)
    /// Edits asked for and edits whose completion ran (main actor): the generator holds back new batches
    /// while the main actor is far behind, so commits keep interleaving with edits instead of piling up.
    private let editsAsked = Locked(0)
    private let editsCompleted = Locked(0)
    static let maximumBacklog = 32
    /// Set by the first scroll step: the range controller's mode is Full from then on (Texture).
    let scrolled = Locked(false)

    init() {
        var items: [StressTableItem] = []
        for id in 1...Self.initialRows { items.append(StressTableItem(id: id, version: 0)) }
        model = Locked(items)
        nextItemID.withLock { $0 = Self.initialRows + 1 }
        let table = TableNode(measuringMode: .pool(width: 2))
        list.withLock { $0 = table }
        table.dataSource = self
        table.delegate = self
    }

    var table: TableNode? { list.withLock { $0 } }
    var items: [StressTableItem] { model.withLock { $0 } }
    var fetchCallsArrived: Int { fetchesArrived.withLock { $0 } }
    var isStarted: Bool { started.withLock { $0 } }

    /// Drops the table (quiescence, after the checks that need it).
    func dropTable() {
        let table = list.withLock { t -> TableNode? in defer { t = nil }; return t }
        table?.dataSource = nil
        table?.delegate = nil
        pendingFetch.withLock { $0 = nil }
    }

    /// Main actor: the viewport and the initial load, once.
    @MainActor func startIfNeeded() {
        guard let table, !started.withLock({ s in defer { s = true }; return s }) else { return }
        table.setViewportSize(Size(width: 375, height: Self.viewportHeight))
        table.reloadData()
    }

    func newItemID() -> Int { nextItemID.withLock { id in defer { id += 1 }; return id } }

    /// Runs `body` on the model (inside the table's edit turn, so the counts the table asks for next see it).
    func mutateModel<R>(_ body: (inout [StressTableItem]) -> R) -> R { model.withLock(body) }

    /// Counts an edit; its completion counts it done.
    func askedEdit() -> ListCompletion {
        editsAsked.withLock { $0 += 1 }
        return { [editsCompleted] _ in editsCompleted.withLock { $0 += 1 } }
    }

    /// A refused batch: its completion never runs.
    func refusedEdit(_ error: BatchUpdateError, _ context: String = "") {
        editsCompleted.withLock { $0 += 1 }
        rejectedBatches.withLock { $0.append(context + "\(error)") }
    }

    /// Edits asked for whose completion has not run yet.
    var backlog: Int { editsAsked.withLock { $0 } - editsCompleted.withLock { $0 } }

    func takePendingFetch() -> BatchFetchingContext? {
        pendingFetch.withLock { c in defer { c = nil }; return c }
    }

    // MARK: - ListDataSource

    func list(_ list: ListNode, numberOfItemsInSection section: Int) -> Int {
        model.withLock { $0.count }
    }

    func list(_ list: ListNode, nodeBlockForItemAt indexPath: ListIndexPath) -> CellNodeBlock {
        // Called in the edit's turn, so the model is exactly as the edit left it.
        let item = model.withLock { $0.indices.contains(indexPath.item) ? $0[indexPath.item] : nil }
            ?? StressTableItem(id: -1, version: 0)
        let ledger = ledger
        return {
            let cell = StressTableCell(item: item, ledger: ledger)
            ledger.made(cell)
            return cell
        }
    }

    // MARK: - Batch fetching

    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchingContext) {
        pendingFetch.withLock { $0 = context }
        fetchesArrived.withLock { $0 += 1 }
    }
}
