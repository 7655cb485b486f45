import Dispatch
import LayoutCore

// Automatic subnode management (reference 4): with automaticallyManagesSubnodes, applying a layout makes
// the node's subnodes equal the layout's nodes, in the flattened layout's order (depth-first pre-order of
// the spec tree: stack children in order, background before its child, child before its overlay, …).
//
//   automaticSubnodeChanges   1. old list = the current subnodes that are in the previous layout or in the
//                                new one (a subnode in neither is no business of ASM and is left alone);
//                             2. new list = the new layout's nodes;
//                             3. the subnode diff between them (SubnodeDiff: linear time, with moves).
//   commit (layout pass)      4. removals first — each removed node leaves, if this is still its supernode;
//                             5. then every moved node is detached, and insertions and moves are performed
//                                in ascending target index, each node going right after its predecessor in
//                                the new order (index 0 for the first). When the subnodes are exactly the
//                                old list this is Texture's insertSubnode:atIndex:; when other subnodes are
//                                interleaved (ones in no layout, or ones an animated transition removes only
//                                after its animation) they keep their places instead of shifting indexes.
//   views                     follow through the hierarchy methods: a subnode inserted into a loaded node
//                             is loaded and its view goes after the previous subnode's view.
//
// Threading of the commit (Texture's): inline on the main actor, or on any thread when no node involved is
// loaded; otherwise it hops to the main actor, where the diff is recomputed against the then-current
// layout. Transitions split the commit: 5 before animateLayoutTransition, 4 after completeTransition
// (DisplayNode+Transition.swift).

/// What applying a layout does to a node's subnodes: the two lists and the diff between them.
public struct SubnodeChanges: Sendable {
    /// The current subnodes that take part (those in the previous layout or in the new one), in order.
    public let old: [DisplayNode]
    /// The new layout's nodes, in depth-first order of its spec tree.
    public let new: [DisplayNode]
    public let diff: SubnodeDiff

    public init(old: [DisplayNode], new: [DisplayNode]) {
        self.old = old
        self.new = new
        diff = SubnodeDiff.diff(from: old, to: new)
    }

    /// Nodes of the new layout that were not subnodes, in new-list order.
    public var insertedSubnodes: [DisplayNode] { diff.insertions.map { new[$0] } }
    /// Subnodes that are not in the new layout, in old-list order.
    public var removedSubnodes: [DisplayNode] { diff.removals.map { old[$0] } }
    /// Subnodes that change their place relative to the others, in new-list order.
    public var movedSubnodes: [DisplayNode] { diff.moves.map { old[$0.from] } }
    public var isEmpty: Bool { diff.isEmpty }
}

extension DisplayNode {
    /// The nodes of a flattened layout's sublayouts, in order.
    static func nodes(of sublayouts: [Layout]) -> [DisplayNode] {
        var nodes: [DisplayNode] = []
        nodes.reserveCapacity(sublayouts.count)
        for sublayout in sublayouts {
            if let node = sublayout.element as? DisplayNode { nodes.append(node) }
        }
        return nodes
    }

    /// Steps 1–3: what applying `newSublayouts` (after `previousSublayouts`) does to the subnodes. Any
    /// thread; changes nothing. The harness times it to measure ASM's diff at a given size.
    public func automaticSubnodeChanges(from previousSublayouts: [Layout]?, to newSublayouts: [Layout])
        -> SubnodeChanges
    {
        let new = DisplayNode.nodes(of: newSublayouts)
        let current = subnodes
        let previous = previousSublayouts.map(DisplayNode.nodes(of:)) ?? []
        // 1. Usually the subnodes are exactly the previous layout's nodes: take them as they are.
        if current.isEmpty || current.elementsEqual(previous, by: ===) {
            return SubnodeChanges(old: current, new: new)
        }
        var inSomeLayout = Set<ObjectIdentifier>(minimumCapacity: previous.count + new.count)
        for node in previous { inSomeLayout.insert(ObjectIdentifier(node)) }
        for node in new { inSomeLayout.insert(ObjectIdentifier(node)) }
        return SubnodeChanges(old: current.filter { inSomeLayout.contains(ObjectIdentifier($0)) }, new: new)
    }

    /// Step 4: each removed node leaves this node, if this is still its supernode and it is not part of the
    /// node's current layout (a newer layout may have taken it back while an animation ran).
    func applyAutomaticRemovals(_ removed: [DisplayNode]) {
        guard !removed.isEmpty else { return }
        let current = state.withLock { $0.calculatedLayout?.sublayouts } ?? []
        for node in removed where node.supernode === self {
            if current.contains(where: { $0.element === node }) { continue }
            node.detachFromSupernode(self)
            state.withLock { $0.statistics.automaticRemovals += 1 }
        }
    }

    /// Step 5: detach the moved nodes, then insert and re-insert in ascending target index, each after its
    /// predecessor in the new list.
    func applyAutomaticInsertionsAndMoves(_ changes: SubnodeChanges) {
        guard !changes.diff.insertions.isEmpty || !changes.diff.moves.isEmpty else { return }
        var insertions = 0, moves = 0
        changes.diff.forEachOperation(from: changes.old, to: changes.new) { operation in
            switch operation {
            case .remove:
                break  // step 4, done by the caller (before, or after the transition's animation)
            case .detach(let node, _):
                node.detachFromSupernode(self)
            case .insert(let node, let target):
                moveSubnode(node, to: .after(target == 0 ? nil : changes.new[target - 1]))
                insertions += 1
            case .reinsert(let node, let target):
                moveSubnode(node, to: .after(target == 0 ? nil : changes.new[target - 1]))
                moves += 1
            }
        }
        state.withLock { s in
            s.statistics.automaticInsertions += insertions
            s.statistics.automaticMoves += moves
        }
    }

    /// The layout pass's commit (steps 4 and 5, in that order), on this thread when allowed, else on the
    /// main actor.
    func commitAutomaticSubnodes(previous: [Layout]?, applied: [Layout]) {
        let changes = automaticSubnodeChanges(from: previous, to: applied)
        if changes.isEmpty { return }
        if MainActorCheck.isOnMainActor || !involvesLoadedNode(changes) {
            applyAutomaticRemovals(changes.removedSubnodes)
            applyAutomaticInsertionsAndMoves(changes)
            return
        }
        // A loaded node is involved and this is not the main actor: Texture dispatches the commit to main.
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                guard let current = state.withLock({ $0.calculatedLayout?.sublayouts }) else { return }
                let changes = automaticSubnodeChanges(from: previous, to: current)
                applyAutomaticRemovals(changes.removedSubnodes)
                applyAutomaticInsertionsAndMoves(changes)
                applySubnodeFrames()
            }
        }
    }

    private func involvesLoadedNode(_ changes: SubnodeChanges) -> Bool {
        if isNodeLoaded { return true }
        return changes.insertedSubnodes.contains { $0.isNodeLoaded } || changes.removedSubnodes.contains { $0.isNodeLoaded }
            || changes.movedSubnodes.contains { $0.isNodeLoaded }
    }
}
