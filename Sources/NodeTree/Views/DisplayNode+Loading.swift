import LayoutCore

// Loading the view (Texture's -[ASDisplayNode view] and _loadViewOrLayer; LoadingTests), on the main actor, on first
// access to `view`:
//
//   loadView
//     1. create the view, and under one lock: publish it (the node counts as loaded from here on), take
//        the pending view state and the subnode list
//     2. apply the pending state to the view (only the properties that were set)
//     3. add the subnodes' views in subnode order — which loads each subnode first, so subnodes' didLoad
//        runs before the parent's
//     4. didLoad()
//     5. the onDidLoad blocks, in registration order
//
// Step 1 makes "loaded" and "take the pending state" one critical section: a write from another thread
// either lands in the state the load applies, or sees a loaded node and goes through the flush.

extension DisplayNode {
    /// The node's view, created on first access (main actor). Never touch it in `init`; use `didLoad`.
    @MainActor public var view: PlatformView {
        if let view = state.withLock({ $0.view }) { return view }
        return loadView()
    }

    /// True once the view exists. Any thread.
    public var isNodeLoaded: Bool { state.withLock { $0.view != nil } }

    /// The view if it is loaded, else nil; never loads. Any thread may hold the reference, only the main
    /// actor may use it.
    var viewIfLoaded: PlatformView? { state.withLock { $0.view } }

    @MainActor private func loadView() -> PlatformView {
        MainActor.assertIsolated()
        // 1. Create and publish the view; take what was configured before load.
        let view = PlatformView()
        let (pending, subnodes) = state.withLock { s -> (PendingViewState, [DisplayNode]) in
            s.view = view
            let pending = s.pendingViewState
            s.pendingViewState = PendingViewState()
            return (pending, s.subnodes)
        }
        view.node = self

        // 2. Pending state (a deferred setNeedsLayout cannot exist yet: it is only recorded once loaded).
        pending.apply(to: view)

        // 3. Subnodes' views, in order; `subnode.view` loads the subnode (and its subtree) first.
        for subnode in subnodes {
            view.addSubview(subnode.view)
        }

        // 4–5. Hooks, without any lock held.
        didLoad()
        let blocks = state.withLock { s -> [NodeDidLoadBlock] in
            let blocks = s.didLoadBlocks
            s.didLoadBlocks = []
            return blocks
        }
        for block in blocks {
            block(self)
        }
        return view
    }

    /// Runs `block` on the main actor once the view has loaded, after `didLoad`, in registration order.
    /// On an unloaded node: any thread. On a loaded node the block runs at once, so the call must then come
    /// from the main actor (Texture throws otherwise; here the process stops, in every build: MainActorCheck.require).
    public func onDidLoad(_ block: @escaping NodeDidLoadBlock) {
        let runNow = state.withLock { s -> Bool in
            if s.view != nil { return true }
            s.didLoadBlocks.append(block)
            return false
        }
        guard runNow else { return }
        MainActorCheck.require("\(self).onDidLoad(_:) called off the main actor on a loaded node")
        MainActor.assumeIsolated { block(self) }
    }
}
