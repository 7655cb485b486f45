import LayoutCore
import Testing
@testable import NodeTree

// A spec child's cache hit records its supernode key with `recordHit` (fields written by index, no
// first-record shortcut; DisplayNode+Layout.swift, `noteHit`): it must keep exactly what the general
// `record` keeps, whatever mix of hits, misses and root measurements came before.

@Suite struct SupernodeKeysChildHitTests {
    private func key(_ ticket: UInt64, width: Double, parentHeight: Double) -> SupernodeMeasurementKeys.Key {
        .init(ticket: ticket, range: SizeRange(width: width), parentSize: Size(width: width, height: parentHeight),
              size: Size(width: width, height: Double(ticket)))
    }

    @Test(arguments: UInt64(1)...24)
    func recordHitKeepsWhatRecordKeeps(seed: UInt64) {
        var generator = DiffTestGenerator(seed: seed)
        var reference = SupernodeMeasurementKeys()
        var keys = SupernodeMeasurementKeys()
        let parentHeights: [Double] = [.nan, -0.0, 0, 480]
        for step in 0..<200 {
            let recorded = key(UInt64.random(in: 1...7, using: &generator),
                               width: Double(Int.random(in: 0...400, using: &generator)),
                               parentHeight: parentHeights.randomElement(using: &generator)!)
            let request = MeasurementRequest(recorded.range, parentSize: recorded.parentSize)
            reference.record(recorded)
            switch Int.random(in: 0...2, using: &generator) {
            case 0: keys.recordHit(ticket: recorded.ticket, request: request, size: recorded.size)
            case 1: keys.recordComputed(ticket: recorded.ticket, request: request, size: recorded.size)
            default: keys.record(recorded)
            }
            for ticket in UInt64(0)...8 {
                let expected = reference.key(for: ticket), found = keys.key(for: ticket)
                #expect(found.map(supernodeKeyBits) == expected.map(supernodeKeyBits),
                        "seed \(seed), step \(step), ticket \(ticket)")
            }
        }
    }

    /// Through the engine: an inset re-measured by a new supernode measurement finds its leaf in its
    /// cache, and the leaf remembers what that measurement asked (the hit's key next to the miss's).
    @Test func aLeafHitUnderANewSupernodeMeasurementIsRemembered() {
        let leaf = DisplayNode()
        leaf.style.preferredSize = Size(width: 40, height: 10)
        let parent = DisplayNode()
        parent.addSubnode(leaf)
        parent.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 5), child: leaf) }
        let range = SizeRange(width: 200)
        // The parent's layout keeps the ticket of the measurement that made it.
        _ = parent.layoutThatFits(range)
        let first = parent.state.withLock { $0.pendingSlot.ticket }
        parent.invalidateCalculatedLayout()
        _ = parent.layoutThatFits(range)
        let second = parent.state.withLock { $0.pendingSlot.ticket }
        #expect(first != 0 && second != 0 && first != second)
        #expect(leaf.layoutStatistics.cacheMisses == 1)
        #expect(leaf.layoutStatistics.cacheHits == 1)
        let (missKey, hitKey) = leaf.state.withLock {
            ($0.layoutCache.supernodeKey(for: first), $0.layoutCache.supernodeKey(for: second))
        }
        #expect(missKey != nil && hitKey != nil)
        // The hit's key is the miss's under the second ticket.
        let missUnderSecond = missKey.map {
            SupernodeMeasurementKeys.Key(ticket: second, range: $0.range, parentSize: $0.parentSize, size: $0.size)
        }
        #expect(hitKey.map(supernodeKeyBits) == missUnderSecond.map(supernodeKeyBits))
    }
}
