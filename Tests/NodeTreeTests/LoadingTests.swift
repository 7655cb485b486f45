import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// View loading, in ASDisplayNode's order: lazily on the main actor, subnodes first, then
// didLoad, then the onDidLoad blocks in registration order; pending state applied (only what was set).

final class RecordingNode: DisplayNode, @unchecked Sendable {
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.log = log
        super.init()
        debugName = name
    }

    @MainActor override func didLoad() {
        super.didLoad()
        log.append("\(debugName!).didLoad")
    }
}

@Suite struct LoadingTests {
    @MainActor @Test func viewLoadsLazilyOnce() {
        let node = DisplayNode()
        #expect(!node.isNodeLoaded)
        let view = node.view
        #expect(node.isNodeLoaded)
        #expect(node.view === view)
        #expect(view.node === node)
    }

    @MainActor @Test func subnodesLoadFirstInSubnodeOrder() {
        let log = EventLog()
        let root = RecordingNode("root", log: log)
        let a = RecordingNode("a", log: log), a1 = RecordingNode("a1", log: log), b = RecordingNode("b", log: log)
        root.addSubnode(a)
        a.addSubnode(a1)
        root.addSubnode(b)
        _ = root.view
        #expect(log.all == ["a1.didLoad", "a.didLoad", "b.didLoad", "root.didLoad"])
        #expect(root.view.subviews.map { $0.node } .map { $0 === a || $0 === b } == [true, true])
    }

    @MainActor @Test func onDidLoadBlocksRunAfterDidLoadInRegistrationOrder() {
        let log = EventLog()
        let node = RecordingNode("node", log: log)
        // Registered off the main actor, before load (allowed on any thread).
        syncOnOtherThread {
            for i in 0..<3 {
                node.onDidLoad { loaded in
                    MainActor.assertIsolated()
                    log.append("block \(i) \(loaded === node)")
                }
            }
        }
        #expect(log.all.isEmpty)
        _ = node.view
        #expect(log.all == ["node.didLoad", "block 0 true", "block 1 true", "block 2 true"])
    }

    @MainActor @Test func onDidLoadOnALoadedNodeRunsAtOnce() {
        let node = DisplayNode()
        _ = node.view
        let ran = Counter()
        node.onDidLoad { _ in ran.increment() }
        #expect(ran.value == 1)
    }

    @Test func onDidLoadOffTheMainActorOnALoadedNodeTraps() async {
        await #expect(processExitsWith: .failure) {
            let node = DisplayNode()
            _ = await MainActor.run { node.view }
            node.onDidLoad { _ in }
        }
    }

    @Test func createdAndConfiguredOffMainThenLoadedOnMain() async {
        let node = valueOnOtherThread { () -> DisplayNode in
            let node = DisplayNode()
            node.bounds = Rect(x: 10, y: 15, width: 42, height: 115.2)
            node.position = Point(x: 10, y: 65)
            node.alpha = 0.5
            node.backgroundColor = .red
            return node
        }
        // Before load, readable on any thread (from the pending state).
        let beforeLoad = valueOnOtherThread { (node.bounds, node.position, node.alpha, node.isHidden) }
        #expect(beforeLoad.0 == Rect(x: 10, y: 15, width: 42, height: 115.2))
        #expect(beforeLoad.1 == Point(x: 10, y: 65))
        #expect(beforeLoad.2 == 0.5)
        #expect(beforeLoad.3 == false)

        await MainActor.run {
            let view = node.view
            #expect(view.bounds == Rect(x: 10, y: 15, width: 42, height: 115.2))
            #expect(view.position == Point(x: 10, y: 65))
            #expect(view.alpha == 0.5)
            #expect(view.backgroundColor == .red)
            #expect(node.alpha == 0.5)
            // Only what was set was written: bounds, position, alpha, backgroundColor.
            #expect(view.counters.propertyWrites == 4)
            #expect(view.counters.writes(of: .isHidden) == 0)
            #expect(!node.hasPendingViewStateChanges)
        }
    }

    @MainActor @Test func subnodeViewsAreCountedAsInsertions() {
        let root = DisplayNode()
        for _ in 0..<3 { root.addSubnode(DisplayNode()) }
        #expect(root.view.counters.subviewInsertions == 3)
    }
}
