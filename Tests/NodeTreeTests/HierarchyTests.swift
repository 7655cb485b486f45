import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Texture's hierarchy index semantics (ASDisplayNode's insertSubnode:atIndex: and its siblings; ASDisplayNodeTests'
// orders), on unloaded nodes (any thread) and on loaded ones (views follow), plus the programmer errors as exit
// tests.

private func parentWith(_ names: String...) -> (DisplayNode, [String: DisplayNode]) {
    let parent = named(DisplayNode(), "parent")
    var nodes: [String: DisplayNode] = [:]
    for name in names {
        let node = named(DisplayNode(), name)
        nodes[name] = node
        parent.addSubnode(node)
    }
    return (parent, nodes)
}

@MainActor private func subviewNames(_ node: DisplayNode) -> String {
    node.view.subviews.map { $0.node?.debugName ?? "view" }.joined(separator: ",")
}

@Suite struct HierarchyTests {
    @Test func insertAtIndexZero() {
        let (parent, _) = parentWith("a", "b", "c")
        parent.insertSubnode(named(DisplayNode(), "d"), at: 0)
        #expect(subnodeNames(parent) == "d,a,b,c")
    }

    @Test func insertAtEveryIndex() {
        for index in 0...3 {
            let (parent, _) = parentWith("a", "b", "c")
            parent.insertSubnode(named(DisplayNode(), "d"), at: index)
            var expected = ["a", "b", "c"]
            expected.insert("d", at: index)
            #expect(subnodeNames(parent) == expected.joined(separator: ","))
        }
    }

    @Test func replaceTakesTheIndexAndRemovesTheOldNode() {
        let (parent, nodes) = parentWith("a", "b", "c")
        let d = named(DisplayNode(), "d")
        parent.replaceSubnode(nodes["a"]!, with: d)
        #expect(subnodeNames(parent) == "d,b,c")
        #expect(nodes["a"]!.supernode == nil)
        #expect(d.supernode === parent)
        parent.replaceSubnode(nodes["c"]!, with: named(DisplayNode(), "e"))
        #expect(subnodeNames(parent) == "d,b,e")
    }

    @Test func replaceWithAnExistingChild() {
        let (parent, nodes) = parentWith("a", "b", "c")
        parent.replaceSubnode(nodes["a"]!, with: nodes["c"]!)
        #expect(subnodeNames(parent) == "c,b")
    }

    @Test func insertBelowAndAbove() {
        let (parent, nodes) = parentWith("a", "b", "c")
        parent.insertSubnode(named(DisplayNode(), "d"), below: nodes["b"]!)
        #expect(subnodeNames(parent) == "a,d,b,c")
        parent.insertSubnode(named(DisplayNode(), "e"), above: nodes["b"]!)
        #expect(subnodeNames(parent) == "a,d,b,e,c")
        parent.insertSubnode(named(DisplayNode(), "f"), above: nodes["c"]!)
        #expect(subnodeNames(parent) == "a,d,b,e,c,f")
    }

    @Test func movingExistingChildrenBelowAndAbove() {
        let (parent, nodes) = parentWith("a", "b", "c")
        parent.insertSubnode(nodes["c"]!, below: nodes["a"]!)
        #expect(subnodeNames(parent) == "c,a,b")
        parent.insertSubnode(nodes["c"]!, above: nodes["b"]!)
        #expect(subnodeNames(parent) == "a,b,c")
        parent.insertSubnode(nodes["a"]!, above: nodes["c"]!)
        #expect(subnodeNames(parent) == "b,c,a")
        parent.insertSubnode(nodes["a"]!, below: nodes["a"]!)  // below itself: no-op
        #expect(subnodeNames(parent) == "b,c,a")
    }

    @Test(arguments: [(0, "c,a,b"), (1, "a,c,b"), (2, "a,b,c")])
    func movingAnExistingChild(index: Int, expected: String) {
        let (parent, nodes) = parentWith("a", "b", "c")
        parent.insertSubnode(nodes["c"]!, at: index)
        #expect(subnodeNames(parent) == expected)
    }

    @Test func addingAnExistingChildIsANoOp() {
        let (parent, nodes) = parentWith("a", "b", "c")
        parent.addSubnode(nodes["a"]!)
        #expect(subnodeNames(parent) == "a,b,c")
    }

    @Test func movingBetweenParents() {
        let (first, nodes) = parentWith("a", "b")
        let second = named(DisplayNode(), "second")
        second.addSubnode(nodes["a"]!)
        #expect(subnodeNames(first) == "b")
        #expect(subnodeNames(second) == "a")
        #expect(nodes["a"]!.supernode === second)
    }

