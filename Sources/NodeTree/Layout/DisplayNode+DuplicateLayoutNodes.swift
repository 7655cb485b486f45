// A node listed more than once in an ASM node's layout spec.
//
// A node has one place among its supernode's subnodes, but nothing stops a spec from naming it twice
// (`row([a, b, a])`). Texture treats a layout element used twice as a programmer error. Before this check
// the two ways of applying such a layout disagreed: the hierarchy edits (a loaded node) gave the node one
// place, while the one-step commit of unloaded nodes copied the layout's node list as it was — the node
// became a subnode twice, a corrupt hierarchy. Now the list ASM applies never holds a node twice, whatever
// the path: a later place of a node is dropped (the node keeps its first place, in the spec's depth-first
// order) and diagnosed like a manual edit of an ASM node (DisplayNode+ManualEditCheck.swift): an assertion
// in debug builds; in release builds counted on the ASM node and process-wide, and logged. The layout
// itself is left as the spec made it.

extension DisplayNode {
    /// `nodes` (a new layout's nodes, for this ASM node's subnodes) with every later place of a node that
    /// is listed more than once dropped and reported. Unchanged, and without allocating, when no node
    /// repeats — the usual case, found by comparing addresses (a hash set only for long lists).
    func droppingRepeatedLayoutNodes(_ nodes: [DisplayNode]) -> [DisplayNode] {
        guard DisplayNode.repeatsANode(nodes) else { return nodes }
        var seen = Set<ObjectIdentifier>(minimumCapacity: nodes.count)
        var unique: [DisplayNode] = []
        unique.reserveCapacity(nodes.count)
        for node in nodes {
            if seen.insert(ObjectIdentifier(node)).inserted {
                unique.append(node)
                continue
            }
            _ = reportManualSubnodeEdit(
                of: self,
                "the layout spec of \(self) lists \(node) more than once, but a node has one place among its "
                    + "supernode's subnodes (Texture treats a layout element used twice as a programmer error); "
                    + "name each node once in the spec",
                outcome: "later place dropped: \(node) keeps its first place")
        }
        return unique
    }

    /// Whether some node appears twice in `nodes`: pairwise for short lists (a cell's handful of
    /// subnodes: no allocation), a hash set otherwise.
    static func repeatsANode(_ nodes: [DisplayNode]) -> Bool {
        let count = nodes.count
        guard count > 1 else { return false }
        if count <= 16 {
            for i in 1..<count {
                for j in 0..<i where nodes[i] === nodes[j] { return true }
            }
            return false
        }
        var seen = Set<ObjectIdentifier>(minimumCapacity: count)
        for node in nodes where !seen.insert(ObjectIdentifier(node)).inserted { return true }
        return false
    }
}
