// Texture's ASLayoutElement protocol and its three-level measurement scheme (layoutThatFits:parentSize:,
// calculateLayoutThatFits:restrictedToSize:relativeToParentSize:, calculateLayoutThatFits:): nodes and
// layout specs alike answer layoutThatFits(range, parentSize). Its requirements are Texture's; the
// engine's own hooks are in `_LayoutEngineElement` (LayoutElement+EngineHooks.swift), which every
// requirement of has a default, so an element written against Texture's API implements nothing more.

public protocol LayoutElement: _LayoutEngineElement, Sendable {
    var layoutElementType: LayoutElementType { get }
    var style: LayoutElementStyle { get }

    /// Texture's layoutThatFits:parentSize:. Nodes implement it with caching; specs use the default,
    /// which restricts to the style size.
    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout

    /// Texture's calculateLayoutThatFits:restrictedToSize:relativeToParentSize:. The default intersects
    /// the range with the resolved style size (the parent's range wins when disjoint). Inset, overlay
    /// and background specs override it and so ignore their own style size.
    func calculateLayoutThatFits(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                                 relativeToParentSize parentSize: Size) -> Layout

    /// Texture's calculateLayoutThatFits: — the element's own layout for an already resolved range.
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout
}

extension LayoutElement {
    /// layoutThatFits(range) = layoutThatFits(range, parentSize: range.max).
    @inlinable public func layoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }

    @inlinable public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    @inlinable public func calculateLayoutThatFits(_ constrainedSize: SizeRange,
                                                   restrictedTo size: LayoutElementSize,
                                                   relativeToParentSize parentSize: Size) -> Layout {
        let resolved = constrainedSize.intersect(size.resolve(parentSize: parentSize))
        return calculateLayoutThatFits(resolved)
    }
}

/// Texture's default calculateSizeThatFits: — a node without a spec or a size of its own fills a finite
/// maximum and collapses to the range minimum (after clamping) when either maximum is infinite.
@inlinable public func defaultSizeThatFits(_ maxSize: Size) -> Size {
    PixelGrid.isValidForSize(maxSize) ? maxSize : .zero
}
