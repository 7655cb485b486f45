import LayoutCore

// The layout pass (Texture's __layout and _u_measureNodeWithBoundsIfNecessary:): make the node's calculated layout
// match its bounds, then apply it to the subnodes. It runs on the main actor for loaded nodes (driven by the view's
// layoutIfNeeded, as CALayer's layoutSublayers drives Texture) and on the calling thread for unloaded ones.
//
//   performLayoutPass
//     1. zero bounds → return (no measurement, no hooks)
//     2. running its own layout transition → return; the node keeps its current layout and frames until
//        the transition applies, and is laid out again afterwards (as Texture cancels a pass during a transition)
//     3. measureIfNecessary — skip while an ancestor's transition is pending; else reuse, apply the pending
//        layout, or re-measure; escalate a size change to the supernode (once per layout); publish the
//        calculated layout; commit automatic subnode changes (ASM); calculatedLayoutDidChange
//     4. applySubnodeFrames — each subnode's frame from the calculated layout, if it is current; a loaded
//        subnode whose measurement by this node left it a new layout is marked for layout (same size too)
//     5. layout(), layoutDidFinish() — loaded nodes, on the main actor

extension DisplayNode {
    // MARK: - Invalidation

    /// Texture's setNeedsLayout: invalidates the node's layout and asks for a layout pass. Any thread.
    /// Loaded and on the main actor: invalidate, then the view's setNeedsLayout. Loaded and elsewhere: both
    /// are deferred to the pending-state flush (as Texture does, so the main actor sees them in order).
    /// Not loaded: invalidate only.
    public func setNeedsLayout() {
        // An unloaded node — every node of a cell created and measured off the main actor — has only its
        // layout version to invalidate, so it is invalidated without asking which actor runs: the question
        // (a queue-specific read) retains a process-wide object, an atomic write that every thread
        // creating nodes would make on the same cache line.
        let invalidatedUnloaded = state.withLock { s -> Bool in
            guard s.view == nil else { return false }
            s.layoutVersion &+= 1
            return true
        }
        if invalidatedUnloaded { return }
        let onMainActor = MainActorCheck.isOnMainActor
        enum Outcome { case done, tellView(PlatformView), register }
        let outcome = state.withLock { s -> Outcome in
            guard let view = s.view else {
                s.layoutVersion &+= 1
                return .done
            }
            if onMainActor {
                s.layoutVersion &+= 1
                return .tellView(view)
            }
            s.pendingViewState.dirty.insert(.needsLayout)
            if s.isRegisteredForFlush { return .done }
            s.isRegisteredForFlush = true
            return .register
        }
        switch outcome {
        case .done: break
        case .tellView(let view): MainActor.assumeIsolated { view.setNeedsLayout() }
        case .register: PendingStateController.shared.register(self)
        }
    }

    /// Runs the layout pass now if one is needed. Loaded nodes: main actor only, through the view (it lays
    /// out the tree top-down); unloaded nodes: this node's pass, synchronously, on the calling thread.
    public func layoutIfNeeded() {
        if let view = viewIfLoaded {
            MainActorCheck.require(
                "\(self).layoutIfNeeded() called off the main actor after the node's view was loaded")
            MainActor.assumeIsolated { view.layoutIfNeeded() }
        } else {
            performLayoutPass()
        }
    }

    /// Called by the node's view when it lays out (main actor).
    @MainActor func viewDidRequestLayout() {
        performLayoutPass()
    }

    // MARK: - The pass

    /// Texture's __layout.
    func performLayoutPass() {
        // 1. Nothing to lay out in a zero rect.
        let bounds = state.withLock { s -> Rect in
            s.sideStateForWriting().statistics.layoutPasses += 1
            return s.threadSafeBounds
        }
        if bounds == .zero { return }

        // 2. Its own transition decides the layout; lay out again when it is over.
        if transitionIDStorage.load(ordering: .acquiring) != 0 {
            state.withLock { s in
                s.needsLayoutAfterTransition = true
                s.sideStatistics.layoutPassesDeferredByTransition += 1
            }
            // The transition may have finished in between (unloaded nodes measure off the main actor).
            if transitionIDStorage.load(ordering: .acquiring) == 0 { layOutAgainIfATransitionDeferredAPass() }
            return
        }

        measureIfNecessary(boundsSize: ceilPx(bounds.size))
        applySubnodeFrames()

        // 5. Hooks, for loaded nodes on the main actor (an unloaded node's pass has no view to lay out).
        if isNodeLoaded && MainActorCheck.isOnMainActor {
            MainActor.assumeIsolated {
                layout()
                layoutDidFinish()
            }
        }
    }

    private enum PassPlan {
        case pendingOnAncestorTransition
        case upToDate
        case apply(NodeLayoutRecord)
        case measure(range: SizeRange, parentSize: Size, version: UInt64, styleSize: LayoutElementSize)
    }

