import CMeasuringThread
import LayoutCore
import Synchronization

// The layout cache's tickets: each measurement runs under a ticket of its own, and a node measured inside
// another node's measurement remembers what that measurement asked of it (SupernodeMeasurementKeys, in the
// node's NodeLayoutCache). Why: DisplayNode+SupernodeLayoutKey.swift, which uses the keys to decide which
// layout a subnode's layout pass applies.
//
// Invariants: a thread's tickets are read and written only by that thread (a C11 thread-local,
// loom_measuring_thread.h); ticket 0 means "no measurement" and is never handed out; the keys are read and
// written only under the node's lock (they live in its `State`).

/// The measurement running on this thread (0 outside one), as a thread-local: a node measured inside it
/// is measured on behalf of the node whose measurement owns the ticket. A C11 thread-local
/// (loom_measuring_thread.h): pthread thread-specific data cost a library call per access.
enum MeasurementTicket {
    /// Blocks of tickets handed to threads: each thread takes 2³² tickets at a time from this counter
    /// and numbers its measurements from its block in a thread-local, so measuring writes no shared
    /// cache line (one global counter had every measurement on every thread write the same line).
    private static let blocks = Atomic<UInt64>(0)
    private static let blockSize: UInt64 = 1 << 32

    /// The calling thread's tickets (loom_measuring_thread.h): a measurement takes the address once and
    /// passes it to the functions below.
    typealias Tickets = UnsafeMutablePointer<loom_measurement_tickets_t>

    @inline(__always)
    static var tickets: Tickets { loom_measurement_tickets_address() }

    /// A ticket no other measurement has (never 0).
    @inline(__always)
    static func next(in tickets: Tickets = tickets) -> UInt64 {
        // A block's last ticket is never handed out, so a thread whose next ticket is a multiple of the
        // block size (0 at first) takes a new block.
        if tickets.pointee.next % blockSize == 0 { takeBlock(tickets) }
        let ticket = tickets.pointee.next
        tickets.pointee.next = ticket &+ 1
        return ticket
    }

    @inline(never)
    private static func takeBlock(_ tickets: Tickets) {
        let block = blocks.wrappingAdd(1, ordering: .relaxed).newValue
        // Block b holds tickets b·2³² + 1 ..< (b + 1)·2³² (block 0 is never taken: tickets are never 0).
        tickets.pointee.next = block &* blockSize &+ 1
    }

    /// The ticket of the measurement running on this thread, 0 when none.
    @inline(__always)
    static func current(in tickets: Tickets = tickets) -> UInt64 {
        tickets.pointee.current
    }

    /// Runs `body` (a node's own measurement) with `ticket` as the current one, then restores the outer one.
    @inline(__always)
    static func measuring<R>(_ ticket: UInt64, in tickets: Tickets = tickets, _ body: () -> R) -> R {
        let outer = tickets.pointee.current
        tickets.pointee.current = ticket
        defer { tickets.pointee.current = outer }
        return body()
    }

    /// `measuring(_:in:_:)` for a caller that read the current ticket (`outer`) itself, with nothing but
    /// NodeTree's own code (a lock, the node's state) run since: no measurement can have started or ended on
    /// this thread in between, so the current ticket is still `outer` and need not be read again and kept
    /// on the stack across `body`.
    @inline(__always)
    static func measuring<R>(_ ticket: UInt64, restoring outer: UInt64, in tickets: Tickets, _ body: () -> R) -> R {
        assert(tickets.pointee.current == outer, "the current measurement changed since it was read")
        tickets.pointee.current = ticket
        defer { tickets.pointee.current = outer }
        return body()
    }
}

/// What a node's recent measurements by supernodes asked of it: at most `capacity`, the least recently
/// recorded pushed out first. Fixed inline storage: recording happens under the node's lock on every
/// measurement. The tickets and their recency stamps come first and the keys' contents after them, so a
/// record reads one cache line and writes one key (keeping the keys as a list, newest first, moved all of
/// them on every record).
struct SupernodeMeasurementKeys {
    struct Key {
        var ticket: UInt64
        var range: SizeRange
        var parentSize: Size
        /// The size of the layout the node gave that measurement.
        var size: Size
    }

