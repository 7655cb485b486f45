// The order of a list's edits (edits asked from any thread are serialized in request order).
//
// An edit's turn covers what must see the data source and the pending map as one consistent pair: the
// user's updates closure (which changes the data), the count queries, validation, and the new pending map
// with its node-block requests. Callers take tickets in the order they asked and are served in ticket
// order, so the second of two edits always validates against the counts the first left. The turn is not a
// lock held across user code: the mutex guards only the ticket counters, and a turn covers neither node
// blocks nor measurement (those run on the editing queue afterwards), so a caller waits at most for other
// callers' updates closures and count queries — never for a worker's measurement. Hence an updates closure
// must not wait for the main actor: the main actor may be waiting for the turn (Texture's deadlock class of a
// block dispatching synchronously to a waiting main thread, #641).
//
// A caller already holding the turn on this thread (a performBatchUpdates inside another's updates
// closure) is nested, as in Texture: it joins the open batch instead of waiting for itself.
final class EditTurnstile: @unchecked Sendable {
    private let condition = ListCondition()
    private var nextTicket: UInt64 = 0
    private var serving: UInt64 = 0
    private var owner: UInt?

    /// True when the calling thread holds the turn.
    var isHeldByCurrentThread: Bool {
        let me = currentThreadID()
        return condition.locked { owner == me }
    }

    /// Takes a ticket and waits for its turn.
    func enter() {
        let me = currentThreadID()
        condition.locked {
            let ticket = nextTicket
            nextTicket += 1
            condition.wait { serving == ticket }
            owner = me
        }
    }

    /// Ends the turn; the next ticket is served.
    func leave() {
        condition.locked {
            owner = nil
            serving += 1
            condition.broadcast()
        }
    }
}
