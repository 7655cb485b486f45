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
    /// The spec's fields, in its thread's spec arena or a heap box (SpecStorage.swift).
    @usableFromInline
    struct Fields: SpecFields {
        @usableFromInline var customStyle: UnsafeMutablePointer<LayoutElementStyle>? = nil
        @usableFromInline var direction: StackLayoutDirection
        @usableFromInline var spacing: Double
        @usableFromInline var flexWrap: StackLayoutFlexWrap
        @usableFromInline var alignContent: StackLayoutAlignContent
        @usableFromInline var lineSpacing: Double
        /// The stack's own copy of its children (in a region, an array the arena recycles).
        @usableFromInline var children: [any LayoutElement]
        /// Set on a copy-on-write copy, whose `children` shares the original slot's array: the copy is
        /// destroyed first (newest first) and must not hand a shared array back for reuse — emptying it
        /// would allocate a new buffer.
        @usableFromInline var childrenMayBeShared = false
        @usableFromInline var justifyContent: StackLayoutJustifyContent
        @usableFromInline var alignItems: StackLayoutAlignItems
        @usableFromInline var horizontalAlignment: HorizontalAlignment = .none
        @usableFromInline var verticalAlignment: VerticalAlignment = .none

        @inlinable
        init(direction: StackLayoutDirection, spacing: Double, justifyContent: StackLayoutJustifyContent,
             alignItems: StackLayoutAlignItems, flexWrap: StackLayoutFlexWrap, alignContent: StackLayoutAlignContent,
             lineSpacing: Double, children: [any LayoutElement]) {
            self.direction = direction
            self.spacing = spacing
            self.justifyContent = justifyContent
            self.alignItems = alignItems
            self.flexWrap = flexWrap
            self.alignContent = alignContent
            self.lineSpacing = lineSpacing
            self.children = children
        }

        @inlinable static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState> {
            arena.pointer(to: \.stacks).unsafelyUnwrapped
        }

        /// `children` is the only field that holds a reference (the others are trivial: `customStyle`
        /// is an unowned pointer into the arena or the box), so destroying the fields is moving it out:
        /// into the arena's recycled arrays, or released when a copy-on-write copy shares it. Through
        /// `deinitialize` it was an outlined destroy of the whole fields, releasing the empty array
        /// `recycle` had left behind. A field holding a reference added here must be destroyed here too.
        @inlinable
        static func destroy(_ fields: UnsafeMutablePointer<Fields>, in arena: UnsafeMutablePointer<SpecArena>) {
            let children = fields.pointer(to: \.children).unsafelyUnwrapped.move()
            if !fields.pointee.childrenMayBeShared { arena.pointee.recycle(children) }
        }

        @inlinable
        static func didCopy(_ fields: UnsafeMutablePointer<Fields>) {
            fields.pointee.childrenMayBeShared = true
        }
    }

    @usableFromInline var storage: SpecStorage<Fields>

    @inlinable
    public init(direction: StackLayoutDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
                flexWrap: StackLayoutFlexWrap = .noWrap, alignContent: StackLayoutAlignContent = .start,
                lineSpacing: Double = 0, children: [any LayoutElement] = []) {
        // The stack copies its children into an array of its own — in a region one the arena recycles —
        // and only reads `children`, so an array literal argument does not escape and the optimizer puts
        // it on the caller's stack (storing the argument on any path would make it escape on all).
        if let arena = SpecArena.currentInRegion {
            arena.prepareToBuild()
            var own = arena.pointee.takeChildArray()
            // One append per child: `append(contentsOf:)` went through the runtime's generic
            // swift_arrayInitWithCopy (~200 instructions a stack, callgrind) where an append copies the
            // existential with its type's own witness.
            for index in children.indices { own.append(children[index]) }
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            fields.pointer(to: \.customStyle).unsafelyUnwrapped.initialize(to: nil)
            fields.pointer(to: \.direction).unsafelyUnwrapped.initialize(to: direction)
            fields.pointer(to: \.spacing).unsafelyUnwrapped.initialize(to: spacing)
            fields.pointer(to: \.flexWrap).unsafelyUnwrapped.initialize(to: flexWrap)
            fields.pointer(to: \.alignContent).unsafelyUnwrapped.initialize(to: alignContent)
            fields.pointer(to: \.lineSpacing).unsafelyUnwrapped.initialize(to: lineSpacing)
            fields.pointer(to: \.children).unsafelyUnwrapped.initialize(to: own)
            fields.pointer(to: \.childrenMayBeShared).unsafelyUnwrapped.initialize(to: false)
            fields.pointer(to: \.justifyContent).unsafelyUnwrapped.initialize(to: justifyContent)
            fields.pointer(to: \.alignItems).unsafelyUnwrapped.initialize(to: alignItems)
            fields.pointer(to: \.horizontalAlignment).unsafelyUnwrapped.initialize(to: .none)
            fields.pointer(to: \.verticalAlignment).unsafelyUnwrapped.initialize(to: .none)
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            storage = SpecStorage(boxing: Fields(
                direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing,
                children: children.withUnsafeBufferPointer { Array($0) }))
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

    public var children: [any LayoutElement] {
        get { storage.fields.pointee.children }
        unsafeMutableAddress { storage.uniqueFields().pointer(to: \.children).unsafelyUnwrapped }
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

    public var justifyContent: StackLayoutJustifyContent {
        get { storage.fields.pointee.justifyContent }
        set {
            precondition(horizontalAlignment == .none && verticalAlignment == .none,
                         "justifyContent cannot be set while horizontalAlignment (\(horizontalAlignment)) or "
                             + "verticalAlignment (\(verticalAlignment)) is set; they derive it")
            storage.uniqueFields().pointee.justifyContent = newValue
        }
    }

    public var alignItems: StackLayoutAlignItems {
        get { storage.fields.pointee.alignItems }
        set {
            precondition(horizontalAlignment == .none && verticalAlignment == .none,
                         "alignItems cannot be set while horizontalAlignment (\(horizontalAlignment)) or "
                             + "verticalAlignment (\(verticalAlignment)) is set; they derive it")
            storage.uniqueFields().pointee.alignItems = newValue
        }
    }

    /// The stack's style. A vertical stack reports its first child's ascender and its last child's
    /// descender, as Texture copies them into its style, so nested stacks align on baselines.
    public var style: LayoutElementStyle {
        get {
            let fields = storage.fields
            var style = storage.style
            guard fields.pointee.direction == .vertical else { return style }
            if let first = fields.pointee.children.first, let last = fields.pointee.children.last {
                style.ascender = first.style.ascender
                style.descender = last.style.descender
            }
            return style
        }
        // A mutation through `style` (`stack.style.flexShrink = 1`) edits the own style in place. Through
        // get and set it derived the children's ascender/descender (a locked style copy per node child)
        // and copied the whole style twice: ~640 instructions per feed-parity cell. So a mutation reads
        // the own ascender/descender, and a vertical stack's derived ones do not land in its own style
        // (they are still what `style` reads while the stack is vertical and has children).
        unsafeMutableAddress { storage.uniqueStyle() }
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The own style in place: the ascender and descender a vertical stack derives from its children are
    /// only in `style` (the stack algorithm reads them there for baseline-aligned items).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { storage.withStyle(body) }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: storage.styleSize, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        LayoutScratch.buildLayout { calculateLayout(constrainedSize, into: &$0) }
    }

    /// The protocol's default resolution (the own style size restricts the range), then the stack.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(constrainedSize.intersect(storage.styleSize.resolve(parentSize: parentSize)), into: &scratch)
    }

    func calculateLayout(_ constrainedSize: SizeRange, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        // Field by field through the storage's read accessor: a `let` copy of the fields would retain
        // the children and copy the style.
        let fields = storage.fields
        let context = StackContext(
            direction: fields.pointee.direction, spacing: fields.pointee.spacing,
            justifyContent: fields.pointee.justifyContent, alignItems: fields.pointee.alignItems,
            flexWrap: fields.pointee.flexWrap, alignContent: fields.pointee.alignContent,
            lineSpacing: fields.pointee.lineSpacing, range: constrainedSize)
        // The children array is copied out (one retain), so the algorithm borrows an array and calls every
        // child in place.
        return StackLayout.layout(of: fields.pointee.children, context, into: &scratch)
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
