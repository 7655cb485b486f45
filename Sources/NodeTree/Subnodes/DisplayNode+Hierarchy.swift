import LayoutCore

// The subnode tree with Texture's index semantics (ASDisplayNode's addSubnode:, insertSubnode:atIndex:, …;
// HierarchyTests).
//
// Every edit goes through one driver, `moveSubnode(_:to:replacing:)`:
//   1. programmer errors trap with the nodes and the index named (a node into itself or into its own
//      descendant; an index out of range; an edit of a loaded node off the main actor);
//   2. detach the subnode from another supernode;
//   3. edit this node's subnode array (one lock) and the subnode's supernode link (its lock — never both
//      at once); steps 2 and 3 run under the subnode's membership stripe (SubnodeMembership.swift), so two
//      edits of one subnode cannot interleave between the lists and the link;
//   4. mirror the change in the views when either side is loaded (main actor): a subnode added to a loaded
//      node is loaded at once and its view goes right after the previous subnode's view (so foreign
//      subviews are skipped the way Texture skips foreign sublayers).
//
// Hierarchy edits of one node are the caller's to serialise (Texture asserts thread affinity); two threads
// editing the same nodes at once keep the tree well formed (every listed subnode links back to the node that
// lists it) but may disagree about the result.
//
// The public methods are the *manual* edits: on a node with automaticallyManagesSubnodes (or of such a
// node's child) they are reported and refused (DisplayNode+ManualEditCheck.swift). Automatic subnode
// management edits through the internal `moveSubnode(_:to:)` and `detachFromSupernode(_:)`, which skip
// that check.

extension DisplayNode {
    public var subnodes: [DisplayNode] { state.withLock { $0.subnodes } }

    /// Any thread. Two locks one after the other — this node's, then the supernode's (a `SupernodeLink`).
    public var supernode: DisplayNode? { state.withLock { $0.supernodeLink }?.load() }

    /// Appends `subnode`. No-op if it is already a subnode of this node (it keeps its index).
    public func addSubnode(_ subnode: DisplayNode) {
        checkNotCycle(subnode, operation: "addSubnode")
        let current = subnodes
        if current.contains(where: { $0 === subnode }) { return }
        guard allowsManualSubnodeEdit(adding: subnode, operation: "addSubnode(\(subnode))") else { return }
        moveSubnode(subnode, to: .index(current.count))
    }

    /// Inserts `subnode` at `index` (0…count). An existing subnode is removed first and `index` refers to
    /// the shortened array: with a,b,c, inserting c at 0 gives c,a,b; at 1 a,c,b; at 2 a,b,c.
    public func insertSubnode(_ subnode: DisplayNode, at index: Int) {
        checkNotCycle(subnode, operation: "insertSubnode(_:at: \(index))")
        let current = subnodes
        // A memory guard (MemoryGuard.swift): a negative index would reach the array's insert, whose own
        // bounds check -Ounchecked removes.
        memoryGuard(index >= 0 && index <= current.count,
                    "\(self).insertSubnode(\(subnode), at: \(index)): index out of range 0...\(current.count)")
        if current.contains(where: { $0 === subnode }) {
            precondition(index < current.count,
                         "\(self).insertSubnode(\(subnode), at: \(index)): \(subnode) is already a subnode, so "
                             + "index \(index) will be out of bounds once it is removed from its supernode "
                             + "(mixing automaticallyManagesSubnodes with explicit addSubnode?)")
        }
        guard allowsManualSubnodeEdit(adding: subnode, operation: "insertSubnode(\(subnode), at: \(index))") else {
            return
        }
        moveSubnode(subnode, to: .index(index))
    }

