import LayoutCore
import NodeTree
import Testing

// README's "The layout API" example, kept compiling and laid out: a Texture user's node subclass written
// against `LayoutElement`'s Texture requirements alone.

private final class PostNode: CellNode, @unchecked Sendable {
    let avatar = ImageNode(), title = TextNode()

    override init() {
        super.init()
        avatar.style.preferredSize = Size(width: 30, height: 30)
        addSubnode(avatar)
        addSubnode(title)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let text = StackLayoutSpec.vertical(children: title, style: { $0.flexShrink = 1 })
        let row = StackLayoutSpec.horizontal(spacing: 8, alignItems: .center, children: avatar, text)
        return InsetLayoutSpec(insets: EdgeInsets(all: 8), child: row)
    }
}

@Suite struct ReadmeExampleTests {
    @Test func theReadmeNodeLaysOutItsSubnodes() {
        let node = PostNode()
        let layout = node.layoutThatFits(SizeRange(min: Size(width: 375, height: 0),
                                                   max: Size(width: 375, height: .infinity)))
        #expect(layout.size.width == 375)
        #expect(layout.sublayouts.count == 2)
        #expect(layout.sublayouts.first?.element === node.avatar)
        #expect(layout.sublayouts.first?.frame == Rect(x: 8, y: 8, width: 30, height: 30))
    }
}
