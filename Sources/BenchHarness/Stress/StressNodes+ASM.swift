import LayoutCore
import NodeTree

// The stress node kind for automatic subnode management (Texture's automaticallyManagesSubnodes): a node whose layout
// spec picks its children from a fixed pool by a per-node `variant` that operations change, so that ASM — not the
// runner — inserts, removes and reorders its subnodes, including a pool node that appears only in a later layout (late
// insertion, Texture #2549/#693).
//
//   pool      the blueprint's children, built with the node and never added by hand: ASM adds them when
//             a layout names them. Fixed for the node's life (no lock needed: set in init).
//   variant   behind the node's own lock; `selection(variant:count:)` turns it into which pool members,
//             in which order, and how they nest (so the flattened order is a depth-first walk of nested
//             stacks, not just a list).
//   ASM off   Texture lets a layout place only the node's subnodes unless ASM adds them, and this node
//             never has manual children. So with automaticallyManagesSubnodes off the spec lays out the
//             current subnodes — those ASM left — in order, and never names a pool member that is not a
//             subnode. Turning ASM on again makes the next applied layout's diff start from exactly those.

final class StressASMNode: DisplayNode, StressNode, @unchecked Sendable {
    let life: StressLife
    /// The children the spec chooses from (ASM's candidates).
    let pool: [any StressNode]
    private let variantState: Locked<Int>
    private let stackState: Locked<StressStack>

    init(id: Int, pool: [any StressNode], stack: StressStack, variant: Int = 0, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .asm, counter: counter)
        self.pool = pool
        variantState = Locked(variant)
        stackState = Locked(stack)
        super.init()
        automaticallyManagesSubnodes = true
    }

    var variant: Int {
        get { variantState.load() }
        set { variantState.store(newValue) }
    }

    var stack: StressStack {
        get { stackState.load() }
        set { stackState.store(newValue) }
    }

    /// The largest variant a script may give (`setVariant`, a transition's `variant` and
    /// `supersedingVariant`; StressScript's validation names the field of a larger one). The generator
    /// draws 0…23; a pool's selections repeat long before this bound, so it only keeps scripts readable.
    static let maximumVariant = 1_000_000
    static let variantRange = 0...maximumVariant

    /// Which pool members a variant lays out, in flattened order, and how many of them go into a nested
    /// stack first: rotate by v mod n, reverse on odd v/n, leave out member (v / 2n) mod (n+1) (none when
    /// it is n), nest the first (v mod 3) of the rest. Every variant is valid; nearby variants differ by a
    /// move, an insertion or a removal. The rotation adds v mod n, not v, and the drop divides v by n
    /// twice, not by 2n: no intermediate value can overflow, whatever Int the caller passes (an overflowed
    /// sum was a negative pool index, out of bounds in an -Ounchecked build).
    static func selection(variant: Int, count n: Int) -> (members: [Int], nested: Int) {
        guard n > 0 else { return ([], 0) }
        let v = max(0, variant)
        let rotation = v % n
        let turns = v / n
        var order = (0..<n).map { ($0 + rotation) % n }
        if turns % 2 == 1 { order.reverse() }
        let dropped = (turns / 2) % (n + 1)
        order.removeAll { $0 == dropped }
        return (order, min(order.count, v % 3))
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        guard automaticallyManagesSubnodes else { return stressSpec(stack, children: subnodes) }
        let (members, nested) = Self.selection(variant: variant, count: pool.count)
        let chosen: [DisplayNode] = members.map { pool[$0] }
        guard nested > 0 else { return stressSpec(stack, children: chosen) }
        // A nested stack first: its children come before the rest in the flattened (depth-first) order.
        let inner = StackLayoutSpec(direction: .horizontal, children: Array(chosen.prefix(nested)))
        let outer = StackLayoutSpec(direction: stack.direction, spacing: stack.spacing,
                                    justifyContent: stack.justifyContent, alignItems: stack.alignItems,
                                    children: [inner] + Array(chosen.dropFirst(nested)))
        guard stack.inset > 0 else { return outer }
        return InsetLayoutSpec(insets: EdgeInsets(all: stack.inset), child: outer)
    }

    func freshShallowCopy() -> DisplayNode {
        freshASMCopy(depth: 0)
    }

    /// A fresh copy with fresh copies of the pool (and their subtrees). With ASM on the copy has no
    /// subnodes: its own first layout pass inserts them, as ASM must. With ASM off it gets the copies of
    /// the current subnodes, in order (the spec then lays those out).
    func freshASMCopy(depth: Int) -> DisplayNode {
        let poolCopies = depth < 500 ? pool.map { $0.freshCopy(depth: depth + 1) } : []
        let copy = StressASMNode(id: stressID, pool: poolCopies.compactMap { $0 as? any StressNode },
                                 stack: stack, variant: variant, counter: nil)
        copy.style = style
        guard !automaticallyManagesSubnodes else { return copy }
        copy.automaticallyManagesSubnodes = false
        for subnode in subnodes {
            if let index = pool.firstIndex(where: { $0 === subnode }), index < poolCopies.count {
                copy.addSubnode(poolCopies[index])
            } else if let other = subnode as? any StressNode, depth < 500 {
                copy.addSubnode(other.freshCopy(depth: depth + 1))
            }
        }
        return copy
    }

    /// The nodes of the applied layout, in flattened order (nil before the first applied layout).
    var appliedLayoutNodes: [DisplayNode]? {
        guard let calculated = layoutCacheSnapshot.calculated else { return nil }
        return calculated.layout.sublayouts.compactMap { $0.element as? DisplayNode }
    }
}
