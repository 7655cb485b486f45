// Texture's ASAbsoluteLayoutSpec (reference 3.8): children at their style.layoutPosition.

public enum AbsoluteLayoutSpecSizing: String, Hashable, Sendable, CaseIterable {
    /// Take the range's maximum where it is a real size.
    case `default`
    /// Fit the children's extents.
    case sizeToFit
}

public struct AbsoluteLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var sizing: AbsoluteLayoutSpecSizing
    public var children: [any LayoutElement]

    public init(sizing: AbsoluteLayoutSpecSizing = .default, children: [any LayoutElement]) {
        self.sizing = sizing
        self.children = children
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let parent = Size(width: PixelGrid.isValidForSize(range.max.width) ? range.max.width : .nan,
                          height: PixelGrid.isValidForSize(range.max.height) ? range.max.height : .nan)
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        var extent = range.min
        for child in children {
            let childStyle = child.style
            let position = childStyle.layoutPosition
            // Children without an explicit size are limited to the space right of and below their position.
            let autoMax = Size(width: range.max.width - position.x, height: range.max.height - position.y)
            let childRange = childStyle.size.resolve(parentSize: parent,
                                                     autoRange: SizeRange(min: .zero, max: autoMax))
            var sublayout = child.layoutThatFits(childRange, parentSize: parent)
            sublayout.position = position
            extent.width = foundationMax(extent.width, position.x + sublayout.size.width)
            extent.height = foundationMax(extent.height, position.y + sublayout.size.height)
            sublayouts.append(sublayout)
        }
        let fitWidth = sizing == .sizeToFit || parent.width.isNaN
        let fitHeight = sizing == .sizeToFit || parent.height.isNaN
        let size = range.clamp(Size(width: fitWidth ? extent.width : range.max.width,
                                    height: fitHeight ? extent.height : range.max.height))
        return Layout(specSize: size, sublayouts: sublayouts)
    }
}
