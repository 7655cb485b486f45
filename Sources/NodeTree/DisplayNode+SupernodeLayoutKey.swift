import CThreadLocal
import LayoutCore
import Synchronization

// Which of its layouts a subnode's layout pass applies: the one its supernode's applied layout was built
// from, not the one measured last.
//
// A supernode's flattened layout gives each subnode a frame but not the range the subnode was measured
// with, and subnodes of one size can be laid out differently inside (a scroll node takes its parent's
// size whatever its range; a stack child re-measured for another cross range can keep its size). Texture's
// pass (reference 2.8) guesses the range from the subnode's two cache slots: the pending layout — the last
// measurement, by anyone — is preferred when it is as new as the applied one and fits the bounds. With
// several threads measuring one tree, the last measurement is often not the one the supernode's applied
// layout came from: another thread measures the supernode for another width between the supernode's pass
// and the subnode's, the subnode's pending slot now holds that width's layout, it has the frame's size,
// and the pass applies it — the subnode's own subnodes then show a layout no single-threaded pass gives
// (stress: `visible-frames`, and `stable-relayout` when a later forced pass applies yet another one).
//
// So each measurement carries a ticket, and a node measured inside another node's measurement remembers
// what that measurement asked of it: (ticket, range, parent size, resulting size), the last few, inline
// in its State (no allocation on the measuring path). A layout record keeps the ticket of the measurement
// that made it (a transition's too); when a supernode applies a layout, each subnode it positions is told
// that ticket and keeps that key apart from the recent ones (so later measurements cannot push it out, also
// when the supernode's later passes apply the same layout again), and its pass reuses, applies or measures
// the layout for exactly that range and parent size (a reused layout that already asked for a resize
// stays, as in Texture's rule). Nodes without a key (roots, frames set by hand, a key pushed out by more
// than `capacity` measurements before the supernode first applied its layout) keep Texture's rule.

/// The measurement running on this thread (0 outside one), as a thread-local: a node measured inside it
/// is measured on behalf of the node whose measurement owns the ticket. A C11 thread-local
/// (loom_thread_local.h): pthread thread-specific data cost ~110 instructions per leaf measurement.
enum MeasurementTicket {
    /// Blocks of tickets handed to threads: each thread takes 2³² tickets at a time from this counter
    /// and numbers its measurements from its block in a thread-local, so measuring writes no shared
    /// cache line (one global counter had every measurement on every thread write the same line).
    private static let blocks = Atomic<UInt64>(0)
    private static let blockSize: UInt64 = 1 << 32

    /// A ticket no other measurement has (never 0).
    @inline(__always)
    static func next() -> UInt64 {
        // A block's last ticket is never handed out, so a thread whose next ticket is a multiple of the
        // block size (0 at first) takes a new block.
        if loom_peek_measurement_ticket() % blockSize == 0 { takeBlock() }
        return loom_take_measurement_ticket()
    }

    @inline(never)
    private static func takeBlock() {
        let block = blocks.wrappingAdd(1, ordering: .relaxed).newValue
        // Block b holds tickets b·2³² + 1 ..< (b + 1)·2³² (block 0 is never taken: tickets are never 0).
        loom_set_next_measurement_ticket(block &* blockSize &+ 1)
    }

    /// The ticket of the measurement running on this thread, 0 when none.
    @inline(__always)
    static var current: UInt64 {
        loom_current_measurement_ticket()
    }

    /// Runs `body` (a node's own measurement) with `ticket` as the current one, then restores the outer one.
    @inline(__always)
    static func measuring<R>(_ ticket: UInt64, _ body: () -> R) -> R {
        let outer = loom_exchange_measurement_ticket(ticket)
        defer { loom_exchange_measurement_ticket(outer) }
        return body()
    }
}

/// What a node's recent measurements by supernodes asked of it, newest first, at most `capacity`.
/// Fixed inline storage: recording happens under the node's lock on every measurement.
struct SupernodeMeasurementKeys {
    struct Key {
        var ticket: UInt64
        var range: SizeRange
        var parentSize: Size
        /// The size of the layout the node gave that measurement.
        var size: Size
    }

