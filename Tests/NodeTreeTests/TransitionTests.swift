import Dispatch
import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// The layout transition API (Texture's ASDisplayNodeImplicitHierarchyTests transition cases): default
// animation, rotation through transitionLayout(to:), ignored requests, and the measurement completion and
// animated transition with loaded nodes. Cancellation and a parent and a child transitioning at once are in
// TransitionTests+Cancellation.swift; TransitionTestNode and host(_:size:) below serve both files.

/// An ASM node whose spec comes from a settable closure and which counts its hooks (any thread).
final class TransitionTestNode: DisplayNode, @unchecked Sendable {
    private let specBox: Locked<@Sendable (SizeRange) -> any LayoutElement>
    let animateCalls = Counter(), didCompleteCalls = Counter(), didChangeCalls = Counter()
    let hooksOffMainActor = Counter()

    init(_ name: String, spec: @escaping @Sendable (SizeRange) -> any LayoutElement) {
        specBox = Locked(spec)
        super.init()
        debugName = name
        automaticallyManagesSubnodes = true
    }

    /// Replaces the spec without invalidating (a transition does that).
    func replaceSpec(_ spec: @escaping @Sendable (SizeRange) -> any LayoutElement) { specBox.store(spec) }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        specBox.load()(constrainedSize)
    }

    override func animateLayoutTransition(_ context: TransitionContext) {
        animateCalls.increment()
        if !MainActorCheck.isOnMainActor { hooksOffMainActor.increment() }
        super.animateLayoutTransition(context)
    }

    override func didCompleteLayoutTransition(_ context: TransitionContext) {
        didCompleteCalls.increment()
        if !MainActorCheck.isOnMainActor { hooksOffMainActor.increment() }
        super.didCompleteLayoutTransition(context)
    }

    override func calculatedLayoutDidChange() {
        super.calculatedLayoutDidChange()
        didChangeCalls.increment()
    }
}

