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

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { body(style) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        LayoutScratch.buildLayout { calculateLayout(constrainedSize, into: &$0) }
    }

    /// The protocol's default resolution (the style size restricts the range), then the wrapper layout.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(constrainedSize.intersect(style.size.resolve(parentSize: parentSize)), into: &scratch)
    }

    func calculateLayout(_ constrainedSize: SizeRange, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        var size = constrainedSize.min
        // Children are measured first: a spec's run of links must be contiguous.
        var measured: [LayoutRecordIndex] = []
        measured.reserveCapacity(children.count)
        for child in children {
            let layout = child.layoutThatFits(constrainedSize, parentSize: constrainedSize.max, into: &scratch)
            scratch.setPosition(.zero, of: layout)
            let childSize = scratch.size(of: layout)
            size.width = foundationMax(size.width, childSize.width)
            size.height = foundationMax(size.height, childSize.height)
            measured.append(layout)
        }
        let first = scratch.linkStart
        for layout in measured { scratch.appendLink(layout) }
        return scratch.appendSpec(size: size, linksFrom: first)
    }
}
