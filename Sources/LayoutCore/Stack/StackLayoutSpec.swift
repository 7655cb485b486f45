// Texture's ASStackLayoutSpec: its options and defaults. The algorithm lives in
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

public struct StackLayoutSpec: StyleSizedLayoutSpec {
    /// The spec's fields, in its thread's spec arena or a heap box (Memory/SpecStorage.swift).
    @usableFromInline
    struct Fields: ManyChildSpecFields {
        @usableFromInline var customStyle: SpecStyleReference? = nil
        @usableFromInline var direction: StackLayoutDirection
        @usableFromInline var spacing: Double
        @usableFromInline var flexWrap: StackLayoutFlexWrap
        @usableFromInline var alignContent: StackLayoutAlignContent
        @usableFromInline var lineSpacing: Double
        /// The children (Memory/SpecChildren.swift): in a region a run of the arena's, boxed the run of
        /// `elementsOwner`.
        @usableFromInline var children: SpecChildren
        /// Boxed outside a region: the element children and their run, retained by the fields' box
        /// (SpecFields.elementsOwner). Nil in a region.
        @usableFromInline var elementsOwner: Unmanaged<SpecElements>?
        @usableFromInline var justifyContent: StackLayoutJustifyContent
        @usableFromInline var alignItems: StackLayoutAlignItems
        @usableFromInline var horizontalAlignment: HorizontalAlignment = .none
        @usableFromInline var verticalAlignment: VerticalAlignment = .none

        /// Boxed fields (outside a region): the children kept in a new box of elements.
        @inlinable
        init(direction: StackLayoutDirection, spacing: Double, justifyContent: StackLayoutJustifyContent,
             alignItems: StackLayoutAlignItems, flexWrap: StackLayoutFlexWrap, alignContent: StackLayoutAlignContent,
             lineSpacing: Double, children: borrowing [any LayoutElement]) {
            self.direction = direction
            self.spacing = spacing
            self.justifyContent = justifyContent
            self.alignItems = alignItems
            self.flexWrap = flexWrap
            self.alignContent = alignContent
            self.lineSpacing = lineSpacing
            let owner = SpecElements.make(children)
            self.children = SpecChildren(base: owner.children, count: children.count)
            elementsOwner = .passRetained(owner)
        }

        /// Writes fresh fields of a stack of `arena`'s open region (a slot just reserved), field by field in
        /// place: built as a value and moved into the slot, the fields were copied three times.
        @inlinable @inline(__always)
        static func initialize(_ fields: SpecFieldsReference<Self>, direction: StackLayoutDirection, spacing: Double,
                               justifyContent: StackLayoutJustifyContent, alignItems: StackLayoutAlignItems,
                               flexWrap: StackLayoutFlexWrap, alignContent: StackLayoutAlignContent,
                               lineSpacing: Double, children: SpecChildren) {
            fields.initialize(\.customStyle, to: nil)
            fields.initialize(\.direction, to: direction)
            fields.initialize(\.spacing, to: spacing)
            fields.initialize(\.flexWrap, to: flexWrap)
            fields.initialize(\.alignContent, to: alignContent)
            fields.initialize(\.lineSpacing, to: lineSpacing)
            fields.initialize(\.children, to: children)
            fields.initialize(\.elementsOwner, to: nil)
            fields.initialize(\.justifyContent, to: justifyContent)
            fields.initialize(\.alignItems, to: alignItems)
            fields.initialize(\.horizontalAlignment, to: .none)
            fields.initialize(\.verticalAlignment, to: .none)
        }
    }

    @usableFromInline var storage: SpecStorage<Fields>

    @inlinable
    init(storage: SpecStorage<Fields>) {
        self.storage = storage
    }

    @inlinable
    public init(direction: StackLayoutDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
                flexWrap: StackLayoutFlexWrap = .noWrap, alignContent: StackLayoutAlignContent = .start,
                lineSpacing: Double = 0, children: [any LayoutElement] = []) {
        self.init(direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children,
                  hasStyle: false, style: { _ in })
    }

