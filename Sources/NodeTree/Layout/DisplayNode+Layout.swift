import LayoutCore

// Measuring a node (reference 2.6) with its two-slot layout cache (2.8, NodeLayoutCache.swift), on any thread.
//
// layoutThatFits(range, parentSize)
//   1. look up   — one lock (NodeLayoutCache.lookUp): the calculated, then the pending layout, if valid for (range, parent,
//                  version); on a miss, capture the version and the style size (style read once);
//   2. compute   — no lock: calculateLayoutThatFits(range, restrictedTo: style size, parent) → the node's
//                  spec or leaf path, measuring children through their own layoutThatFits (a node whose
//                  class declared it overrides none of the methods on the way takes the leaf path
//                  directly: leafLayout, LayoutMethodOverrides.swift);
//   3. publish   — one lock (NodeLayoutCache.publish): store as the pending layout only if the version did not move while computing
//                  (a measurement that raced with an invalidation is returned to its caller but is not
//                  cached as valid).
// Texture instead holds the node's lock through step 2, children included; here no lock is held while
// user code or a child runs, and the version check gives the same answer Texture's serialisation gives.

extension DisplayNode {
    /// Texture's layoutThatFits: — the node's layout for `constrainedSize`, relative to a parent of size
    /// `constrainedSize.max`. Any thread.
    public func layoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }

    /// Texture's layoutThatFits:parentSize: (not overridable, as in Texture). Any thread, in parallel with
    /// measurements of other nodes and of this one.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        measure(constrainedSize, parentSize: parentSize, asChild: false)
    }

    /// `layoutThatFits(_:parentSize:)`'s body, inlined into it and into the engine entry below: as a call
    /// of its own from the engine entry it was one more frame per child measurement (seven saved registers)
    /// and its 56-byte `Layout` was returned into a temporary and copied again into the scratch.
    ///
    /// `asChild`: the engine entry's measurement of a spec's child, mostly a leaf (constant-folded per entry).
    @inline(__always)
    private func measure(_ constrainedSize: SizeRange, parentSize: Size, asChild: Bool) -> Layout {
        // The supernode measurement this one is part of, if any: the node remembers what it asked, so the
        // node's layout pass can apply the layout that supernode's layout used
        // (DisplayNode+SupernodeLayoutKey.swift).
        let tickets = MeasurementTicket.tickets
        let requester = MeasurementTicket.current(in: tickets)
        // 1. Look up both slots under one lock, held by a scope each case ends (LockedScope: no closure;
        //    nothing but the lookup of the state runs while it is held). A miss copies the style size out
        //    of the state in its own case, straight into the argument of calculateLayoutThatFits: carried
        //    in the lookup's result, the 50-byte size was copied twice (into registers and the result
        //    under the lock, then into the argument), and the larger result made the optimizer shuffle
        //    every case's fields.
        let locked = state.lockScope()
        switch locked.value.pointee.lookUpLayout(constrainedSize, parentSize: parentSize, by: requester,
                                                 asChild: asChild) {
        case .calculatedHit:
            // A hit's size is a stored layout's (NodeLayoutRecord), so `resanitizedSize` gives what
            // Layout(node:size:) would store for it, mostly without rounding it again (only arithmetic and
            // an atomic counter, under the lock). The calculated slot is in the side box, which the lookup
            // found (a calculated hit implies one); read in place, not bound to a local (State.lookUpLayout
            // says why).
            let size = Layout.resanitizedSize(locked.value.pointee.side.unsafelyUnwrapped.calculatedSlot.size)
            let sublayouts = NodeLayoutCache.sharedSublayouts(
                of: &locked.value.pointee.side.unsafelyUnwrapped.calculatedSlot, asChild: asChild)
            locked.unlock()
            return Layout(node: self, sanitizedSize: size, sublayouts: sublayouts)
        case .pendingHit:
            let size = Layout.resanitizedSize(locked.value.pointee.layoutCache.pendingSlot.size)
            let sublayouts = NodeLayoutCache.sharedSublayouts(of: &locked.value.pointee.layoutCache.pendingSlot,
                                                              asChild: asChild)
            locked.unlock()
            return Layout(node: self, sanitizedSize: size, sublayouts: sublayouts)
        case .uncached:
            let styleSize = locked.value.pointee.styleSize
            locked.unlock()
            // Not cached, so no subnode needs to remember it (ticket 0). Rare, so always the full chain:
            // the declared-leaf shortcut here too made the common paths dearer (register allocation).
            return ownLayout(MeasurementTicket.measuring(0, in: tickets) {
                calculateLayoutThatFits(constrainedSize, restrictedTo: styleSize, relativeToParentSize: parentSize)
            })
        case .miss(let version):
            // 2. Compute without the lock, under a ticket of its own (subnodes measured inside remember it).
            //    A declared leaf without a block (leafLayout) resolves its range here, from the style
            //    in place — LayoutCore's arithmetic, no user code: the 50-byte style size is not copied out
            //    for it (most leaves only test its kinds). The publish is inlined into each branch.
            let layout: Layout
            if measuresAsDeclaredLeaf && !hasLayoutSpecBlock.load(ordering: .acquiring) {
                // A root (the public entry) copies the style size out as before: resolved in place there too,
                // it worsened the register allocation of the lookup that the root's hit shares.
                let range: SizeRange
                if asChild {
                    range = DisplayNode.resolvedRange(constrainedSize, restrictedToStyleIn: locked.value,
                                                      relativeToParentSize: parentSize)
                    locked.unlock()
                } else {
                    let styleSize = locked.value.pointee.styleSize
                    locked.unlock()
                    range = DisplayNode.resolvedRange(constrainedSize, restrictedTo: styleSize,
                                                      relativeToParentSize: parentSize)
                }
                let ticket = MeasurementTicket.next(in: tickets)
                layout = MeasurementTicket.measuring(ticket, restoring: requester, in: tickets) { leafLayout(range) }
                publish(layout, constrainedSize, parentSize: parentSize, version: version, ticket: ticket,
                        by: requester, isLeaf: true)
            } else {
                let styleSize = locked.value.pointee.styleSize
                locked.unlock()
                let ticket = MeasurementTicket.next(in: tickets)
                layout = ownLayout(MeasurementTicket.measuring(ticket, restoring: requester, in: tickets) {
                    calculateLayoutThatFits(constrainedSize, restrictedTo: styleSize, relativeToParentSize: parentSize)
                })
                publish(layout, constrainedSize, parentSize: parentSize, version: version, ticket: ticket,
                        by: requester, isLeaf: false)
            }
            return layout
        }
    }

    /// 3. Publish: the cache keeps the layout only if nothing invalidated the node meanwhile
    ///    (NodeLayoutCache.publish).
    @inline(__always)
    private func publish(_ layout: Layout, _ constrainedSize: SizeRange, parentSize: Size, version: UInt64,
                         ticket: UInt64, by requester: UInt64, isLeaf: Bool) {
        let request = MeasurementRequest(constrainedSize, parentSize: parentSize)
        state.withLock { s in
            s.layoutCache.publish(layout, request, version: version, ticket: ticket, by: requester, isLeaf: isLeaf)
        }
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.layoutCachePublish) {
            RaceFaults.injectLayoutCachePublishOutsideLock(&state.unsynchronizedAddress().pointee.layoutCache.pendingSlot.version)
        }
        #endif
    }

    /// LayoutCore's engine entry (`LayoutElement.layoutThatFits(_:parentSize:into:)`, which a spec calls
    /// for each child): the layout of `layoutThatFits(_:parentSize:)` — cache, measurement and all —
    /// recorded in `scratch` as one node record. Implemented here so that the node's layout moves straight
    /// into the record (the protocol's generic default went through two more witness calls and the
    /// spec-tree checks of `LayoutScratch.append`).
    ///
    /// Inlined into the protocol witness LayoutCore calls, which was otherwise a thunk per node
    /// measurement that only loaded `self` and called this. It matters because the thread-local tickets
    /// are read through one address per measurement (MeasurementTicket.tickets): Swift does not inline C
    /// functions into a witness thunk, and the four ticket accessors became four calls there.
    @inline(__always)
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        scratch.appendNodeLayout(measure(constrainedSize, parentSize: parentSize, asChild: true))
    }

    /// Step 2's computation for a miss of a node whose class declared that it overrides none of the
    /// methods on the way (`measuresAsDeclaredLeaf`, LayoutMethodOverrides.swift) and that has no layout spec
    /// block: what `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)` computes for it — the
    /// range resolved as there (`range`), then the leaf path. Texture skips those calls for a class that
    /// does not override them (ASDisplayNodeMethodOverrides); here they were two virtual calls, a spec
    /// region opened and closed, and layoutSpecThatFits' marker built and checked on every leaf
    /// measurement. A block set at run time is checked first, as on the way: then the full chain runs and
    /// uses it. The
    /// leaf path's layout is the node's own: only the chain's goes through `ownLayout`.
    @inline(__always)
    private func leafLayout(_ range: SizeRange) -> Layout {
        Layout(node: self, size: range.clamp(calculateSizeThatFits(range.max)))
    }

    /// An overridden calculateLayoutThatFits may hand back a layout of something else (Texture asserts);
    /// the cache and the caller always get a layout whose element is this node.
    @inline(__always)
    func ownLayout(_ layout: Layout) -> Layout {
        if layout.element === self && layout.position.isNull { return layout }
        return Layout(node: self, size: layout.size, sublayouts: layout.sublayouts)
    }

    /// The default calculateLayoutThatFits(_:) — reference 2.6 steps 1–6. The spec the node builds lives
    /// in a spec region of this thread (LayoutCore's SpecArena.swift): built without allocating, and
    /// destroyed once its layout is flattened into the node's.
    ///
    /// Inlined into its one caller, the base `calculateLayoutThatFits(_:)`: as a call of its own it was
    /// one more frame per measurement — seven saved registers, the range spilled again and the 56-byte
    /// `Layout` returned into a temporary and copied into the caller's result.
    @inline(__always)
    func calculateLayoutWithSpecOrAsLeaf(_ range: SizeRange) -> Layout {
        LayoutSpecRegion.with { calculateLayoutInSpecRegion(range) }
    }

    @inline(__always)
    private func calculateLayoutInSpecRegion(_ range: SizeRange) -> Layout {
        // 1–2. Obtain the element: the block if one is set, else layoutSpecThatFits. No lock is held
        //      while either runs.
        if hasLayoutSpecBlock.load(ordering: .acquiring), let layout = calculateLayoutWithSpecBlock(range) {
            return layout
        }
        // The marker is recognised by its type's answer (`standsForNoLayoutSpec`), read through the witness
        // table the existential carries: no dynamic cast, no runtime call for the dynamic type.
        let element = asLayoutSpecOwner { layoutSpecThatFits(range) }
        if DisplayNode.holdsNoLayoutSpec(element) {
            // Leaf path: size = Clamp(range, calculateSizeThatFits(range.max)), no sublayouts.
            return Layout(node: self, size: range.clamp(calculateSizeThatFits(range.max)))
        }
        return calculateLayout(of: element, range)
    }

    /// Steps 1–6 with the layout spec block, if one is set (nil when it was removed since the check).
    /// A call of its own: inlined, reading the block under the lock and calling it took registers and
    /// stack that every measurement without a block saved and restored too.
    @inline(never)
    private func calculateLayoutWithSpecBlock(_ range: SizeRange) -> Layout? {
        guard let block = state.withLock({ $0.layoutSpecBlock }) else { return nil }
        return calculateLayout(of: asLayoutSpecOwner { block(self, range) }, range)
    }

    /// Steps 4–6 for the element the node built.
    @inline(__always)
    private func calculateLayout(of element: any LayoutElement, _ range: SizeRange) -> Layout {
        // 4–6. Lay the spec out with the node's range (parent size = range.max), wrap it in the node's
        //      own layout unless it already is one, and flatten to the direct subnode layouts — written
        //      as records into this thread's reused scratch and flattened from there, so no spec builds a
        //      `Layout` tree (LayoutScratch.swift).
        LayoutScratchPool.withScratch { scratch in
            let start = scratch.mark
            let root = element.layoutThatFits(range, parentSize: range.max, into: &scratch)
            return Layout.nodeLayout(for: self, root: root, in: &scratch, resettingTo: start)
        }
    }

    /// "Is this the base layoutSpecThatFits' marker?", asked of the element's static type: the opened
    /// existential's type and witness table, never its value.
    @inline(__always)
    private static func holdsNoLayoutSpec<Element: LayoutElement>(_ element: borrowing Element) -> Bool {
        Element.standsForNoLayoutSpec
    }

    /// The style read under the node's lock without copying it out (the stack algorithm reads a few
    /// fields of it per child). `body` is LayoutCore's, never user code, and only reads the style.
    /// Inlined into the protocol witness the stack calls (else the witness only forwarded to it: one more
    /// call and frame per node child).
    @inline(__always)
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R {
        // The borrowed style is still copied to the stack (~200 bytes, one memcpy per call) — also
        // when passed through a pointer's pointee: the stack reads through `withLayoutStylePointer` instead.
        state.withLock { body($0.style) }
    }

    /// The style's address in the node's style box, with the node's lock held for the call (the stack
    /// algorithm's one read per child: no 200-byte copy, no generic closure). `body` is LayoutCore's,
    /// never user code: it only reads the style, and keeps no pointer past the call — so no lock is
    /// held while user code runs (DESIGN.md's threading rules). `withLock` is inlined here: it compiles
    /// to the same code as a LockedScope.
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        state.withLock { s in
            // The box's style in place, the box reached through the state's field for the call: bound to a
            // local, the reference was retained and released around `body`, which the optimizer cannot see
            // leaves the field alone. A node without a box (a text node with baseline offsets only, or a
            // reader that did not ask `usesDefaultLayoutStyle` first) gets its style built once on this
            // stack (DisplayNode+StyleStorage.swift).
            if s.styleBox != nil {
                withUnsafeMutablePointer(to: &s.styleBox!.style) { body(UnsafePointer($0)) }
            } else {
                var style = s.unboxedStyle
                withUnsafePointer(to: &style, body)
            }
        }
    }

    // MARK: - Cache state

    /// The applied layout (nil until a layout pass applied one). Texture's calculatedLayout.
    public var calculatedLayout: Layout? {
        guard let record = state.withLock({ $0.calculatedLayout }) else { return nil }
        return Layout(node: self, size: record.size, sublayouts: record.sublayouts)
    }

    /// The size of the pending layout when it is valid for the current version, else of the calculated
    /// one, else 0×0 — so right after layoutThatFits it already reports the new size.
    public var calculatedSize: Size {
        state.withLock { s in
            if let pending = s.pendingLayout, pending.isValid(version: s.layoutVersion) { return pending.size }
            return s.calculatedLayout?.size ?? .zero
        }
    }

    /// The range of the layout `calculatedSize` comes from (zero range before any measurement).
    public var constrainedSizeForCalculatedLayout: SizeRange {
        state.withLock { s in
            if let pending = s.pendingLayout, pending.isValid(version: s.layoutVersion) {
                return pending.constrainedSize
            }
            return s.calculatedLayout?.constrainedSize ?? .zero
        }
    }

    /// Bumps the layout version, so both cached layouts stop being valid. Local: the supernode's cache is
    /// untouched (a changed size reaches it through the layout pass, reference 2.8). Any thread.
    public func invalidateCalculatedLayout() {
        state.withLock { $0.layoutVersion &+= 1 }
    }

    /// The current layout version (starts at 1; each invalidation adds 1).
    public var layoutVersion: UInt64 { state.withLock { $0.layoutVersion } }
}

extension SizeRange {
    /// 0 ≤ min ≤ max on both axes (so neither bound is NaN): then `intersect(.unconstrained)` is the range
    /// itself, bit for bit — MAX(min, 0) keeps min (also −0) and MIN(max, ∞) keeps max (also ∞).
    @inline(__always)
    var isOrderedAndNonNegative: Bool {
        min.width >= 0 && min.width <= max.width && min.height >= 0 && min.height <= max.height
    }
}
