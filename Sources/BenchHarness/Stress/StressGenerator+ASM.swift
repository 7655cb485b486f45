import NodeTree

// Drawing the ASM and transition operations (StressGenerator.swift draws the others). Variants are drawn
// from a small range so nearby draws often differ by one move, insertion or removal
// (StressASMNode.selection), and a node often comes back to a variant it had — the late insertion and
// re-insertion cases of Texture #2549/#693.

extension StressLaneGenerator {
    static let variantRange = 24

    /// An `asm` node whose subnodes this lane may change (StressExecutor+ASM.swift): a few draws.
    private mutating func ownASMNode() -> Int? {
        for _ in 0..<4 {
            guard let id = forest.randomASMNode(&rng) else { return nil }
            if let owner = forest.asmOwner(id), StressForest.laysOut(owner, lane: lane) { return id }
        }
        return nil
    }

    mutating func makeASM(_ kind: StressOperationKind) -> StressOperation? {
        switch kind {
        case .setVariant:
            return ownASMNode().map { .setVariant(node: $0, variant: rng.below(Self.variantRange)) }
        case .setAutomaticallyManagesSubnodes:
            // Mostly back on: a node with ASM off is a plain stack of what ASM left.
            return ownASMNode().map { .setAutomaticallyManagesSubnodes(node: $0, on: rng.chance(0.7)) }
        case .cancelTransition:
            return forest.randomASMNode(&rng).map { .cancelTransition(node: $0) }
        case .transition:
            // A loaded `asm` node (the main actor owns loading, so the check holds until this lane acts).
            guard lane == 0 else { return nil }
            for _ in 0..<4 {
                guard let id = ownASMNode(), let node = forest.node(id) else { return nil }
                // Loaded and laid out: at a zero size transitionLayout is ignored (and logged), which a
                // script can still ask for.
                let ready = MainActor.assumeIsolated { node.isNodeLoaded && node.bounds.width > 0 && node.bounds.height > 0 }
                guard ready else { continue }
                let variant: Int? = rng.chance(0.8) ? rng.below(Self.variantRange) : nil
                let superseding: Int? = rng.chance(0.3) ? rng.below(Self.variantRange) : nil
                return .transition(node: id, animated: rng.chance(0.6), variant: variant,
                                   supersedingVariant: superseding)
            }
            return nil
        default:
            return nil
        }
    }
}
