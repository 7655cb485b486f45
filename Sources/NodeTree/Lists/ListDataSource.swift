import LayoutCore

// The data source and delegate shape of Texture's ASTableDataSource / ASCollectionDataSource and their
// delegates, in Swift.
//
// Where each method is called:
//   * counts and `nodeBlockForItemAt`: on the thread that asked for the edit (performBatchUpdates,
//     reloadData), during that edit's turn — so the counts and the blocks describe the data exactly as the
//     edit left it, whatever other threads do meanwhile;
//   * the node block itself: on a measuring worker, never on the main actor, concurrently with other blocks;
//   * `constrainedSizeForItemAt`: during the edit's turn, and again on the measuring workers after a width
//     change;
//   * batch fetching: `shouldBatchFetch` on the main actor, `willBeginBatchFetch` on a background queue.

/// An item's place: section, then item (Texture's NSIndexPath with section and row/item).
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

/// Texture's ASCellNodeBlock: makes the item's node. Runs off the main actor, maybe concurrently with
/// other blocks, exactly once per element.
public typealias CellNodeBlock = @Sendable () -> CellNode

/// Texture's data source. Called without any lock of the list held.
public protocol ListDataSource: AnyObject, Sendable {
    /// Default 1 (Texture: no section-count method → one section).
    func numberOfSections(in list: ListNode) -> Int
    func list(_ list: ListNode, numberOfItemsInSection section: Int) -> Int
    /// The block that makes the node at `indexPath` (the data as the current edit leaves it).
    func list(_ list: ListNode, nodeBlockForItemAt indexPath: ListIndexPath) -> CellNodeBlock
}

extension ListDataSource {
    public func numberOfSections(in list: ListNode) -> Int { 1 }
}

/// Texture's delegate, the sizing part.
public protocol ListDelegate: AnyObject, Sendable {
    /// The size range the item is measured in; nil → the list's default (a table: the list's width,
    /// free height; a collection: its item size or the width).
    func list(_ list: ListNode, constrainedSizeForItemAt indexPath: ListIndexPath) -> SizeRange?
}

extension ListDelegate {
    public func list(_ list: ListNode, constrainedSizeForItemAt indexPath: ListIndexPath) -> SizeRange? { nil }
}

/// Texture's batch-fetching delegate methods. A list fetches only when its delegate adopts this protocol
/// (Texture's `canBatchFetch`: the delegate implements willBeginBatchFetch).
public protocol ListBatchFetchingDelegate: AnyObject, Sendable {
    /// Main actor, at every check. Default true.
    @MainActor func shouldBatchFetch(for list: ListNode) -> Bool
    /// A background queue. Append the new items with a batch update (from any thread), then call
    /// `context.completeBatchFetching(true)`.
    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchingContext)
}

extension ListBatchFetchingDelegate {
    @MainActor public func shouldBatchFetch(for list: ListNode) -> Bool { true }
}
