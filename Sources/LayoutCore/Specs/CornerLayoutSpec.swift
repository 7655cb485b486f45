// Texture's ASCornerLayoutSpec (reference 3.9): a corner element (a badge) centred on a corner of the
// child, optionally offset, optionally included in the spec's size.

public enum CornerLayoutLocation: String, Hashable, Sendable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

public struct CornerLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var child: any LayoutElement
    public var corner: any LayoutElement
    public var cornerLocation: CornerLayoutLocation
    public var offset: Point
    /// When true the spec's size covers the corner too (and both are shifted so the union starts at 0).
    public var wrapsCorner: Bool

    public init(child: any LayoutElement, corner: any LayoutElement, location: CornerLayoutLocation,
                offset: Point = .zero, wrapsCorner: Bool = false) {
        self.child = child
        self.corner = corner
        self.cornerLocation = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
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
        var childLayout = child.layoutThatFits(range, parentSize: parent)
        var cornerLayout = corner.layoutThatFits(range, parentSize: parent)

        var childFrame = Rect(origin: .zero, size: childLayout.size)
        var cornerFrame = Rect(origin: cornerOrigin(childSize: childLayout.size, cornerSize: cornerLayout.size),
                               size: cornerLayout.size)

        var frame = childFrame
        if wrapsCorner {
            frame = childFrame.union(cornerFrame)
            frame.size = range.clamp(frame.size)
        }
        // Shift both so the spec's frame starts at the origin (only a wrapped corner can move it).
        if frame.origin != .zero {
            let shift = frame.origin
            childFrame.origin = Point(x: childFrame.origin.x - shift.x, y: childFrame.origin.y - shift.y)
            cornerFrame.origin = Point(x: cornerFrame.origin.x - shift.x, y: cornerFrame.origin.y - shift.y)
        }
        childLayout.position = childFrame.origin
        cornerLayout.position = cornerFrame.origin
        return Layout(specSize: frame.size, sublayouts: [childLayout, cornerLayout])
    }

    /// The corner element centred on the chosen corner of the child, then moved by `offset`.
    func cornerOrigin(childSize: Size, cornerSize: Size) -> Point {
        let halfW = cornerSize.width / 2, halfH = cornerSize.height / 2
        let base: Point
        switch cornerLocation {
        case .topLeft: base = Point(x: -halfW, y: -halfH)
        case .topRight: base = Point(x: childSize.width - halfW, y: -halfH)
        case .bottomLeft: base = Point(x: -halfW, y: childSize.height - halfH)
        case .bottomRight: base = Point(x: childSize.width - halfW, y: childSize.height - halfH)
        }
        return Point(x: base.x + offset.x, y: base.y + offset.y)
    }
}
