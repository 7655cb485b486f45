import LayoutCore

// Texture's _ASTransitionContext / ASContextTransitioning: what animateLayoutTransition sees —
// the two layouts and their ranges, the subnodes of each, which subnodes the transition inserted and which
// it removes, each node's frame before and after — and `completeTransition(_:)`, which ends the transition
// (removals, didCompleteLayoutTransition, calculatedLayoutDidChange).
//
// The data is immutable and built on the main actor while applying a transition (or anywhere by
// `prepareLayoutTransition`, for the harness); completing is main-actor work.

/// Durations inside one transition, in nanoseconds (monotonic clock), for the harness: measuring the new
/// layout, diffing the subnodes, building the context. No animation time is included.
public struct TransitionTimings: Hashable, Sendable {
    public var measurementNanoseconds: UInt64 = 0
    public var diffNanoseconds: UInt64 = 0
    public var contextNanoseconds: UInt64 = 0

    public init() {}

    /// Measure + diff + context.
    public var totalNanoseconds: UInt64 { measurementNanoseconds + diffNanoseconds + contextNanoseconds }
}

public final class TransitionContext: @unchecked Sendable {
    /// Texture's ASTransitionContextFromLayoutKey / ToLayoutKey.
    public enum Key: String, Sendable, CaseIterable {
        case from = "org.asyncdisplaykit.ASTransitionContextFromLayoutKey"
        case to = "org.asyncdisplaykit.ASTransitionContextToLayoutKey"
    }

    /// False for `transitionLayout(animated: false, …)`: the hooks still run, the default animation just
    /// sets the final frames.
    public let isAnimated: Bool
    /// The subnode changes of the transition (inserted ones are subnodes already when
    /// animateLayoutTransition runs; removed ones leave when the context completes).
    public let changes: SubnodeChanges
    /// Where the time went (set once, before the context is handed out).
    public internal(set) var timings = TransitionTimings()

    weak var node: DisplayNode?
    private let fromLayout: Layout?
    private let toLayout: Layout
    private let fromRange: SizeRange
    private let toRange: SizeRange
    /// False for a context made by prepareLayoutTransition: completing it changes nothing.
    let isAttached: Bool
    private let completion = Locked(false)

    init(node: DisplayNode, isAnimated: Bool, from fromLayout: Layout?, fromRange: SizeRange, to toLayout: Layout,
         toRange: SizeRange, changes: SubnodeChanges, isAttached: Bool) {
        self.node = node
        self.isAnimated = isAnimated
        self.fromLayout = fromLayout
        self.fromRange = fromRange
        self.toLayout = toLayout
        self.toRange = toRange
        self.changes = changes
        self.isAttached = isAttached
    }

    /// The node's layout before (nil if it had none) and after the transition.
    public func layout(for key: Key) -> Layout? {
        switch key {
        case .from: fromLayout
        case .to: toLayout
        }
    }

    /// The size range each layout was measured with (zero range for a missing from-layout).
    public func constrainedSize(for key: Key) -> SizeRange {
        switch key {
        case .from: fromLayout == nil ? .zero : fromRange
        case .to: toRange
        }
    }

    /// The nodes of that layout, in layout order.
    public func subnodes(for key: Key) -> [DisplayNode] {
        DisplayNode.nodes(of: layout(for: key)?.sublayouts ?? [])
    }

    /// Nodes of the to-layout that were not subnodes before.
    public var insertedSubnodes: [DisplayNode] { changes.insertedSubnodes }

    /// Subnodes that are not in the to-layout; they leave when the transition completes.
    public var removedSubnodes: [DisplayNode] { changes.removedSubnodes }

    /// `node`'s frame in the from-layout, `Rect.null` if it is not in it.
    public func initialFrame(for node: DisplayNode) -> Rect {
        fromLayout?.frame(for: node) ?? .null
    }

    /// `node`'s frame in the to-layout, `Rect.null` if it is not in it.
    public func finalFrame(for node: DisplayNode) -> Rect {
        toLayout.frame(for: node)
    }

    /// True once completeTransition was called.
    public var isCompleted: Bool { completion.load() }

    /// Ends the transition: the node's didCompleteLayoutTransition (by default: the removals), then
    /// calculatedLayoutDidChange. Call it exactly once; later calls are ignored. `didComplete` is passed on
    /// but, as in Texture, nothing is rolled back when it is false (an interrupted animation still ends in
    /// the new layout).
    @MainActor public func completeTransition(_ didComplete: Bool) {
        MainActor.assertIsolated()
        let first = completion.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first, isAttached, let node else { return }
        node.completeLayoutTransition(self, didComplete: didComplete)
    }

    /// The animation clock of the transitioning node (its own, an ancestor's, or the shared real-time one).
    @MainActor public var animator: Animator { node?.animator ?? Animator.shared }
}
