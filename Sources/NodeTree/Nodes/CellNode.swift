import LayoutCore

// Texture's ASCellNode: the unit a table or collection measures (any thread) and displays (main actor).
// What a cell adds to a plain node here: selection/highlight state and an interaction delegate — its owner
// (a table, the harness) — that learns when the cell's layout wants a new size, instead of the cell resizing
// itself as a root node otherwise would.

/// A cell's owner. Called on the thread running the layout pass that discovered the change (the main actor
/// for loaded cells); no lock is held.
public protocol CellNodeInteractionDelegate: AnyObject, Sendable {
    func cellNodeDidInvalidateSize(_ cell: CellNode)
}

open class CellNode: DisplayNode, @unchecked Sendable {
    struct CellState {
        var isSelected = false
        var isHighlighted = false
        weak var interactionDelegate: (any CellNodeInteractionDelegate)?
    }

    let cellState = Locked(CellState())

    public override init() {
        super.init()
    }

    public var isSelected: Bool {
        get { cellState.withLock { $0.isSelected } }
        set { cellState.withLock { $0.isSelected = newValue } }
    }

    public var isHighlighted: Bool {
        get { cellState.withLock { $0.isHighlighted } }
        set { cellState.withLock { $0.isHighlighted = newValue } }
    }

    /// Held weakly, like Texture's.
    public var interactionDelegate: (any CellNodeInteractionDelegate)? {
        get { cellState.withLock { $0.interactionDelegate } }
        set { cellState.withLock { $0.interactionDelegate = newValue } }
    }

    /// With a delegate, the owner decides the new size (Texture: nodeDidInvalidateSize:); without one the
    /// cell resizes itself like any root node.
    open override func displayNodeDidInvalidateSize(newSize: Size) {
        if let delegate = interactionDelegate {
            delegate.cellNodeDidInvalidateSize(self)
        } else {
            super.displayNodeDidInvalidateSize(newSize: newSize)
        }
    }
}
