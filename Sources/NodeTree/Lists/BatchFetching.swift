import LayoutCore

// Batch fetching (Texture's ASBatchFetching and ASBatchContext): when the end of the content comes within
// `leadingScreensForBatching` screens of the viewport, the list asks its delegate for more.

/// Texture's ASBatchContext: starts completed; one fetch at a time. Any thread.
public final class BatchFetchingContext: @unchecked Sendable {
    public enum Phase: Hashable, Sendable { case completed, fetching, cancelled }

    private let phaseStorage = Locked(Phase.completed)
    /// Called (without the lock) when a fetch completes; the list uses it for its statistics.
    let onComplete: (@Sendable () -> Void)?

    public init() { onComplete = nil }
    init(onComplete: @escaping @Sendable () -> Void) { self.onComplete = onComplete }

    public var phase: Phase { phaseStorage.load() }
    public var isFetching: Bool { phase == .fetching }

    public func beginBatchFetching() { phaseStorage.store(.fetching) }

    /// `true` ends the fetch; `false` does nothing (the context keeps fetching), as in Texture.
    public func completeBatchFetching(_ didComplete: Bool) {
        guard didComplete else { return }
        phaseStorage.store(.completed)
        onComplete?()
    }

    public func cancelBatchFetching() { phaseStorage.store(.cancelled) }
}

/// Texture's ASDisplayShouldFetchBatchForContext, as a pure function of the scroll state (vertical or
/// horizontal, left-to-right or right-to-left), in Texture's order of checks.
public struct BatchFetchingCheck: Sendable {
    public var isFetching = false
    public var canBatchFetch = true
    public var scrollDirection: ScrollDirection = .down
    /// The scrollable directions: vertical for tables.
    public var scrollableDirections: ScrollDirection = .vertical
    public var bounds: Rect = .zero
    public var contentSize: Size = .zero
    public var contentOffset: Point = .zero
    public var leadingScreens: Double = 2
    public var isVisible = true
    public var isRightToLeft = false
    /// RTL with the layout flipped horizontally (the content's head stays on the left).
    public var flipsHorizontallyInRightToLeft = false

    public init() {}

    public var shouldFetch: Bool {
        // 1. A delegate that fetches and agrees. 2. Not already fetching.
        guard canBatchFetch, !isFetching else { return false }
        // 3. A lead and a viewport.
        guard leadingScreens > 0, bounds.size != .zero else { return false }
        // 4. The axis.
        let vertical = scrollableDirections.containsVertical
        let viewLength = vertical ? bounds.height : bounds.width
        let contentLength = vertical ? contentSize.height : contentSize.width
        // 5. Content shorter than the viewport: fetch (even invisible, whatever the direction).
        if contentLength < viewLength { return true }
        // 6. Only on screen.
        guard isVisible else { return false }
        // 7. Toward the head: no.
        let rtlUnflipped = isRightToLeft && !flipsHorizontallyInRightToLeft
        if vertical {
            if scrollDirection.contains(.up) { return false }
        } else {
            let towardHead: ScrollDirection = rtlUnflipped ? .right : .left
            if scrollDirection.contains(towardHead) { return false }
        }
        // 8. What is left beyond the viewport, against the lead.
        let offset: Double
        if vertical {
            offset = contentOffset.y
        } else if rtlUnflipped {
            offset = contentLength - viewLength - contentOffset.x
        } else {
            offset = contentOffset.x
        }
        let remaining = contentLength - viewLength - offset
        return remaining <= viewLength * leadingScreens
    }
}