    /// What a key holds besides its ticket.
    private struct Entry {
        var range: SizeRange
        var parentSize: Size
        var size: Size

        static var empty: Entry { Entry(range: .zero, parentSize: .zero, size: .zero) }
    }

    /// Enough for the applied measurement plus a few by other threads until the node's pass runs; an older
    /// key is looked up in vain and the pass falls back to Texture's rule.
    static let capacity = 4
    /// Slot i's ticket (0: empty — measurements without a ticket are never recorded).
    private var tickets: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// A recency stamp: 8-bit, so that the tickets, stamps, clock and the slot kept in the pending layout
    /// end within the node state's first three cache lines (NodeLayoutCache's field order says why). When
    /// the clock reaches its maximum, the stamps are renumbered 1…4 in their order (`renumberStamps`),
    /// which keeps every comparison; a node recorded that often pays the renumbering once in 251 records.
    typealias Stamp = UInt8
    /// When slot i was last recorded, on a per-node clock; 0 for an empty slot, so empty slots are taken
    /// first.
    private var stamps: (Stamp, Stamp, Stamp, Stamp) = (0, 0, 0, 0)
    private var clock: Stamp = 0
    /// The slot whose key is the node's pending layout — its range, parent size and size — rather than
    /// its entry, or -1. A computed measurement's key is exactly what the pending layout it publishes
    /// records, so it is kept there (`recordInPendingLayout`) and written into its entry only when the
    /// pending layout is about to change (`movePendingKeyOut`): a node's first measurement then writes
    /// no entry, whose line is the only one of the state that a fresh measurement would touch for the
    /// keys alone (NodeLayoutCache's field order).
    private var pendingKeySlot: Int8 = -1
    private var entries = (Entry.empty, Entry.empty, Entry.empty, Entry.empty)

    /// Where the slots' tickets, stamps and clock and the pending layout's slot end, from the start of the
    /// keys: what a computed measurement's record writes (NodeFootprintTests).
    static var indexEnd: Int {
        MemoryLayout<Self>.offset(of: \Self.pendingKeySlot)! + MemoryLayout<Int8>.size
    }

    /// Records what measurement `ticket` (non-zero) asked. A measurement that measures the node more than
    /// once (a stack re-measuring a flexible child, a scroll node its content) keeps the last, which is the
    /// one its layout uses.
    mutating func record(_ key: Key) {
        record(ticket: key.ticket, range: key.range, parentSize: key.parentSize, size: key.size)
    }

    /// `record(_:)` with the key's fields as arguments, inlined into every measurement: called with a
    /// `Key`, the caller built the key on its stack and the call copied it again into the slot.
    @inline(__always)
    mutating func record(ticket: UInt64, range: SizeRange, parentSize: Size, size: Size) {
        let slot = slot(of: ticket) ?? leastRecentSlot
        let stamp = nextStamp()
        let entry = Entry(range: range, parentSize: parentSize, size: size)
        if slot == Int(pendingKeySlot) { pendingKeySlot = -1 }
        switch slot {
        case 0: tickets.0 = ticket; stamps.0 = stamp; entries.0 = entry
        case 1: tickets.1 = ticket; stamps.1 = stamp; entries.1 = entry
        case 2: tickets.2 = ticket; stamps.2 = stamp; entries.2 = entry
        default: tickets.3 = ticket; stamps.3 = stamp; entries.3 = entry
        }
    }

    /// `record(ticket:range:parentSize:size:)` for a measurement that was computed, not found in the
    /// cache — where a node's first record happens: with nothing recorded yet (every node of a new cell)
    /// the key goes to slot 0, which the search and the least-recent scan would pick, without them; and
    /// the slot's fields are written by index (a homogeneous tuple is laid out as an array of its element
    /// type, and its memory is bound to that type too) where the switch over four slots compiled to nine
    /// offset registers and a store through each. The lookup's hit path keeps `record`: there both changes
    /// made a cached layout dearer (register allocation of the lookup).
    @inline(__always)
    mutating func recordComputed(ticket: UInt64, request: MeasurementRequest, size: Size) {
        record(ticket: ticket, request: request, size: size,
               inSlot: clock == 0 ? 0 : slot(of: ticket) ?? leastRecentSlot)
    }

