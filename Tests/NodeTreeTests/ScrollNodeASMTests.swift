import LayoutCore
import Testing
@testable import NodeTree

// The ASScrollNode example of Texture's documentation: automaticallyManagesSubnodes +
// automaticallyManagesContentSize with a vertical stack as layoutSpecBlock. The scrollable content size follows the
// stack as children come and go, and the subnodes (and subviews) follow the stack's children. The layout pass
// measures the node with exactly its bounds, and the content range keeps that minimum (as ASScrollNode's does), so
// content shorter than the node reports the node's height.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct ScrollNodeASMTests {
    @MainActor @Test func contentSizeAndSubnodesFollowTheStack() {
        let items = (0..<8).map { sizedLeaf("item\($0)", 100, 50) }
        let shown = Locked(2)
        let scrollNode = ScrollNode()
        scrollNode.automaticallyManagesSubnodes = true
        scrollNode.automaticallyManagesContentSize = true
        scrollNode.layoutSpecBlock = { _, _ in
            StackLayoutSpec.vertical(children: Array(items.prefix(shown.load())))
        }
        #expect(scrollNode.scrollableDirections == .vertical)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        window.addSubview(scrollNode.view)
        scrollNode.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        window.layoutIfNeeded()

        for count in [2, 6, 8, 3, 0, 5] {
            shown.store(count)
            scrollNode.setNeedsLayout()
            window.layoutIfNeeded()
            let expected = Array(items.prefix(count))
            #expect(same(scrollNode.subnodes, expected), "\(count) items: \(subnodeNames(scrollNode))")
            #expect(same(subviewNodes(scrollNode), expected))
            #expect(scrollNode.view.contentSize == Size(width: 100, height: Swift.max(200, Double(count) * 50)),
                    "\(count) items")
            #expect(scrollNode.frame.size == Size(width: 100, height: 200), "the node keeps the visible size")
            for (index, item) in expected.enumerated() {
                #expect(item.frame == Rect(x: 0, y: Double(index) * 50, width: 100, height: 50))
            }
        }
    }
}
