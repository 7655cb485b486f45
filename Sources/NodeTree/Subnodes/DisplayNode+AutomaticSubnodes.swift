import Dispatch
import LayoutCore

// Automatic subnode management (Texture's automaticallyManagesSubnodes; AutomaticSubnodeManagementTests): with
// automaticallyManagesSubnodes, applying a layout makes the node's subnodes equal the layout's nodes, in the flattened
// layout's order (depth-first pre-order of the spec tree: stack children in order, background before its child, child
// before its overlay, …).
//
//   automaticSubnodeChanges   1. old list = the current subnodes that are in the previous layout or in the
//                                new one (a subnode in neither is no business of ASM and is left alone);
//                             2. new list = the new layout's nodes, each once (a later place of a node
//                                the spec lists twice is dropped and diagnosed);
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
// loaded (then, when nothing else is in the array, in one step: see replaceUnloadedSubnodesInOneStep);
// otherwise it hops to the main actor, where the diff is recomputed against the then-current layout. Transitions split
// the commit: 5 before animateLayoutTransition, 4 after completeTransition (DisplayNode+Transition.swift).

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
        // 2. A node the spec lists twice gets one place (DisplayNode+DuplicateLayoutNodes.swift).
        let new = droppingRepeatedLayoutNodes(DisplayNode.nodes(of: newSublayouts))
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
        let isInCurrentLayout = DisplayNode.membership(of: current, probes: removed.count)
        for node in removed where node.supernode === self && !isInCurrentLayout(node) {
            node.detachFromSupernode(self)
            state.withLock { $0.sideStatistics.automaticRemovals += 1 }
        }
    }

    /// "Is this node one of these sublayouts' elements?" — a scan for short lists, a hash set when
    /// `probes` lookups into a long list would be quadratic.
    private static func membership(of sublayouts: [Layout], probes: Int) -> (DisplayNode) -> Bool {
        if probes * sublayouts.count <= 256 {
            return { node in sublayouts.contains { $0.element === node } }
        }
        var set = Set<ObjectIdentifier>(minimumCapacity: sublayouts.count)
        for sublayout in sublayouts {
            if let element = sublayout.element { set.insert(ObjectIdentifier(element)) }
        }
        return { set.contains(ObjectIdentifier($0)) }
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
            s.sideStatistics.automaticInsertions += insertions
            s.sideStatistics.automaticMoves += moves
        }
    }

    /// The layout pass's commit (steps 4 and 5, in that order), on this thread when allowed, else on the
    /// main actor.
    func commitAutomaticSubnodes(previous: [Layout]?, applied: [Layout]) {
        let changes = automaticSubnodeChanges(from: previous, to: applied)
        if changes.isEmpty { return }
        if !involvesLoadedNode(changes) {
            if replaceUnloadedSubnodesInOneStep(changes) { return }
            applyAutomaticRemovals(changes.removedSubnodes)
            applyAutomaticInsertionsAndMoves(changes)
            return
        }
        if MainActorCheck.isOnMainActor {
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

    /// The commit without views in one step, when nothing can tell the difference: the subnodes are exactly
    /// the old list (no subnode in no layout to keep in place) and every inserted node is free (no
    /// supernode to leave). The array becomes the new list under one lock and only the links of the
    /// changed nodes are touched — O(n) instead of an O(n) hierarchy edit per change, which matters for
    /// the first layout of a large ASM node (thousands of subnodes). False: not applicable.
    private func replaceUnloadedSubnodesInOneStep(_ changes: SubnodeChanges) -> Bool {
        let inserted = changes.insertedSubnodes
        guard inserted.allSatisfy({ $0.supernode == nil }) else { return false }
        let replaced = state.withLock { s -> Bool in
            guard s.subnodes.elementsEqual(changes.old, by: ===) else { return false }
            s.subnodes = changes.new
            s.sideStatistics.automaticRemovals += changes.diff.removals.count
            s.sideStatistics.automaticInsertions += inserted.count
            s.sideStatistics.automaticMoves += changes.diff.moves.count
            return true
        }
        guard replaced else { return false }
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.asmPendingSubnodes) {
            RaceFaults.injectASMSubnodeListWriteOutsideLock(&state.unsynchronizedAddress().pointee.subnodes)
        }
        #endif
        for node in changes.removedSubnodes {
            let left = node.state.withLock { s -> Bool in
                guard s.supernodeLink?.refers(to: self) == true else { return false }
                s.supernodeLink = nil
                return true
            }
            if left { node.leaveLayoutPendingOfAncestors() }
        }
        for node in inserted {
            // Under the node's stripe, as every membership change: another thread may have put the node into
            // another supernode since it was found free (its own list and link, under the stripe). Then this
            // insertion takes it from there, as the step-by-step commit would have (moveSubnode).
            let formerParent = SubnodeMembership.change(of: node) { () -> DisplayNode? in
                let formerParent = removeFromOtherSupernode(node)
                node.state.withLock { $0.supernodeLink = SupernodeLink(self) }
                return formerParent
            }
            formerParent?.forgetCachedLayouts(mentioning: node)
            node.inheritLayoutPending(from: self)
        }
        return true
    }

    private func involvesLoadedNode(_ changes: SubnodeChanges) -> Bool {
        if isNodeLoaded { return true }
        return changes.insertedSubnodes.contains { $0.isNodeLoaded } || changes.removedSubnodes.contains { $0.isNodeLoaded }
            || changes.movedSubnodes.contains { $0.isNodeLoaded }
    }
}