    /// `recordComputed` for a cache hit of a spec's child (DisplayNode+Layout.swift, `noteHit`): the slot's
    /// fields written by index, without the first-record shortcut — a node found in its cache was measured
    /// before, so the check is not worth its cost.
    @inline(__always)
    mutating func recordHit(ticket: UInt64, request: MeasurementRequest, size: Size) {
        record(ticket: ticket, request: request, size: size, inSlot: slot(of: ticket) ?? leastRecentSlot)
    }

    @inline(__always)
    private mutating func record(ticket: UInt64, request: MeasurementRequest, size: Size, inSlot slot: Int) {
        let stamp = nextStamp()
        if slot == Int(pendingKeySlot) { pendingKeySlot = -1 }
        withUnsafeMutablePointer(to: &tickets) { Self.element(slot, of: $0, as: UInt64.self).pointee = ticket }
        withUnsafeMutablePointer(to: &stamps) { Self.element(slot, of: $0, as: Stamp.self).pointee = stamp }
        withUnsafeMutablePointer(to: &entries) {
            let entry = Self.element(slot, of: $0, as: Entry.self)
            assert(MemoryLayout<Entry>.offset(of: \.parentSize)
                   == MemoryLayout<Entry>.offset(of: \.range)! + MemoryLayout<SizeRange>.size)
            request.store(over: UnsafeMutableRawPointer(entry) + MemoryLayout<Entry>.offset(of: \.range)!)
            entry.pointee.size = size
        }
    }

    /// A key is kept in the pending layout (`pendingKeySlot`).
    @inline(__always)
    var hasPendingKey: Bool { pendingKeySlot >= 0 }

    /// The pending layout, which holds a key (`hasPendingKey`) and made for `range`, `parentSize` and
    /// `size`, is about to change: the key moves into its slot's entry — unless it is `ticket`'s, whose
    /// key the caller records again in the pending layout right after (`recordInPendingLayout`).
    @inline(__always)
    mutating func movePendingKeyOut(range: SizeRange, parentSize: Size, size: Size, unlessOwnedBy ticket: UInt64) {
        let slot = Int(pendingKeySlot)
        guard slot >= 0 else { return }
        let owner = withUnsafeMutablePointer(to: &tickets) { Self.element(slot, of: $0, as: UInt64.self).pointee }
        if ticket != 0 && owner == ticket { return }
        withUnsafeMutablePointer(to: &entries) {
            Self.element(slot, of: $0, as: Entry.self).pointee = Entry(range: range, parentSize: parentSize, size: size)
        }
        pendingKeySlot = -1
    }

    /// `recordComputed` for a measurement whose layout just became the pending one (so its key is what
    /// the pending layout records): the ticket and its stamp are written, and the slot is marked as kept
    /// in the pending layout instead of writing its entry. The caller moved any other key kept there out
    /// first (`movePendingKeyOut`).
    @inline(__always)
    mutating func recordInPendingLayout(ticket: UInt64) {
        let slot = clock == 0 ? 0 : slot(of: ticket) ?? leastRecentSlot
        let stamp = nextStamp()
        withUnsafeMutablePointer(to: &tickets) { Self.element(slot, of: $0, as: UInt64.self).pointee = ticket }
        withUnsafeMutablePointer(to: &stamps) { Self.element(slot, of: $0, as: Stamp.self).pointee = stamp }
        pendingKeySlot = Int8(truncatingIfNeeded: slot)
    }

