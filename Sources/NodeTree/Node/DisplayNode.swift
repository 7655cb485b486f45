import LayoutCore
import Synchronization

// Texture's ASDisplayNode: a thread-safe node that can be created, configured and measured on any thread
// and whose view is loaded on the main actor.
//
// Threading contract (DESIGN.md "Threading rules"):
// * Every mutable field lives in one `State` value behind one pthread lock (`Locked`), or in a box that
//   only that `State` references and that is only reached under the same lock (the style's and the side
//   state's, DisplayNode+StyleStorage.swift and DisplayNode+SideState.swift).
// * The lock is only ever held to read or write `State`. It is never held while calling user code
//   (layoutSpecThatFits, layoutSpecBlock, calculateSizeThatFits, hooks, blocks), while measuring a child,
//   or while touching another node — so there is no lock order and no deadlock, by construction. (Texture
//   keeps a node locked while it measures its children; Loom does not.)
// * Layout caching is versioned: read (cache, version) under the lock, compute unlocked, publish only if
//   the version did not move (DisplayNode+Layout.swift).
// * View loading, didLoad, layout(), layoutDidFinish() and view property reads after load are main-actor
//   work (DisplayNode+Loading.swift, DisplayNode+BridgedProperties.swift).
//
// This file holds the stored state and the overridable surface. Swift only lets subclasses override
// members declared in the class body, so every hook is declared here and implemented by a named step in
// the file of its concern:
//   DisplayNode+StyleStorage.swift       the style, boxed on its first write
//   DisplayNode+SideState.swift          view, bridged view state, transitions, …: boxed on first use
//   DisplayNode+Hierarchy.swift          addSubnode / insertSubnode / replaceSubnode / removeFromSupernode
//   DisplayNode+Layout.swift             measurement and the two-slot layout cache (reference 2.6, 2.8)
//   NodeLayoutCache.swift                the layout cache: lookup, publish, its slots' records
//   NodeLayoutCache+Tickets.swift        measurement tickets and what supernode measurements asked
//   DisplayNode+LayoutPass.swift         setNeedsLayout, layoutIfNeeded and the layout pass (2.8, 7)
//   DisplayNode+Loading.swift            view, didLoad, onDidLoad (1.4, 7)
//   DisplayNode+BridgedProperties.swift  frame, bounds, alpha, … (1.4)
//   DisplayNode+AutomaticSubnodes.swift  automatic subnode management: diff and commit (4)
//   DisplayNode+ManualEditCheck.swift    the diagnostic for addSubnode/removeFromSupernode on ASM nodes
//   DisplayNode+Transition.swift         transitionLayout, cancellation, the transition body (5)
//   DisplayNode+TransitionAnimation.swift  the default animateLayoutTransition and completion (5)
//   DisplayNode+LayoutPending.swift      descendants of a transitioning node ("layout pending", 1.5, 2.6)

/// Texture's ASLayoutSpecBlock: builds the node's layout spec for a size range, on any thread.
public typealias LayoutSpecBlock = @Sendable (DisplayNode, SizeRange) -> any LayoutElement

/// A block run on the main actor right after the node's view loads (after `didLoad`).
public typealias NodeDidLoadBlock = @MainActor @Sendable (DisplayNode) -> Void

/// Per-node counters for tests and the harness (deterministic, unlike timings).
public struct NodeLayoutStatistics: Hashable, Sendable {
    /// `layoutThatFits` answered from the calculated or pending layout.
    public var cacheHits = 0
    /// `layoutThatFits` had to compute (calls of calculateLayoutThatFits from it).
    public var cacheMisses = 0
    /// Measurements done by the layout pass itself (measure-if-necessary found nothing reusable).
    public var layoutPassMeasurements = 0
    /// Measurements that raced with an invalidation: returned to their caller, not published.
    public var discardedMeasurements = 0
    /// Layout passes run (Texture's __layout, including the early return for zero bounds).
    public var layoutPasses = 0
    /// Times pending view state was flushed onto the loaded view.
    public var pendingStateFlushes = 0

    // Automatic subnode management (reference 4)
    /// Subnodes ASM inserted, removed, and moved (detached and re-inserted) in this node.
    public var automaticInsertions = 0
    public var automaticRemovals = 0
    public var automaticMoves = 0
    /// addSubnode / insertSubnode / replaceSubnode / removeFromSupernode calls refused because they edited
    /// this ASM node's subnodes by hand, or this node's subnodes from inside its own layout spec
    /// (DisplayNode+SpecBuildingCheck.swift); and places of a node listed more than once in this ASM
    /// node's spec that were dropped (DisplayNode+DuplicateLayoutNodes.swift). Only when the diagnostic
    /// does not trap; see NodeTreeDiagnostics.
    public var refusedManualSubnodeEdits = 0

