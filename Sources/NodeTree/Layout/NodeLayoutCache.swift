import LayoutCore

// A node's layout cache (Texture's -layoutThatFits: and __layout caches) as one value inside the node's `State`, behind
// the node's lock: the layout version, the pending layout (Texture's _pendingDisplayNodeLayout: the last measurement),
// the counters of its hits and misses, and what supernode measurements asked of the node (its tickets' keys,
// NodeLayoutCache+Tickets.swift). Taffy's cache-as-a-wrapper is the model: the node asks the cache (`lookUp`), computes
// without the lock on a miss, and hands the result back (`publish`), which stores it only if nothing invalidated the
// node meanwhile.
//
// Texture's second slot, the calculated layout (_calculatedDisplayNodeLayout, the last applied), and the id of an
// ancestor's transition the node is pending on live in the node's side box (DisplayNode+SideState.swift): only
// layout passes and transitions write them, and a layout pass gives the node a frame, which allocates that box
// anyway — so a node that is only created and measured carries neither. The lookup consults them through the box
// pointer: no box, no calculated layout and no pending transition.
//
// Field order is memory layout (Swift lays a struct's stored properties out in declaration order, a small
// field in the tail padding of the one before it). A fresh measurement of a node writes its lock word and
// reads or writes its style box pointer, its side box pointer, the version, the hit and miss counters, the
// pending slot and the supernode keys' tickets, stamps, clock and the slot kept in the pending layout — and
// nothing else of its state (a computed measurement's key is kept in the pending layout, not written into an
// entry: SupernodeMeasurementKeys.pendingKeySlot). The node's `State` starts with the two pointers and then
// this cache, right behind the lock word (Locked.swift), so that all of these fit in the state box's first
// three cache lines; NodeFootprintTests pins it. The rest of NodeTree reads the fields under their old names
// through `State`'s forwarding properties.

struct NodeLayoutCache {
    /// Starts at 1; each invalidation adds 1, so both slots stop being valid.
    var version: UInt64 = 1
    /// The node's counters of measurements (the layout pass's and the rarer events' are in the side box).
    var counters = NodeLayoutCounters()
    /// The pending slot, stored without Optional: an empty slot is `NodeLayoutRecord.empty` (version 0,
    /// which no layout has, so it is never valid). Assigning an optional record destroyed the old one
    /// through Optional's generic value witness on every measurement; the hot paths (lookup, publish) use
    /// the slot, everything else the optional view below.
    var pendingSlot = NodeLayoutRecord.empty
    /// Two of the node's configuration flags (`State` forwards them under their own names), and a rare
    /// counter: here because they fit in the pending slot's tail padding.
    var automaticallyManagesSubnodes = false
    /// Set by the node's deinit (and nothing else): links of subnodes to this state stop at it.
    var isDeinitialized = false
    /// Measurements that raced with an invalidation (NodeLayoutStatistics.discardedMeasurements); 32-bit
    /// and wrapping like `counters`.
    var discardedMeasurements: UInt32 = 0
    /// What recent measurements by supernodes asked of the node (DisplayNode+SupernodeLayoutKey.swift). What
    /// the one that made the layout of the supernode that positioned it asked is kept with the rest of
    /// what layout passes write, in the node's side box (`State.supernodeLayoutKey`).
    var measuredBySupernodes = SupernodeMeasurementKeys()

    var pendingLayout: NodeLayoutRecord? {
        get { pendingSlot.isEmpty ? nil : pendingSlot }
        set {
            movePendingKeyOut()
            pendingSlot = newValue ?? .empty
        }
    }

    /// What `lookUp` found.
    enum Lookup {
        case calculatedHit
        case pendingHit
        case miss(version: UInt64)
        /// Pending on an ancestor's transition and measured outside it: compute, do not cache.
        case uncached
    }

