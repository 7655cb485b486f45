import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// A node listed twice in an ASM node's layout spec (DisplayNode+DuplicateLayoutNodes.swift): it becomes
// a subnode once, whichever way the layout is applied (the one-step commit of unloaded nodes, or the
// hierarchy edits of a loaded node), and the repeat is diagnosed like a manual edit of an ASM node — an
// assertion in these debug builds, refused (dropped), counted and logged with the release policy.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct DuplicateLayoutNodeTests {
    @Test func aNodeListedTwiceAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = sizedLeaf("twice", 10, 10), b = sizedLeaf("once", 10, 10)
            let node = SpecNode("cell") { _ in row([a, b, a]) }
            node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            node.layoutIfNeeded()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the layout spec of <SpecNode cell> lists <DisplayNode twice> more than once"),
                "\(message)")
    }

    /// Before the view loads (one-step commit) and after (hierarchy edits): the same subnodes, each once.
    @MainActor @Test func bothCommitPathsGiveEachNodeOnePlace() {
        NodeTreeDiagnostics.$manualSubnodeEditPolicy.withValue(.logAndRefuse) {
            let before = NodeTreeDiagnostics.refusedManualSubnodeEditCount

            let a1 = sizedLeaf("dup-a1", 10, 10), b1 = sizedLeaf("dup-b1", 10, 10)
            let unloaded = SpecNode("dup-unloaded") { _ in row([a1, b1, a1]) }
            unloaded.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            unloaded.layoutIfNeeded()
            #expect(!unloaded.isNodeLoaded)

            let a2 = sizedLeaf("dup-a2", 10, 10), b2 = sizedLeaf("dup-b2", 10, 10)
            let loaded = SpecNode("dup-loaded") { _ in row([a2, b2, a2]) }
            loaded.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            loaded.view.layoutIfNeeded()

            #expect(same(unloaded.subnodes, [a1, b1]))
            #expect(same(loaded.subnodes, [a2, b2]))
            #expect(a1.supernode === unloaded && a2.supernode === loaded)
            #expect(same(subviewNodes(loaded), [a2, b2]))
            // Loading the first node afterwards gives each subnode one view.
            #expect(same(subviewNodes(unloaded), [a1, b1]))

            #expect(unloaded.layoutStatistics.refusedManualSubnodeEdits == 1)
            #expect(loaded.layoutStatistics.refusedManualSubnodeEdits == 1)
            #expect(NodeTreeDiagnostics.refusedManualSubnodeEditCount >= before + 2)
            let logged = NodeTreeDiagnostics.recentLogMessages
            #expect(logged.contains { $0.contains("the layout spec of <SpecNode dup-unloaded> lists <DisplayNode dup-a1> "
                                                  + "more than once") && $0.contains("later place dropped") })
        }
    }

    /// The node's later place can change: the next layout without the repeat applies cleanly.
    @MainActor @Test func theNextLayoutAppliesCleanly() {
        NodeTreeDiagnostics.$manualSubnodeEditPolicy.withValue(.logAndRefuse) {
            let a = sizedLeaf("next-a", 10, 10), b = sizedLeaf("next-b", 10, 10)
            let node = SpecNode("next") { _ in row([a, b, a, b]) }
            node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            node.layoutIfNeeded()
            #expect(same(node.subnodes, [a, b]))
            node.setSpec { _ in row([b, a]) }
            node.view.layoutIfNeeded()
            #expect(same(node.subnodes, [b, a]))
            #expect(same(subviewNodes(node), [b, a]))
        }
    }
}