    // Layout transitions (reference 5)
    /// transitionLayout calls that started a transition on this node.
    public var transitionsStarted = 0
    /// Transitions that reached the main actor and were applied (insertions, animateLayoutTransition).
    public var transitionsApplied = 0
    /// Transitions that stopped at a checkpoint because a newer one or a cancel replaced them.
    public var transitionsCancelled = 0
    /// transitionLayout calls ignored (a size range with a zero maximum, or an ancestor transitioning).
    public var ignoredTransitionRequests = 0
    /// Layout passes that returned early because this node ran its own transition, or skipped measuring
    /// because an ancestor did (the node is laid out again once the transition is over).
    public var layoutPassesDeferredByTransition = 0

    public init() {}
}

/// The base `layoutSpecThatFits(_:)` returns this to say "no spec": the node then takes Texture's leaf
/// path (Clamp(range, calculateSizeThatFits(range.max))), recognised by `standsForNoLayoutSpec`. Empty,
/// so it fits an existential's inline buffer and costs no allocation.
struct NoLayoutSpec: LayoutElement {
    static var standsForNoLayoutSpec: Bool { true }
    var layoutElementType: LayoutElementType { .layoutSpec }
    var style: LayoutElementStyle { LayoutElementStyle() }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout { Layout(specSize: constrainedSize.min) }
}

open class DisplayNode: LayoutElement, CustomStringConvertible, @unchecked Sendable {
    /// Every mutable field of the node, guarded by `state`.
    struct State {
        // Declaration order is memory layout: what a measurement reads and writes comes first, right after
        // the lock word (Locked.swift) — the two box pointers, then the layout cache, whose field order
        // says why (NodeLayoutCache.swift). The rest of NodeTree reaches the cache's fields under their
        // own names (`State`'s forwarding properties).

        /// The written style; nil while the node has the default one (DisplayNode+StyleStorage.swift,
        /// which reads and writes it as `style`).
        var styleBox: NodeStyleBox?
        /// Everything else — the calculated layout, the view and its loading, bridged view state, the
        /// supernode's adopted layout key, transitions, the debug name, the rarer counters — allocated on
        /// first use (DisplayNode+SideState.swift, which forwards the fields under their own names).
        var side: NodeSideState?

        var layoutCache = NodeLayoutCache()

        /// A text node's baseline offsets while it has no style box (DisplayNode+StyleStorage.swift).
        var baselines = NodeBaselines()

        // Configuration
        var layoutSpecBlock: LayoutSpecBlock?
        // automaticallyManagesSubnodes and isDeinitialized: in `layoutCache` (NodeLayoutCache.swift).

        // Hierarchy
        var subnodes: [DisplayNode] = []
        /// The supernode, as Texture's weak reference but without a weak reference's side table on the
        /// supernode (DisplayNode+SupernodeLink.swift); read it through `DisplayNode.supernode`.
        var supernodeLink: SupernodeLink? {
            // A new supernode (or a new place in it) positions the node by its own next layout.
            didSet { supernodeLayoutKey = nil }
        }

    }

    let state = Locked(State())

    /// Mirrors `layoutSpecBlock != nil` so nodes without a block (leaves and nodes that override
    /// layoutSpecThatFits) skip a lock acquisition on every measurement.
    let hasLayoutSpecBlock = Atomic<Bool>(false)

    /// The id of the layout transition this node is running, 0 when none (Texture's atomic transitionID).
    /// Atomic so that a background measurement can check at each checkpoint whether it was replaced or
    /// cancelled without taking the node's lock.
    let transitionIDStorage = Atomic<UInt64>(0)

    /// The node's interface state (DisplayNode+InterfaceState.swift): written on the main actor only,
    /// readable from any thread.
    let interfaceStateBits = Atomic<UInt8>(0)

    /// Set once anything writes the node's style (and never cleared): until then the style is the default
    /// one, and a stack measuring the node takes its default item without locking the node to read it
    /// (DisplayNode+DefaultStyle.swift).
    let hasWrittenStyle = Atomic<Bool>(false)

    /// The node's class declared that it overrides none of the methods between a measurement and
    /// `calculateSizeThatFits` (`layoutMethodOverrides`, made by exactly this class), so a measurement
    /// without a layout spec block takes the leaf path directly (DisplayNode+Layout.swift). Decided once,
    /// at init, from the dynamic class; immutable, so read without a lock. Deciding it here costs node
    /// creation the class var's virtual call and a comparison, not every measurement.
    let measuresAsDeclaredLeaf: Bool

