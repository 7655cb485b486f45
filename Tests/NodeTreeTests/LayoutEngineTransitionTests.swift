import Dispatch
import LayoutCore
import Testing
@testable import NodeTree

// The transition cases of Texture's ASLayoutEngineTests, on the fixtures of
// LayoutEngineTests.swift.

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct LayoutEngineTransitionTests {
    /// Fixture 1 → fixture 2 with asynchronous measurement: A, C and E are measured once each off the main
    /// actor with the fixture's ranges, B is served from its cache; a window layout pass while the
    /// measurement runs keeps fixture 1 (Texture's "BUG" — C measured again on main — does not happen: C
    /// is layout pending); the measurement completion, animateLayoutTransition and
    /// didCompleteLayoutTransition run once each, on the main actor; the tree ends on fixture 2.
    @MainActor @Test func layoutTransitionWithAsyncMeasurement() async {
        let harness = LayoutEngineHarness()
        harness.runFirstLayoutPass(harness.fixture1)
        harness.resetRecords()
        let fixture1 = harness.fixture1, fixture2 = harness.fixture2
        harness.apply(fixture2)

        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let first = Locked(true)
        harness.c.measurementHook.store {
            guard first.withLock({ value -> Bool in defer { value = false }; return value }) else { return }
            reached.signal()
            release.wait()
        }
        let completionOnMainActor = Locked<[Bool]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            harness.a.transitionLayout(animated: false, shouldMeasureAsync: true) {
                completionOnMainActor.withLock { $0.append(MainActorCheck.isOnMainActor) }
                continuation.resume()
            }
            // The background measurement is held inside C: lay out the window meanwhile.
            reached.wait()
            #expect(harness.a.isRunningLayoutTransition && harness.c.isLayoutPending)
            harness.window.layoutIfNeeded()
            harness.verify(fixture1)
            release.signal()
        }
        harness.c.measurementHook.store(nil)
        await drainMainQueue()
        harness.window.layoutIfNeeded()

        #expect(completionOnMainActor.load() == [true])
        for node in [harness.a, harness.c, harness.e] {
            let expected = fixture2.sizeRanges.first { $0.0 === node }!.1
            #expect(node.measuredRanges == expected, "\(node)")
            #expect(node.measurements.allSatisfy { !$0.onMainActor }, "\(node) measured off the main actor")
        }
        #expect(harness.b.measurements.isEmpty, "B comes from its cache")
        #expect(harness.a.transitionHooks == ["animate, main", "didComplete, main"])
        #expect(harness.a.didChangeCalls == [true])
        #expect(!harness.b.isLayoutPending && !harness.c.isLayoutPending && !harness.e.isLayoutPending)
        harness.verify(fixture2)
        #expect(harness.d.supernode == nil)
    }

    /// A synchronous transition from A at 15×1 ("fixture 5") to exactly 10×1: everything measured on the
    /// main actor, A once with exactly 10×1; afterwards calculatedSize 10×1 and constrained size exactly
    /// 10×1; the hooks run once, on the main actor.
    @MainActor @Test func layoutTransitionWithSyncMeasurement() {
        let harness = LayoutEngineHarness()
        let fixture1 = harness.fixture1
        harness.apply(fixture1)
        harness.a.frame = Rect(x: 0, y: 0, width: 15, height: 1)
        harness.window.layoutIfNeeded()
        #expect(harness.a.calculatedSize == Size(width: 15, height: 1))
        #expect(harness.d.frame == Rect(x: 14, y: 0, width: 1, height: 1))
        harness.resetRecords()

        let exact = SizeRange(exactly: Size(width: 10, height: 1))
        harness.a.transitionLayout(to: exact, animated: false)

        #expect(harness.a.calculatedSize == Size(width: 10, height: 1))
        #expect(harness.a.constrainedSizeForCalculatedLayout == exact)
        #expect(harness.a.measuredRanges == [exact])
        #expect(harness.all.allSatisfy { $0.measurements.allSatisfy(\.onMainActor) })
        #expect(harness.a.transitionHooks == ["animate, main", "didComplete, main"])
        #expect(harness.a.didChangeCalls == [true])
        #expect(harness.a.calculatedLayout == fixture1.layout)
        for sublayout in fixture1.layout.sublayouts {
            let node = sublayout.element as! LayoutTestNode
            #expect(node.frame == sublayout.frame, "\(node)")
        }
    }

    /// Texture: "safe to auto-measure a node mid transition" — a child that was never measured, with bounds
    /// 50×50, can run layoutIfNeeded while its parent's asynchronous transition measures; it is laid out
    /// for real once the transition is over.
    @MainActor @Test func safeToAutoMeasureANodeMidTransition() async {
        let parent = LayoutTestNode("parent")
        let child = LayoutTestNode("child")
        child.testSize = Size(width: 50, height: 50)
        parent.automaticallyManagesSubnodes = true
        parent.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [child]) }
        parent.animator = Animator(clock: .manual)
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(parent.view)
        parent.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        window.layoutIfNeeded()
        #expect(same(parent.subnodes, [child]))

        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let first = Locked(true)
        parent.measurementHook.store {
            guard first.withLock({ value -> Bool in defer { value = false }; return value }) else { return }
            reached.signal()
            release.wait()
        }
        let grandchild = LayoutTestNode("unmeasured")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            parent.transitionLayout(animated: false, shouldMeasureAsync: true) { continuation.resume() }
            reached.wait()
            // An unmeasured node attached under the transitioning subtree inherits the pending state.
            child.automaticallyManagesSubnodes = false
            child.addSubnode(grandchild)
            #expect(grandchild.isLayoutPending)
            grandchild.frame = Rect(x: 0, y: 0, width: 50, height: 50)
            grandchild.layoutIfNeeded()
            #expect(grandchild.calculatedLayout == nil, "no foreign layout applied mid transition")
            release.signal()
        }
        parent.measurementHook.store(nil)
        #expect(!grandchild.isLayoutPending)
        window.layoutIfNeeded()
        #expect(grandchild.calculatedSize == Size(width: 50, height: 50))
        #expect(grandchild.calculatedLayout != nil, "laid out once the transition was over")
    }
}
