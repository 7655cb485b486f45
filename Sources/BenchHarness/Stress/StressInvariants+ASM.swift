import LayoutCore
import NodeTree

// The asm-subnodes invariant (Texture's automaticallyManagesSubnodes): at quiescence — every transition animation
// completed, the final flush and layout pass done — an ASM node's subnodes are exactly the nodes of its applied
// (calculated) layout, in the flattened layout's depth-first order, and a loaded one's subviews are those subnodes'
// views in the same order. A node with no applied layout yet has no subnodes (nothing but ASM adds any to an `asm`
// stress node). Applies to every `asm` node with the flag on, loaded or not: an unloaded tree's layout passes commit
// ASM on the worker's thread, a loaded one's on the main actor.

extension StressInvariants {
    @MainActor static func checkASMSubnodes(_ nodes: [any StressNode], _ c: inout StressInvariantCollector) {
        for node in nodes {
            guard let asm = node as? StressASMNode, asm.automaticallyManagesSubnodes else { continue }
            c.checked(.asmSubnodes)
            let subnodes = asm.subnodes
            let expected = asm.appliedLayoutNodes ?? []
            if !subnodes.elementsEqual(expected, by: ===) {
                let what = asm.appliedLayoutNodes == nil ? "it has no applied layout" : "its applied layout has "
                    + "[\(expected.map { name($0) }.joined(separator: ", "))]"
                c.violation(.asmSubnodes, "\(name(asm))'s subnodes are [\(subnodes.map { name($0) }.joined(separator: ", "))]"
                                + ", but \(what)")
                continue
            }
            if asm.isNodeLoaded {
                let subviewNodes = asm.view.subviews.map { $0.node }
                if !subviewNodes.elementsEqual(subnodes, by: { $0 === $1 }) {
                    c.violation(.asmSubnodes, "\(name(asm))'s subviews are [\(subviewNodes.map { name($0) }.joined(separator: ", "))]"
                                    + ", its ASM subnodes [\(subnodes.map { name($0) }.joined(separator: ", "))]")
                }
            }
        }
    }

    /// The loaded pool members with no supernode (ASM took them out) and every node below them.
    @MainActor static func outOfLayoutSubtrees(_ nodes: [any StressNode], _ forest: StressForest) -> Set<ObjectIdentifier> {
        var result = Set<ObjectIdentifier>()
        for node in nodes where node.supernode == nil && node.isNodeLoaded && forest.isPoolMember(node.stressID) {
            for member in StressForest.subtree(of: node) { result.insert(ObjectIdentifier(member)) }
        }
        return result
    }

    /// A pool member with no supernode is not a root: ASM took it out of its `asm` node's layout.
    static func poolOwner(_ node: any StressNode, _ forest: StressForest) -> Bool {
        forest.isPoolMember(node.stressID)
    }

    /// The asm-edit-behind-back fault: the first `asm` node (by id) with subnodes loses its last subnode by
    /// hand — ASM switched off around the edit so the node tree's manual-edit check lets it through, and
    /// no invalidation, so no layout pass repairs it. Breaks asm-subnodes.
    @MainActor static func editBehindASMsBack(_ nodes: [any StressNode]) {
        for node in nodes {
            guard let asm = node as? StressASMNode, asm.automaticallyManagesSubnodes,
                  let last = asm.subnodes.last else { continue }
            asm.automaticallyManagesSubnodes = false
            last.removeFromSupernode()
            asm.automaticallyManagesSubnodes = true
            return
        }
    }
}