    /// Any thread. Do not touch `view` here: it loads on the main actor, after init (see `didLoad`).
    public init() {
        let nodeClass = type(of: self)
        measuresAsDeclaredLeaf = nodeClass.layoutMethodOverrides.allowsLeafPath(for: nodeClass)
    }

    deinit {
        // Subnodes may still link to this node's state box (DisplayNode+SupernodeLink.swift).
        unlinkSubnodesOnDeinit()
    }

    // MARK: - Configuration

    /// The node's layout style (Texture's `style`). A value: read it, change it, write it back —
    /// `node.style.flexGrow = 1` does exactly that. As in Texture, changing the style does not invalidate
    /// a cached layout; call `setNeedsLayout()` when the node is already measured.
    public final var style: LayoutElementStyle {
        get { state.withLock { $0.style } }
        set {
            state.withLock { $0.style = newValue }
            hasWrittenStyle.store(true, ordering: .releasing)
        }
    }

    public final var layoutElementType: LayoutElementType { .node }

    /// Builds the node's layout spec instead of overriding `layoutSpecThatFits(_:)` (not both).
    public final var layoutSpecBlock: LayoutSpecBlock? {
        get { state.withLock { $0.layoutSpecBlock } }
        set {
            state.withLock { $0.layoutSpecBlock = newValue }
            hasLayoutSpecBlock.store(newValue != nil, ordering: .releasing)
        }
    }

    /// Texture's automaticallyManagesSubnodes (default false). When true, the node's subnodes — which ones
    /// and in what order — come from its layout: each applied layout inserts, moves and removes subnodes
    /// so that they equal the flattened layout's nodes in depth-first order of the spec tree
    /// (DisplayNode+AutomaticSubnodes.swift). Editing such a node's subnodes by hand is reported
    /// (DisplayNode+ManualEditCheck.swift). Required by the layout transition API.
    public final var automaticallyManagesSubnodes: Bool {
        get { state.withLock { $0.automaticallyManagesSubnodes } }
        set { state.withLock { $0.automaticallyManagesSubnodes = newValue } }
    }

    /// A name for diagnostics and precondition messages.
    public final var debugName: String? {
        get { state.withLock { $0.debugName } }
        set { state.withLock { $0.debugName = newValue } }
    }

    /// Per-node counters (cache hits and misses, layout passes, flushes).
    public final var layoutStatistics: NodeLayoutStatistics { state.withLock { $0.statistics } }

    /// "<TypeName name>" or "<TypeName 0x…>". Takes the node's lock: never call it while holding one.
    open var description: String {
        let name = debugName
        let type = String(describing: Swift.type(of: self))
        if let name { return "<\(type) \(name)>" }
        return "<\(type) 0x\(String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16))>"
    }

    // MARK: - Measurement (any thread; see DisplayNode+Layout.swift)

