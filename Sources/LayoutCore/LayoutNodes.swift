// Minimal node elements for LayoutCore's own use (tests, `bench layout`): they follow Texture's node
// measurement path without caching or locks. NodeTree's DisplayNode is the real, thread-safe node.

/// A leaf node: its size comes from its style, or from `sizeThatFits` (e.g. a synthetic text measure),
/// or Texture's default (fill a finite maximum), clamped into the resolved range.
public final class LeafNode: LayoutNodeElement, CustomStringConvertible {
    public let name: String
    public let style: LayoutElementStyle
    private let sizeThatFits: (@Sendable (Size) -> Size)?

    public init(_ name: String, style: LayoutElementStyle = LayoutElementStyle(),
                sizeThatFits: (@Sendable (Size) -> Size)? = nil) {
        self.name = name
        self.style = style
        self.sizeThatFits = sizeThatFits
    }

    /// A leaf of fixed style size in points.
    public convenience init(_ name: String, width: Double, height: Double,
                            configure: (inout LayoutElementStyle) -> Void = { _ in }) {
        var style = LayoutElementStyle()
        style.preferredSize = Size(width: width, height: height)
        configure(&style)
        self.init(name, style: style)
    }

    public var layoutElementType: LayoutElementType { .node }

    /// Texture's leaf path (ASDisplayNode without a layout spec):
    /// size = Clamp(range, calculateSizeThatFits(range.max)).
    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        let fitted = sizeThatFits?(constrainedSize.max) ?? defaultSizeThatFits(constrainedSize.max)
        return Layout(node: self, size: constrainedSize.clamp(fitted))
    }

    public var description: String { name }
}

/// A node whose layout comes from a layout spec, measured the Texture way: the spec is laid out with
/// the node's resolved range, wrapped in the node's own layout when needed, and flattened.
public final class SpecHostNode: LayoutNodeElement, CustomStringConvertible {
    public let name: String
    public let style: LayoutElementStyle
    private let spec: @Sendable (SizeRange) -> any LayoutElement

    public init(_ name: String, style: LayoutElementStyle = LayoutElementStyle(),
                spec: @escaping @Sendable (SizeRange) -> any LayoutElement) {
        self.name = name
        self.style = style
        self.spec = spec
    }

    public var layoutElementType: LayoutElementType { .node }

    /// The spec is built and laid out in a spec region, as a DisplayNode's is (Memory/SpecArena.swift).
    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        LayoutSpecRegion.with {
            let element = spec(constrainedSize)
            // Sized for a cell-sized spec tree: LayoutCore nodes keep no state between layouts.
            var scratch = LayoutScratch(minimumCapacity: 16)
            let start = scratch.mark
            let root = element.layoutThatFits(constrainedSize, parentSize: constrainedSize.max, into: &scratch)
            return Layout.nodeLayout(for: self, root: root, in: &scratch, resettingTo: start)
        }
    }

    public var description: String { name }
}
