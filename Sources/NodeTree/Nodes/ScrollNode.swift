import LayoutCore

// Texture's ASScrollNode: a node whose view scrolls. With automaticallyManagesContentSize the
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
//   layout() (main actor): view.contentSize := the content size measured with the applied layout's range and
//     parent size (or calculatedSize if it is not valid for layout)

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
        /// The content size of recent measurements, per range and parent size (most recently used first).
        var measuredContentSizes = MeasuredContentSizes()
        /// The applied layout's content size, kept when it was applied (calculatedLayoutDidChange), so that
        /// measurements for many other ranges before a later pass reuses the layout cannot push it out.
        var appliedContent: MeasuredContentSizes.Entry?
    }

    /// The content size that belongs to each layout: a layout record is keyed by (range, parent size), so
    /// layout() can give the view the content size of the layout that was applied — not the one of the last
    /// measurement, which may be for another range, from another thread, or discarded for racing an
    /// invalidation (Texture #891, #774; stress: `scroll-content-size`). Per key only the measurement of the
    /// newest layout version is kept, so a stale measurement finishing late cannot overwrite a fresh one.
    struct MeasuredContentSizes {
        struct Entry {
            var range: SizeRange
            var parentSize: Size
            var version: UInt64
            var contentSize: Size
        }

        /// Enough for the pass's range plus a few measured elsewhere meanwhile; the least recently used
        /// entry goes first.
        static let capacity = 8
        private(set) var entries: [Entry] = []

        mutating func record(_ entry: Entry) {
            if let index = firstIndex(entry.range, entry.parentSize) {
                guard entries[index].version <= entry.version else { return }
                entries.remove(at: index)
            } else if entries.count == MeasuredContentSizes.capacity {
                entries.removeLast()
            }
            entries.insert(entry, at: 0)
        }

        /// The content size measured for this range and parent size (marked as recently used).
        mutating func contentSize(range: SizeRange, parentSize: Size) -> Size? {
            guard let index = firstIndex(range, parentSize) else { return nil }
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.contentSize
        }

        private func firstIndex(_ range: SizeRange, _ parentSize: Size) -> Int? {
            entries.firstIndex { $0.range == range && $0.parentSize.isIdentical(to: parentSize) }
        }
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

    /// The content size of the last measurement, whatever its range (Texture's
    /// _contentCalculatedSizeFromLayout). The view's contentSize takes the content size of the applied
    /// layout instead (`layout()`).
    public var contentSize: Size { scrollState.withLock { $0.contentCalculatedSize } }

    open override func calculateLayoutThatFits(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                                               relativeToParentSize parentSize: Size) -> Layout {
        let (directions, managesContentSize) = scrollState.withLock {
            ($0.scrollableDirections, $0.automaticallyManagesContentSize)
        }
        // The version this measurement sees (the caller captured it, or an older one, before calling).
        let version = layoutVersion
        // 1. Unbounded along the scrolling axes.
        var contentRange = constrainedSize
        if directions.containsVertical { contentRange.max.height = ScrollNode.unboundedLength }
        if directions.containsHorizontal { contentRange.max.width = ScrollNode.unboundedLength }

        // 2. The content.
        var layout = super.calculateLayoutThatFits(contentRange, restrictedTo: size, relativeToParentSize: parentSize)
        guard managesContentSize else { return layout }

        // 3. The node takes the parent's size; the content size is remembered for the view.
        let contentSize = layout.size
        scrollState.withLock { s in
            s.contentCalculatedSize = contentSize
            s.measuredContentSizes.record(.init(range: constrainedSize, parentSize: parentSize, version: version,
                                                contentSize: contentSize))
        }
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.scrollContentSize) {
            RaceFaults.injectScrollContentSizeWriteOutsideLock(&scrollState.unsynchronizedAddress().pointee.contentCalculatedSize)
        }
        #endif
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

    /// Keeps the content size of the layout just applied (see ScrollState.appliedContent).
    open override func calculatedLayoutDidChange() {
        super.calculatedLayoutDidChange()
        guard let key = state.withLock({ s in s.calculatedLayout.map { ($0.constrainedSize, $0.parentSize, $0.version) } })
        else { return }
        scrollState.withLock { s in
            guard let size = s.measuredContentSizes.contentSize(range: key.0, parentSize: key.1) else { return }
            s.appliedContent = .init(range: key.0, parentSize: key.1, version: key.2, contentSize: size)
        }
    }

    @MainActor open override func layout() {
        super.layout()
        // The applied layout (or, before any pass applied one, the measured one a pass would apply).
        let key = state.withLock { s -> (SizeRange, Size, UInt64)? in
            guard let record = s.calculatedLayout ?? s.pendingLayout else { return nil }
            return (record.constrainedSize, record.parentSize, record.version)
        }
        let (managesContentSize, stored) = scrollState.withLock { s -> (Bool, Size) in
            let applied = key.flatMap { key -> Size? in
                if let kept = s.appliedContent, kept.range == key.0, kept.parentSize.isIdentical(to: key.1),
                   kept.version == key.2 {
                    return kept.contentSize
                }
                return s.measuredContentSizes.contentSize(range: key.0, parentSize: key.1)
            }
            return (s.automaticallyManagesContentSize, applied ?? s.contentCalculatedSize)
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
