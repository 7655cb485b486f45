import LayoutCore

// One row or item (Texture's ASCollectionElement): the node block until it has
// run, then the node; the size range the item is measured in, and the size it was last measured at for
// which range. An element is shared by every map that keeps the item (a batch that leaves the item alone
// keeps its element and node), and replaced by a new one when the item is inserted, reloaded or moved.
//
// Allocation runs the block once, on a measuring worker, with no lock held: the block is taken out of the
// state under the lock, so a second caller finds it gone and waits for nothing (only the data controller's
// measuring step allocates, one worker per element).
public final class ListElement: @unchecked Sendable {
    struct State {
        var block: CellNodeBlock?
        var node: CellNode?
        var constrainedSize: SizeRange
        /// The range of the last published measurement, and its size.
        var measuredRange: SizeRange?
        var measuredSize: Size = .zero
    }

    let state: Locked<State>

    init(block: @escaping CellNodeBlock, constrainedSize: SizeRange) {
        state = Locked(State(block: block, constrainedSize: constrainedSize))
    }

    /// The node if its block has run (Texture's nodeIfAllocated). Any thread.
    public var nodeIfAllocated: CellNode? { state.withLock { $0.node } }

    /// The range the item is measured in now.
    public var constrainedSize: SizeRange { state.withLock { $0.constrainedSize } }

    /// The size of the last measurement and the range it was made for.
    var measurement: (range: SizeRange?, size: Size) { state.withLock { ($0.measuredRange, $0.measuredSize) } }

    /// Unallocated, or not measured for its current range.
    var needsMeasurement: Bool {
        state.withLock { $0.node == nil || $0.measuredRange != $0.constrainedSize }
    }

    func setConstrainedSize(_ range: SizeRange) {
        state.withLock { $0.constrainedSize = range }
    }

    /// Runs the block if it has not run (on a worker). Returns the node, and whether this call made it.
    func allocate() -> (node: CellNode?, made: Bool) {
        enum Step { case have(CellNode), run(CellNodeBlock), none }
        let step = state.withLock { s -> Step in
            if let node = s.node { return .have(node) }
            guard let block = s.block else { return .none }
            s.block = nil
            return .run(block)
        }
        switch step {
        case .have(let node): return (node, false)
        case .none: return (nil, false)
        case .run(let block):
            let node = block()
            state.withLock { $0.node = node }
            return (node, true)
        }
    }

    /// Allocates if needed and measures the node for its current range (Texture's step 3: a range without
    /// significant area is not measured); an unloaded node's frame becomes origin zero and that size, so a
    /// layout pass before the node is displayed (an ASM node entering preload) lays out at that size. Any
    /// thread but the main actor. Returns whether the block ran.
    @discardableResult
    func allocateAndMeasure() -> Bool {
        let (node, made) = allocate()
        guard let node else { return made }
        let range = constrainedSize
        guard range.hasSignificantArea else {
            state.withLock { s in
                if s.constrainedSize == range { s.measuredRange = range; s.measuredSize = .zero }
            }
            return made
        }
        let size = node.layoutThatFits(range).size
        // A loaded node is on screen or was: its commit places it (a write here would reach its view later,
        // through the pending-state flush, at origin zero).
        if !node.isNodeLoaded { node.frame = Rect(origin: .zero, size: size) }
        state.withLock { s in
            // A width change while measuring set a new range: leave the element unmeasured for it.
            if s.constrainedSize == range {
                s.measuredRange = range
                s.measuredSize = size
            }
        }
        return made
    }
}