    /// Inserts `subnode` right below (before) `below`, which must be a subnode. Below itself: no-op.
    public func insertSubnode(_ subnode: DisplayNode, below: DisplayNode) {
        checkNotCycle(subnode, operation: "insertSubnode(_:below: \(below))")
        if subnode === below { return }
        var list = subnodes
        // A memory guard: the index below is force-unwrapped, which -Ounchecked does not check.
        memoryGuard(list.contains(where: { $0 === below }),
                     "\(self).insertSubnode(\(subnode), below: \(below)): \(below) is not a subnode of \(self)")
        list.removeAll { $0 === subnode }
        guard allowsManualSubnodeEdit(adding: subnode, operation: "insertSubnode(\(subnode), below: \(below))") else {
            return
        }
        moveSubnode(subnode, to: .index(list.firstIndex { $0 === below }!))
    }

    /// Inserts `subnode` right above (after) `above`, which must be a subnode. Above itself: no-op.
    public func insertSubnode(_ subnode: DisplayNode, above: DisplayNode) {
        checkNotCycle(subnode, operation: "insertSubnode(_:above: \(above))")
        if subnode === above { return }
        var list = subnodes
        // A memory guard: the index below is force-unwrapped, which -Ounchecked does not check.
        memoryGuard(list.contains(where: { $0 === above }),
                     "\(self).insertSubnode(\(subnode), above: \(above)): \(above) is not a subnode of \(self)")
        list.removeAll { $0 === subnode }
        guard allowsManualSubnodeEdit(adding: subnode, operation: "insertSubnode(\(subnode), above: \(above))") else {
            return
        }
        moveSubnode(subnode, to: .index(list.firstIndex { $0 === above }! + 1))
    }

    /// Puts `replacement` at `subnode`'s index and removes `subnode`, which must be a subnode.
    public func replaceSubnode(_ subnode: DisplayNode, with replacement: DisplayNode) {
        checkNotCycle(replacement, operation: "replaceSubnode(\(subnode), with:)")
        if subnode === replacement { return }
        var list = subnodes
        // A memory guard: the index below is force-unwrapped, which -Ounchecked does not check.
        memoryGuard(list.contains(where: { $0 === subnode }),
                     "\(self).replaceSubnode(\(subnode), with: \(replacement)): \(subnode) is not a subnode of \(self)")
        list.removeAll { $0 === replacement }
        guard allowsManualSubnodeEdit(adding: replacement, operation: "replaceSubnode(\(subnode), with: \(replacement))")
        else { return }
        moveSubnode(replacement, to: .index(list.firstIndex { $0 === subnode }!), replacing: subnode)
    }

    /// Leaves the supernode; the view leaves the supernode's view. A loaded node must do this on the main
    /// actor.
    public func removeFromSupernode() {
        guard let parent = supernode else { return }
        guard allowsManualRemoval(from: parent) else { return }
        detachFromSupernode(parent)
        parent.forgetCachedLayouts(mentioning: self)
    }

    /// Leaves `parent` if it is still the supernode (ASM's removal: "only if the subnode's supernode is still
    /// this node"). No manual-edit check.
    func detachFromSupernode(_ parent: DisplayNode) {
        guard supernode === parent else { return }
        let loaded = isNodeLoaded
        if loaded {
            MainActorCheck.require(
                "\(self).removeFromSupernode() called off the main actor on a loaded node")
        }
        // Checked again under the membership stripe: another thread may have moved this node meanwhile.
        let detached = SubnodeMembership.change(of: self) { () -> Bool in
            guard supernode === parent else { return false }
            parent.state.withLock { s in s.subnodes.removeAll { $0 === self } }
            state.withLock { $0.supernodeLink = nil }
            return true
        }
        guard detached else { return }
        leaveLayoutPendingOfAncestors()
        if loaded {
            let parentView = parent.viewIfLoaded
            MainActor.assumeIsolated {
                if let view = viewIfLoaded, view.superview === parentView { view.removeFromSuperview() }
            }
        }
    }

    // MARK: - Cached layouts of departed subnodes