    /// Step 1 of a measurement, after the calculated layout (`DisplayNode.State.lookUpLayout`): the pending
    /// layout if valid for (range, parent, version), counted and remembered for the requesting supernode
    /// measurement; else the version to compute at.
    @inline(__always)
    mutating func lookUpPending(_ constrainedSize: SizeRange, parentSize: Size, version: UInt64,
                                by requester: UInt64, asChild: Bool) -> Lookup {
        if pendingSlot.isValid(constrainedSize, parentSize: parentSize, version: version) {
            counters.cacheHits &+= 1
            noteHit(by: requester, constrainedSize, parentSize: parentSize, size: pendingSlot.size, asChild: asChild)
            return .pendingHit
        }
        counters.cacheMisses &+= 1
        return .miss(version: version)
    }

    /// Step 3 of a measurement, under the node's lock: `layout`, computed at `version` for `request`,
    /// becomes the pending layout only if nothing invalidated the node meanwhile (a measurement that raced
    /// with an invalidation is returned to its caller but not cached as valid). The record is written in
    /// place (building it outside and moving it in cost an outlined copy and destroy per miss).
    @inline(__always)
    mutating func publish(_ layout: Layout, _ request: MeasurementRequest, version: UInt64, ticket: UInt64,
                          by requester: UInt64, isLeaf: Bool) {
        if self.version == version {
            movePendingKeyOut(unlessOwnedBy: requester)
            if isLeaf {
                pendingSlot.replace(withLeafSize: layout.size, request: request, version: version, ticket: ticket)
            } else {
                pendingSlot.replace(with: layout, request: request, version: version, ticket: ticket)
            }
            // The requesting supernode measurement's key is what the pending layout now records.
            if requester != 0 { measuredBySupernodes.recordInPendingLayout(ticket: requester) }
        } else {
            noteDiscardedMeasurement(by: requester, request, size: layout.size)
        }
    }

    /// A measurement that raced with an invalidation: counted, and its key recorded (its supernode's
    /// measurement used it). Rare, so out of line: inlined, it kept the publish from being inlined.
    @inline(never)
    private mutating func noteDiscardedMeasurement(by requester: UInt64, _ request: MeasurementRequest, size: Size) {
        noteComputedMeasurement(by: requester, request, size: size)
        discardedMeasurements &+= 1
    }

    /// The pending layout's range, parent size or size is about to change: a supernode key kept in it
    /// (SupernodeMeasurementKeys.pendingKeySlot) moves into its own entry first, unless it is `ticket`'s
    /// (0: none), which the caller records again. Every write of those fields goes through `publish` or
    /// `pendingLayout`'s setter, which call this.
    ///
    /// The check is inlined into every publish; the move, taken only once a node is measured again, is not.
    @inline(__always)
    mutating func movePendingKeyOut(unlessOwnedBy ticket: UInt64 = 0) {
        if measuredBySupernodes.hasPendingKey { movePendingKeyOutOfLine(unlessOwnedBy: ticket) }
    }

    @inline(never)
    private mutating func movePendingKeyOutOfLine(unlessOwnedBy ticket: UInt64) {
        measuredBySupernodes.movePendingKeyOut(range: pendingSlot.constrainedSize, parentSize: pendingSlot.parentSize,
                                               size: pendingSlot.size, unlessOwnedBy: ticket)
    }

    /// The key of supernode measurement `ticket`, if recorded (DisplayNode+SupernodeLayoutKey.swift).
    func supernodeKey(for ticket: UInt64) -> SupernodeMeasurementKeys.Key? {
        measuredBySupernodes.key(for: ticket, pending: pendingSlot)
    }

    /// The sublayouts a hit hands out: the slot's, or for a child's hit whose slot has none (a leaf's
    /// layout) a literal empty array — the same value, but one the caller need not retain: retaining the
    /// slot's empty array was a full `swift_retain` on every leaf hit. Only for the engine entry: a root's
    /// hit has sublayouts, and the check would only cost it.
    @inline(__always)
    static func sharedSublayouts(of slot: inout NodeLayoutRecord, asChild: Bool) -> [Layout] {
        asChild && slot.sublayouts.isEmpty ? [] : slot.sublayouts
    }

