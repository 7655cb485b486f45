import LayoutCore
import Testing
@testable import NodeTree

// Texture's ASLayoutEngineTests: window 10×1; A has a layoutSpecBlock of a horizontal
// stack (justify spaceBetween, alignItems start); only B has flexShrink 1. Leaves return a test size
// clamped into their range and record every range they are measured with, and on which side of the main
// actor. The transition cases are in LayoutEngineTransitionTests.swift.
//
// As in Texture's fixtures, A has automaticallyManagesSubnodes: its subnodes follow each applied layout.

final class LayoutTestNode: DisplayNode, @unchecked Sendable {
    struct Measurement: Equatable { var range: SizeRange; var onMainActor: Bool }

    private let testSizeBox = Locked(Size.zero)
    private let measurementsBox = Locked([Measurement]())
    private let didChangeBox = Locked([Bool]())
    private let transitionHooksBox = Locked([String]())
    /// Runs at the start of each measurement, on the measuring thread (tests hold a background
    /// measurement here while the main actor does something else).
    let measurementHook = Locked<(@Sendable () -> Void)?>(nil)

    init(_ name: String) {
        super.init()
        debugName = name
    }

    /// Setting a different size calls setNeedsLayout, as Texture's ASLayoutTestNode does.
    var testSize: Size {
        get { testSizeBox.load() }
        set {
            let changed = testSizeBox.withLock { size -> Bool in
                defer { size = newValue }
                return size != newValue
            }
            if changed { setNeedsLayout() }
        }
    }

    var measurements: [Measurement] { measurementsBox.load() }
    var measuredRanges: [SizeRange] { measurements.map(\.range) }
    /// One entry per calculatedLayoutDidChange, true when it ran on the main actor.
    var didChangeCalls: [Bool] { didChangeBox.load() }

    /// "animate" / "didComplete" with ", main" when called on the main actor.
    var transitionHooks: [String] { transitionHooksBox.load() }

    func resetRecords() {
        measurementsBox.store([])
        didChangeBox.store([])
        transitionHooksBox.store([])
    }

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        measurementsBox.withLock { $0.append(Measurement(range: constrainedSize, onMainActor: MainActorCheck.isOnMainActor)) }
        measurementHook.load()?()
        let size = testSize
        if layoutSpecBlock != nil || size == .zero { return super.calculateLayoutThatFits(constrainedSize) }
        // The infra clamps calculateSizeThatFits results, not calculateLayoutThatFits ones: clamp here.
        return Layout(node: self, size: constrainedSize.clamp(size))
    }

    override func calculatedLayoutDidChange() {
        super.calculatedLayoutDidChange()
        didChangeBox.withLock { $0.append(MainActorCheck.isOnMainActor) }
    }

    override func animateLayoutTransition(_ context: TransitionContext) {
        transitionHooksBox.withLock { $0.append("animate" + (MainActorCheck.isOnMainActor ? ", main" : "")) }
        super.animateLayoutTransition(context)
    }

    override func didCompleteLayoutTransition(_ context: TransitionContext) {
        transitionHooksBox.withLock { $0.append("didComplete" + (MainActorCheck.isOnMainActor ? ", main" : "")) }
        super.didCompleteLayoutTransition(context)
    }

    /// The layout the subnodes' frames describe (Texture's currentLayoutBasedOnFrames).
    @MainActor var layoutBasedOnFrames: Layout {
        Layout(node: self, size: frame.size,
               sublayouts: subnodes.map { Layout(node: $0, size: $0.frame.size, position: $0.frame.origin) })
    }
}

struct LayoutFixture {
    var name: String
    /// A's expected layout.
    var layout: Layout
    /// The ranges each node is expected to be measured with, in order.
    var sizeRanges: [(LayoutTestNode, [SizeRange])]
    /// Test sizes that differ from the layout size (multipass).
    var returnedSizes: [(LayoutTestNode, Size)] = []
    /// Identifies A's spec block: fixtures 1 and 3 share one, so switching between them does not call
    /// A's setNeedsLayout.
    var blockID: Int
    var block: LayoutSpecBlock