    /// Drops this node's cached layouts (pending and calculated) that place `node`, which a manual
    /// hierarchy edit just took away: they describe a hierarchy that no longer exists, and they hold the
    /// node strongly (Layout.element). Texture's ASLayout holds its element weakly; Loom keeps the strong
    /// reference, which costs the hot layout path nothing (a weak reference would allocate a side table
    /// per node), and forgets the layouts instead. Otherwise a stale cache could keep a former subnode
    /// alive, and once that node became this node's ancestor the two would retain each other and leak
    /// (stress: nodetree-layout-cache-retain-cycle). A node's layouts only place its subnodes (or, for ASM,
    /// nodes about to become subnodes), and a subnode cannot be an ancestor, so this closes the cycle.
    /// The next layout pass measures again. ASM's own removals and moves do not come here: the layout
    /// they apply is the reason for the edit.
    func forgetCachedLayouts(mentioning node: DisplayNode) {
        let dropped = state.withLock { s -> (NodeLayoutRecord?, NodeLayoutRecord?) in
            var dropped: (NodeLayoutRecord?, NodeLayoutRecord?) = (nil, nil)
            if let pending = s.pendingLayout, pending.places(node) {
                dropped.0 = pending
                s.pendingLayout = nil
            }
            if let calculated = s.calculatedLayout, calculated.places(node) {
                dropped.1 = calculated
                s.calculatedLayout = nil
            }
            return dropped
        }
        // Released here, after the lock: the last reference to a node may go with them, and its deinit is
        // user code.
        withExtendedLifetime(dropped) {}
    }

    // MARK: - The driver

    /// Traps (in every build) unless `subnode` may become a subnode of this node: it is not this node and not one of
    /// its ancestors (that would make a cycle).
    private func checkNotCycle(_ subnode: DisplayNode, operation: @autoclosure () -> String) {
        var ancestor: DisplayNode? = self
        while let node = ancestor {
            if node === subnode {
                // fatalError, not preconditionFailure (undefined behaviour under -Ounchecked): a cycle
                // would send every walk up or down the tree round forever.
                if node === self {
                    fatalError("\(self).\(operation()): a node cannot be its own subnode")
                }
                fatalError("\(self).\(operation()): \(subnode) is an ancestor of \(self); adding it "
                                        + "would make a cycle")
            }
            ancestor = node.supernode
        }
    }

    /// Where `moveSubnode` puts the subnode.
    enum SubnodePlacement {
        /// At this index of the subnode array without the subnode (and still with the replaced node).
        case index(Int)
        /// Right after this subnode (at 0 for nil) — ASM's placement, which leaves subnodes that are in no
        /// layout where they are. After a subnode that is not here: at the end.
        case after(DisplayNode?)
    }

    /// Steps 1–4 above, without the manual-edit check (ASM calls it directly).
    func moveSubnode(_ subnode: DisplayNode, to placement: SubnodePlacement, replacing replaced: DisplayNode? = nil) {
        // 1. Loaded nodes are edited on the main actor only.
        let parentLoaded = isNodeLoaded, subnodeLoaded = subnode.isNodeLoaded
        if parentLoaded || subnodeLoaded {
            MainActorCheck.require(
                "\(self): hierarchy edit with \(subnode) off the main actor while "
                    + "\(parentLoaded ? "\(self)" : "\(subnode)") is loaded")
        }

        // 2–3 under the subnode's membership stripe (SubnodeMembership.swift), so another edit of the same
        // subnode cannot interleave between the lists and the link. The former supernode is returned, not
        // released inside: the last reference to it may go here, and its deinit must not run under the stripe.
        let formerParent = SubnodeMembership.change(of: subnode) { () -> DisplayNode? in
            moveMembership(of: subnode, to: placement, replacing: replaced)
        }
        formerParent?.forgetCachedLayouts(mentioning: subnode)
        // Only while the replaced node still links here: once out of the list, another thread may already have
        // moved it into another node (under its own stripe), whose link this must not clear.
        replaced?.state.withLock { s in
            if s.supernodeLink?.refers(to: self) == true { s.supernodeLink = nil }
        }
        if let replaced { forgetCachedLayouts(mentioning: replaced) }
        replaced?.leaveLayoutPendingOfAncestors()
        // 3b. A node attached to a transitioning subtree takes part in the transition (Texture's
        // ASHierarchyStateLayoutPending).
        subnode.inheritLayoutPending(from: self)

        // 4. Views.
        guard parentLoaded || subnodeLoaded || replaced?.isNodeLoaded == true else { return }
        MainActor.assumeIsolated {
            if let replacedView = replaced?.viewIfLoaded, replacedView.superview === viewIfLoaded {
                replacedView.removeFromSuperview()
            }
            if parentLoaded {
                insertSubview(of: subnode)
            } else {
                subnode.viewIfLoaded?.removeFromSuperview()
            }
        }
    }

