import LayoutCore
import NodeTree

// Resolving and performing the ASM and transition operations (StressExecutor.swift has the other ones and
// the execute → resolve → perform structure these follow).
//
//   setVariant, setAutomaticallyManagesSubnodes   the lane that lays the node's tree out: its worker for
//                   a worker tree, the main actor for a main-actor or shared tree (only it lays shared trees
//                   out). These decide the node's subnodes, and a replay must see the same subnodes at every
//                   step: a variant another lane wrote just after a layout pass claimed its sequence number
//                   could reach that pass live but not on replay. The node and its supernodes are then
//                   invalidated bottom-up, as after a content change.
//   cancelTransition                              any lane, any `asm` node
//   transition      main actor, an `asm` node of a main-actor or shared tree; performed only if the node is
//                   loaded when the main actor gets to it (else the step does nothing) — decided there, not
//                   at resolution, because whether a pool member is loaded depends on ASM, and so on when
//                   layouts ran, which resolution must not depend on (StressForest.State.asmOwner).
//                   Afterwards the app's part: a non-root's supernodes are invalidated (they lay it out
//                   again — not one of zero bounds, whose pass lays nothing out: the transition's layout is
//                   recorded for the applied-layout check, StressForest.transitionLayouts); a root
//                   is given its new layout's size by its host (resizeRootAfterTransition)
//
// Transitions measure synchronously on the main actor (shouldMeasureAsync: false). The main lane is a plain
// synchronous loop: a transition measured on a global queue applies itself through DispatchQueue.main,
// which this loop never returns to before quiescence, and pumping the main queue from inside a main-actor
// function would run other main-actor jobs re-entrantly. The background measurements of the node race
// come from the worker lanes instead, which keep measuring, invalidating, re-varying and cancelling the
// same nodes while the main actor measures and applies the transition. Animations run on the forest's
// manual clock: each transition first advances it by half an animation, so earlier animations complete
// (their removals land) in the middle of later operations, at the same step in a run and in its replay.

extension StressForest {
    /// Half of Texture's default transition duration (0.2 s): every transition moves the clock by this.
    static let transitionClockStep = 0.1

    /// Resolution of the four operations (under the forest lock; reads node links and flags, no user code).
    func validateASM(_ op: StressOperation, lane: Int, in s: State) -> ([any StressNode], Double)? {
        switch op {
        case .setVariant(let id, _), .setAutomaticallyManagesSubnodes(let id, _):
            if case .setVariant(_, let variant) = op, !StressASMNode.variantRange.contains(variant) { return nil }
            guard let n = s.nodes[id], let owner = s.asmOwner[id], Self.laysOut(owner, lane: lane) else { return nil }
            return ([n], 0)
        case .cancelTransition(let id):
            guard let n = s.nodes[id], n.stressKind == .asm else { return nil }
            return ([n], 0)
        case .transition(let id, _, let variant, let superseding):
            guard lane == 0, StressASMNode.variantRange.contains(variant ?? 0),
                  StressASMNode.variantRange.contains(superseding ?? 0), let n = s.nodes[id],
                  let owner = s.asmOwner[id], Self.laysOut(owner, lane: 0) else { return nil }
            return ([n], 0)
        default:
            return nil
        }
    }

    /// The lane that applies layouts to (so commits ASM in) a tree of this owner.
    static func laysOut(_ owner: StressOwner, lane: Int) -> Bool {
        switch owner {
        case .worker(let worker): lane == worker
        case .main, .shared: lane == 0
        }
    }

    func performASM(_ resolved: StressResolvedStep) {
        guard let node = resolved.nodes.first as? StressASMNode else { return }
        switch resolved.step.op {
        case .setVariant(_, let variant):
            node.variant = variant
            invalidateUpward(from: node)

        case .setAutomaticallyManagesSubnodes(_, let on):
            node.automaticallyManagesSubnodes = on
            invalidateUpward(from: node)

        case .cancelTransition:
            node.cancelLayoutTransition()

        case .transition(_, let animated, let variant, let superseding):
            MainActor.assumeIsolated { performTransition(node, animated: animated, variant: variant,
                                                         superseding: superseding) }

        default:
            break
        }
    }

    @MainActor private func performTransition(_ node: StressASMNode, animated: Bool, variant: Int?, superseding: Int?) {
        animator.advance(by: Self.transitionClockStep)
        // Only a loaded node in a registered tree (a pool member ASM took out is in none); the main actor
        // is the only lane that loads nodes or lays these trees out, so this cannot change under us.
        guard node.isNodeLoaded, let root = StressForest.root(of: node) as? any StressNode,
              state.withLock({ $0.roots[root.stressID] != nil }) else { return }
        node.animator = animator
        let measured: @MainActor @Sendable () -> Void = { [self] in
            transitionsMeasured.add(1, ordering: .relaxed)
        }
        let measuredBefore = transitionsMeasured.load(ordering: .relaxed)
        if let variant { node.variant = variant }
        node.transitionLayout(animated: animated, measurementCompletion: measured)
        if let superseding {
            // The second state change while the first transition's animation (if any) still runs: its
            // removals wait for that animation's completion, which the second animation interrupts.
            node.variant = superseding
            node.transitionLayout(animated: animated, measurementCompletion: measured)
        }
        // The node may have a new size: its supernodes lay it out again (the app's part, as after a
        // content change; a transition only lays out the node itself).
        if let parent = layoutParent(of: node) {
            // Remembered so the applied-layout check can tell this layout, kept for good below a supernode
            // of zero bounds, from one a pass applied (StressInvariants.checkAppliedLayouts).
            if transitionsMeasured.load(ordering: .relaxed) != measuredBefore,
               let calculated = node.layoutCacheSnapshot.calculated, calculated.isCurrent {
                transitionLayouts.withLock { $0[node.stressID] = StressTransitionLayout(calculated) }
            }
            invalidateUpward(from: parent)
        } else if transitionsMeasured.load(ordering: .relaxed) != measuredBefore {
            resizeRootAfterTransition(node)
        }
    }

    /// The app's part after a root's transition. A root has no supernode to lay it out again, and Texture
    /// does not resize a node for its transition's layout: the transition applies the layout with
    /// requestedLayoutFromAbove = NO and never escalates (only a layout pass's measure-if-necessary calls
    /// _u_setNeedsLayoutFromAbove → _rootNodeDidInvalidateSize); the default non-animated
    /// animateLayoutTransition: only sets subnode frames, and the animated one resizes the node only when
    /// the from- and to-layouts' sizes differ. So a root can keep a layout of another size than its bounds
    /// until its host sizes it (ASViewController, a table for a cell) — and if nothing marked its view,
    /// no layout pass comes to re-measure it (a resized subnode marks only its own view). The harness's
    /// host does what `.mainLayout` does: the root takes its layout's size, keeping its frame origin, and
    /// the next pass re-applies that layout (it now fits the bounds). Only after a transition that applied
    /// a layout (an ignored one — zero range — left a stale one), and not for a resize the animation
    /// already made (then the sizes agree).
    @MainActor private func resizeRootAfterTransition(_ root: StressASMNode) {
        guard let calculated = root.layoutCacheSnapshot.calculated, calculated.isCurrent else { return }
        let size = calculated.layout.size
        guard size != ceilPx(root.bounds.size) else { return }
        root.frame = Rect(origin: root.frame.origin, size: size)
    }

    /// Quiescence: every animation of the run ends (its completion applies the transition's removals).
    @MainActor func finishTransitions() {
        animator.runToCompletion()
    }
}
