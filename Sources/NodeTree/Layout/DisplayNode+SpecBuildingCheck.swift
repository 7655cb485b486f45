import CMeasuringThread

// Hierarchy edits from inside a layout spec (Texture: "should throw if subnode was added / subnodes were
// modified in layoutSpecThatFits:", ASDisplayNodeLayoutTests).
//
// A layout spec describes a node's subnodes; it runs on any thread, possibly several times per layout
// pass and for sizes that are never applied, so an addSubnode or removeFromSupernode inside it edits the
// hierarchy at a time and on a thread nobody chose, and the layout being built no longer matches the
// subnodes. Texture asserts. Loom diagnoses it exactly like a manual edit of an ASM node
// (DisplayNode+ManualEditCheck.swift): an assertion in debug builds, and in release builds the edit is
// refused, counted on the node whose spec was running (and process-wide) and logged.
//
// Which edits: those of the node whose layoutSpecThatFits / layoutSpecBlock is running on this thread —
// adding, inserting or replacing one of its subnodes, removing one, or taking one into another node.
// Edits of unrelated nodes (a spec that assembles a fresh container node) are left alone, as in Texture,
// whose check is per node.
//
// How the running spec is known: a C11 thread-local (`loom_layout_spec_owner`, loom_measuring_thread.h) holds
// the node, unretained, while its spec call runs — two stores around the call, nothing on the leaf path —
// and is restored afterwards, so a child measured from inside a parent's spec has its own turn.

extension DisplayNode {
    /// Runs `build` (this node's layoutSpecThatFits or layoutSpecBlock) with this node recorded as the
    /// thread's layout spec owner. Inlined: the spec call sits on every non-leaf measurement.
    @inline(__always)
    func asLayoutSpecOwner<R>(_ build: () -> R) -> R {
        let outer = loom_current_layout_spec_owner()
        loom_set_current_layout_spec_owner(Unmanaged.passUnretained(self).toOpaque())
        let result = build()
        loom_set_current_layout_spec_owner(outer)
        return result
    }

    /// True unless this edit changes the subnodes of the node whose layout spec is running on this
    /// thread: `parent`'s (the receiver of an insertion, the supernode of a removal) or, for an insertion,
    /// the current supernode of `subnode`. Otherwise reports (and, unless the policy asserted, refuses).
    func allowsEditDuringLayoutSpec(of parent: DisplayNode, adding subnode: DisplayNode?,
                                    operation: @autoclosure () -> String) -> Bool {
        guard let raw = loom_current_layout_spec_owner() else { return true }
        let owner = Unmanaged<DisplayNode>.fromOpaque(raw).takeUnretainedValue()
        let editsOwner = parent === owner || (subnode.map { $0.supernode === owner } ?? false)
        guard editsOwner else { return true }
        return reportManualSubnodeEdit(
            of: owner,
            "\(self).\(operation()) inside the layout spec of \(owner) (layoutSpecThatFits / layoutSpecBlock): a "
                + "layout spec describes the subnodes and must not edit them; change the hierarchy outside "
                + "layout (or use automaticallyManagesSubnodes and name the nodes in the spec)")
    }
}