    /// A hit remembered for the requesting supernode measurement. A child's hit writes the key by index,
    /// as a computed measurement does (SupernodeMeasurementKeys.recordHit): with a new supernode
    /// measurement (a re-measured cell) the ticket is in none of the slots, and the general `record`'s
    /// switch over the four slots loaded nine offsets on every leaf hit. A root's hit keeps `record` (a
    /// root is measured without a ticket).
    @inline(__always)
    fileprivate mutating func noteHit(by requester: UInt64, _ constrainedSize: SizeRange, parentSize: Size,
                                  size: Size, asChild: Bool) {
        if asChild {
            noteChildHit(by: requester, MeasurementRequest(constrainedSize, parentSize: parentSize), size: size)
        } else {
            noteMeasurement(by: requester, constrainedSize, parentSize: parentSize, size: size)
        }
    }

    /// Called under the lock by every measurement of the node: remembers what the measurement of the
    /// supernode running on this thread (if any) asked.
    @inline(__always)
    mutating func noteMeasurement(by ticket: UInt64, _ range: SizeRange, parentSize: Size, size: Size) {
        guard ticket != 0 else { return }
        measuredBySupernodes.record(ticket: ticket, range: range, parentSize: parentSize, size: size)
    }

    /// `noteMeasurement` for a spec child's cache hit (SupernodeMeasurementKeys.recordHit).
    @inline(__always)
    mutating func noteChildHit(by ticket: UInt64, _ request: MeasurementRequest, size: Size) {
        guard ticket != 0 else { return }
        measuredBySupernodes.recordHit(ticket: ticket, request: request, size: size)
    }

    /// `noteMeasurement` after computing the measurement (SupernodeMeasurementKeys.recordComputed).
    @inline(__always)
    mutating func noteComputedMeasurement(by ticket: UInt64, _ request: MeasurementRequest, size: Size) {
        guard ticket != 0 else { return }
        measuredBySupernodes.recordComputed(ticket: ticket, request: request, size: size)
    }
}

extension DisplayNode.State {
    /// Step 1 of a measurement, under the node's lock: the calculated layout (in the side box), then the
    /// pending one (NodeLayoutCache.lookUpPending) if valid for (range, parent, version), counted and
    /// remembered for the requesting supernode measurement; else the version to compute at. The hit's
    /// fields are read by the caller from the slot it names, not carried in the result (a result carrying
    /// them cost an outlined copy and destroy per hit).
    ///
    /// A method of the state, not of the cache, and the box read afresh from the state at each use: passed
    /// in or bound to a local, the box reference had to be retained across the transition check's call
    /// (a task-local read), a retain and a release on every lookup of a node that has a box.
    @inline(__always)
    mutating func lookUpLayout(_ constrainedSize: SizeRange, parentSize: Size, by requester: UInt64,
                               asChild: Bool) -> NodeLayoutCache.Lookup {
        let version = layoutCache.version
        // Without a side box the node has neither a calculated layout nor a pending transition.
        if side != nil {
            // 0. Inside an ancestor's transition, only that transition's measurement may use the caches
            // (as Texture's -layoutThatFits: does; DisplayNode+LayoutPending.swift, isMeasuringOutsidePendingTransition).
            let pendingTransitionID = side.unsafelyUnwrapped.pendingTransitionID
            if pendingTransitionID != 0 && pendingTransitionID != LayoutTransitionScope.transitionID {
                return .uncached
            }
            // The slots are read in place (an empty slot is never valid), not copied out as optionals.
            if side.unsafelyUnwrapped.calculatedSlot.isValid(constrainedSize, parentSize: parentSize, version: version) {
                layoutCache.counters.cacheHits &+= 1
                layoutCache.noteHit(by: requester, constrainedSize, parentSize: parentSize,
                                    size: side.unsafelyUnwrapped.calculatedSlot.size, asChild: asChild)
                return .calculatedHit
            }
        }
        return layoutCache.lookUpPending(constrainedSize, parentSize: parentSize, version: version, by: requester,
                                         asChild: asChild)
    }
}

