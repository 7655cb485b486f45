import LayoutCore
import TextEngine

// Texture's ASButtonNode: a title and an image in a stack (horizontal by default, spacing 8, content
// centred on both axes), optionally inset by contentEdgeInsets and laid over a background image.
//
// As in Texture, the button turns automaticallyManagesSubnodes on in init and never adds a subnode itself:
// its subnodes are the ones its spec uses, in the spec's order (background, image, title), and a part that
// is removed (an image set back to nil, an empty title) leaves the hierarchy at the next layout pass.

public enum ButtonNodeImageAlignment: Sendable {
    /// Image before the title (Texture's default).
    case beginning
    /// Title before the image.
    case end
}

open class ButtonNode: DisplayNode, @unchecked Sendable {
    struct ButtonState {
        var contentSpacing: Double = 8
        var laysOutHorizontally = true
        var contentHorizontalAlignment: HorizontalAlignment = .middle
        var contentVerticalAlignment: VerticalAlignment = .center
        var contentEdgeInsets = EdgeInsets.zero
        var imageAlignment = ButtonNodeImageAlignment.beginning
        var isEnabled = true
        var isSelected = false
        var isHighlighted = false
    }

    let buttonState = Locked(ButtonState())
    public let titleNode = TextNode()
    public let imageNode = ImageNode()
    public let backgroundImageNode = ImageNode()

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// Texture's setTitle:withFont:withColor:forState: reduced to text, size and weight (DejaVu Sans).
    public func setTitle(_ title: String, fontSize: Double = 17, weight: FontWeight = .regular) {
        setAttributedTitle(AttributedText(title, attributes: TextAttributes(size: fontSize, weight: weight)))
    }

    /// Texture's setAttributedTitle:forState: (one state).
    public func setAttributedTitle(_ title: AttributedText) {
        titleNode.attributedText = title
        setNeedsLayout()
    }

    public func setImage(_ image: PlatformImage?) {
        imageNode.image = image
        setNeedsLayout()
    }

    public func setBackgroundImage(_ image: PlatformImage?) {
        backgroundImageNode.image = image
        setNeedsLayout()
    }

    public var contentSpacing: Double {
        get { buttonState.withLock { $0.contentSpacing } }
        set { updateLayoutOption { $0.contentSpacing = newValue } }
    }

    public var laysOutHorizontally: Bool {
        get { buttonState.withLock { $0.laysOutHorizontally } }
        set { updateLayoutOption { $0.laysOutHorizontally = newValue } }
    }

    public var contentHorizontalAlignment: HorizontalAlignment {
        get { buttonState.withLock { $0.contentHorizontalAlignment } }
        set { updateLayoutOption { $0.contentHorizontalAlignment = newValue } }
    }

    public var contentVerticalAlignment: VerticalAlignment {
        get { buttonState.withLock { $0.contentVerticalAlignment } }
        set { updateLayoutOption { $0.contentVerticalAlignment = newValue } }
    }

    public var contentEdgeInsets: EdgeInsets {
        get { buttonState.withLock { $0.contentEdgeInsets } }
        set { updateLayoutOption { $0.contentEdgeInsets = newValue } }
    }

    public var imageAlignment: ButtonNodeImageAlignment {
        get { buttonState.withLock { $0.imageAlignment } }
        set { updateLayoutOption { $0.imageAlignment = newValue } }
    }

    public var isEnabled: Bool {
        get { buttonState.withLock { $0.isEnabled } }
        set { buttonState.withLock { $0.isEnabled = newValue } }
    }

    public var isSelected: Bool {
        get { buttonState.withLock { $0.isSelected } }
        set { buttonState.withLock { $0.isSelected = newValue } }
    }

    public var isHighlighted: Bool {
        get { buttonState.withLock { $0.isHighlighted } }
        set { buttonState.withLock { $0.isHighlighted = newValue } }
    }

    private func updateLayoutOption(_ update: (inout ButtonState) -> Void) {
        buttonState.withLock { update(&$0) }
        setNeedsLayout()
    }

    /// Texture's ASButtonNode layout: stack(image?, title?) → inset if contentEdgeInsets ≠ 0 → background
    /// if there is a background image.
    open override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let options = buttonState.withLock { $0 }
        var stack = StackLayoutSpec(direction: options.laysOutHorizontally ? .horizontal : .vertical,
                                    spacing: options.contentSpacing)
        stack.horizontalAlignment = options.contentHorizontalAlignment
        stack.verticalAlignment = options.contentVerticalAlignment

        var children: [any LayoutElement] = []
        if imageNode.image != nil { children.append(imageNode) }
        if !titleNode.attributedText.isEmpty {
            if options.imageAlignment == .beginning {
                children.append(titleNode)
            } else {
                children.insert(titleNode, at: 0)
            }
        }
        stack.children = children

        var spec: any LayoutElement = stack
        if options.contentEdgeInsets != .zero {
            spec = InsetLayoutSpec(insets: options.contentEdgeInsets, child: spec)
        }
        if backgroundImageNode.image != nil {
            spec = BackgroundLayoutSpec(child: spec, background: backgroundImageNode)
        }
        return spec
    }
}