    /// Texture's _u_measureNodeWithBoundsIfNecessary:, with the measurement done unlocked.
    func measureIfNecessary(boundsSize: Size) {
        // Decide under the lock what this pass must do.
        let plan = state.withLock { s -> PassPlan in
            // An ancestor is measuring a transition that will give this node a new frame and layout: do
            // not apply anything now, but owe a pass for when it is over (Texture #463).
            if s.isLayoutPending && isMeasuringOutsidePendingTransition(s.pendingTransitionID) {
                s.needsLayoutAfterTransition = true
                s.sideStatistics.layoutPassesDeferredByTransition += 1
                return .pendingOnAncestorTransition
            }
            let version = s.layoutVersion
            // The supernode's applied layout says which layout this node has (the one measured for the
            // range and parent size it asked): reuse, apply or measure exactly that one — whatever else was
            // measured last (DisplayNode+SupernodeLayoutKey.swift).
            if let key = s.supernodeLayoutKey(boundsSize: boundsSize) {
                // (As below, a layout that already asked the supernodes for its size stays: under a
                // supernode that cannot resize it — one of zero size skips its pass — it would be measured
                // again on every pass, for nothing.)
                if let calculated = s.calculatedLayout,
                   calculated.size == boundsSize || calculated.requestedLayoutFromAbove,
                   calculated.isValid(key.range, parentSize: key.parentSize, version: version) { return .upToDate }
                if let pending = s.pendingLayout, pending.size == boundsSize,
                   pending.isValid(key.range, parentSize: key.parentSize, version: version) { return .apply(pending) }
                return .measure(range: key.range, parentSize: key.parentSize, version: version,
                                styleSize: s.styleSize)
            }
            // No key (a root, a frame set by hand): Texture's rule.
            let pendingPreferred = s.isPendingLayoutPreferred
            // The calculated layout can stay if it is current and fits the bounds (or already asked the
            // supernode for a resize, so as not to ask again and again when the app overrides the size).
            let calculatedReusable = s.calculatedLayout.map {
                $0.isValid(version: version) && ($0.requestedLayoutFromAbove || $0.size == boundsSize)
            } ?? false
            if !pendingPreferred && calculatedReusable { return .upToDate }

            // The pending layout (usually from the parent's measurement) applies if it fits the bounds.
            if let pending = s.pendingLayout, pending.isValid(version: version), pending.size == boundsSize {
                return .apply(pending)
            }
            return .measure(range: s.constrainedSizeForLayoutPass(boundsSize: boundsSize), parentSize: boundsSize,
                            version: version, styleSize: s.styleSize)
        }

        // (Texture cancels a running transition of the node here; step 2 of the pass already returned if
        // one runs.)
        var candidate: NodeLayoutRecord
        switch plan {
        case .pendingOnAncestorTransition, .upToDate:
            return
        case .apply(let pending):
            candidate = pending
        case .measure(let range, let parentSize, let version, let styleSize):
            let ticket = MeasurementTicket.next()
            let layout = ownLayout(MeasurementTicket.measuring(ticket) {
                calculateLayoutThatFits(range, restrictedTo: styleSize, relativeToParentSize: parentSize)
            })
            candidate = NodeLayoutRecord(layout, constrainedSize: range, parentSize: parentSize, version: version)
            candidate.ticket = ticket
            // The old pending layout was not applicable: drop it (unless a newer one arrived meanwhile).
            let alreadyRequested = state.withLock { s -> Bool in
                s.sideStateForWriting().statistics.layoutPassMeasurements += 1
                if let pending = s.pendingLayout, pending.version <= version { s.pendingLayout = nil }
                return s.calculatedLayout?.hasAlreadyRequestedLayoutFromAbove(sameAs: candidate) ?? false
            }
            // Ask the supernodes once per layout, not once per pass: when the supernode cannot give the node
            // the size it wants (one with zero bounds skips its pass and leaves the node's frame stale), a
            // re-measurement gives the same layout again, and escalating again would re-measure the root,
            // leave the node another pending layout and loop for ever (stress:
            // nodetree-layout-loop-zero-size-supernode).
            if alreadyRequested { candidate.requestedLayoutFromAbove = true }
        }

        // The layout wants a size other than the bounds: ask the supernodes, once per layout.
        if !candidate.requestedLayoutFromAbove && candidate.size != boundsSize {
            candidate.requestedLayoutFromAbove = true
            let versionBefore = candidate.version
            setNeedsLayoutFromAbove()
            // That invalidated this node too (version + 1). Keep the candidate current unless someone else
            // also invalidated it meanwhile (Texture re-reads the version under the lock it held).
            let versionNow = state.withLock { $0.layoutVersion }
            if versionNow == versionBefore &+ 1 { candidate.version = versionNow }
        }

        // Complete the (non-animated) transition to the candidate: it becomes the calculated layout, ASM
        // commits the subnode changes (removals, then moves and insertions), then the hook.
        let applied = candidate
        let (previous, managesSubnodes) = state.withLock { s -> ([Layout]?, Bool) in
            let previous = s.calculatedLayout?.sublayouts
            s.calculatedLayout = applied
            return (previous, s.automaticallyManagesSubnodes)
        }
        if managesSubnodes {
            commitAutomaticSubnodes(previous: previous, applied: applied.sublayouts)
        }
        calculatedLayoutDidChange()
    }

