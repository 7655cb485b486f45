// Texture's ASStackLayoutSpec (reference 3.2): its options and defaults. The algorithm lives in
// StackLayout+*.swift, one file per phase.

public enum StackLayoutDirection: String, Hashable, Sendable, CaseIterable {
    case vertical, horizontal
}

public enum StackLayoutJustifyContent: String, Hashable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround
}

public enum StackLayoutAlignItems: String, Hashable, Sendable, CaseIterable {
    case start, end, center, stretch, baselineFirst, baselineLast
    /// Behaves like start in the stack algorithm.
    case notSet
}

public enum StackLayoutFlexWrap: String, Hashable, Sendable, CaseIterable {
    case noWrap, wrap
}

public enum StackLayoutAlignContent: String, Hashable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround, stretch
}

public enum HorizontalAlignment: String, Hashable, Sendable, CaseIterable {
    case none, left, middle, right
}

public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case none, top, center, bottom
}

public struct StackLayoutSpec: LayoutElement {
    private var ownStyle = LayoutElementStyle()
    /// `init()` gives a horizontal stack, as Texture's does.
    public var direction: StackLayoutDirection = .horizontal {
        didSet { applyAlignments() }
    }
    public var spacing: Double = 0
    public var flexWrap: StackLayoutFlexWrap = .noWrap
    public var alignContent: StackLayoutAlignContent = .start
    public var lineSpacing: Double = 0
    public var children: [any LayoutElement]

    private var storedJustifyContent: StackLayoutJustifyContent = .start
    private var storedAlignItems: StackLayoutAlignItems = .stretch

    /// A convenience that rewrites justifyContent / alignItems for the current direction.
    public var horizontalAlignment: HorizontalAlignment = .none {
        didSet { applyAlignments() }
    }
    public var verticalAlignment: VerticalAlignment = .none {
        didSet { applyAlignments() }
    }

    public init(direction: StackLayoutDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
                flexWrap: StackLayoutFlexWrap = .noWrap, alignContent: StackLayoutAlignContent = .start,
                lineSpacing: Double = 0, children: [any LayoutElement] = []) {
        self.direction = direction
        self.spacing = spacing
        self.storedJustifyContent = justifyContent
        self.storedAlignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        self.children = children
    }

    public static func vertical(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                alignItems: StackLayoutAlignItems = .stretch,
                                children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }

    public static func horizontal(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                  alignItems: StackLayoutAlignItems = .stretch,
                                  children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }

    public var justifyContent: StackLayoutJustifyContent {
        get { storedJustifyContent }
        set {
            precondition(horizontalAlignment == .none && verticalAlignment == .none,
                         "justifyContent cannot be set while horizontalAlignment (\(horizontalAlignment)) or "
                             + "verticalAlignment (\(verticalAlignment)) is set; they derive it")
            storedJustifyContent = newValue
        }
    }

    public var alignItems: StackLayoutAlignItems {
        get { storedAlignItems }
        set {
            precondition(horizontalAlignment == .none && verticalAlignment == .none,
                         "alignItems cannot be set while horizontalAlignment (\(horizontalAlignment)) or "
                             + "verticalAlignment (\(verticalAlignment)) is set; they derive it")
            storedAlignItems = newValue
        }
    }

    /// The stack's style. A vertical stack reports its first child's ascender and its last child's
    /// descender, as Texture copies them into its style, so nested stacks align on baselines.
    public var style: LayoutElementStyle {
        get {
            guard direction == .vertical, let first = children.first, let last = children.last else {
                return ownStyle
            }
            var style = ownStyle
            style.ascender = first.style.ascender
            style.descender = last.style.descender
            return style
        }
        set { ownStyle = newValue }
        // A mutation through `style` (`stack.style.flexShrink = 1`) edits the own style in place. Through
        // get and set it derived the children's ascender/descender (a locked style copy per node child)
        // and copied the whole style twice: ~640 instructions per feed-parity cell. So a mutation reads
        // the own ascender/descender, and a vertical stack's derived ones do not land in its own style
        // (they are still what `style` reads while the stack is vertical and has children).
        _modify { yield &ownStyle }
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The own style in place: the ascender and descender a vertical stack derives from its children are
    /// only in `style` (the stack algorithm reads them there for baseline-aligned items).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { body(ownStyle) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: ownStyle.size, relativeToParentSize: parentSize)
    }

    /// Rewrites justify/alignItems from the alignments: for a horizontal stack, horizontal → justify and
    /// vertical → alignItems; for a vertical stack the roles swap. `.none` leaves the value as it is.
    private mutating func applyAlignments() {
        let horizontalValue: StackLayoutJustifyContent? = switch horizontalAlignment {
        case .none: nil
        case .left: .start
        case .middle: .center
        case .right: .end
        }
        let verticalValue: StackLayoutJustifyContent? = switch verticalAlignment {
        case .none: nil
        case .top: .start
        case .center: .center
        case .bottom: .end
        }
        let (justify, align) = direction == .horizontal
            ? (horizontalValue, verticalValue) : (verticalValue, horizontalValue)
        if let justify { storedJustifyContent = justify }
        if let align { storedAlignItems = StackLayoutAlignItems(justify: align) }
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        LayoutScratch.buildLayout { calculateLayout(constrainedSize, into: &$0) }
    }

    /// The protocol's default resolution (the own style size restricts the range), then the stack.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(constrainedSize.intersect(ownStyle.size.resolve(parentSize: parentSize)), into: &scratch)
    }

    func calculateLayout(_ constrainedSize: SizeRange, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        StackLayout.layout(of: children, StackContext(
            direction: direction, spacing: spacing, justifyContent: storedJustifyContent,
            alignItems: storedAlignItems, flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing,
            range: constrainedSize), into: &scratch)
    }
}

extension StackLayoutAlignItems {
    init(justify: StackLayoutJustifyContent) {
        switch justify {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .spaceBetween, .spaceAround: self = .start
        }
    }
}