extension DisplayNode.State {
    // The cache's fields under the names the rest of NodeTree uses (the layout pass, transitions, ASM).
    var layoutVersion: UInt64 {
        get { layoutCache.version }
        set { layoutCache.version = newValue }
    }
    /// Read-only: writes go through `pendingLayout` or the cache's `publish` (a supernode key may be kept
    /// in the slot, NodeLayoutCache.movePendingKeyOut).
    var pendingSlot: NodeLayoutRecord {
        _read { yield layoutCache.pendingSlot }
    }
    var pendingLayout: NodeLayoutRecord? {
        get { layoutCache.pendingLayout }
        set { layoutCache.pendingLayout = newValue }
    }
    var automaticallyManagesSubnodes: Bool {
        get { layoutCache.automaticallyManagesSubnodes }
        set { layoutCache.automaticallyManagesSubnodes = newValue }
    }
    var isDeinitialized: Bool {
        get { layoutCache.isDeinitialized }
        set { layoutCache.isDeinitialized = newValue }
    }
    var counters: NodeLayoutCounters {
        _read { yield layoutCache.counters }
        _modify { yield &layoutCache.counters }
    }
    var measuredBySupernodes: SupernodeMeasurementKeys {
        _read { yield layoutCache.measuredBySupernodes }
        _modify { yield &layoutCache.measuredBySupernodes }
    }
}

/// The counters of `NodeLayoutStatistics` that every measurement writes — hits and misses — kept in the
/// layout cache (discarded measurements are the cache's own field); the others (the layout pass's among
/// them: a pass frames the node, which allocates its side box anyway) live in the node's side box
/// (DisplayNode+SideState.swift).
///
/// 32-bit and wrapping: they sit in every node's state, whose size decides its allocation size class, and
/// they are diagnostics (a node measured more than 2³² times shows its count modulo 2³²).
struct NodeLayoutCounters {
    var cacheHits: UInt32 = 0
    var cacheMisses: UInt32 = 0
}

extension NodeLayoutCache {
    /// Writes the cache's counters into `statistics`.
    func copyCounters(into statistics: inout NodeLayoutStatistics) {
        statistics.cacheHits = Int(counters.cacheHits)
        statistics.cacheMisses = Int(counters.cacheMisses)
        statistics.discardedMeasurements = Int(discardedMeasurements)
    }
}

/// What a measurement asked for — its range and parent size — as three pairs of doubles (min, max,
/// parent size), for writing into the records a measurement's publish fills: the pending layout and
/// the supernode key (SupernodeMeasurementKeys). Why: a miss writes the request twice under the node's
/// lock, and written as a SizeRange and a Size each copy was six loads and six stores of single doubles
/// (the optimizer spills the arguments one by one across the lock's calls); as three pairs it is three
/// of each. The records' fields are not stored as pairs: that made every cache hit compare them one by
/// one.
struct MeasurementRequest {
    private let min: SIMD2<Double>
    private let max: SIMD2<Double>
    private let parent: SIMD2<Double>

    @inline(__always)
    init(_ range: SizeRange, parentSize: Size) {
        min = SIMD2(range.min.width, range.min.height)
        max = SIMD2(range.max.width, range.max.height)
        parent = SIMD2(parentSize.width, parentSize.height)
    }

    /// Writes the request over a SizeRange at `range` and the Size that follows it in memory (a Size is
    /// two Doubles, width first: the pair's layout), bit for bit.
    @inline(__always)
    func store(over range: UnsafeMutableRawPointer) {
        range.storeBytes(of: min, as: SIMD2<Double>.self)
        range.storeBytes(of: max, toByteOffset: 16, as: SIMD2<Double>.self)
        range.storeBytes(of: parent, toByteOffset: MemoryLayout<SizeRange>.size, as: SIMD2<Double>.self)
    }
}

/// Texture's ASDisplayNodeLayout without the layout object itself: a node's own layout has the node as
/// its element, and storing it inside the node would be a retain cycle. The node keeps size and
/// sublayouts and rebuilds `Layout(node: self, …)` whenever it hands one out.
struct NodeLayoutRecord: Sendable {
    var size: Size
    var sublayouts: [Layout]
    var constrainedSize: SizeRange
    var parentSize: Size
    var version: UInt64
    /// The measurement that made the layout (MeasurementTicket, a transition's too; 0 for none): subnodes
    /// it positions look up what it asked of them (DisplayNode+SupernodeLayoutKey.swift).
    var ticket: UInt64 = 0
    /// The pass already asked the supernode to resize the node to this layout's size (Texture's
    /// _requestedLayoutFromAbove). Last, so that a small field declared after a record (the cache's flags)
    /// takes the record's tail padding.
    var requestedLayoutFromAbove = false

