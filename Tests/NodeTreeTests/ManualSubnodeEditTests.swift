import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Editing an ASM node's subnodes by hand (DisplayNode+ManualEditCheck.swift): an assertion in debug builds
// (exit tests: these test builds are debug builds), and with the release policy a refused, counted and
// logged edit that leaves the subnodes equal to the layout.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct ManualSubnodeEditTests {
    @Test func addSubnodeOnAnASMNodeAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "cell"
            node.automaticallyManagesSubnodes = true
            let extra = DisplayNode()
            extra.debugName = "extra"
            node.addSubnode(extra)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode cell>.addSubnode(<DisplayNode extra>): <DisplayNode cell> has "
                                    + "automaticallyManagesSubnodes = true, so its subnodes come from its layout spec"))
    }

    @Test func insertSubnodeOnAnASMNodeAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "cell"
            node.automaticallyManagesSubnodes = true
            let extra = DisplayNode()
            extra.debugName = "extra"
            node.insertSubnode(extra, at: 0)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode cell>.insertSubnode(<DisplayNode extra>, at: 0)"))
        #expect(message.contains("its subnodes come from its layout spec"))
    }

    @Test func removingAManagedSubnodeAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let child = DisplayNode()
            child.debugName = "avatar"
            child.style.preferredSize = Size(width: 10, height: 10)
            let node = DisplayNode()
            node.debugName = "cell"
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = { _, _ in WrapperLayoutSpec(child) }
            node.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            node.layoutIfNeeded()
            child.removeFromSupernode()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode avatar>.removeFromSupernode(): its supernode <DisplayNode cell> has "
                                    + "automaticallyManagesSubnodes = true, so its subnodes come from its layout spec"))
    }

    @Test func takingAManagedSubnodeIntoAnotherNodeAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let child = DisplayNode()
            child.debugName = "avatar"
            child.style.preferredSize = Size(width: 10, height: 10)
            let node = DisplayNode()
            node.debugName = "cell"
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = { _, _ in WrapperLayoutSpec(child) }
            node.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            node.layoutIfNeeded()
            let other = DisplayNode()
            other.debugName = "other"
            other.addSubnode(child)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("would take <DisplayNode avatar> out of <DisplayNode cell>"))
    }

    /// The release behaviour: refused, counted per node and process-wide, logged; the subnodes stay the
    /// layout's, so the next layouts apply without index drift.
    @MainActor @Test func releasePolicyRefusesCountsAndLogs() {
        NodeTreeDiagnostics.$manualSubnodeEditPolicy.withValue(.logAndRefuse) {
            let a = sizedLeaf("refuse-a", 10, 10), b = sizedLeaf("refuse-b", 10, 10)
            let extra = sizedLeaf("refuse-extra", 10, 10)
            let node = SpecNode("refuse-node") { _ in row([a, b]) }
            node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
            node.view.layoutIfNeeded()
            let before = NodeTreeDiagnostics.refusedManualSubnodeEditCount

            node.addSubnode(extra)
            node.insertSubnode(extra, at: 0)
            node.replaceSubnode(a, with: extra)
            b.removeFromSupernode()
            let other = DisplayNode()
            other.addSubnode(a)

            #expect(same(node.subnodes, [a, b]))
            #expect(same(subviewNodes(node), [a, b]))
            #expect(extra.supernode == nil && other.subnodes.isEmpty)
            #expect(node.layoutStatistics.refusedManualSubnodeEdits == 5)
            #expect(NodeTreeDiagnostics.refusedManualSubnodeEditCount >= before + 5)
            let logged = NodeTreeDiagnostics.recentLogMessages.filter { $0.contains("refuse-") }
            #expect(logged.contains { $0.contains("<SpecNode refuse-node>.addSubnode(<DisplayNode refuse-extra>)")
                                        && $0.contains("edit refused") })
            #expect(logged.contains { $0.contains("<DisplayNode refuse-b>.removeFromSupernode()") })

            // The next layout applies cleanly: no index drift.
            node.setSpec { _ in row([b, extra, a]) }
            node.view.layoutIfNeeded()
            #expect(same(node.subnodes, [b, extra, a]))
            #expect(same(subviewNodes(node), [b, extra, a]))
        }
    }

    /// ASM's own edits never trip the check (they would trap in this debug build).
    @MainActor @Test func automaticEditsBypassTheCheck() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10)
        let node = SpecNode("node") { _ in row([a, b]) }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        node.view.layoutIfNeeded()
        node.setSpec { _ in row([b]) }
        node.view.layoutIfNeeded()
        #expect(same(node.subnodes, [b]))
        #expect(node.layoutStatistics.refusedManualSubnodeEdits == 0)
    }
}
