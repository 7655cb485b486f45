import Dispatch
import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// The layout transition API, continued from TransitionTests.swift (same suite, same TransitionTestNode):
// cancellation — by a newer transition, from another thread — and a parent and a child transitioning at once.

extension TransitionTests {
    // MARK: - Cancellation

    /// Five transitions started back to back on the main actor, measured in the background: only the last
    /// applies; the four replaced ones stop at a checkpoint without any main-actor work (no completion
    /// block, no hook).
    @MainActor @Test func onlyTheLastOfFiveTransitionsApplies() async {
        let leaves = (0..<6).map { sizedLeaf("l\($0)", 10, 10) }
        let node = TransitionTestNode("node") { _ in row([leaves[0]]) }
        node.animator = Animator(clock: .manual)
        let window = host(node, size: Size(width: 100, height: 10))
        node.didChangeCalls.reset()
        let completed = EventLog()
        for index in 1...5 {
            let shown = Array(leaves.prefix(index + 1))
            node.replaceSpec { _ in row(shown) }
            node.transitionLayout(animated: false, shouldMeasureAsync: true) { completed.append("transition \(index)") }
        }
        let settled = await waitUntil {
            let stats = node.layoutStatistics
            return stats.transitionsApplied + stats.transitionsCancelled == 5
        }
        #expect(settled)
        let stats = node.layoutStatistics
        #expect(stats.transitionsStarted == 5 && stats.transitionsApplied == 1 && stats.transitionsCancelled == 4)
        #expect(completed.all == ["transition 5"])
        #expect(node.animateCalls.value == 1 && node.didCompleteCalls.value == 1 && node.didChangeCalls.value == 1)
        #expect(node.hooksOffMainActor.value == 0)
        #expect(same(node.subnodes, leaves))
        #expect(leaves.allSatisfy { !$0.isLayoutPending })
        window.layoutIfNeeded()
        #expect(same(node.subnodes, leaves))
    }