    /// A stack with a style of its own that `style` sets as it is built (no copy on write of the fields,
    /// as `stack.style.x = …` afterwards takes in a region: StackLayoutSpec+ListedChildrenStyle.swift).
    @inlinable
    public init(direction: StackLayoutDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
                flexWrap: StackLayoutFlexWrap = .noWrap, alignContent: StackLayoutAlignContent = .start,
                lineSpacing: Double = 0, children: [any LayoutElement] = [],
                style: (inout LayoutElementStyle) -> Void) {
        self.init(direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children,
                  hasStyle: true, style: style)
    }

    /// Both initializers: with `hasStyle` (a constant), the style `style` sets.
    @inlinable @inline(__always)
    init(direction: StackLayoutDirection, spacing: Double, justifyContent: StackLayoutJustifyContent,
         alignItems: StackLayoutAlignItems, flexWrap: StackLayoutFlexWrap, alignContent: StackLayoutAlignContent,
         lineSpacing: Double, children: [any LayoutElement], hasStyle: Bool,
         style: (inout LayoutElementStyle) -> Void) {
        // The stack only reads `children` (each child becomes a SpecChild), so an array literal argument
        // does not escape and the optimizer puts it on the caller's stack.
        if let arena = SpecArena.forBuilding {
            let run = arena.childRun(of: children)
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            Fields.initialize(fields, direction: direction, spacing: spacing, justifyContent: justifyContent,
                              alignItems: alignItems, flexWrap: flexWrap, alignContent: alignContent,
                              lineSpacing: lineSpacing, children: run)
            if hasStyle { fields.initializeOwnStyle(in: arena, style) }
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            storage = SpecStorage(boxing: Fields(
                direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children))
            if hasStyle { storage.configureOwnBoxedStyle(style) }
        }
    }

    /// `init()` gives a horizontal stack, as Texture's does. Setting it re-applies the alignments.
    public var direction: StackLayoutDirection {
        get { storage.fields.pointee.direction }
        set { storage.uniqueFields().pointee.setDirection(newValue) }
    }

    public var spacing: Double {
        get { storage.fields.pointee.spacing }
        set { storage.uniqueFields().pointee.spacing = newValue }
    }

    public var flexWrap: StackLayoutFlexWrap {
        get { storage.fields.pointee.flexWrap }
        set { storage.uniqueFields().pointee.flexWrap = newValue }
    }

    public var alignContent: StackLayoutAlignContent {
        get { storage.fields.pointee.alignContent }
        set { storage.uniqueFields().pointee.alignContent = newValue }
    }

    public var lineSpacing: Double {
        get { storage.fields.pointee.lineSpacing }
        set { storage.uniqueFields().pointee.lineSpacing = newValue }
    }

    /// The children (the spec keeps each as a SpecChild; this hands them out as elements again).
    public var children: [any LayoutElement] {
        get { storage.children }
        set { storage.children = newValue }
    }

    /// A convenience that rewrites justifyContent / alignItems for the current direction.
    public var horizontalAlignment: HorizontalAlignment {
        get { storage.fields.pointee.horizontalAlignment }
        set { storage.uniqueFields().pointee.setAlignments(horizontal: newValue, vertical: verticalAlignment) }
    }

    public var verticalAlignment: VerticalAlignment {
        get { storage.fields.pointee.verticalAlignment }
        set { storage.uniqueFields().pointee.setAlignments(horizontal: horizontalAlignment, vertical: newValue) }
    }

    @inlinable
    public static func vertical(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                alignItems: StackLayoutAlignItems = .stretch,
                                children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }

    @inlinable
    public static func horizontal(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                  alignItems: StackLayoutAlignItems = .stretch,
                                  children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }

