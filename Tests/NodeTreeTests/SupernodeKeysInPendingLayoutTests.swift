import LayoutCore
import Testing
@testable import NodeTree

// A computed measurement's supernode key is kept in the pending layout it publishes, and moved into its own
// entry only when the pending layout changes (SupernodeMeasurementKeys.pendingKeySlot, NodeLayoutCache.publish
// and movePendingKeyOut). Whatever mix of publishes (for supernode measurements, for roots, raced by an
// invalidation), cache hits and cleared pending layouts came before, every ticket's key must be what keys
// recorded eagerly, entry by entry, would give.

@Suite struct SupernodeKeysInPendingLayoutTests {
    @Test(arguments: UInt64(1)...24)
    func keysKeptInThePendingLayoutEqualKeysRecordedEagerly(seed: UInt64) {
        var generator = DiffTestGenerator(seed: seed)
        var cache = NodeLayoutCache()
        var reference = SupernodeMeasurementKeys()
        let parentHeights: [Double] = [.nan, -0.0, 0, 480]
        var ticket: UInt64 = 100
        var keptInPending = 0
        for step in 0..<300 {
            // Requesters 1…6; 0 is a root's measurement, which records no key.
            let requester = UInt64.random(in: 0...6, using: &generator)
            let width = Double(Int.random(in: 0...400, using: &generator))
            let range = SizeRange(width: width)
            let parent = Size(width: width, height: parentHeights.randomElement(using: &generator)!)
            // The key records the layout's size (as stored: Layout(specSize:) sanitizes it).
            let layout = Layout(specSize: Size(width: width, height: Double(Int.random(in: 1...90, using: &generator))))
            let size = layout.size
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                // A computed measurement published at the cache's version: the pending layout changes.
                ticket += 1
                cache.publish(layout, MeasurementRequest(range, parentSize: parent),
                              version: cache.version, ticket: ticket, by: requester, isLeaf: true)
                if requester != 0 {
                    reference.record(ticket: requester, range: range, parentSize: parent, size: size)
                }
            case 5:
                // Raced with an invalidation: recorded, not published.
                let raced = cache.version
                cache.version += 1
                ticket += 1
                cache.publish(layout, MeasurementRequest(range, parentSize: parent),
                              version: raced, ticket: ticket, by: requester, isLeaf: true)
                if requester != 0 {
                    reference.record(ticket: requester, range: range, parentSize: parent, size: size)
                }
            case 6, 7:
                // A spec child's cache hit on the pending layout.
                guard requester != 0, let pending = cache.pendingLayout else { continue }
                let request = MeasurementRequest(pending.constrainedSize, parentSize: pending.parentSize)
                cache.noteChildHit(by: requester, request, size: pending.size)
                reference.record(ticket: requester, range: pending.constrainedSize, parentSize: pending.parentSize,
                                 size: pending.size)
            case 8:
                // A layout pass took the pending layout (or a subnode left): cleared.
                cache.pendingLayout = nil
            default:
                // The pass's flag on the pending layout: rewritten with the same measurement.
                guard var pending = cache.pendingLayout else { continue }
                pending.requestedLayoutFromAbove = true
                cache.pendingLayout = pending
            }
            if cache.measuredBySupernodes.hasPendingKey { keptInPending += 1 }
            for candidate in UInt64(1)...6 {
                #expect(cache.supernodeKey(for: candidate).map(supernodeKeyBits)
                        == reference.key(for: candidate).map(supernodeKeyBits),
                        "seed \(seed), step \(step), ticket \(candidate)")
            }
        }
        #expect(keptInPending > 0, "some keys were kept in the pending layout")
    }

    /// A node's first measurement by a supernode keeps its key in the pending layout, and the key survives
    /// the pending layout's replacement by another supernode's measurement and its clearing.
    @Test func aNodesFirstKeyMovesOutWhenItsPendingLayoutChanges() {
        let leaf = DisplayNode()
        leaf.style.preferredSize = Size(width: 40, height: 20)
        let first = DisplayNode(), second = DisplayNode()
        first.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 5), child: leaf) }
        second.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 7), child: leaf) }
        _ = first.layoutThatFits(SizeRange(width: 200))
        let firstTicket = first.state.withLock { $0.pendingSlot.ticket }
        #expect(leaf.state.withLock { $0.measuredBySupernodes.hasPendingKey })
        let (firstKey, firstSize) = leaf.state.withLock {
            ($0.layoutCache.supernodeKey(for: firstTicket), $0.pendingSlot.size)
        }
        #expect(firstKey?.range == SizeRange(width: 190) && firstKey?.size == firstSize)
        // Another supernode measures the leaf for another range: its layout replaces the pending one.
        _ = second.layoutThatFits(SizeRange(width: 300))
        let secondTicket = second.state.withLock { $0.pendingSlot.ticket }
        let secondSize = leaf.state.withLock { $0.pendingSlot.size }
        let keys = leaf.state.withLock {
            ($0.layoutCache.supernodeKey(for: firstTicket), $0.layoutCache.supernodeKey(for: secondTicket))
        }
        #expect(keys.0?.range == SizeRange(width: 190) && keys.0?.size == firstSize,
                "the first key moved into its entry")
        #expect(keys.1?.range == SizeRange(width: 286))
        leaf.state.withLock { $0.pendingLayout = nil }
        let afterClearing = leaf.state.withLock { $0.layoutCache.supernodeKey(for: secondTicket) }
        #expect(afterClearing?.range == SizeRange(width: 286) && afterClearing?.size == secondSize)
        #expect(!leaf.state.withLock { $0.measuredBySupernodes.hasPendingKey })
    }
}