    var rootNode: LayoutTestNode { layout.element as! LayoutTestNode }
    var leafNodes: [LayoutTestNode] { layout.sublayouts.map { $0.element as! LayoutTestNode } }
}

@MainActor
final class LayoutEngineHarness {
    let window = PlatformView(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    let controllerView = PlatformView(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    let a = LayoutTestNode("A"), b = LayoutTestNode("B"), c = LayoutTestNode("C")
    let d = LayoutTestNode("D"), e = LayoutTestNode("E")
    var all: [LayoutTestNode] { [a, b, c, d, e] }
    private var currentBlockID: Int?

    init() {
        a.backgroundColor = .red
        b.style.flexShrink = 1  // only B shrinks
        window.addSubview(controllerView)
        a.frame = controllerView.bounds
        controllerView.addSubview(a.view)
    }

    private static let unboundedWidth = SizeRange(min: .zero, max: Size(width: .infinity, height: 1))
    private static let exactA = SizeRange(exactly: Size(width: 10, height: 1))

    private func leaf(_ node: LayoutTestNode, x: Double, width: Double) -> Layout {
        Layout(node: node, size: Size(width: width, height: 1), position: Point(x: x, y: 0))
    }

    private func stackBlock(_ children: [LayoutTestNode]) -> LayoutSpecBlock {
        { _, _ in
            StackLayoutSpec.horizontal(spacing: 0, justifyContent: .spaceBetween, alignItems: .start,
                                       children: children)
        }
    }

    /// [A: HorizStack([B, C, D])]. B 1×1, C 2×1, D 1×1.
    var fixture1: LayoutFixture {
        LayoutFixture(
            name: "fixture1",
            layout: Layout(node: a, size: Size(width: 10, height: 1),
                           sublayouts: [leaf(b, x: 0, width: 1), leaf(c, x: 4, width: 2), leaf(d, x: 9, width: 1)]),
            sizeRanges: [(b, [Self.unboundedWidth]), (c, [Self.unboundedWidth]), (d, [Self.unboundedWidth]),
                         (a, [Self.exactA])],
            blockID: 13, block: stackBlock([b, c, d]))
    }

    /// [A: HorizStack([B, C, E])]. B 1×1, C 4×1, E 1×1.
    var fixture2: LayoutFixture {
        LayoutFixture(
            name: "fixture2",
            layout: Layout(node: a, size: Size(width: 10, height: 1),
                           sublayouts: [leaf(b, x: 0, width: 1), leaf(c, x: 3, width: 4), leaf(e, x: 9, width: 1)]),
            sizeRanges: [(b, [Self.unboundedWidth]), (c, [Self.unboundedWidth]), (e, [Self.unboundedWidth]),
                         (a, [Self.exactA])],
            blockID: 2, block: stackBlock([b, c, e]))
    }

    /// Multipass: B wants 8 but is shrunk to 7 by a second measurement. B 7×1, C 2×1, D 1×1.
    var fixture3: LayoutFixture {
        LayoutFixture(
            name: "fixture3",
            layout: Layout(node: a, size: Size(width: 10, height: 1),
                           sublayouts: [leaf(b, x: 0, width: 7), leaf(c, x: 7, width: 2), leaf(d, x: 9, width: 1)]),
            sizeRanges: [(b, [Self.unboundedWidth, SizeRange(min: Size(width: 7, height: 0), max: Size(width: 7, height: 1))]),
                         (c, [Self.unboundedWidth]), (d, [Self.unboundedWidth]), (a, [Self.exactA])],
            returnedSizes: [(b, Size(width: 8, height: 1))],
            blockID: 13, block: stackBlock([b, c, d]))
    }

    /// Texture's ASTLayoutFixture apply: A's block (and setNeedsLayout when it changed), then the leaves'
    /// test sizes (each change calls setNeedsLayout on the leaf). A's subnodes are ASM's job.
    func apply(_ fixture: LayoutFixture) {
        if currentBlockID != fixture.blockID {
            currentBlockID = fixture.blockID
            a.automaticallyManagesSubnodes = true
            a.layoutSpecBlock = fixture.block
            a.setNeedsLayout()
        }
        a.testSize = .zero
        for sublayout in fixture.layout.sublayouts {
            let node = sublayout.element as! LayoutTestNode
            node.testSize = fixture.returnedSizes.first { $0.0 === node }?.1 ?? sublayout.size
        }
    }

    func verify(_ fixture: LayoutFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.subnodes.map(ObjectIdentifier.init) == fixture.leafNodes.map(ObjectIdentifier.init),
                "\(fixture.name): subnodes", sourceLocation: sourceLocation)
        #expect(a.layoutBasedOnFrames == fixture.layout, "\(fixture.name): frames", sourceLocation: sourceLocation)
        #expect(a.calculatedLayout == fixture.layout, "\(fixture.name): calculated layout", sourceLocation: sourceLocation)
    }

    func resetRecords() { for node in all { node.resetRecords() } }

    /// Texture's runFirstLayoutPassWithFixture: every node of the fixture measured exactly with the
    /// fixture's ranges, on the main actor, and told calculatedLayoutDidChange once, on the main actor.
    func runFirstLayoutPass(_ fixture: LayoutFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        apply(fixture)
        window.layoutIfNeeded()
        for (node, ranges) in fixture.sizeRanges {
            #expect(node.measuredRanges == ranges, "\(fixture.name): \(node) ranges", sourceLocation: sourceLocation)
            #expect(node.measurements.allSatisfy { $0.onMainActor }, sourceLocation: sourceLocation)
            #expect(node.didChangeCalls == [true], "\(fixture.name): \(node) calculatedLayoutDidChange",
                    sourceLocation: sourceLocation)
        }
        verify(fixture, sourceLocation: sourceLocation)
    }
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct LayoutEngineTests {
    @MainActor @Test func firstLayoutPassWhenInWindow() {
        let harness = LayoutEngineHarness()
        harness.runFirstLayoutPass(harness.fixture1)
    }

    /// After fixture 1, apply fixture 2: only the changed nodes (A, C, E) are measured — B is served from
    /// its cache — each once on the main actor with the fixture's range, and only they get
    /// calculatedLayoutDidChange.
    @MainActor @Test func setNeedsLayoutAndANormalLayoutPass() {
        let harness = LayoutEngineHarness()
        harness.runFirstLayoutPass(harness.fixture1)
        harness.resetRecords()

        let fixture2 = harness.fixture2
        harness.apply(fixture2)
        harness.window.layoutIfNeeded()

        for node in [harness.a, harness.c, harness.e] {
            let expected = fixture2.sizeRanges.first { $0.0 === node }!.1
            #expect(node.measuredRanges == expected, "\(node)")
            #expect(node.measurements.allSatisfy { $0.onMainActor })
            #expect(node.didChangeCalls == [true], "\(node)")
        }
        for node in [harness.b, harness.d] {
            #expect(node.measurements.isEmpty, "\(node) should not be measured")
            #expect(node.didChangeCalls.isEmpty, "\(node)")
        }
        harness.verify(fixture2)
    }

    @MainActor @Test func multipassFirstLayoutPass() {
        let harness = LayoutEngineHarness()
        harness.runFirstLayoutPass(harness.fixture3)
    }

    /// Texture's documented known-wrong behaviour, reproduced: starting from fixture 3 (B shrunk by the
    /// multipass), fixture 1 changes B's wanted size and calls setNeedsLayout on it. B is re-measured against
    /// its second (fixed-width) constraint, the clamped result (7) equals its bounds, nothing escalates, and
    /// the tree stays on fixture 3.
    @MainActor @Test func setNeedsLayoutOnANodeThatWasSubjectToMultipassLayout() {
        let harness = LayoutEngineHarness()
        harness.runFirstLayoutPass(harness.fixture3)
        harness.resetRecords()
        let constraint = harness.b.constrainedSizeForCalculatedLayout

        harness.apply(harness.fixture1)
        harness.window.layoutIfNeeded()

        #expect(harness.b.measuredRanges == [constraint])
        #expect(constraint == SizeRange(min: Size(width: 7, height: 0), max: Size(width: 7, height: 1)))
        harness.verify(harness.fixture3)
    }
}