    @inlinable
    public static func vertical(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                alignItems: StackLayoutAlignItems = .stretch, children: [any LayoutElement],
                                style: (inout LayoutElementStyle) -> Void) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children, style: style)
    }

    @inlinable
    public static func horizontal(spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
                                  alignItems: StackLayoutAlignItems = .stretch, children: [any LayoutElement],
                                  style: (inout LayoutElementStyle) -> Void) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children, style: style)
    }

    public var justifyContent: StackLayoutJustifyContent {
        get { storage.fields.pointee.justifyContent }
        set { setAlignmentDerived(\.justifyContent, to: newValue, named: "justifyContent") }
    }

    public var alignItems: StackLayoutAlignItems {
        get { storage.fields.pointee.alignItems }
        set { setAlignmentDerived(\.alignItems, to: newValue, named: "alignItems") }
    }

    /// Sets justifyContent or alignItems, which horizontalAlignment and verticalAlignment derive while
    /// either is set (a programmer error to set them then, as in Texture's ASStackLayoutSpec).
    mutating func setAlignmentDerived<Value>(_ field: WritableKeyPath<Fields, Value>, to value: Value,
                                             named name: String) {
        precondition(horizontalAlignment == .none && verticalAlignment == .none,
                     "\(name) cannot be set while horizontalAlignment (\(horizontalAlignment)) or "
                         + "verticalAlignment (\(verticalAlignment)) is set; they derive it")
        storage.uniqueFields().pointee[keyPath: field] = value
    }

    /// The stack's style. A vertical stack reports its first child's ascender and its last child's
    /// descender, as Texture copies them into its style, so nested stacks align on baselines.
    public var style: LayoutElementStyle {
        get { StackLayoutSpec.style(of: storage.fields) }
        // A mutation through `style` (`stack.style.flexShrink = 1`) edits the own style in place. Through
        // get and set it derived the children's ascender/descender (a locked style copy per node child)
        // and copied the whole style twice. So a mutation reads
        // the own ascender/descender, and a vertical stack's derived ones do not land in its own style
        // (they are still what `style` reads while the stack is vertical and has children).
        _modify { yield &storage.uniqueStyle().pointee }
    }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { storage.specSlot(.stack) }

    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ constrainedSize: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let context = StackContext(
            direction: fields.pointee.direction, spacing: fields.pointee.spacing,
            justifyContent: fields.pointee.justifyContent, alignItems: fields.pointee.alignItems,
            flexWrap: fields.pointee.flexWrap, alignContent: fields.pointee.alignContent,
            lineSpacing: fields.pointee.lineSpacing, range: constrainedSize)
        return StackLayout.layout(of: fields.children, context, into: &scratch)
    }

    /// The style of the spec with `fields`: its own, and for a vertical stack with children, its first
    /// child's ascender and its last child's descender (Texture copies them into the stack's style).
    static func style(of fields: SpecFieldsReference<Fields>) -> LayoutElementStyle {
        var style = fields.customStyle?.pointee ?? LayoutElementStyle.defaultStyle
        let children = fields.children
        guard fields.direction == .vertical, children.count > 0 else { return style }
        style.ascender = children[0].style.ascender
        style.descender = children[children.count - 1].style.descender
        return style
    }
}

extension StackLayoutSpec.Fields {
    /// Sets the direction and re-applies the alignments for it.
    @usableFromInline
    mutating func setDirection(_ direction: StackLayoutDirection) {
        self.direction = direction
        applyAlignments()
    }

    @usableFromInline
    mutating func setAlignments(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        horizontalAlignment = horizontal
        verticalAlignment = vertical
        applyAlignments()
    }

    /// Rewrites justify/alignItems from the alignments: for a horizontal stack, horizontal → justify and
    /// vertical → alignItems; for a vertical stack the roles swap. `.none` leaves the value as it is.
    mutating func applyAlignments() {
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
        if let justify { justifyContent = justify }
        if let align { alignItems = StackLayoutAlignItems(justify: align) }
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