    /// Which measuring methods the class overrides (Texture's ASDisplayNodeMethodOverrides; see
    /// LayoutMethodOverrides.swift). Override it in a class that overrides none of `layoutSpecThatFits`,
    /// `calculateLayoutThatFits(_:)` and `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)`,
    /// naming that very class — `LayoutMethodOverrides(declaredBy: MyLeafNode.self,
    /// [.calculateSizeThatFits])` — and its instances are sized by the leaf path without those calls.
    /// A declaration applies only to instances of exactly its declaring class: a subclass that does not
    /// declare for itself is measured through all the methods, so it may override any of them. DisplayNode
    /// declares itself (it overrides nothing).
    open class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: DisplayNode.self, [])
    }

    /// Override to build the node's layout spec (Texture's layoutSpecThatFits:). Runs on any thread,
    /// possibly several times and for several ranges; no lock is held. Do not call super: the base
    /// returns a marker meaning "this node has no spec" (it is a leaf measured by
    /// `calculateSizeThatFits(_:)`).
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        NoLayoutSpec()
    }

    /// A leaf node's size for a maximum (Texture's calculateSizeThatFits:). The default fills a finite
    /// maximum and is 0×0 when either maximum is infinite; the framework clamps the result into the range.
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        defaultSizeThatFits(constrainedSize)
    }

    /// The node's layout for an already resolved range (Texture's calculateLayoutThatFits:): the spec path
    /// (layoutSpecBlock or layoutSpecThatFits, laid out, wrapped and flattened) or the leaf path.
    open func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        calculateLayoutWithSpecOrAsLeaf(constrainedSize)
    }

    /// Texture's calculateLayoutThatFits:restrictedToSize:relativeToParentSize: — resolves the style size
    /// against the parent and intersects it with the range (the parent's range wins when disjoint).
    open func calculateLayoutThatFits(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                                      relativeToParentSize parentSize: Size) -> Layout {
        calculateLayoutThatFits(DisplayNode.resolvedRange(constrainedSize, restrictedTo: size,
                                                          relativeToParentSize: parentSize))
    }

    /// The range `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)` passes on (also the leaf
    /// path's, DisplayNode+Layout.swift).
    @inline(__always)
    static func resolvedRange(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                              relativeToParentSize parentSize: Size) -> SizeRange {
        // A style size that is all auto resolves to the unconstrained range, and intersecting an ordered,
        // non-negative range with it gives back that very range (Foundation's MAX/MIN keep each bound):
        // four comparisons instead of the intersection's NaN-safe min/max on every bound, on every
        // measurement of a node without a style size — most leaves.
        // The other case is a call of its own: inlined here, its registers (the range kept across the call
        // to `resolve`) made every measurement save and copy them, and the virtual call's result was
        // copied field by field.
        size.isAllAuto && constrainedSize.isOrderedAndNonNegative
            ? constrainedSize : range(constrainedSize, restrictedTo: size, relativeToParentSize: parentSize)
    }

    /// `constrainedSize` intersected with the style size resolved against the parent.
    @inline(never)
    static func range(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                      relativeToParentSize parentSize: Size) -> SizeRange {
        constrainedSize.intersect(size.resolve(parentSize: parentSize))
    }

    /// `resolvedRange` for the style size in `state` (the node's, locked by the caller), read in place:
    /// passed by value, the 50-byte size was copied to the stack on every measurement for the rare call
    /// of `range`.
    @inline(__always)
    static func resolvedRange(_ constrainedSize: SizeRange, restrictedToStyleIn state: UnsafePointer<State>,
                              relativeToParentSize parentSize: Size) -> SizeRange {
        state.pointee.styleSizeIsAllAuto && constrainedSize.isOrderedAndNonNegative
            ? constrainedSize : range(constrainedSize, restrictedToStyleIn: state, relativeToParentSize: parentSize)
    }

    @inline(never)
    static func range(_ constrainedSize: SizeRange, restrictedToStyleIn state: UnsafePointer<State>,
                      relativeToParentSize parentSize: Size) -> SizeRange {
        constrainedSize.intersect(state.pointee.styleSize.resolve(parentSize: parentSize))
    }

    // MARK: - Hooks (call super when overriding)

    /// The view exists (main actor). Subnodes' didLoad already ran. Configure the view here, never in init.
    @MainActor open func didLoad() {
        MainActor.assertIsolated()
    }

    /// Main actor, during the layout pass of a loaded node, after the subnodes got their frames.
    @MainActor open func layout() {
        MainActor.assertIsolated()
    }

    /// Main actor, right after `layout()`.
    @MainActor open func layoutDidFinish() {
        MainActor.assertIsolated()
    }

    /// A new calculated layout was applied (main actor for loaded nodes, else the thread running the
    /// layout pass). No lock is held.
    open func calculatedLayoutDidChange() {}

    /// The root of a tree learned that its layout wants `newSize` (a descendant grew or shrank). The
    /// default resizes the node keeping its frame origin; containers (cells) tell their owner instead.
    open func displayNodeDidInvalidateSize(newSize: Size) {
        resizeKeepingFrameOrigin(to: newSize)
    }

    // MARK: - Layout transition hooks (main actor; DisplayNode+Transition*.swift)

    /// Animates from `context`'s from-layout to its to-layout. Inserted subnodes are already subnodes
    /// (at their place in the new order); removed ones still are, until the context completes. Call
    /// `context.completeTransition(_:)` when done — exactly once, also when not animated. The default:
    /// not animated (or not loaded) → every subnode takes its final frame and the transition completes;
    /// animated → inserted subnodes fade in at their final frame, removed ones fade out, moved ones and
    /// the node's own size animate, on the node's `animator` with `defaultLayoutTransitionDuration`,
    /// `…Delay` and `…Options` (reference 5).
    @MainActor open func animateLayoutTransition(_ context: TransitionContext) {
        MainActor.assertIsolated()
        performDefaultLayoutTransitionAnimation(context)
    }

    /// The context completed (main actor). The default removes the subnodes the transition removed (those
    /// still here and not part of the node's current layout). Overrides that do their own removals should
    /// walk `context.removedSubnodes`, or call super.
    @MainActor open func didCompleteLayoutTransition(_ context: TransitionContext) {
        MainActor.assertIsolated()
        applyTransitionRemovals(context)
    }
}
