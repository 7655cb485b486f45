import LayoutCore

// Texture's _ASPendingState: a value for every bridged view property plus a bit per
// property saying "was set". Before load it *is* the node's view state (reads come from it, so UIKit's
// defaults are visible); at load the set properties are applied to the new view; after load it holds
// writes made off the main actor until the pending-state controller flushes them on the main actor.
// Only properties whose bit is set are applied, so a view's write counters show exactly what the
// user set.

struct PendingViewState: Sendable {
    struct Fields: OptionSet, Sendable {
        let rawValue: UInt32
        static let frame = Fields(rawValue: 1 << 0)
        static let bounds = Fields(rawValue: 1 << 1)
        static let position = Fields(rawValue: 1 << 2)
        static let anchorPoint = Fields(rawValue: 1 << 3)
        static let alpha = Fields(rawValue: 1 << 4)
        static let isHidden = Fields(rawValue: 1 << 5)
        static let backgroundColor = Fields(rawValue: 1 << 6)
        static let cornerRadius = Fields(rawValue: 1 << 7)
        static let clipsToBounds = Fields(rawValue: 1 << 8)
        static let isOpaque = Fields(rawValue: 1 << 9)
        static let isUserInteractionEnabled = Fields(rawValue: 1 << 10)
        /// setNeedsLayout() arrived off the main actor after load: on flush, invalidate the node's layout
        /// and tell the view.
        static let needsLayout = Fields(rawValue: 1 << 11)
    }

    var dirty: Fields = []

    // UIKit / CALayer defaults.
    /// A raw frame parked by an off-main write after load; decomposed against the view's current
    /// bounds and anchorPoint when applied (before load a frame write is decomposed at once).
    var frame: Rect = .zero
    var bounds: Rect = .zero
    var position: Point = .zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var alpha: Double = 1
    var isHidden = false
    var backgroundColor: Color?
    var cornerRadius: Double = 0
    var clipsToBounds = false
    var isOpaque = true
    var isUserInteractionEnabled = true

    var hasChanges: Bool { !dirty.isEmpty }

    /// frame = position − size × anchorPoint, from the pending values (the pre-load getter).
    var derivedFrame: Rect {
        Rect(x: position.x - bounds.width * anchorPoint.x, y: position.y - bounds.height * anchorPoint.y,
             width: bounds.width, height: bounds.height)
    }

    /// Texture's frame decomposition: bounds keeps its origin and takes the frame's size; position =
    /// origin + size × anchorPoint.
    static func decompose(frame: Rect, bounds: Rect, anchorPoint: Point) -> (bounds: Rect, position: Point) {
        (Rect(origin: bounds.origin, size: frame.size),
         Point(x: frame.minX + frame.width * anchorPoint.x, y: frame.minY + frame.height * anchorPoint.y))
    }

    /// Applies every set property to `view`. Order: anchorPoint first (frame depends on it), then a
    /// parked frame, then bounds and position (a frame write clears their bits, so whichever of the
    /// two kinds came last wins), then the rest. setNeedsLayout is the caller's business.
    @MainActor func apply(to view: PlatformView) {
        let d = dirty
        if d.contains(.anchorPoint) { view.anchorPoint = anchorPoint }
        if d.contains(.frame) { view.frame = frame }
        if d.contains(.bounds) { view.bounds = bounds }
        if d.contains(.position) { view.position = position }
        if d.contains(.alpha) { view.alpha = alpha }
        if d.contains(.isHidden) { view.isHidden = isHidden }
        if d.contains(.backgroundColor) { view.backgroundColor = backgroundColor }
        if d.contains(.cornerRadius) { view.cornerRadius = cornerRadius }
        if d.contains(.clipsToBounds) { view.clipsToBounds = clipsToBounds }
        if d.contains(.isOpaque) { view.isOpaque = isOpaque }
        if d.contains(.isUserInteractionEnabled) { view.isUserInteractionEnabled = isUserInteractionEnabled }
    }
}
