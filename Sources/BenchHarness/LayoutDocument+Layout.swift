import LayoutCore
import TextEngine

// Laying out a document the way Texture's spec snapshot tests do: a host node whose layout spec is the
// document's root is measured with layoutThatFits(sizeRange) and flattened; its subnode layouts are the
// named leaves, in flattened (DFS pre-order) order.

extension LayoutDocument {
    /// Builds fresh LayoutCore elements (new leaf nodes every call) and lays them out.
    ///
    /// The screen scale is process-wide in LayoutCore (as in Texture), so this sets `PixelGrid.scale` to
    /// the document's scale when it differs, and leaves it there.
    public func layout() -> LayoutResult {
        if PixelGrid.scale != scale { PixelGrid.scale = scale }
        let root = self.root.makeElement()
        let host = SpecHostNode("host") { _ in root }
        let invalidBefore = LayoutDiagnostics.invalidLayoutSizeCount
        let layout = host.layoutThatFits(sizeRange)
        let invalidSizes = LayoutDiagnostics.invalidLayoutSizeCount - invalidBefore
        let nodes = layout.sublayouts.map { sublayout in
            LayoutResult.Node(name: (sublayout.element as? LeafNode)?.name ?? "?", frame: sublayout.frame)
        }
        return LayoutResult(size: layout.size, nodes: nodes, invalidSizeCount: invalidSizes)
    }
}

extension ElementDescription {
    /// The LayoutCore element this description stands for, with its style.
    public func makeElement() -> any LayoutElement {
        switch kind {
        case .node(let name):
            return LeafNode(name, style: style)
        case .text(let leaf):
            return leaf.makeNode(style: style)
        case .stack(let options, let children):
            var stack = StackLayoutSpec(direction: options.direction, spacing: options.spacing,
                                        justifyContent: options.justifyContent, alignItems: options.alignItems,
                                        flexWrap: options.flexWrap, alignContent: options.alignContent,
                                        lineSpacing: options.lineSpacing, children: children.map { $0.makeElement() })
            // Texture's alignment setters, after the rest: they rewrite justifyContent / alignItems.
            stack.horizontalAlignment = options.horizontalAlignment
            stack.verticalAlignment = options.verticalAlignment
            stack.style = style
            return stack
        case .inset(let insets, let child):
            return styled(InsetLayoutSpec(insets: insets, child: child.makeElement()))
        case .overlay(let overlay, let child):
            return styled(OverlayLayoutSpec(child: child.makeElement(), overlay: overlay.makeElement()))
        case .background(let background, let child):
            return styled(BackgroundLayoutSpec(child: child.makeElement(), background: background.makeElement()))
        case .center(let options, let child):
            return styled(CenterLayoutSpec(centeringOptions: options.centeringOptions,
                                           sizingOptions: options.sizingOptions, child: child.makeElement()))
        case .relative(let options, let child):
            return styled(RelativeLayoutSpec(horizontalPosition: options.horizontalPosition,
                                             verticalPosition: options.verticalPosition,
                                             sizingOption: options.sizingOption, child: child.makeElement()))
        case .ratio(let ratio, let child):
            return styled(RatioLayoutSpec(ratio: ratio, child: child.makeElement()))
        case .absolute(let sizing, let children):
            return styled(AbsoluteLayoutSpec(sizing: sizing, children: children.map { $0.makeElement() }))
        case .wrapper(let children):
            return styled(WrapperLayoutSpec(children: children.map { $0.makeElement() }))
        case .spacer:
            return styled(LayoutSpec())
        case .corner(let options, let child, let corner):
            return styled(CornerLayoutSpec(child: child.makeElement(), corner: corner.makeElement(),
                                           location: options.location, offset: options.offset,
                                           wrapsCorner: options.wrapsCorner))
        }
    }

    private func styled<Spec: StyledSpec>(_ spec: Spec) -> Spec {
        var spec = spec
        spec.style = style
        return spec
    }
}

extension TextLeaf {
    /// A leaf measured by TextEngine: Clamp(range, measured size within range.max) like a text node, with the
    /// text's baseline offsets in its style. The text is built (its fonts resolved) once per element.
    func makeNode(style: LayoutElementStyle) -> LeafNode {
        let text = AttributedText(string, attributes: attributes)
        var style = style
        let metrics = text.baselineMetrics
        style.ascender = metrics.ascender
        style.descender = metrics.descender
        let lines = maximumNumberOfLines, token = truncationToken
        return LeafNode(name, style: style) { maxSize in
            TextMeasurer.shared.measure(text, maxWidth: maxSize.width, maxHeight: maxSize.height,
                                        maximumNumberOfLines: lines, truncationToken: token).size
        }
    }
}

/// The specs whose style is a plain stored property.
protocol StyledSpec: LayoutElement {
    var style: LayoutElementStyle { get set }
}

extension InsetLayoutSpec: StyledSpec {}
extension OverlayLayoutSpec: StyledSpec {}
extension BackgroundLayoutSpec: StyledSpec {}
extension CenterLayoutSpec: StyledSpec {}
extension RelativeLayoutSpec: StyledSpec {}
extension RatioLayoutSpec: StyledSpec {}
extension AbsoluteLayoutSpec: StyledSpec {}
extension WrapperLayoutSpec: StyledSpec {}
extension LayoutSpec: StyledSpec {}
extension CornerLayoutSpec: StyledSpec {}