    /// cancelLayoutTransition from another thread while the measurement is held: nothing applies, the
    /// descendants are released, and the node is laid out normally afterwards.
    @MainActor @Test func cancelFromAnotherThread() async {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10)
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let hold = Locked(false)
        let node = TransitionTestNode("node") { _ in
            if hold.load() {
                reached.signal()
                release.wait()
            }
            return row([a, b])
        }
        let window = host(node, size: Size(width: 100, height: 10))
        node.replaceSpec { _ in
            if hold.withLock({ value -> Bool in defer { value = false }; return value }) {
                reached.signal()
                release.wait()
            }
            return row([b])
        }
        hold.store(true)
        let completion = Counter()
        node.transitionLayout(animated: false, shouldMeasureAsync: true) { completion.increment() }
        reached.wait()
        #expect(a.isLayoutPending)
        syncOnOtherThread { node.cancelLayoutTransition() }
        #expect(!node.isRunningLayoutTransition && !a.isLayoutPending)
        release.signal()
        let settled = await waitUntil { node.layoutStatistics.transitionsCancelled == 1 }
        #expect(settled)
        #expect(completion.value == 0 && node.animateCalls.value == 0)
        #expect(same(node.subnodes, [a, b]))
        window.layoutIfNeeded()
        #expect(same(node.subnodes, [b]), "the invalidated layout is applied by the next pass")
    }

    /// The deterministic form of the race cancelFromAnotherThread used to lose intermittently: the main
    /// actor lays out right after the cancelled measurement ends, without ever yielding — so no main-queue
    /// block (the old and only way the cancel's re-layout request reached the view) can run first. The
    /// request must already be visible to that layoutIfNeeded.
    @MainActor @Test func cancelFromAnotherThreadThenLayOutBeforeTheMainQueueRuns() {
        let a = sizedLeaf("a", 10, 10), b = sizedLeaf("b", 10, 10)
        let node = TransitionTestNode("node") { _ in row([a, b]) }
        let window = host(node, size: Size(width: 100, height: 10))
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        // The transition's measurement is held inside the spec until the cancel is done.
        let hold = Locked(true)
        node.replaceSpec { _ in
            if hold.withLock({ value -> Bool in defer { value = false }; return value }) {
                reached.signal()
                release.wait()
            }
            return row([b])
        }
        node.transitionLayout(animated: false, shouldMeasureAsync: true)
        reached.wait()
        syncOnOtherThread { node.cancelLayoutTransition() }
        release.signal()
        // Block the main actor (no await, no main-queue block can run) until the measurement has ended.
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while node.layoutStatistics.transitionsCancelled == 0 && DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(1_000)
        }
        #expect(node.layoutStatistics.transitionsCancelled == 1)
        window.layoutIfNeeded()
        #expect(same(node.subnodes, [b]), "the cancel's re-layout request reached this layoutIfNeeded")
    }

    // MARK: - Parent and child at once (Texture #2061, #463)

    /// A child asks for a transition while its parent's transition measures: not nested (logged), and the
    /// child's new state is laid out once the parent's transition is over — no stale layout.
    @MainActor @Test func childTransitionDuringParentTransition() async {
        let x = sizedLeaf("x", 10, 10), y = sizedLeaf("y", 10, 10)
        let childState = Locked(1)
        let child = TransitionTestNode("child") { _ in row(childState.load() == 1 ? [x] : [x, y]) }
        child.style.preferredSize = Size(width: 50, height: 10)
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let hold = Locked(false)
        let parent = TransitionTestNode("parent") { _ in
            if hold.withLock({ value -> Bool in defer { value = false }; return value }) {
                reached.signal()
                release.wait()
            }
            return row([child])
        }
        parent.animator = Animator(clock: .manual)
        let window = host(parent, size: Size(width: 100, height: 10))
        #expect(same(child.subnodes, [x]))

        hold.store(true)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            parent.transitionLayout(animated: false, shouldMeasureAsync: true) { continuation.resume() }
            reached.wait()
            childState.store(2)
            child.transitionLayout(animated: true)
            #expect(child.layoutStatistics.ignoredTransitionRequests == 1)
            release.signal()
        }
        window.layoutIfNeeded()
        #expect(same(child.subnodes, [x, y]), "the child's new state is laid out")
        #expect(same(calculatedNodes(child), [x, y]))
    }

    /// The reverse: the child's asynchronous transition is running when the parent starts one. The parent's
    /// transition cancels the child's (the outer one decides the frames); the child ends on its new state.
    @MainActor @Test func parentTransitionCancelsARunningChildTransition() async {
        let x = sizedLeaf("x", 10, 10), y = sizedLeaf("y", 10, 10)
        let childState = Locked(1)
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let hold = Locked(false)
        let child = TransitionTestNode("child") { _ in
            if hold.withLock({ value -> Bool in defer { value = false }; return value }) {
                reached.signal()
                release.wait()
            }
            return row(childState.load() == 1 ? [x] : [x, y])
        }
        child.style.preferredSize = Size(width: 50, height: 10)
        let parent = TransitionTestNode("parent") { _ in row([child]) }
        parent.animator = Animator(clock: .manual)
        let window = host(parent, size: Size(width: 100, height: 10))

        childState.store(2)
        hold.store(true)
        let childCompletion = Counter()
        child.transitionLayout(animated: true, shouldMeasureAsync: true) { childCompletion.increment() }
        reached.wait()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            parent.transitionLayout(animated: false, shouldMeasureAsync: true) { continuation.resume() }
            #expect(!child.isRunningLayoutTransition && child.isLayoutPending)
            release.signal()
        }
        _ = await waitUntil { child.layoutStatistics.transitionsCancelled == 1 }
        window.layoutIfNeeded()
        #expect(childCompletion.value == 0 && child.animateCalls.value == 0)
        #expect(same(child.subnodes, [x, y]) && same(calculatedNodes(child), [x, y]))
    }

    /// Parent and child transitions started in random interleavings, asynchronously and synchronously,
    /// with layout passes in between: nothing crashes and, once settled, every node's subnodes and layout
    /// match its current state.
    @MainActor @Test func randomParentAndChildTransitionsNeverLeaveAStaleLayout() async {
        let seed: UInt64 = 2061
        var random = SeededGenerator(seed: seed)
        let leaves = (0..<4).map { sizedLeaf("leaf\($0)", 10, 10) }
        let childState = Locked(0), parentState = Locked(0)
        let child = TransitionTestNode("child") { _ in
            let count = childState.load() % 4 + 1
            return row(Array(leaves.prefix(count)))
        }
        child.style.preferredSize = Size(width: 40, height: 10)
        let spacer = sizedLeaf("spacer", 10, 10)
        let parent = TransitionTestNode("parent") { _ in
            row(parentState.load() % 2 == 0 ? [child, spacer] : [spacer, child])
        }
        let animator = Animator(clock: .manual)
        parent.animator = animator
        let window = host(parent, size: Size(width: 100, height: 10))

        for round in 0..<40 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: parentState.withLock { $0 += 1 }; parent.transitionLayout(animated: Bool.random(using: &random), shouldMeasureAsync: true)
            case 1: childState.withLock { $0 += 1 }; child.transitionLayout(animated: Bool.random(using: &random), shouldMeasureAsync: true)
            case 2: childState.withLock { $0 += 1 }; child.transitionLayout(animated: true)
            case 3: parentState.withLock { $0 += 1 }; parent.transitionLayout(animated: true)
            case 4: window.layoutIfNeeded()
            default: animator.advance(by: 0.05)
            }
            if round % 5 == 4 { await drainMainQueue() }
        }
        let settled = await waitUntil { !parent.isRunningLayoutTransition && !child.isRunningLayoutTransition }
        #expect(settled, "seed \(seed)")
        await drainMainQueue()
        animator.runToCompletion()
        window.layoutIfNeeded()

        let expectedChild = Array(leaves.prefix(childState.load() % 4 + 1))
        let expectedParent = parentState.load() % 2 == 0 ? [child, spacer] : [spacer, child]
        #expect(same(parent.subnodes, expectedParent) && same(calculatedNodes(parent), expectedParent), "seed \(seed)")
        #expect(same(child.subnodes, expectedChild) && same(calculatedNodes(child), expectedChild),
                "seed \(seed): child \(subnodeNames(child)) for state \(childState.load())")
        #expect(same(subviewNodes(child), expectedChild), "seed \(seed)")
        #expect(!child.isLayoutPending && leaves.allSatisfy { !$0.isLayoutPending }, "seed \(seed)")
        #expect(parent.hooksOffMainActor.value == 0 && child.hooksOffMainActor.value == 0)
        // The interleavings did happen: transitions of both, some of the child's cancelled or refused.
        let (p, c) = (parent.layoutStatistics, child.layoutStatistics)
        print("seed \(seed): parent started \(p.transitionsStarted) applied \(p.transitionsApplied) cancelled "
                + "\(p.transitionsCancelled); child started \(c.transitionsStarted) applied \(c.transitionsApplied) "
                + "cancelled \(c.transitionsCancelled) ignored \(c.ignoredTransitionRequests)")
        #expect(p.transitionsApplied > 0 && c.transitionsStarted > 0)
        #expect(c.transitionsCancelled + c.ignoredTransitionRequests > 0)
    }
}