    /// Enough for the applied measurement plus a few by other threads until the node's pass runs; an older
    /// key is looked up in vain and the pass falls back to Texture's rule.
    static let capacity = 4
    private var k0: Key?, k1: Key?, k2: Key?, k3: Key?

    /// Records what measurement `ticket` asked. A measurement that measures the node more than once
    /// (a stack re-measuring a flexible child, a scroll node its content) keeps the last, which is the one
    /// its layout uses.
    mutating func record(_ key: Key) {
        if k0?.ticket == key.ticket { k0 = key; return }
        if k1?.ticket == key.ticket { k1 = key; swap(&k0, &k1); return }
        if k2?.ticket == key.ticket { k2 = k1; k1 = k0; k0 = key; return }
        if k3?.ticket == key.ticket { k3 = k2; k2 = k1; k1 = k0; k0 = key; return }
        k3 = k2; k2 = k1; k1 = k0; k0 = key
    }

    func key(for ticket: UInt64) -> Key? {
        if k0?.ticket == ticket { return k0 }
        if k1?.ticket == ticket { return k1 }
        if k2?.ticket == ticket { return k2 }
        if k3?.ticket == ticket { return k3 }
        return nil
    }
}

extension DisplayNode.State {
    /// Called under the lock by every measurement of the node: remembers what the measurement of the
    /// supernode running on this thread (if any) asked.
    @inline(__always)
    mutating func noteMeasurement(by ticket: UInt64, _ range: SizeRange, parentSize: Size, size: Size) {
        guard ticket != 0 else { return }
        measuredBySupernodes.record(.init(ticket: ticket, range: range, parentSize: parentSize, size: size))
    }

    /// The range and parent size the supernode's applied layout measured the node with, if the node knew
    /// them when the supernode applied it and that layout gave it its current bounds size.
    func supernodeLayoutKey(boundsSize: Size) -> SupernodeMeasurementKeys.Key? {
        guard let key = supernodeLayoutKey, key.size == boundsSize else { return nil }
        return key
    }

    /// The node's next pass would apply or measure a layout other than its calculated one.
    func passWouldChangeLayout(boundsSize: Size) -> Bool {
        guard let key = supernodeLayoutKey(boundsSize: boundsSize) else { return isPendingLayoutPreferred }
        guard let calculated = calculatedLayout else { return true }
        return !(calculated.isValid(key.range, parentSize: key.parentSize, version: layoutVersion)
                 && (calculated.size == boundsSize || calculated.requestedLayoutFromAbove))
    }
}

extension DisplayNode {
    /// The supernode applied a layout (made by measurement `ticket`) that positioned this node. Returns the
    /// node's view when on the main actor, the node is loaded and its next pass would change its layout
    /// (so the caller marks it: the frame alone may not have changed).
    func adoptSupernodeLayout(ticket: UInt64, onMainActor: Bool) -> PlatformView? {
        state.withLock { s in
            // Kept apart from the recent keys, so measurements after this one cannot push it out. The
            // supernode re-applies the same layout on every later pass of its own (upToDate): keep the key
            // adopted then — by now later measurements may have pushed it out of the recent ones, and
            // looking it up again would drop it and fall back to Texture's rule, which applies whatever
            // was measured last (stress: `stable-relayout` moves below a root in round 1). A ticket's key
            // never changes once its layout exists: the measurement finished before the record was made.
            if ticket == 0 {
                s.supernodeLayoutKey = nil
            } else if s.supernodeLayoutKey?.ticket != ticket {
                s.supernodeLayoutKey = s.measuredBySupernodes.key(for: ticket)
            }
            guard onMainActor, let view = s.view else { return nil }
            return s.passWouldChangeLayout(boundsSize: ceilPx(s.threadSafeBounds.size)) ? view : nil
        }
    }
}
