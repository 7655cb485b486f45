import LayoutCore
import NodeTree

// The generated feed as a list's data source: the models live behind a lock so that background threads
// (batch fetching, streamed edits) change them inside their performBatchUpdates closures, and each node
// block makes the model's real cell (FeedEngine.makeCell) on the measuring worker that runs it.

final class FeedListSource: ListDataSource, ListDelegate, ListBatchFetchingDelegate, @unchecked Sendable {
    let engine: NodeTreeFeedEngine
    /// Every model the run may show, in order; the list shows `rows` of them (indices into `pool`).
    private let pool: [FeedCellModel]
    let rows: Locked<[Int]>
    private let nextModel: Locked<Int>
    /// Items a batch fetch appends; 0 disables batch fetching.
    let pageSize: Int
    /// Fetches begun (willBeginBatchFetch) so far.
    let fetches = Locked(0)

    init(engine: NodeTreeFeedEngine, pool: [FeedCellModel], initialRows: Int, pageSize: Int) {
        self.engine = engine
        self.pool = pool
        let initial = min(initialRows, pool.count)
        rows = Locked(Array(0..<initial))
        nextModel = Locked(initial)
        self.pageSize = pageSize
    }

    /// A model index not shown yet (wrapping around the pool: the cell is new, its model repeats).
    func takeModel() -> Int {
        nextModel.withLock { next in
            defer { next += 1 }
            return next % pool.count
        }
    }

    func list(_ list: ListNode, numberOfItemsInSection section: Int) -> Int { rows.withLock { $0.count } }

    func list(_ list: ListNode, nodeBlockForItemAt indexPath: ListIndexPath) -> CellNodeBlock {
        let model = pool[rows.withLock { $0[indexPath.item] }]
        let engine = self.engine
        return { engine.makeCell(model) }
    }

    @MainActor func shouldBatchFetch(for list: ListNode) -> Bool { pageSize > 0 }

    /// Appends a page from this background queue; the fetch completes when the page is committed.
    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchingContext) {
        fetches.withLock { $0 += 1 }
        let pageSize = self.pageSize
        try? list.performBatchUpdates({ batch in
            let added = (0..<pageSize).map { _ in takeModel() }
            let start = rows.withLock { rows -> Int in
                defer { rows += added }
                return rows.count
            }
            batch.insertItems(at: (0..<pageSize).map { ListIndexPath(item: start + $0, section: 0) })
        }, completion: { _ in context.completeBatchFetching(true) })
    }
}
