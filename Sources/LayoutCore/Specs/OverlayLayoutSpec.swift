// Texture's ASOverlayLayoutSpec and ASBackgroundLayoutSpec (reference 3.4, 3.5). Both override the
// three-argument method (own style size ignored) and take the child's size.

public struct OverlayLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var child: any LayoutElement
    public var overlay: (any LayoutElement)?

    public init(child: any LayoutElement, overlay: (any LayoutElement)?) {
        self.child = child
        self.overlay = overlay
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
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: constrainedSize.max)
    }

    /// The overlay is measured with exactly the child's size and that size as its parent; sublayouts
    /// [child, overlay], so the overlay comes after (above) the child.
    public func calculateLayoutThatFits(_ range: SizeRange, restrictedTo size: LayoutElementSize,
                                        relativeToParentSize parentSize: Size) -> Layout {
        LayoutScratch.buildLayout { layoutThatFits(range, parentSize: parentSize, into: &$0) }
    }

    /// The overlay layout as records (own style size ignored).
    public func layoutThatFits(_ range: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let childLayout = child.layoutThatFits(range, parentSize: parentSize, into: &scratch)
        scratch.setPosition(.zero, of: childLayout)
        let childSize = scratch.size(of: childLayout)
        guard let overlay else { return scratch.appendSpec(size: childSize, child: childLayout) }
        let overlayLayout = overlay.layoutThatFits(SizeRange(exactly: childSize), parentSize: childSize,
                                                   into: &scratch)
        scratch.setPosition(.zero, of: overlayLayout)
        return scratch.appendSpec(size: childSize, childLayout, overlayLayout)
    }
}

public struct BackgroundLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var child: any LayoutElement
    public var background: (any LayoutElement)?

    public init(child: any LayoutElement, background: (any LayoutElement)?) {
        self.child = child
        self.background = background
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
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: constrainedSize.max)
    }

    /// The background is measured with exactly the child's size but the *spec's* parent size (unlike
    /// the overlay); sublayouts [background, child], so the background is below.
    public func calculateLayoutThatFits(_ range: SizeRange, restrictedTo size: LayoutElementSize,
                                        relativeToParentSize parentSize: Size) -> Layout {
        LayoutScratch.buildLayout { layoutThatFits(range, parentSize: parentSize, into: &$0) }
    }

    /// The background layout as records (own style size ignored).
    public func layoutThatFits(_ range: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let childLayout = child.layoutThatFits(range, parentSize: parentSize, into: &scratch)
        scratch.setPosition(.zero, of: childLayout)
        let childSize = scratch.size(of: childLayout)
        guard let background else { return scratch.appendSpec(size: childSize, child: childLayout) }
        let backgroundLayout = background.layoutThatFits(SizeRange(exactly: childSize), parentSize: parentSize,
                                                         into: &scratch)
        scratch.setPosition(.zero, of: backgroundLayout)
        return scratch.appendSpec(size: childSize, backgroundLayout, childLayout)
    }
}
