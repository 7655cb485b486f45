import LayoutCore

// Texture's default animateLayoutTransition:, on the node's Animator.
//
//   not animated, or the node is not loaded (nothing to animate on)
//     every node of the new layout takes its final frame; completeTransition(true)
//   animated
//     1. sort the new layout's nodes: inserted ones, plus survivors whose size changed (Texture fades those
//        in too, so content drawn for the old size is never stretched), fade in; survivors whose origin
//        changed move; removed ones fade out where they are
//     2. before animating: fading-in nodes at their final frame with alpha 0 (their own alpha is remembered)
//     3. animate (defaultLayoutTransitionDuration, …Delay, …Options): removed → alpha 0; fading in → their
//        alpha; the node's own frame → the new layout's size, origin kept, if the size changed; moved → final
//        frame
//     4. on completion: removed nodes get their alpha back (they may be reused), completeTransition(finished)

extension DisplayNode {
    @MainActor func performDefaultLayoutTransitionAnimation(_ context: TransitionContext) {
        let finalNodes = context.subnodes(for: .to)
        guard context.isAnimated, isNodeLoaded else {
            for node in finalNodes {
                let frame = context.finalFrame(for: node)
                if !frame.isNull { node.frame = frame }
            }
            context.completeTransition(true)
            return
        }

        // 1.
        let inserted = Set(context.insertedSubnodes.map(ObjectIdentifier.init))
        var fadingIn: [(node: DisplayNode, alpha: Double)] = []
        var moving: [DisplayNode] = []
        for node in finalNodes {
            let initial = context.initialFrame(for: node), final = context.finalFrame(for: node)
            if inserted.contains(ObjectIdentifier(node)) || initial.isNull || initial.size != final.size {
                fadingIn.append((node, node.alpha))
            } else if initial.origin != final.origin {
                moving.append(node)
            }
        }
        let removed = context.removedSubnodes.map { (node: $0, alpha: $0.alpha) }

        // 2.
        for (node, _) in fadingIn {
            node.frame = context.finalFrame(for: node)
            node.alpha = 0
        }

        // 3.
        let settings = state.withLock { $0.transitionAnimation }
        // Texture compares the two layouts' sizes, not the bounds. With no from-layout Texture's from-size is
        // zero ([nil size]) and it resizes the node; Loom deliberately does not, because its nil is not
        // only "never laid out": forgetCachedLayouts drops a calculated layout that places a subnode a
        // manual edit took away (DisplayNode+Hierarchy.swift), where Texture keeps that layout and would
        // compare its size, usually the node's. (Tried: treating nil as zero gave 8 applied-layout stress
        // failures in 800 runs against 4 without it — too noisy to prove harm, but no evidence of help.)
        let fromSize = context.layout(for: .from)?.size
        let toSize = context.layout(for: .to)?.size
        animator.animate(withDuration: settings.duration, delay: settings.delay, options: settings.options,
                         animations: {
            for (node, _) in removed { node.alpha = 0 }
            for (node, alpha) in fadingIn { node.alpha = alpha }
            if let fromSize, let toSize, fromSize != toSize {
                frame = Rect(origin: frame.origin, size: toSize)
            }
            for node in moving { node.frame = context.finalFrame(for: node) }
        }, completion: { finished in
            // 4.
            for (node, alpha) in removed { node.alpha = alpha }
            context.completeTransition(finished)
        })
    }
}
