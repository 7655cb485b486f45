import LayoutCore

// Texture's ASScrollNode (reference 6): a node whose view scrolls. With automaticallyManagesContentSize the
// layout spec's size becomes the view's contentSize while the node itself takes the parent's size (clamped
// into its range), so a tall stack scrolls inside a screen-sized node.
//
//   measure (any thread; overrides the three-argument calculateLayoutThatFits)
//     1. content range = the range with max.height := CGFLOAT_MAX when scrolling vertically, max.width :=
//        CGFLOAT_MAX when scrolling horizontally
//     2. content layout = the normal node measurement with that range
//     3. managing content size: contentSize := content size; self size := Clamp(range, parentSize), an axis
//        not valid for layout (∞, NaN, ≥ CGFLOAT_MAX/2) taking the content's; content smaller than the node
//        along a scrolling axis → measure the content again with the original range, so it can fill the
//        node (contentSize keeps the first measurement, as in Texture); the node's layout = self size with
//        the content's sublayouts
//   layout() (main actor): view.contentSize := contentSize (or calculatedSize if it is not valid for layout)

/// Texture's ASScrollDirection.
public struct ScrollDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let right = ScrollDirection(rawValue: 1)
    public static let left = ScrollDirection(rawValue: 2)
    public static let up = ScrollDirection(rawValue: 4)
    public static let down = ScrollDirection(rawValue: 8)
    public static let vertical: ScrollDirection = [.up, .down]
    public static let horizontal: ScrollDirection = [.left, .right]

    public var containsVertical: Bool { !isDisjoint(with: .vertical) }
    public var containsHorizontal: Bool { !isDisjoint(with: .horizontal) }
}

open class ScrollNode: DisplayNode, @unchecked Sendable {
    struct ScrollState {
        var scrollableDirections: ScrollDirection = []
        var automaticallyManagesContentSize = false
        var contentCalculatedSize: Size = .zero
    }

    let scrollState = Locked(ScrollState())

    /// CGFLOAT_MAX: a finite "unbounded" (not ∞), as Texture uses for the scrolling axes.
    public static let unboundedLength = Double.greatestFiniteMagnitude

    public override init() {
        super.init()
    }

    /// Default none. A change calls setNeedsLayout.
    public var scrollableDirections: ScrollDirection {
        get { scrollState.withLock { $0.scrollableDirections } }
        set {
            let changed = scrollState.withLock { s -> Bool in
                guard s.scrollableDirections != newValue else { return false }
                s.scrollableDirections = newValue
                return true
            }
            if changed { setNeedsLayout() }
        }
    }

    /// Turning it on while no direction is set switches the directions to vertical.
    public var automaticallyManagesContentSize: Bool {
        get { scrollState.withLock { $0.automaticallyManagesContentSize } }
        set {
            scrollState.withLock { s in
                s.automaticallyManagesContentSize = newValue
                if newValue && !s.scrollableDirections.containsVertical && !s.scrollableDirections.containsHorizontal {
                    s.scrollableDirections = .vertical
                }
            }
        }
    }

    /// The content size of the last measurement (Texture's _contentCalculatedSizeFromLayout); the view's
    /// contentSize takes it in `layout()`.
    public var contentSize: Size { scrollState.withLock { $0.contentCalculatedSize } }

    open override func calculateLayoutThatFits(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                                               relativeToParentSize parentSize: Size) -> Layout {
        let (directions, managesContentSize) = scrollState.withLock {
            ($0.scrollableDirections, $0.automaticallyManagesContentSize)
        }
        // 1. Unbounded along the scrolling axes.
        var contentRange = constrainedSize
        if directions.containsVertical { contentRange.max.height = ScrollNode.unboundedLength }
        if directions.containsHorizontal { contentRange.max.width = ScrollNode.unboundedLength }

        // 2. The content.
        var layout = super.calculateLayoutThatFits(contentRange, restrictedTo: size, relativeToParentSize: parentSize)
        guard managesContentSize else { return layout }

        // 3. The node takes the parent's size; the content size is remembered for the view.
        let contentSize = layout.size
        scrollState.withLock { $0.contentCalculatedSize = contentSize }
        var selfSize = constrainedSize.clamp(parentSize)
        if !PixelGrid.isValidForLayout(selfSize.width) { selfSize.width = contentSize.width }
        if !PixelGrid.isValidForLayout(selfSize.height) { selfSize.height = contentSize.height }

        // Content smaller than the node along a scrolling axis: let it fill the node.
        if (directions.containsVertical && contentSize.height < selfSize.height)
            || (directions.containsHorizontal && contentSize.width < selfSize.width) {
            layout = super.calculateLayoutThatFits(constrainedSize, restrictedTo: size, relativeToParentSize: parentSize)
        }
        return Layout(node: self, size: selfSize, sublayouts: layout.sublayouts)
    }

    @MainActor open override func layout() {
        super.layout()
        let (managesContentSize, stored) = scrollState.withLock {
            ($0.automaticallyManagesContentSize, $0.contentCalculatedSize)
        }
        guard managesContentSize else { return }
        var contentSize = stored
        if !PixelGrid.isValidForLayout(contentSize) {
            NodeTreeDiagnostics.recordInvalidContentSize()
            contentSize = calculatedSize
        }
        view.contentSize = contentSize
    }
}