    init(_ layout: Layout, constrainedSize: SizeRange, parentSize: Size, version: UInt64, ticket: UInt64 = 0) {
        size = layout.size
        sublayouts = layout.sublayouts
        self.constrainedSize = constrainedSize
        self.parentSize = parentSize
        self.version = version
        self.ticket = ticket
    }

    /// Makes this record `layout`'s, measured for `request` at `version` by measurement `ticket` — what
    /// `init` would give, written field by field into the slot in place.
    @inline(__always)
    mutating func replace(with layout: Layout, request: MeasurementRequest, version: UInt64, ticket: UInt64) {
        size = layout.size
        // A leaf's layout has no sublayouts, and nor has the slot it replaces on a first measurement (or any
        // earlier leaf layout): keeping the slot's empty array saves a retain of the new array and a release
        // of the old one.
        if !(layout.sublayouts.isEmpty && sublayouts.isEmpty) { sublayouts = layout.sublayouts }
        replaceMeasurement(request: request, version: version, ticket: ticket)
    }

    /// `replace(with:…)` for a layout of the leaf path, which has no sublayouts by construction: the check
    /// of the new layout's (empty) array is left out (the optimizer cannot see that the empty array's
    /// count is 0).
    @inline(__always)
    mutating func replace(withLeafSize size: Size, request: MeasurementRequest, version: UInt64, ticket: UInt64) {
        self.size = size
        if !sublayouts.isEmpty { sublayouts = [] }
        replaceMeasurement(request: request, version: version, ticket: ticket)
    }

    /// The fields both `replace` functions write besides the layout's.
    @inline(__always)
    private mutating func replaceMeasurement(request: MeasurementRequest, version: UInt64, ticket: UInt64) {
        withUnsafeMutablePointer(to: &self) { record in
            assert(MemoryLayout<Self>.offset(of: \.parentSize)
                   == MemoryLayout<Self>.offset(of: \.constrainedSize)! + MemoryLayout<SizeRange>.size)
            request.store(over: UnsafeMutableRawPointer(record) + MemoryLayout<Self>.offset(of: \.constrainedSize)!)
        }
        self.version = version
        requestedLayoutFromAbove = false
        self.ticket = ticket
    }

    /// The empty cache slot (see `DisplayNode.State.pendingSlot`): layout versions start at 1.
    static var empty: NodeLayoutRecord {
        NodeLayoutRecord(size: .zero, sublayouts: [], constrainedSize: .zero, parentSize: .zero, version: 0)
    }

    private init(size: Size, sublayouts: [Layout], constrainedSize: SizeRange, parentSize: Size, version: UInt64) {
        self.size = size
        self.sublayouts = sublayouts
        self.constrainedSize = constrainedSize
        self.parentSize = parentSize
        self.version = version
    }

    var isEmpty: Bool { version == 0 }

    /// Texture's isValid(version): the layout exists and is not older than the node's version.
    @inline(__always) func isValid(version current: UInt64) -> Bool { version >= current }

    /// Valid for the version and measured for exactly this range and parent size. Parent sizes compare
    /// NaN as equal to NaN, so an undefined parent (NaN, as ratio and relative specs pass) still hits
    /// the cache — Texture's CGSizeEqualToSize would miss every time.
    @inline(__always)
    func isValid(_ range: SizeRange, parentSize parent: Size, version current: UInt64) -> Bool {
        version >= current && constrainedSize == range && parentSize.isIdentical(to: parent)
    }

    /// True when one of the sublayouts is `node`'s.
    func places(_ node: DisplayNode) -> Bool {
        sublayouts.contains { $0.element === node }
    }

    /// The frame of `subnode` in this layout (Texture's frameForElement). The sublayout at the subnode's
    /// own index is checked first: without ASM the orders usually agree, which avoids Texture's O(n²).
    func frame(for subnode: DisplayNode, hint index: Int) -> Rect {
        if index < sublayouts.count, sublayouts[index].element === subnode { return sublayouts[index].frame }
        for sublayout in sublayouts where sublayout.element === subnode { return sublayout.frame }
        return .null
    }
}
