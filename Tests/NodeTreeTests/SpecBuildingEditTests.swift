import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Hierarchy edits from inside a layout spec (DisplayNode+SpecBuildingCheck.swift), Texture's
// testNotAllowAddingSubnodesInLayoutSpecThatFits / testNotAllowModifyingSubnodesInLayoutSpecThatFits:
// an assertion in these debug builds (exit tests); with the release policy the edit is refused, counted
// on the node whose spec ran and logged.

private let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))

/// A node whose layoutSpecThatFits runs `edit` first (the override path; the block path is tested with
/// layoutSpecBlock).
private final class EditingNode: DisplayNode, @unchecked Sendable {
    let child: DisplayNode
    let edit: @Sendable (DisplayNode) -> Void

    init(_ name: String, child: DisplayNode, edit: @escaping @Sendable (DisplayNode) -> Void) {
        self.child = child
        self.edit = edit
        super.init()
        debugName = name
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        edit(self)
        return InsetLayoutSpec(insets: .zero, child: child)
    }
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct SpecBuildingEditTests {
    @Test func addingASubnodeInALayoutSpecBlockAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "builder"
            let other = sizedLeaf("other", 10, 10)
            node.layoutSpecBlock = { node, _ in
                node.addSubnode(other)
                return InsetLayoutSpec(insets: .zero, child: other)
            }
            _ = node.layoutThatFits(range)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode builder>.addSubnode(<DisplayNode other>) inside the layout spec of "
                                    + "<DisplayNode builder>"), "\(message)")
    }

    @Test func removingASubnodeInLayoutSpecThatFitsAsserts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let child = sizedLeaf("child", 10, 10)
            let node = EditingNode("builder", child: child) { _ in child.removeFromSupernode() }
            node.addSubnode(child)
            _ = node.layoutThatFits(range)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode child>.removeFromSupernode() inside the layout spec of "
                                    + "<EditingNode builder>"), "\(message)")
    }

    /// Release policy: every edit of the node's subnodes is refused, counted on it and logged; the
    /// hierarchy is what it was. Edits of other nodes (a container the spec assembles) go through.
    @Test func releasePolicyRefusesCountsAndLogs() {
        NodeTreeDiagnostics.$manualSubnodeEditPolicy.withValue(.logAndRefuse) {
            let child = sizedLeaf("spec-child", 10, 10), extra = sizedLeaf("spec-extra", 10, 10)
            let container = DisplayNode(), inContainer = sizedLeaf("spec-in-container", 10, 10)
            let other = DisplayNode()
            let node = EditingNode("spec-builder", child: child) { node in
                node.addSubnode(extra)
                node.insertSubnode(extra, at: 0)
                child.removeFromSupernode()
                other.addSubnode(child)
                container.addSubnode(inContainer)
            }
            node.addSubnode(child)
            let before = NodeTreeDiagnostics.refusedManualSubnodeEditCount

            let layout = node.layoutThatFits(range)

            #expect(layout.size == Size(width: 10, height: 10))
            #expect(same(node.subnodes, [child]))
            #expect(child.supernode === node && extra.supernode == nil && other.subnodes.isEmpty)
            #expect(same(container.subnodes, [inContainer]))
            #expect(node.layoutStatistics.refusedManualSubnodeEdits == 4)
            #expect(NodeTreeDiagnostics.refusedManualSubnodeEditCount >= before + 4)
            let logged = NodeTreeDiagnostics.recentLogMessages.filter { $0.contains("spec-builder") }
            #expect(logged.contains { $0.contains("<EditingNode spec-builder>.addSubnode(<DisplayNode spec-extra>) "
                                                  + "inside the layout spec of <EditingNode spec-builder>")
                                      && $0.contains("edit refused") })
            #expect(logged.contains { $0.contains("<DisplayNode spec-child>.removeFromSupernode() inside the layout spec") })

            // Outside the spec the same edits go through.
            node.addSubnode(extra)
            #expect(same(node.subnodes, [child, extra]))
        }
    }
}
