import Dispatch
import Foundation
import Testing
import LayoutCore
@testable import NodeTree

// Texture's thrash tests, small: random batches (inserts, deletes, moves, reloads) from three threads while
// the main actor scrolls and changes the width; at quiescence the committed list equals the data, every
// item was measured at its current range, and the interface states match the viewport.

@MainActor @Suite struct ListThrashTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func randomEditsFromThreadsWhileScrollingLeaveAConsistentList(seed: UInt64) async {
        print("ListThrashTests seed \(seed)")
        let model = ListModel([Array(0..<30)], height: { 20 + Double($0 % 7) * 10 })
        let table = await makeTable(model, viewport: Size(width: 120, height: 200))
        let rejected = Locked(0)
        let done = DispatchSemaphore(value: 0)
        for lane in 0..<3 {
            Thread {
                var random = SplitMix(seed: seed &* 31 &+ UInt64(lane))
                for _ in 0..<60 {
                    let choice = random.below(4)
                    let a = random.next(), b = random.next()
                    let id = model.newID()
                    do {
                        try table.performBatchUpdates { batch in
                            model.sections.withLock { sections in
                                let count = sections[0].count
                                switch choice {
                                case 0:
                                    let at = count == 0 ? 0 : Int(a % UInt64(count + 1))
                                    sections[0].insert(id, at: at)
                                    batch.insertItems(at: [ListIndexPath(item: at, section: 0)])
                                case 1 where count > 0:
                                    let at = Int(a % UInt64(count))
                                    sections[0].remove(at: at)
                                    batch.deleteItems(at: [ListIndexPath(item: at, section: 0)])
                                case 2 where count > 0:
                                    let from = Int(a % UInt64(count)), to = Int(b % UInt64(count))
                                    sections[0].insert(sections[0].remove(at: from), at: to)
                                    batch.moveItem(at: ListIndexPath(item: from, section: 0),
                                                   to: ListIndexPath(item: to, section: 0))
                                case 3 where count > 0:
                                    batch.reloadItems(at: [ListIndexPath(item: Int(a % UInt64(count)), section: 0)])
                                default:
                                    break
                                }
                            }
                        }
                    } catch {
                        rejected.withLock { $0 += 1 }
                    }
                }
                done.signal()
            }.start()
        }
        // The main actor meanwhile: scroll steps, a width change, and the commits arriving.
        var offset = 0.0
        for step in 0..<60 {
            offset = (offset + 37).truncatingRemainder(dividingBy: max(table.contentSize.height, 1))
            table.scroll(toOffset: offset)
            if step == 30 { table.setViewportSize(Size(width: 160, height: 200)) }
            await drainMainQueue()
        }
        await Task.detached { for _ in 0..<3 { done.wait() } }.value
        await table.waitUntilAllUpdatesAreCommitted()
        table.scroll(toOffset: 0)

        #expect(rejected.load() == 0)
        #expect(committedIDs(table) == model.sections.load()[0])
        #expect(table.dataControllerStatistics.nodeBlocksOnMainActor == 0)
        for elements in table.pendingElements {
            for element in elements {
                #expect(element.measurement.range == element.constrainedSize)
                #expect(element.constrainedSize.min.width == 160)
            }
        }
        // Visible exactly where the frames meet the viewport [0, 200).
        for (node, frame) in zip(table.committedNodes, table.committedFrames) {
            let onScreen = frame.minY < 200 && frame.maxY > 0
            #expect(node?.isVisible == onScreen, "\(frame)")
            #expect((node?.isNodeLoaded == true && node?.view.superview != nil) == onScreen)
        }
    }
}

/// SplitMix64, for the test's seeded choices.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