/// `node`'s view in a window of `size`, laid out once.
@MainActor
func host(_ node: DisplayNode, size: Size) -> PlatformView {
    let window = PlatformView(frame: Rect(origin: .zero, size: size))
    window.addSubview(node.view)
    node.frame = Rect(origin: .zero, size: size)
    window.layoutIfNeeded()
    return window
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct TransitionTests {
    // MARK: - Default animation

    /// Inserted nodes fade in at their final frame, removed ones fade out, moved ones slide, all on the
    /// node's animator with 0.2 s ease-in-out; removal and calculatedLayoutDidChange after completion.
    @MainActor @Test func defaultAnimation() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10), c = sizedLeaf("c", 10, 10)
        let node = TransitionTestNode("node") { _ in row([a, b]) }
        let animator = Animator(clock: .manual)
        node.animator = animator
        #expect(node.defaultLayoutTransitionDuration == 0.2 && node.defaultLayoutTransitionDelay == 0)
        #expect(node.defaultLayoutTransitionOptions.curve == .easeInOut)
        _ = host(node, size: Size(width: 100, height: 10))
        node.didChangeCalls.reset()

        node.replaceSpec { _ in row([b, c]) }  // a leaves, b slides from 10 to 0, c comes in at 10
        node.transitionLayout(animated: true)
        #expect(same(node.subnodes, [a, b, c]), "c inserted after b before the animation; a still here")
        #expect(c.frame == Rect(x: 10, y: 0, width: 10, height: 10) && c.view.presentationAlpha == 0)
        #expect(b.view.presentationFrame.minX == 10 && a.view.presentationAlpha == 1)

        animator.advance(by: 0.1)
        #expect(b.view.presentationFrame.minX.isApproximately(5))
        #expect(c.view.presentationAlpha.isApproximately(0.5) && a.view.presentationAlpha.isApproximately(0.5))
        #expect(node.didCompleteCalls.value == 0 && node.didChangeCalls.value == 0)

        animator.advance(by: 0.1)
        #expect(same(node.subnodes, [b, c]) && a.supernode == nil)
        #expect(a.alpha == 1, "a removed node gets its alpha back")
        #expect(b.frame == Rect(x: 0, y: 0, width: 10, height: 10) && c.view.presentationAlpha == 1)
        #expect(node.animateCalls.value == 1 && node.didCompleteCalls.value == 1 && node.didChangeCalls.value == 1)
    }

    /// Rotation: transitionLayout(to:) between 375×667 and 667×375, with a spec that depends on the
    /// range; the default animation resizes the node itself.
    @MainActor @Test func rotation() {
        let a = sizedLeaf("a", 100, 100), b = sizedLeaf("b", 100, 100)
        let node = TransitionTestNode("screen") { range in
            range.max.width > range.max.height ? StackLayoutSpec.horizontal(children: [a, b])
                : StackLayoutSpec.vertical(children: [a, b])
        }
        let animator = Animator(clock: .manual)
        node.animator = animator
        let portrait = Size(width: 375, height: 667), landscape = Size(width: 667, height: 375)
        let window = host(node, size: portrait)
        #expect(b.frame == Rect(x: 0, y: 100, width: 100, height: 100))

        node.transitionLayout(to: SizeRange(exactly: landscape), animated: true)
        #expect(node.view.presentationFrame.size == portrait)
        animator.advance(by: 0.1)
        #expect(node.view.presentationFrame.width.isApproximately(521) && b.view.presentationFrame.minX.isApproximately(50))
        animator.runToCompletion()
        #expect(node.frame.size == landscape && node.calculatedSize == landscape)
        #expect(b.frame == Rect(x: 100, y: 0, width: 100, height: 100))
        #expect(node.constrainedSizeForCalculatedLayout == SizeRange(exactly: landscape))
        window.layoutIfNeeded()
        #expect(b.frame == Rect(x: 100, y: 0, width: 100, height: 100), "a later layout pass keeps the new layout")

        node.transitionLayout(to: SizeRange(exactly: portrait), animated: true)
        animator.runToCompletion()
        #expect(node.frame.size == portrait && b.frame == Rect(x: 0, y: 100, width: 100, height: 100))
        #expect(node.animateCalls.value == 2 && node.didCompleteCalls.value == 2)
    }

    /// Texture resizes nothing for a non-animated transition: the default animateLayoutTransition: only sets
    /// the subnode frames, the layout is applied with requestedLayoutFromAbove = NO and nothing escalates
    /// (only a layout pass's measure-if-necessary does). The node keeps its bounds, its view is not marked,
    /// and it keeps a layout of another size until its host resizes it or a pass re-measures it — for its
    /// bounds, exactly, since that layout neither fits them nor asked for a resize.
    @MainActor @Test func aNonAnimatedTransitionDoesNotResizeTheNode() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10)
        let node = TransitionTestNode("root") { _ in row([a, b]) }
        let window = host(node, size: Size(width: 100, height: 10))
        node.replaceSpec { _ in StackLayoutSpec.vertical(children: [a, b]) }
        node.transitionLayout(to: SizeRange(min: Size(width: 100, height: 0), max: Size(width: 100, height: .infinity)),
                              animated: false)
        #expect(node.calculatedSize == Size(width: 100, height: 20) && b.frame == Rect(x: 0, y: 10, width: 10, height: 10))
        #expect(node.frame.size == Size(width: 100, height: 10), "Texture does not resize the node")
        #expect(node.layoutCacheSnapshot.calculated?.requestedLayoutFromAbove == false)
        #expect(!node.view.needsLayout, "nothing marks the node's view")
        window.layoutIfNeeded()
        #expect(node.calculatedSize == Size(width: 100, height: 20), "no pass ran: the layout is kept")

        node.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(node.constrainedSizeForCalculatedLayout == SizeRange(exactly: Size(width: 100, height: 10)))
        #expect(node.frame.size == Size(width: 100, height: 10))
    }

    /// Nor does anything lay it out again under a supernode of zero bounds: the supernode's pass returns at once
    /// (Texture's layout pass does nothing for zero bounds), so the node keeps the frame it had when the supernode
    /// last had a size, and the transition's layout of another size stays — the state the stress harness's
    /// applied-layout check must accept (Scenarios/regressions/transition-below-zero-size-scroll.json). The
    /// supernode is a content-managing scroll node, as in every stress case seen: measured for an undefined parent
    /// size (NaN, which ratio and relative specs pass) it is 0×0, as in Texture (ASSizeRangeClamp's MAX(min,
    /// MIN(max, NaN)) is the minimum).
    @MainActor @Test func aTransitionBelowAZeroSizeSupernodeKeepsTheNodesStaleBounds() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10)
        let node = TransitionTestNode("asm") { _ in row([a, b]) }
        let scroll = ScrollNode()
        scroll.automaticallyManagesContentSize = true
        scroll.addSubnode(node)
        scroll.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(children: [node]) }
        let window = host(scroll, size: Size(width: 100, height: 50))
        #expect(node.frame == Rect(x: 0, y: 0, width: 100, height: 10))

        let unbounded = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        #expect(scroll.layoutThatFits(unbounded, parentSize: Size(width: .nan, height: .nan)).size == .zero)
        scroll.frame = .zero
        window.layoutIfNeeded()
        #expect(node.frame == Rect(x: 0, y: 0, width: 100, height: 10), "a zero-size supernode lays nothing out")

        node.replaceSpec { _ in StackLayoutSpec.vertical(children: [a, b]) }
        node.transitionLayout(animated: false)
        scroll.setNeedsLayout()  // the app's part after a transition: the supernodes lay the node out again
        window.layoutIfNeeded()
        #expect(node.calculatedSize == Size(width: 100, height: 20), "the transition's layout stays")
        #expect(node.layoutCacheSnapshot.calculated?.requestedLayoutFromAbove == false)
        #expect(node.frame.size == Size(width: 100, height: 10), "and so do the node's bounds")
        #expect(!node.view.needsLayout)
    }

    // MARK: - Ignored requests

    /// A range whose maximum is zero is ignored — counted and logged, not silently — as is a transition of a
    /// node that was never laid out (its bounds are zero).
    @MainActor @Test func aZeroRangeIsIgnoredCountedAndLogged() {
        let node = TransitionTestNode("zero-range-node") { _ in row([]) }
        let before = NodeTreeDiagnostics.ignoredTransitionCount
        let completion = Counter()
        node.transitionLayout(to: SizeRange(exactly: .zero), animated: true) { completion.increment() }
        node.transitionLayout(animated: false) { completion.increment() }
        #expect(node.layoutStatistics.ignoredTransitionRequests == 2)
        #expect(node.layoutStatistics.transitionsStarted == 0)
        #expect(NodeTreeDiagnostics.ignoredTransitionCount >= before + 2)
        #expect(NodeTreeDiagnostics.recentLogMessages.contains {
            $0.contains("transitionLayout on <TransitionTestNode zero-range-node> ignored: the size range's maximum is zero")
        })
        #expect(completion.value == 0 && node.animateCalls.value == 0 && !node.isRunningLayoutTransition)
    }

    // MARK: - ASDisplayNodeImplicitHierarchyTests

    @MainActor @Test func measurementCompletionRunsOnTheMainActor() async {
        let node = DisplayNode()
        node.style.preferredSize = Size(width: 100, height: 100)
        node.animator = Animator(clock: .manual)
        _ = node.view
        let onMainActor = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            node.transitionLayout(to: SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity)),
                                  animated: true, shouldMeasureAsync: true) {
                continuation.resume(returning: MainActorCheck.isOnMainActor)
            }
        }
        #expect(onMainActor)
    }

    /// Texture's testTransitionLayoutWithAnimationWithLoadedNodes: after the measurement node2 is
    /// subnodes[0], inserted before node1, which leaves only when the fade-out completes.
    @MainActor @Test func animatedTransitionWithLoadedNodes() async {
        let node1 = named(DisplayNode(), "node1"), node2 = named(DisplayNode(), "node2")
        let layoutState = Locked(1)
        let node = DisplayNode()
        node.automaticallyManagesSubnodes = true
        node.style.preferredSize = Size(width: 100, height: 100)
        node.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [layoutState.load() == 1 ? node1 : node2]) }
        let animator = Animator(clock: .manual)
        node.animator = animator
        _ = node1.view
        _ = node2.view
        let size = node.layoutThatFits(SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))).size
        node.frame = Rect(origin: .zero, size: size)
        node.view.layoutIfNeeded()
        #expect(same(node.subnodes, [node1]))

        layoutState.store(2)
        node.invalidateCalculatedLayout()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            node.transitionLayout(animated: true, shouldMeasureAsync: true) { continuation.resume() }
        }
        await drainMainQueue()
        #expect(same(node.subnodes, [node2, node1]))
        animator.runToCompletion()
        #expect(same(node.subnodes, [node2]) && same(subviewNodes(node), [node2]))
    }
}
