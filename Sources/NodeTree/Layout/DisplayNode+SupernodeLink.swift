import CSwiftRuntime
import LayoutCore

// How a subnode refers to its supernode: Texture's weak reference, without making the supernode's
// reference counting slow.
//
// A Swift `weak` reference gives the object it points to a side table, and from then on every retain and
// release of that object takes the runtime's slow path (incrementSlow / doDecrementSlow, several times the
// inline fast path). Every subnode pointed weakly at its supernode, so every node with subnodes — each
// cell — paid it on every retain, and a measurement retains the node it lays out (its `Layout` holds it):
// every layout, cached ones included, paid it.
//
// Instead a subnode holds the supernode's state box (`Locked<State>`, an object of its own that nothing
// references weakly) and an unretained pointer to the supernode:
// * the box outlives the supernode as long as a link holds it, so reading it is always safe;
// * the supernode's deinit marks its state deinitialized under the box's lock, then clears its subnodes'
//   links (so the box, and the subnodes and layouts it holds, go with the supernode: no cycle);
// * reading the supernode takes the box's lock: once the state is marked, the pointer is never touched;
//   before that, the supernode's memory is still there (its deinit waits for the lock), and the runtime's
//   `swift_tryRetain` — what a weak load does; declared by the CSwiftRuntime module — fails if its deinit
//   has already started. So the read gives a strong reference to a live supernode or nil, exactly as the
//   weak load did.
// Lock order: the subnode's lock is released before the supernode's box is locked (never both at once).

/// A subnode's reference to its supernode (see above). Stored in the subnode's `State`.
struct SupernodeLink {
    /// The supernode's state box, retained: it stays readable after the supernode is gone.
    private let box: Locked<DisplayNode.State>
    /// The supernode, unretained: dereferenced only under the box's lock while the state is not marked.
    private let node: Unmanaged<DisplayNode>

    init(_ supernode: DisplayNode) {
        box = supernode.state
        node = .passUnretained(supernode)
    }

    /// True when the link is to `other` (by its box, which the link keeps alive, so a node allocated later
    /// at a dead supernode's address is never mistaken for it). Never dereferences the supernode.
    func refers(to other: DisplayNode) -> Bool {
        box.storage === other.state.storage
    }

    /// The supernode, retained, or nil once its deinit has started. Takes the supernode's lock: call it
    /// holding no lock. The reference is returned, never released, inside the lock (a last release there
    /// would run the supernode's deinit, which takes the same lock).
    func load() -> DisplayNode? {
        box.withLock { s -> DisplayNode? in
            guard !s.isDeinitialized, swift_tryRetain(node.toOpaque()) != nil else { return nil }
            return node.takeRetainedValue()
        }
    }
}

extension DisplayNode {
    /// Called by `deinit`: marks the state deinitialized, so a link read racing this deinit stops before
    /// it touches the node, then clears the links of the subnodes that still point here. After that only
    /// this node holds its state box, which goes with it as it did before links existed — and with the box
    /// the subnodes and layouts its state holds (a link left in a subnode would keep the box, and with it
    /// that very subnode: a cycle).
    ///
    /// Not by emptying the state instead: swapping a fresh state in and the old one out copied the whole
    /// state twice per node destroyed (`State` initializeWithCopy and memmove). A leaf has no subnodes:
    /// one lock.
    func unlinkSubnodesOnDeinit() {
        let subnodes = state.withLock { s -> [DisplayNode] in
            s.isDeinitialized = true
            return s.subnodes
        }
        // One lock at a time (the lock order above): this node's is released before a subnode's is taken.
        for subnode in subnodes {
            subnode.state.withLock { s in
                if s.supernodeLink?.refers(to: self) == true { s.supernodeLink = nil }
            }
        }
    }
}