    /// Sets each subnode's frame from the calculated layout, if that layout is current. Subnodes missing
    /// from the layout keep their frames.
    func applySubnodeFrames() {
        let (record, subnodes) = state.withLock { s -> (NodeLayoutRecord?, [DisplayNode]) in
            guard let calculated = s.calculatedLayout, calculated.isValid(version: s.layoutVersion) else {
                return (nil, [])
            }
            return (calculated, s.subnodes)
        }
        guard let record else { return }
        let onMainActor = MainActorCheck.isOnMainActor
        for (index, subnode) in subnodes.enumerated() {
            let frame = record.frame(for: subnode, hint: index)
            guard !frame.isNull else { continue }
            subnode.frame = frame
            // The subnode's pass applies the layout this one was built from (DisplayNode+SupernodeLayoutKey).
            // This node's measurement may have given the subnode a new layout (another range) of the same
            // size: the frame did not change, so its view was not marked, yet its own subnodes must move.
            // Texture lays such a subnode out again; mark its view so this round of the view's layout pass
            // visits it (stress: nodetree-stale-subnode-layout-same-size).
            if let view = subnode.adoptSupernodeLayout(ticket: record.ticket, onMainActor: onMainActor) {
                MainActor.assumeIsolated { if !view.needsLayout { view.setNeedsLayout() } }
            }
        }
    }

    // MARK: - Escalation (a node whose layout wants another size)

    /// Texture's _u_setNeedsLayoutFromAbove: setNeedsLayout on the node and each ancestor (one lock at a
    /// time, never nested), then let the root re-measure.
    func setNeedsLayoutFromAbove() {
        var node = self
        while true {
            node.setNeedsLayout()
            guard let parent = node.supernode else { break }
            node = parent
        }
        node.rootNodeDidInvalidateSize()
    }

    /// Texture's _rootNodeDidInvalidateSize: re-measure with the last constrained size (or the bounds) and,
    /// if the size differs from the bounds, tell the node (displayNodeDidInvalidateSize(newSize:)).
    func rootNodeDidInvalidateSize() {
        let (boundsSize, range) = state.withLock { s -> (Size, SizeRange) in
            let boundsSize = ceilPx(s.threadSafeBounds.size)
            let range = s.pendingLayout?.constrainedSize ?? s.calculatedLayout?.constrainedSize
                ?? SizeRange(exactly: boundsSize)
            return (boundsSize, range)
        }
        let layout = layoutThatFits(range)
        if layout.size != boundsSize {
            displayNodeDidInvalidateSize(newSize: layout.size)
        }
    }

    /// The default displayNodeDidInvalidateSize: new bounds size, same frame origin (the position moves by
    /// the size change times the anchor point).
    func resizeKeepingFrameOrigin(to newSize: Size) {
        let oldBounds = bounds
        guard oldBounds.size != newSize else { return }
        bounds = Rect(origin: oldBounds.origin, size: newSize)
        let anchor = anchorPoint, oldPosition = position
        position = Point(x: oldPosition.x + (newSize.width - oldBounds.width) * anchor.x,
                         y: oldPosition.y + (newSize.height - oldBounds.height) * anchor.y)
    }
}

extension NodeLayoutRecord {
    /// This layout already asked the supernodes for its size and `other` is the same layout again: same
    /// range, parent size and size, and not newer (so nothing changed in between that could change the
    /// answer).
    func hasAlreadyRequestedLayoutFromAbove(sameAs other: NodeLayoutRecord) -> Bool {
        requestedLayoutFromAbove && version >= other.version && constrainedSize == other.constrainedSize
            && parentSize.isIdentical(to: other.parentSize) && size == other.size
    }
}

extension DisplayNode.State {
    /// A pending layout current for the version and newer than the calculated one, or as new but for
    /// another range, is preferred over the calculated one (Texture's rule, since #792).
    var isPendingLayoutPreferred: Bool {
        guard let pending = pendingLayout, pending.isValid(version: layoutVersion) else { return false }
        let calculatedVersion = calculatedLayout?.version ?? 0
        return pending.version > calculatedVersion
            || (pending.version == calculatedVersion && pending.constrainedSize != calculatedLayout?.constrainedSize)
    }

    /// Texture's _locked_constrainedSizeForLayoutPass: the pending layout's range if that layout was
    /// requested from above or fits the bounds, else the calculated layout's under the same condition, else
    /// exactly the bounds (a frame set by hand, or never measured).
    func constrainedSizeForLayoutPass(boundsSize: Size) -> SizeRange {
        if let pending = pendingLayout, pending.requestedLayoutFromAbove || pending.size == boundsSize {
            return pending.constrainedSize
        }
        if let calculated = calculatedLayout, calculated.requestedLayoutFromAbove || calculated.size == boundsSize {
            return calculated.constrainedSize
        }
        return SizeRange(exactly: boundsSize)
    }
}
