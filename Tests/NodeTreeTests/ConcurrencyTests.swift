import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LayoutCore
import Synchronization
import Testing
import TextEngine
@testable import NodeTree

// The threading contract under load (run these under TSan: see the report for the command). Cells here use
// inset / overlay / background / ratio / corner specs only, so they run without the stack algorithm.

/// A card: a photo at 2:1 with a caption pinned to its bottom, a corner badge, a background, 10 of inset.
final class CardCellNode: CellNode, @unchecked Sendable {
    let title = TextNode(), photo = ImageNode(), background = DisplayNode(), badge = TextNode()

    init(index: Int) {
        super.init()
        debugName = "card \(index)"
        title.attributedText = CardCellNode.title(index)
        photo.image = PlatformImage(size: Size(width: 400, height: 200 + Double(index % 5) * 20))
        badge.attributedText = CardCellNode.badge(index)
        for node in [background, photo, title, badge] { addSubnode(node) }
    }

    static func title(_ index: Int) -> AttributedText {
        dejaVu("Card \(index) " + String(repeating: "lorem ", count: index % 7), size: 12 + Double(index % 3))
    }

    static func badge(_ index: Int) -> AttributedText { dejaVu("\(index)", size: 10) }

    /// The card's layout for width 375 worked out from the specs' rules and TextMeasurer, without
    /// the node tree: inset 10 → content 355 wide; photo 355 × 177.5 (ratio 0.5); the background takes the
    /// photo's size; the title's inset (∞, 8, 8, 8) in that exact size gives it width 355 − 16 = 339 and at
    /// most 177.5 − 8 = 169.5 of height, pinned 8 above the bottom; the badge is measured with the corner
    /// spec's own range (exactly 355 wide), centred on the top-right corner and moved by (−12, 12).
    static func expectedShape(index: Int) -> LayoutShape {
        let titleHeight = measuredText(title(index), width: 339, height: 169.5).size.height
        let badgeHeight = measuredText(badge(index), width: 355).size.height
        return LayoutShape(size: Size(width: 375, height: 197.5), frames: [
            Rect(x: 10, y: 10, width: 355, height: 177.5),
            Rect(x: 10, y: 10, width: 355, height: 177.5),
            Rect(x: 18, y: ceilPx(10 + 169.5 - titleHeight), width: 339, height: titleHeight),
            Rect(x: ceilPx(10 + 355 - 355 / 2 - 12), y: ceilPx(10 - badgeHeight / 2 + 12), width: 355,
                 height: badgeHeight),
        ])
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let caption = InsetLayoutSpec(insets: EdgeInsets(top: .infinity, left: 8, bottom: 8, right: 8), child: title)
        let content = OverlayLayoutSpec(child: RatioLayoutSpec(ratio: 0.5, child: photo), overlay: caption)
        let cornered = CornerLayoutSpec(child: content, corner: badge, location: .topRight,
                                        offset: Point(x: -12, y: 12))
        return InsetLayoutSpec(insets: EdgeInsets(all: 10),
                               child: BackgroundLayoutSpec(child: cornered, background: background))
    }
}

/// Runs `body(i)` on `threads` plain threads and resumes the caller when all are done, without blocking a
/// cooperative-pool thread meanwhile.
func onThreadsAsync(_ threads: Int, count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            onThreads(threads, count: count, body)
            continuation.resume()
        }.start()
    }
}

/// Each subnode's frame in `layout` (zero for subnodes the layout leaves out), in subnode order.
func frames(of node: DisplayNode, in layout: Layout) -> [Rect] {
    node.subnodes.map { subnode in
        let frame = layout.frame(for: subnode)
        return frame.isNull ? .zero : frame
    }
}

@Suite struct ConcurrencyTests {
    static let range = SizeRange(width: 375)

    @Test func independentCellsAreCreatedAndMeasuredOnManyThreads() {
        let count = 400
        let results = Locked([LayoutShape?](repeating: nil, count: count))
        onThreads(4, count: count) { i in
            let cell = CardCellNode(index: i)
            let layout = cell.layoutThatFits(ConcurrencyTests.range)
            results.withLock { $0[i] = LayoutShape(layout) }
        }
        let measured = results.load()
        for i in 0..<count {
            let expected = LayoutShape(CardCellNode(index: i).layoutThatFits(ConcurrencyTests.range))
            #expect(measured[i] == expected, "cell \(i)")
            #expect(measured[i] == CardCellNode.expectedShape(index: i), "cell \(i)")
        }
    }

    @Test func concurrentPerformMeasuresTheSameAsOneThread() {
        let cells = (0..<200).map(CardCellNode.init(index:))
        DispatchQueue.concurrentPerform(iterations: cells.count) { i in
            _ = cells[i].layoutThatFits(ConcurrencyTests.range)
        }
        for (i, cell) in cells.enumerated() {
            let expected = CardCellNode(index: i).layoutThatFits(ConcurrencyTests.range)
            #expect(LayoutShape(cell.layoutThatFits(ConcurrencyTests.range)) == LayoutShape(expected))
            #expect(cell.layoutStatistics.cacheMisses == 1)  // the second call was a cache hit
        }
    }

