import LayoutCore

// The common part of Texture's ASTableNode and ASCollectionNode: a node whose
// items come from a data source through a data controller, and whose range controller moves each item's
// node through interface states as the (simulated) viewport scrolls.
//
// Where things live:
//   ListNode.swift               state, configuration, node queries (pending map)
//   ListNode+Editing.swift       performBatchUpdates, reloadData, width change: the edit's turn (step 1)
//   DataController.swift         measuring off the main actor, in request order (step 3)
//   ListNode+Commit.swift        the main actor's one-step commit (steps 4–5)
//   ListPresentation.swift       the main actor's state: committed layout, viewport, statistics
//   RangeController.swift        interface states from the viewport and the tuning
//   ListNode+Scrolling.swift     viewport, scrolling and batch fetching
//
// Threading: the pending map, counts and configuration live in `listState` behind one lock, held only to
// read or write them; the committed layout and everything the viewport drives live on the main actor.

/// A completion of an edit: main actor, after the edit is committed (true), or when it was skipped
/// (false: no data source).
public typealias ListCompletion = @MainActor @Sendable (Bool) -> Void

open class ListNode: DisplayNode, @unchecked Sendable {
    struct ListState {
        weak var dataSource: (any ListDataSource)?
        weak var delegate: (any ListDelegate)?
        var pendingMap = ListElementMap()
        var hasLoadedInitially = false
        /// Edits added by nested performBatchUpdates calls inside the outermost one's updates closure.
        var nestedBatch = BatchUpdate()
        var nestedCompletions: [ListCompletion] = []
        /// The width items are measured at (the viewport's).
        var width: Double = 0
        var submittedEdits = 0
        var leadingScreensForBatching = 2.0
    }

    let listState = Locked(ListState())
    let layoutKind: ListLayoutKind
    let turnstile = EditTurnstile()
    let dataController: DataController
    let presentation: ListPresentation

    /// `measuringMode` decides how new cells are measured off the main actor (MeasuringPool.swift).
    public init(layoutKind: ListLayoutKind, measuringMode: MeasuringMode = .pool(width: 2)) {
        self.layoutKind = layoutKind
        dataController = DataController(measuringMode: measuringMode)
        presentation = ListPresentation()
        super.init()
    }

    // MARK: - Configuration (any thread)

    /// Held weakly, like Texture's.
    public var dataSource: (any ListDataSource)? {
        get { listState.withLock { $0.dataSource } }
        set { listState.withLock { $0.dataSource = newValue } }
    }

    /// Held weakly. Adopt `ListBatchFetchingDelegate` too for batch fetching.
    public var delegate: (any ListDelegate)? {
        get { listState.withLock { $0.delegate } }
        set { listState.withLock { $0.delegate = newValue } }
    }

    /// Texture's leadingScreensForBatching (default 2).
    public var leadingScreensForBatching: Double {
        get { listState.withLock { $0.leadingScreensForBatching } }
        set { listState.withLock { $0.leadingScreensForBatching = newValue } }
    }

    /// How the data controller spreads measurement over threads; applies from the next edit.
    public var measuringMode: MeasuringMode {
        get { dataController.measuringMode.load() }
        set { dataController.measuringMode.store(newValue) }
    }

    public var dataControllerStatistics: DataControllerStatistics { dataController.statistics.load() }

    /// Edits asked so far (reloads, batches, width changes), in request order.
    public var submittedEditCount: Int { listState.withLock { $0.submittedEdits } }

    // MARK: - Node queries (the pending map: the data source's index space, any thread)

    public var numberOfSections: Int { listState.withLock { $0.pendingMap.sectionCount } }

    public func numberOfItems(inSection section: Int) -> Int {
        listState.withLock { s in
            section >= 0 && section < s.pendingMap.sectionCount ? s.pendingMap.sections[section].count : 0
        }
    }

    /// The node at `indexPath` once its block has run (a node block never runs on the caller's thread:
    /// it may be the main actor). nil for a path the pending map does not have.
    public func nodeForItem(at indexPath: ListIndexPath) -> CellNode? {
        listState.withLock { $0.pendingMap.element(at: indexPath) }?.nodeIfAllocated
    }

    /// The element at `indexPath` in the pending map.
    public func elementForItem(at indexPath: ListIndexPath) -> ListElement? {
        listState.withLock { $0.pendingMap.element(at: indexPath) }
    }

    /// Where `node` is in the pending map (a linear search, as Texture's).
    public func indexPath(for node: CellNode) -> ListIndexPath? {
        let map = listState.withLock { $0.pendingMap }
        for (section, elements) in map.sections.enumerated() {
            if let item = elements.firstIndex(where: { $0.nodeIfAllocated === node }) {
                return ListIndexPath(item: item, section: section)
            }
        }
        return nil
    }

    /// The pending map's elements in index order.
    public var pendingElements: [[ListElement]] { listState.withLock { $0.pendingMap.sections } }
}

/// Texture's ASTableNode: rows as wide as the table, measured with a free height (or the delegate's range,
/// whose widths are ignored).
open class TableNode: ListNode, @unchecked Sendable {
    public init(measuringMode: MeasuringMode = .pool(width: 2)) {
        super.init(layoutKind: .table, measuringMode: measuringMode)
    }
}

/// Texture's ASCollectionNode with a vertical flow layout: fixed-size items when `itemSize` is given,
/// else items up to the collection's width.
open class CollectionNode: ListNode, @unchecked Sendable {
    public init(itemSize: Size? = nil, measuringMode: MeasuringMode = .pool(width: 2)) {
        super.init(layoutKind: .flow(itemSize: itemSize), measuringMode: measuringMode)
    }
}