    /// Element `index` of the homogeneous four-tuple at `tuple`.
    @inline(__always)
    private static func element<Tuple, Element>(_ index: Int, of tuple: UnsafeMutablePointer<Tuple>,
                                                as _: Element.Type) -> UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: Element.self) + index
    }

    /// The key of `ticket`, if recorded; `pending` is the node's pending layout, which holds the key kept
    /// there (`hasPendingKey`).
    func key(for ticket: UInt64, pending: NodeLayoutRecord) -> Key? {
        guard ticket != 0, let slot = slot(of: ticket) else { return nil }
        if slot == Int(pendingKeySlot) {
            return Key(ticket: ticket, range: pending.constrainedSize, parentSize: pending.parentSize, size: pending.size)
        }
        return key(for: ticket)
    }

    /// The key of `ticket`, if recorded, for keys that keep none in a pending layout (recorded only by
    /// `record`, `recordComputed` and `recordHit`; tests).
    func key(for ticket: UInt64) -> Key? {
        guard ticket != 0, let slot = slot(of: ticket) else { return nil }
        guard slot != Int(pendingKeySlot) else {
            fatalError("the key of measurement \(ticket) is kept in the pending layout: use key(for:pending:)")
        }
        let entry: Entry
        switch slot {
        case 0: entry = entries.0
        case 1: entry = entries.1
        case 2: entry = entries.2
        default: entry = entries.3
        }
        return Key(ticket: ticket, range: entry.range, parentSize: entry.parentSize, size: entry.size)
    }

    @inline(__always)
    private func slot(of ticket: UInt64) -> Int? {
        if tickets.0 == ticket { return 0 }
        if tickets.1 == ticket { return 1 }
        if tickets.2 == ticket { return 2 }
        if tickets.3 == ticket { return 3 }
        return nil
    }

    /// The slot recorded longest ago (an empty one first).
    @inline(__always)
    private var leastRecentSlot: Int {
        var slot = 0
        var oldest = stamps.0
        if stamps.1 < oldest { slot = 1; oldest = stamps.1 }
        if stamps.2 < oldest { slot = 2; oldest = stamps.2 }
        if stamps.3 < oldest { slot = 3 }
        return slot
    }

    /// The stamp of a record: the clock's next value, after renumbering the stamps once it reached its
    /// maximum.
    @inline(__always)
    private mutating func nextStamp() -> Stamp {
        if clock == Stamp.max { renumberStamps() }
        clock &+= 1
        return clock
    }

    /// Gives the recorded slots the stamps 1…n in the order of their stamps (they are distinct: each came
    /// from the clock), empty slots keeping 0, and sets the clock to n: the next stamp is again the newest.
    @inline(never)
    private mutating func renumberStamps() {
        let old = stamps
        // A recorded stamp's new value: 1 + the number of recorded stamps older than it.
        func renumbered(_ stamp: Stamp) -> Stamp {
            guard stamp != 0 else { return 0 }
            var older: Stamp = 1
            if old.0 != 0 && old.0 < stamp { older += 1 }
            if old.1 != 0 && old.1 < stamp { older += 1 }
            if old.2 != 0 && old.2 < stamp { older += 1 }
            if old.3 != 0 && old.3 < stamp { older += 1 }
            return older
        }
        stamps = (renumbered(old.0), renumbered(old.1), renumbered(old.2), renumbered(old.3))
        clock = Swift.max(stamps.0, stamps.1, stamps.2, stamps.3)
    }

    /// The slots' stamps and the clock (tests).
    var stampsAndClock: (stamps: [Stamp], clock: Stamp) { ([stamps.0, stamps.1, stamps.2, stamps.3], clock) }

    /// Sets the clock (tests: to just below its maximum, so the next records renumber the stamps).
    mutating func setClockForTesting(_ value: Stamp) {
        let stamps = self.stamps
        // Every recorded stamp stays at or below the clock, as the renumbering assumes.
        let offset = value &- clock
        self.stamps = (stamps.0 == 0 ? 0 : stamps.0 &+ offset, stamps.1 == 0 ? 0 : stamps.1 &+ offset,
                       stamps.2 == 0 ? 0 : stamps.2 &+ offset, stamps.3 == 0 ? 0 : stamps.3 &+ offset)
        clock = value
    }
}