    /// Steps 2–3: leaves another supernode's list, enters this node's list, links to this node. Returns the
    /// supernode it left (nil when none, or when it was already this node's).
    private func moveMembership(of subnode: DisplayNode, to placement: SubnodePlacement,
                                replacing replaced: DisplayNode?) -> DisplayNode? {
        // 2. Leave another supernode.
        let formerParent = removeFromOtherSupernode(subnode)

        // 3. This node's array, then the link.
        state.withLock { s in
            s.subnodes.removeAll { $0 === subnode }
            let target: Int
            switch placement {
            case .index(let index):
                target = Swift.min(index, s.subnodes.count)
            case .after(nil):
                target = 0
            case .after(let anchor?):
                target = s.subnodes.firstIndex(where: { $0 === anchor }).map { $0 + 1 } ?? s.subnodes.count
            }
            if let replaced, let at = s.subnodes.firstIndex(where: { $0 === replaced }) {
                s.subnodes[at] = subnode
            } else {
                // A node that gets one subnode usually gets several (a cell adds 5): room for 8 at once
                // instead of growing through capacities 2, 4 and 8 (three allocations and copies).
                if s.subnodes.capacity == 0 { s.subnodes.reserveCapacity(8) }
                s.subnodes.insert(subnode, at: target)
            }
        }
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.hierarchyLink) {
            RaceFaults.injectSubnodeListWriteOutsideLock(&state.unsynchronizedAddress().pointee.subnodes)
        }
        #endif
        subnode.state.withLock { $0.supernodeLink = SupernodeLink(self) }
        return formerParent
    }

    /// Step 2 (under `subnode`'s stripe): takes `subnode` out of the list of its supernode unless that is this
    /// node; returns the supernode it left.
    @inline(__always)
    func removeFromOtherSupernode(_ subnode: DisplayNode) -> DisplayNode? {
        guard let oldParent = subnode.supernode, oldParent !== self else { return nil }
        oldParent.state.withLock { s in s.subnodes.removeAll { $0 === subnode } }
        return oldParent
    }

    /// Loads `subnode` if needed and puts its view right after the previous subnode's view (index 0 for the
    /// first subnode), so views that do not belong to subnodes keep their places.
    @MainActor private func insertSubview(of subnode: DisplayNode) {
        let view = self.view
        let subview = subnode.view
        let list = subnodes
        guard let position = list.firstIndex(where: { $0 === subnode }) else { return }
        var viewIndex = 0
        if position > 0 {
            if let previous = list[position - 1].viewIfLoaded,
               let previousIndex = view.subviews.firstIndex(where: { $0 === previous }) {
                viewIndex = previousIndex + 1
            } else {
                viewIndex = view.subviews.count
            }
        }
        // insertSubview removes a view that is already a subview first; count the index the same way.
        if subview.superview === view, let current = view.subviews.firstIndex(where: { $0 === subview }),
           current < viewIndex {
            viewIndex -= 1
        }
        view.insertSubview(subview, at: viewIndex)
    }
}