    @Test func removeFromSupernode() {
        let (parent, nodes) = parentWith("a", "b", "c")
        nodes["b"]!.removeFromSupernode()
        #expect(subnodeNames(parent) == "a,c")
        #expect(nodes["b"]!.supernode == nil)
        nodes["b"]!.removeFromSupernode()  // no supernode: no-op
    }

    @Test func editsOffTheMainActorBeforeLoad() {
        let parent = valueOnOtherThread { () -> DisplayNode in
            let (parent, nodes) = parentWith("a", "b", "c")
            parent.insertSubnode(nodes["c"]!, at: 0)
            return parent
        }
        #expect(subnodeNames(parent) == "c,a,b")
    }

    // MARK: - Loaded nodes: the views follow

    @MainActor @Test func loadedOrdersFollowInViews() {
        let (parent, nodes) = parentWith("a", "b", "c")
        _ = parent.view
        #expect(subviewNames(parent) == "a,b,c")
        let d = named(DisplayNode(), "d")
        parent.insertSubnode(d, at: 0)
        #expect(subviewNames(parent) == "d,a,b,c")
        parent.insertSubnode(nodes["c"]!, at: 1)
        #expect(subnodeNames(parent) == "d,c,a,b")
        #expect(subviewNames(parent) == "d,c,a,b")
        parent.replaceSubnode(nodes["a"]!, with: named(DisplayNode(), "e"))
        #expect(subviewNames(parent) == "d,c,e,b")
        #expect(nodes["a"]!.view.superview == nil)
        parent.insertSubnode(d, above: nodes["b"]!)
        #expect(subnodeNames(parent) == "c,e,b,d")
        #expect(subviewNames(parent) == "c,e,b,d")
        nodes["b"]!.removeFromSupernode()
        #expect(subviewNames(parent) == "c,e,d")
    }

    @MainActor @Test func addingToALoadedParentLoadsTheSubnodeAtOnce() {
        let parent = DisplayNode()
        _ = parent.view
        let child = DisplayNode()
        parent.addSubnode(child)
        #expect(child.isNodeLoaded)
        #expect(child.view.superview === parent.view)
    }

    @MainActor @Test func foreignSubviewsKeepTheirPlaces() {
        let (parent, nodes) = parentWith("a", "b")
        let foreign = PlatformView()
        parent.view.addSubview(foreign)
        #expect(subviewNames(parent) == "a,b,view")
        parent.insertSubnode(named(DisplayNode(), "c"), at: 2)
        #expect(subviewNames(parent) == "a,b,c,view")
        parent.insertSubnode(nodes["a"]!, at: 2)
        #expect(subnodeNames(parent) == "b,c,a")
        #expect(subviewNames(parent) == "b,c,a,view")
    }

    // MARK: - Programmer errors (exit tests: each runs in a child process that must trap)

    @Test func addingANodeToItselfTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let node = DisplayNode()
            node.debugName = "lonely"
            node.addSubnode(node)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode lonely>.addSubnode: a node cannot be its own subnode"))
    }

    @Test func addingAnAncestorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let grandparent = DisplayNode(), parent = DisplayNode(), child = DisplayNode()
            grandparent.debugName = "grandparent"
            parent.debugName = "parent"
            child.debugName = "child"
            grandparent.addSubnode(parent)
            parent.addSubnode(child)
            child.addSubnode(grandparent)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode grandparent> is an ancestor of <DisplayNode child>"))
    }

    @Test func anIndexOutOfRangeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = DisplayNode(), child = DisplayNode()
            parent.debugName = "parent"
            child.debugName = "child"
            parent.insertSubnode(child, at: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("<DisplayNode parent>.insertSubnode(<DisplayNode child>, at: 1): index out of range 0...0"))
    }

    @Test func insertingAnExistingChildAtCountTraps() async {
        // Texture: inserting the only child at index 1 throws and keeps one subnode.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = DisplayNode(), child = DisplayNode()
            parent.debugName = "parent"
            child.debugName = "child"
            parent.addSubnode(child)
            parent.insertSubnode(child, at: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("index 1 will be out of bounds once it is removed from its supernode"))
    }

    @Test func insertingBelowANodeThatIsNotASubnodeTraps() async {
        await #expect(processExitsWith: .failure) {
            DisplayNode().insertSubnode(DisplayNode(), below: DisplayNode())
        }
    }

    @Test func editingALoadedNodeOffTheMainActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = DisplayNode()
            parent.debugName = "parent"
            _ = await MainActor.run { parent.view }
            parent.addSubnode(DisplayNode())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("off the main actor while <DisplayNode parent> is loaded"))
    }
}
