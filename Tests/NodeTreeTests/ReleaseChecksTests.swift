import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// NodeTree's checks whose release behaviour must be defined (issue #20): release builds use -Ounchecked,
// which drops preconditions and takes preconditionFailure as unreachable. The main-actor check and the
// memory guards trap through fatalError in every build. These test builds are debug builds, where a
// precondition traps too, so the exit tests tell the traps apart by their prefixes ("main-actor check:",
// "memory-safety guard:"), which only the always-on paths print; LayoutCoreTests' MemoryGuardTests keeps
// preconditionFailure out of NodeTree's sources.

@Suite struct ReleaseChecksTests {
    /// A main-actor-only call off the main actor stops the process in every build (MainActorCheck.require).
    @Test func aBridgedReadOffTheMainActorAfterLoadStopsInEveryBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "loaded"
            _ = await MainActor.run { node.view }
            _ = node.alpha
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("main-actor check: <DisplayNode loaded>.alpha read off the main actor after the "
                                    + "node's view was loaded"), "\(message)")
    }

    @Test func aHierarchyEditOfALoadedNodeOffTheMainActorStopsInEveryBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = DisplayNode()
            parent.debugName = "parent"
            _ = await MainActor.run { parent.view }
            parent.addSubnode(DisplayNode())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("main-actor check: <DisplayNode parent>: hierarchy edit"), "\(message)")
    }

    /// A negative index would reach the subnode array's insert, unchecked under -Ounchecked.
    @Test func aNegativeSubnodeIndexStopsInEveryBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = DisplayNode(), child = DisplayNode()
            parent.debugName = "parent"
            child.debugName = "child"
            parent.insertSubnode(child, at: -1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("memory-safety guard: <DisplayNode parent>.insertSubnode(<DisplayNode child>, "
                                    + "at: -1): index out of range 0...0"), "\(message)")
    }
}
