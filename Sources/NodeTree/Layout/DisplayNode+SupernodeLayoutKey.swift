import LayoutCore

// Which of its layouts a subnode's layout pass applies: the one its supernode's applied layout was built
// from, not the one measured last.
//
// A supernode's flattened layout gives each subnode a frame but not the range the subnode was measured
// with, and subnodes of one size can be laid out differently inside (a scroll node takes its parent's
// size whatever its range; a stack child re-measured for another cross range can keep its size). Texture's
// pass (__layout, _u_measureNodeWithBoundsIfNecessary:) guesses the range from the subnode's two cache slots: the
// pending layout — the last measurement, by anyone — is preferred when it is as new as the applied one and fits the
// bounds. With several threads measuring one tree, the last measurement is often not the one the supernode's applied
// layout came from: another thread measures the supernode for another width between the supernode's pass and the
// subnode's, the subnode's pending slot now holds that width's layout, it has the frame's size, and the pass applies it
// — the subnode's own subnodes then show a layout no single-threaded pass gives (stress: `visible-frames`, and
// `stable-relayout` when a later forced pass applies yet another one).
//
// So each measurement carries a ticket, and a node measured inside another node's measurement remembers
// what that measurement asked of it: (ticket, range, parent size, resulting size), the last few, inline
// in its State (no allocation on the measuring path). A layout record keeps the ticket of the measurement
// that made it (a transition's too); when a supernode applies a layout, each subnode it positions is told
// that ticket and keeps that key apart from the recent ones, in its side box with the frame the same pass
// gives it (DisplayNode+SideState.swift), so later measurements cannot push it out, also when the
// supernode's later passes apply the same layout again; and its pass reuses, applies or measures
// the layout for exactly that range and parent size (a reused layout that already asked for a resize
// stays, as in Texture's rule). Nodes without a key (roots, frames set by hand, a key pushed out by more
// than `capacity` measurements before the supernode first applied its layout) keep Texture's rule.

extension DisplayNode.State {
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
                s.supernodeLayoutKey = s.layoutCache.supernodeKey(for: ticket)
            }
            guard onMainActor, let view = s.view else { return nil }
            return s.passWouldChangeLayout(boundsSize: ceilPx(s.threadSafeBounds.size)) ? view : nil
        }
    }
}
