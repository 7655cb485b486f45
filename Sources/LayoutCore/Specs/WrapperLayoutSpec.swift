// Texture's ASWrapperLayoutSpec (reference 3.1): every child laid out with the wrapper's range at (0,0);
// size = per-axis maximum of range.min and the children's sizes (not clamped to the maximum).

public struct WrapperLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var children: [any LayoutElement]

    public init(children: [any LayoutElement]) {
        self.children = children
    }

    public init(_ child: any LayoutElement) {
        self.init(children: [child])
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        var size = constrainedSize.min
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            var layout = child.layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
            layout.position = .zero
            size.width = foundationMax(size.width, layout.size.width)
            size.height = foundationMax(size.height, layout.size.height)
            sublayouts.append(layout)
        }
        return Layout(specSize: size, sublayouts: sublayouts)
    }
}
