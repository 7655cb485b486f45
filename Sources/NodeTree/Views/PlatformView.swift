import LayoutCore

// The simulated main-actor view: a stand-in for UIView (and its CALayer) on Linux. It models just what
// Texture's node tree relies on — the layer geometry model (bounds + position + anchorPoint, frame
// derived), a handful of visual properties, the subview tree, and the layout cycle (setNeedsLayout /
// layoutIfNeeded calling back into the node's layout pass, as CALayer's layoutSublayers calls
// -[ASDisplayNode __layout]) — and it counts everything done to it, so tests and the harness can see
// how much main-actor work a batch of cells costs. Frame and alpha writes can be animated on an Animator
// (PlatformView+Animation.swift): the properties hold the model (final) values, presentationFrame and
// presentationAlpha what is on screen.

/// An RGBA colour (UIColor stand-in), components 0…1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
}

/// The properties a PlatformView counts writes of.
public enum ViewProperty: Int, CaseIterable, Sendable {
    case frame, bounds, position, anchorPoint, alpha, isHidden, backgroundColor, cornerRadius, clipsToBounds
    case isOpaque, isUserInteractionEnabled, contentSize
}

/// What has been done to a view since it was created (or since `resetCounters()`).
public struct ViewCounters: Hashable, Sendable {
    /// Every property write, whatever the property (a write of an equal value counts too, as a UIKit
    /// setter call would).
    public var propertyWrites = 0
    /// Subviews inserted into this view (addSubview / insertSubview, moves included).
    public var subviewInsertions = 0
    /// Subviews removed from this view.
    public var subviewRemovals = 0
    /// Layout passes run on this view (layoutSubviews / layoutSublayers equivalents).
    public var layoutPasses = 0
    /// setNeedsLayout calls received.
    public var setNeedsLayoutCalls = 0
    /// Writes per property, indexed by `ViewProperty.rawValue`.
    public var writesByProperty = [Int](repeating: 0, count: ViewProperty.allCases.count)

    public init() {}

    public func writes(of property: ViewProperty) -> Int { writesByProperty[property.rawValue] }
}

@MainActor
public final class PlatformView {
    /// The node backing this view (nil for plain host views such as a window or a table).
    public internal(set) weak var node: DisplayNode?
    public private(set) weak var superview: PlatformView?
    public private(set) var subviews: [PlatformView] = []
    public private(set) var counters = ViewCounters()
    /// A new view needs its first layout pass, as a UIView does. Setting it marks the ancestors (see
    /// `subtreeNeedsLayout`).
    public private(set) var needsLayout = true {
        didSet { if needsLayout { superview?.markSubtreeNeedsLayout() } }
    }
    /// Some descendant needs layout (CALayer keeps the same bit), so a layout pass visits only dirty
    /// branches instead of the whole tree.
    private var subtreeNeedsLayout = false

    private func markSubtreeNeedsLayout() {
        var view: PlatformView? = self
        while let current = view, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }

    public init() {}

    /// A host view with a frame (a window or a container that is not backed by a node).
    public convenience init(frame: Rect) {
        self.init()
        self.frame = frame
        counters = ViewCounters()
    }

    public func resetCounters() { counters = ViewCounters() }

    private func countWrite(_ property: ViewProperty) {
        counters.propertyWrites += 1
        counters.writesByProperty[property.rawValue] += 1
    }

    // MARK: - Geometry (CALayer's model: frame is derived from bounds, position and anchorPoint)

    private var storedBounds: Rect = .zero
    private var storedPosition: Point = .zero
    /// Running animations (PlatformView+Animation.swift).
    var frameTrack: ViewAnimationTrack<Rect>?
    var alphaTrack: ViewAnimationTrack<Double>?

    /// Changing the size marks the view as needing layout (CALayer's needsLayoutOnGeometryChange); any
    /// change is reported to the node, whose layout pass reads a lock-protected copy (Texture's
    /// threadSafeBounds, which _ASDisplayLayer updates from its bounds setter the same way).
    public var bounds: Rect {
        get { storedBounds }
        set {
            countWrite(.bounds)
            let presented = geometryWillChange()
            setBounds(newValue)
            geometryDidChange(presentedBefore: presented)
        }
    }

    public var position: Point {
        get { storedPosition }
        set {
            countWrite(.position)
            let presented = geometryWillChange()
            storedPosition = newValue
            geometryDidChange(presentedBefore: presented)
        }
    }

    public var anchorPoint = Point(x: 0.5, y: 0.5) {
        didSet { countWrite(.anchorPoint) }
    }

