import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Texture's ASBridgedPropertiesTests and ASDisplayNode's frame/bounds/position/anchorPoint rules.

@Suite struct BridgedPropertiesTests {
    @MainActor @Test func backgroundWriteAfterLoadAppliesOnlyAfterTheFlush() async {
        let node = DisplayNode()
        _ = node.view
        #expect(node.alpha == 1)
        syncOnOtherThread { node.alpha = 0 }
        #expect(node.alpha == 1)  // the main actor still sees the view's value
        #expect(node.hasPendingViewStateChanges)
        await drainMainQueue()
        #expect(node.alpha == 0)
        #expect(!node.hasPendingViewStateChanges)
    }

    @MainActor @Test func manualFlushAppliesAtOnce() {
        let node = DisplayNode()
        _ = node.view
        syncOnOtherThread { node.alpha = 0 }
        #expect(node.alpha == 1)
        PendingStateController.shared.flush()
        #expect(node.alpha == 0)
        #expect(!node.hasPendingViewStateChanges)
    }

    @MainActor @Test func mainActorWritesGoStraightToTheView() {
        let node = DisplayNode()
        #expect(!node.hasPendingViewStateChanges)
        let view = node.view
        node.alpha = 0
        #expect(view.alpha == 0)
        #expect(node.alpha == 0)
        #expect(!node.hasPendingViewStateChanges)
        #expect(view.counters.writes(of: .alpha) == 1)
    }

    @MainActor @Test func aMainActorWriteWinsOverAnOlderPendingOne() async {
        let node = DisplayNode()
        _ = node.view
        syncOnOtherThread { node.alpha = 0.2 }
        node.alpha = 0.7
        await drainMainQueue()
        #expect(node.alpha == 0.7)
    }

    @MainActor @Test func setNeedsLayoutFromTheBackgroundReachesTheViewLater() async {
        let node = DisplayNode()
        let view = node.view
        view.layoutIfNeeded()
        let version = node.layoutVersion
        syncOnOtherThread { node.setNeedsLayout() }
        #expect(view.counters.setNeedsLayoutCalls == 0)
        #expect(node.layoutVersion == version)  // deferred with the view write, as Texture does
        await drainMainQueue()
        #expect(view.counters.setNeedsLayoutCalls == 1)
        #expect(node.layoutVersion == version + 1)
        #expect(view.needsLayout)
    }

    @MainActor @Test func manyBackgroundWritesCostOneFlush() async {
        let nodes = (0..<20).map { _ in DisplayNode() }
        for node in nodes { _ = node.view }
        // The main actor is blocked while four threads write, so no flush can run in between.
        syncOnOtherThread {
            onThreads(4, count: 400) { i in
                let node = nodes[i % nodes.count]
                node.alpha = 0.5
                node.cornerRadius = 4
            }
        }
        for node in nodes { #expect(node.layoutStatistics.pendingStateFlushes == 0) }
        await drainMainQueue()
        for node in nodes {
            #expect(node.layoutStatistics.pendingStateFlushes == 1)
            #expect(node.view.counters.writes(of: .alpha) == 1)
            #expect(node.view.counters.writes(of: .cornerRadius) == 1)
            #expect(node.alpha == 0.5)
            #expect(node.cornerRadius == 4)
        }
    }

    @Test func defaultsAreReadableBeforeLoadOnAnyThread() {
        let values = valueOnOtherThread { () -> [String] in
            let node = DisplayNode()
            return ["\(node.alpha)", "\(node.anchorPoint)", "\(node.isOpaque)", "\(node.isHidden)",
                    "\(node.frame)", "\(node.isUserInteractionEnabled)", "\(node.clipsToBounds)"]
        }
        #expect(values == ["1.0", "(0.5, 0.5)", "true", "false", "(0, 0, 0, 0)", "true", "false"])
    }

    @Test func frameDecomposesIntoBoundsAndPositionBeforeLoad() {
        let node = DisplayNode()
        node.anchorPoint = Point(x: 0.25, y: 0.75)
        node.frame = Rect(x: 10, y: 20, width: 60, height: 80)
        #expect(node.bounds == Rect(x: 0, y: 0, width: 60, height: 80))
        #expect(node.position == Point(x: 25, y: 80))
        #expect(node.frame == Rect(x: 10, y: 20, width: 60, height: 80))
    }

    @MainActor @Test func frameAfterLoadMatchesTheViewSemantics() {
        let node = DisplayNode()
        node.anchorPoint = Point(x: 0.25, y: 0.75)
        _ = node.view
        node.frame = Rect(x: 10, y: 20, width: 60, height: 80)
        #expect(node.view.bounds == Rect(x: 0, y: 0, width: 60, height: 80))
        #expect(node.view.position == Point(x: 25, y: 80))
        #expect(node.frame == Rect(x: 10, y: 20, width: 60, height: 80))
        #expect(node.view.counters.writes(of: .frame) == 1)
    }

    @MainActor @Test func anOffMainFrameAfterLoadIsParkedAndDecomposedByTheFlush() async {
        let node = DisplayNode()
        node.anchorPoint = Point(x: 0, y: 0)
        _ = node.view
        syncOnOtherThread { node.frame = Rect(x: 5, y: 6, width: 7, height: 8) }
        #expect(node.frame == .zero)
        await drainMainQueue()
        #expect(node.frame == Rect(x: 5, y: 6, width: 7, height: 8))
        #expect(node.view.position == Point(x: 5, y: 6))
    }

    @Test func invalidFramesAreRejectedAndCounted() {
        let node = DisplayNode()
        let before = NodeTreeDiagnostics.rejectedFrameCount
        node.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
        node.frame = Rect(x: 0, y: 0, width: .infinity, height: 10)
        #expect(node.frame == .zero)
        #expect(NodeTreeDiagnostics.rejectedFrameCount >= before + 2)
    }

    @Test func readingALoadedNodesPropertyOffTheMainActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "loaded"
            _ = await MainActor.run { node.view }
            _ = node.alpha
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode loaded>.alpha read off the main actor after the node's view was loaded"))
    }

    @Test func writingALoadedNodesPropertyOffTheMainActorIsFine() async {
        let node = DisplayNode()
        _ = await MainActor.run { node.view }
        node.alpha = 0.3  // deferred, not refused
        await MainActor.run { PendingStateController.shared.flush() }
        #expect(await MainActor.run { node.alpha } == 0.3)
    }
}
