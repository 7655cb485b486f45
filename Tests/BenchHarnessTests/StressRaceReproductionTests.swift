import Dispatch
import Foundation
import LayoutCore
import NodeTree
import Synchronization
import Testing
@testable import BenchHarness

// Reproductions of two NodeTree races the stress runner found: failures of live runs that do not
// reproduce one operation at a time, so no saved script can show them. Both are fixed in NodeTree now
// (PendingStateController applies a flush's batch deepest node first; ScrollNode keeps a content size per
// measured range and gives the view the applied layout's), so each test drives its race for a few seconds
// and fails if it sees the wrong result. With either fix reverted, the race shows within about a second.
//
// 1. The flush order (`layout-cache` in `bench stress --threads 4 --ops 10000 --seed 41 --recipe
//    scroll-content`): the pending-state flush applies deferred invalidations in the order nodes
//    registered, not bottom-up. When an ancestor registered first (here: an off-main alpha write), the
//    flush bumps its layout version before its descendants'. A measurement running on another thread in
//    between captures the ancestor's new version, still gets the descendant's old layout from its cache,
//    and publishes an ancestor layout that is stale but current — for good, since nothing invalidates it
//    again. Fixed: a flush's batch is applied deepest node first.
//
// 2. The scroll content size (`scroll-content-size`, Texture #891/#774's class): ScrollNode keeps the
//    content size of its last measurement in a field of its own, written by every measurement — for any
//    range, on any thread, also one that is discarded for racing an invalidation — and layout() gives
//    that to the view. A measurement for another width finishing between the pass's measurement and
//    layout() (or after it, before a later pass that reuses the applied layout) leaves the view with the
//    other measurement's content size. Fixed: the content size is kept per measured range.

@Suite struct StressRaceReproductionTests {
    @MainActor @Test func aFlushInRegistrationOrderCanLeaveAStaleAncestorLayout() {
        let range = SizeRange(width: 300)
        let longText = String(repeating: "long text ", count: 20)
        // Nodes registered between the ancestor and its descendants widen the window between their bumps.
        let spacers = (0..<400).map { StressLeafNode(id: 1_000 + $0, counter: nil) }
        for spacer in spacers { _ = spacer.view }
        let root = StressContainerNode(id: 1, stack: StressStack(), counter: nil)
        let middle = StressContainerNode(id: 2, stack: StressStack(), counter: nil)
        let text = StressTextNode(id: 3, text: "short", counter: nil)
        root.addSubnode(middle)
        middle.addSubnode(text)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 300, height: 1000))
        window.addSubview(root.view)
        root.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        window.layoutIfNeeded()

        // Another thread measures the root all along.
        let stop = Atomic<Bool>(false)
        let measuring = DispatchSemaphore(value: 0)
        Thread {
            while !stop.load(ordering: .relaxed) { _ = root.layoutThatFits(range) }
            measuring.signal()
        }.start()

        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        var flushes = 0
        var found: String?
        while found == nil && DispatchTime.now().uptimeNanoseconds < deadline {
            let k = flushes
            let written = DispatchSemaphore(value: 0)
            Thread {
                root.alpha = Double(k % 2)  // the ancestor registers with the controller first
                for spacer in spacers { spacer.alpha = Double(k % 2) }
                text.text = k % 2 == 0 ? longText : "short"  // then the text, and the walk up
                middle.setNeedsLayout()
                root.setNeedsLayout()
                written.signal()
            }.start()
            written.wait()
            PendingStateController.shared.flush()  // bumps root, the spacers, text, middle — in that order
            flushes += 1
            // Every change is flushed now: whatever the root holds as current must be right.
            let cache = root.layoutCacheSnapshot
            for entry in [cache.pending, cache.calculated].compactMap({ $0 }) where entry.isCurrent {
                let fresh = root.freshCopy().layoutThatFits(entry.constrainedSize, parentSize: entry.parentSize)
                if let difference = StressInvariants.layoutDifference(entry.layout, fresh) {
                    found = "after flush \(flushes) the root holds a current layout for \(entry.constrainedSize) "
                        + "measured with the old text: \(difference)"
                }
            }
        }
        stop.store(true, ordering: .relaxed)
        measuring.wait()
        root.view.removeFromSuperview()
        print("flush-order race: \(found ?? "not seen in \(flushes) flushes")")
        #expect(found == nil, Comment(rawValue: found ?? ""))
    }

    @MainActor @Test func aMeasurementForAnotherWidthCanLeaveTheScrollViewWithItsContentSize() {
        let longText = String(repeating: "long text ", count: 30)
        let scroll = StressScrollNode(id: 1, stack: StressStack(), counter: nil)
        let text = StressTextNode(id: 2, text: "short", counter: nil)
        scroll.addSubnode(text)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 1000))
        window.addSubview(scroll.view)
        scroll.frame = Rect(x: 0, y: 0, width: 375, height: 300)
        window.layoutIfNeeded()

        // Another thread measures the scroll node for a narrower width all along.
        let stop = Atomic<Bool>(false)
        let measuring = DispatchSemaphore(value: 0)
        Thread {
            while !stop.load(ordering: .relaxed) { _ = scroll.layoutThatFits(SizeRange(width: 120)) }
            measuring.signal()
        }.start()

        var found: String?
        var passes = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        while found == nil && DispatchTime.now().uptimeNanoseconds < deadline {
            passes += 1
            text.text = passes % 2 == 0 ? longText : "short"  // on the main actor: invalidates at once
            scroll.setNeedsLayout()
            scroll.view.layoutIfNeeded()  // re-measures for the bounds, then layout() sets the content size
            scroll.view.setNeedsLayout()
            scroll.view.layoutIfNeeded()  // and once more, reusing the applied layout if it can
            guard let applied = scroll.layoutCacheSnapshot.calculated, applied.isCurrent else { continue }
            let fresh = scroll.freshCopy() as! StressScrollNode
            _ = fresh.layoutThatFits(applied.constrainedSize, parentSize: applied.parentSize)
            if scroll.view.contentSize != fresh.contentSize {
                found = "after pass \(passes) the view's content size is \(scroll.view.contentSize); the applied "
                    + "layout (for \(applied.constrainedSize)) has content \(fresh.contentSize)"
            }
        }
        stop.store(true, ordering: .relaxed)
        measuring.wait()
        scroll.view.removeFromSuperview()
        print("scroll content size race: \(found ?? "not seen in \(passes) passes")")
        #expect(found == nil, Comment(rawValue: found ?? ""))
    }
}