    /// Readers measure one shared cell while a writer keeps changing its caption and invalidating it. Every
    /// layout a reader gets must be the layout of one of the two captions (never a mixture, never garbage),
    /// and after quiescence a fresh measurement equals a single-threaded one.
    @Test func aSharedSubtreeMeasuredWhileAnotherThreadInvalidatesIt() {
        let texts = [dejaVu("short", size: 12), dejaVu(String(repeating: "a much longer caption ", count: 6), size: 12)]
        let range = ConcurrencyTests.range
        let possible = Set(texts.map { text -> LayoutShape in
            let fresh = CardCellNode(index: 3)
            fresh.title.attributedText = text
            return LayoutShape(fresh.layoutThatFits(range))
        })
        #expect(possible.count == 2)

        let cell = CardCellNode(index: 3)
        cell.title.attributedText = texts[0]
        let seen = Locked(Set<LayoutShape>())
        let readers = 4, minimumReads = 400, minimumWrites = 300
        // Atomics, not locks, coordinate the threads: contended test locks would serialise them.
        let started = Atomic<Int>(0), readersLeft = Atomic<Int>(readers), writes = Atomic<Int>(0)
        onThreads(readers + 1, count: readers + 1) { thread in
            // Start together: thread start-up latency would otherwise let one side finish first.
            started.add(1, ordering: .relaxed)
            while started.load(ordering: .relaxed) < readers + 1 {}
            if thread == 0 {
                // The writer keeps going until every reader is done, so the two really overlap.
                var k = 0
                while k < minimumWrites || readersLeft.load(ordering: .relaxed) > 0 {
                    cell.title.attributedText = texts[k % 2]  // invalidates the title (text first, then version)
                    cell.setNeedsLayout()           // then the cell, as a cell owner would
                    k += 1
                    writes.store(k, ordering: .relaxed)
                    sched_yield()  // interleave finely even when only one core is free
                }
            } else {
                var local = Set<LayoutShape>(), reads = 0
                while reads < minimumReads || writes.load(ordering: .relaxed) < minimumWrites {
                    local.insert(LayoutShape(cell.layoutThatFits(range)))
                    reads += 1
                    sched_yield()
                }
                seen.withLock { $0.formUnion(local) }
                readersLeft.subtract(1, ordering: .relaxed)
            }
        }
        #expect(seen.load().isSubset(of: possible))

        let finalText = texts[(writes.load(ordering: .relaxed) - 1) % 2]
        let fresh = CardCellNode(index: 3)
        fresh.title.attributedText = finalText
        #expect(LayoutShape(cell.layoutThatFits(range)) == LayoutShape(fresh.layoutThatFits(range)))
        #expect(cell.title.calculatedSize == fresh.title.calculatedSize)
        let statistics = cell.layoutStatistics
        print("shared subtree: \(writes.load(ordering: .relaxed)) writes, \(statistics.cacheHits) hits, \(statistics.cacheMisses) misses, "
              + "\(statistics.discardedMeasurements) measurements discarded after racing an invalidation")
    }

    /// The main actor loads views, sets frames and runs layout passes while other threads keep measuring the
    /// same cells and write a view property of each (before or after its load, whichever comes first).
    @Test func theMainActorLoadsViewsWhileBackgroundThreadsMeasure() async {
        let cells = (0..<60).map(CardCellNode.init(index:))
        let range = ConcurrencyTests.range

        async let background: Void = onThreadsAsync(2, count: cells.count * 6) { i in
            let cell = cells[i % cells.count]
            _ = cell.layoutThatFits(range)
            cell.alpha = 0.9
        }
        let host = await MainActor.run { () -> PlatformView in
            let host = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 100_000))
            var y = 0.0
            for cell in cells {
                host.addSubview(cell.view)
                let size = cell.layoutThatFits(range).size
                cell.frame = Rect(origin: Point(x: 0, y: y), size: size)
                y += size.height
                cell.layoutIfNeeded()
            }
            return host
        }
        await background
        await MainActor.run {
            PendingStateController.shared.flush()
            host.layoutIfNeeded()
            for (i, cell) in cells.enumerated() {
                let fresh = CardCellNode(index: i)
                let expected = fresh.layoutThatFits(range)
                #expect(cell.frame.size == expected.size, "cell \(i)")
                #expect(cell.subnodes.map(\.frame) == frames(of: fresh, in: expected), "cell \(i)")
                #expect(cell.alpha == 0.9)
                #expect(!cell.hasPendingViewStateChanges)
            }
        }
    }

    /// Writes from several threads to loaded nodes while the main actor is busy elsewhere: each node's view
    /// gets its new values in exactly one flush.
    @MainActor @Test func offMainWritesAfterLoadAreFlushedOnce() async {
        let nodes = (0..<40).map { _ in DisplayNode() }
        for node in nodes { _ = node.view }
        syncOnOtherThread {  // the main actor is blocked: no flush can run before all writes are in
            onThreads(4, count: 4 * 200) { i in
                let node = nodes[i % nodes.count]
                node.backgroundColor = .blue
                node.position = Point(x: 1, y: 2)
            }
        }
        await drainMainQueue()
        for node in nodes {
            #expect(node.layoutStatistics.pendingStateFlushes == 1)
            #expect(node.view.counters.writes(of: .backgroundColor) == 1)
            #expect(node.view.counters.writes(of: .position) == 1)
            #expect(node.view.backgroundColor == .blue)
        }
    }
}