    /// frame = position − size × anchorPoint. Setting it keeps the bounds origin, takes the size, and
    /// moves the position to origin + size × anchorPoint (UIView/CALayer semantics). One frame write is
    /// counted as one write, not as a bounds and a position write.
    public var frame: Rect {
        get {
            Rect(x: storedPosition.x - storedBounds.width * anchorPoint.x,
                 y: storedPosition.y - storedBounds.height * anchorPoint.y,
                 width: storedBounds.width, height: storedBounds.height)
        }
        set {
            countWrite(.frame)
            let presented = geometryWillChange()
            storedPosition = Point(x: newValue.minX + newValue.width * anchorPoint.x,
                                   y: newValue.minY + newValue.height * anchorPoint.y)
            setBounds(Rect(origin: storedBounds.origin, size: newValue.size))
            geometryDidChange(presentedBefore: presented)
        }
    }

    private func setBounds(_ newBounds: Rect) {
        let old = storedBounds
        storedBounds = newBounds
        if old.size != newBounds.size { needsLayout = true }
        if old != newBounds { node?.viewDidUpdateBounds(newBounds) }
    }

    // MARK: - Visual properties

    public var alpha: Double {
        get { storedAlpha }
        set {
            countWrite(.alpha)
            let presented = alphaWillChange()
            storedAlpha = newValue
            alphaDidChange(presentedBefore: presented)
        }
    }
    private var storedAlpha: Double = 1
    public var isHidden = false { didSet { countWrite(.isHidden) } }
    public var backgroundColor: Color? { didSet { countWrite(.backgroundColor) } }
    public var cornerRadius: Double = 0 { didSet { countWrite(.cornerRadius) } }
    public var clipsToBounds = false { didSet { countWrite(.clipsToBounds) } }
    public var isOpaque = true { didSet { countWrite(.isOpaque) } }
    public var isUserInteractionEnabled = true { didSet { countWrite(.isUserInteractionEnabled) } }
    /// UIScrollView's contentSize (only scroll nodes set it).
    public var contentSize: Size = .zero { didSet { countWrite(.contentSize) } }

    // MARK: - Subviews

    /// Appends `view` (moving it to the front if it is already a subview), as UIView does.
    public func addSubview(_ view: PlatformView) {
        insertSubview(view, at: view.superview === self ? subviews.count - 1 : subviews.count)
    }

    /// Inserts `view` at `index` (0…count). A view that is already a subview is removed first and the
    /// index refers to the shortened array.
    public func insertSubview(_ view: PlatformView, at index: Int) {
        precondition(view !== self, "\(describe()).insertSubview: a view cannot be its own subview")
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
        } else {
            view.removeFromSuperview()
        }
        // A memory guard (LayoutCore's MemoryGuard.swift): the array's own bounds check is gone under
        // -Ounchecked.
        memoryGuard(index >= 0 && index <= subviews.count,
                     "\(describe()).insertSubview(at: \(index)): index out of range 0...\(subviews.count)")
        subviews.insert(view, at: index)
        view.superview = self
        counters.subviewInsertions += 1
        if view.needsLayout || view.subtreeNeedsLayout { markSubtreeNeedsLayout() }
        // UIKit lays a view out again after its subviews change.
        needsLayout = true
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.firstIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
            parent.counters.subviewRemovals += 1
            parent.needsLayout = true
        }
        superview = nil
    }

    // MARK: - Layout cycle

    public func setNeedsLayout() {
        counters.setNeedsLayoutCalls += 1
        needsLayout = true
    }

    /// Lays out, top-down, every view that needs it in the tree containing this view, starting at the
    /// topmost ancestor that needs layout (CALayer's layoutIfNeeded also settles dirty ancestors first).
    /// A pass can dirty an ancestor again (a node escalating a size change upwards); the loop runs the
    /// tree again until it is clean, bounded so a layout that never settles cannot hang the main actor.
    public func layoutIfNeeded() {
        // Layout passes requested off the main actor before this call (PlatformView+OwedLayoutPasses.swift).
        OwedLayoutPasses.markViews()
        for _ in 0..<PlatformView.maximumLayoutRounds {
            guard let start = topmostViewNeedingLayout() else { return }
            start.layoutSubtreeIfNeeded()
        }
    }

    /// How many top-down rounds `layoutIfNeeded` runs at most before giving up on a tree that keeps
    /// re-dirtying itself.
    public static let maximumLayoutRounds = 8

    /// This view if it or a descendant needs layout, or else nil; replaced by its topmost ancestor that
    /// needs layout itself.
    private func topmostViewNeedingLayout() -> PlatformView? {
        var found: PlatformView? = needsLayout || subtreeNeedsLayout ? self : nil
        var ancestor = superview
        while let view = ancestor {
            if view.needsLayout { found = view }
            ancestor = view.superview
        }
        return found
    }

    /// Parent first (its pass sets the children's frames), then only the dirty branches.
    private func layoutSubtreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            counters.layoutPasses += 1
            node?.viewDidRequestLayout()
        }
        guard subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        // A copy: a node's layout pass may insert or remove subviews.
        for subview in subviews where subview.needsLayout || subview.subtreeNeedsLayout {
            subview.layoutSubtreeIfNeeded()
        }
    }

    private func describe() -> String {
        if let node { return "PlatformView(\(node))" }
        return "PlatformView(\(frame))"
    }
}
