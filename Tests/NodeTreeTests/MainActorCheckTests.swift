import Dispatch
import Foundation
import Testing
@testable import NodeTree

// Proves the run-time "am I on the main actor?" check (MainActorCheck.swift) on Linux: it agrees with the
// main actor's own isolation check wherever main-actor code runs — including main-queue blocks, which run
// off the OS main thread once the test runner's async main has parked it — and is false on other threads.

@Suite struct MainActorCheckTests {
    @MainActor @Test func trueInAMainActorTest() {
        MainActor.assertIsolated()
        #expect(MainActorCheck.isOnMainActor)
    }

    @Test func trueInsideMainActorRun() async {
        let inside = await MainActor.run {
            MainActor.assertIsolated()
            return MainActorCheck.isOnMainActor
        }
        #expect(inside)
    }

    @Test func trueInAMainQueueBlockWhichIsMainActorIsolated() async {
        let (check, isolated) = await withCheckedContinuation { (c: CheckedContinuation<(Bool, Bool), Never>) in
            DispatchQueue.main.async {
                let check = MainActorCheck.isOnMainActor
                // Traps if the runtime disagrees; this is what PendingStateController relies on.
                MainActor.assumeIsolated { MainActor.assertIsolated() }
                c.resume(returning: (check, true))
            }
        }
        #expect(check && isolated)
    }

    @Test func falseInADetachedTask() async {
        let inside = await Task.detached { MainActorCheck.isOnMainActor }.value
        #expect(!inside)
    }

    @Test func falseOnAThread() {
        #expect(!valueOnOtherThread { MainActorCheck.isOnMainActor })
    }

    @Test func falseOnConcurrentPerformWorkers() {
        let seenOnMain = Counter()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if MainActorCheck.isOnMainActor { seenOnMain.increment() }
        }
        #expect(seenOnMain.value == 0)
    }

    @Test func falseInANonisolatedAsyncTest() async {
        #expect(!MainActorCheck.isOnMainActor)
    }
}

@Suite struct LockedTests {
    @Test func contendedIncrementsAreNotLost() {
        let value = Locked(0)
        onThreads(8, count: 8) { _ in
            for _ in 0..<5_000 { value.withLock { $0 += 1 } }
        }
        #expect(value.load() == 40_000)
    }

    /// A LockedScope (the measurement's lookup) excludes withLock and other scopes: increments through
    /// both, from eight threads, are all kept (and the thread sanitizer sees the pthread lock), whether the
    /// scope ends by `unlock()` or by going out of scope.
    @Test func lockScopeExcludesWithLockAndItself() {
        let value = Locked(0)
        onThreads(8, count: 8) { thread in
            for _ in 0..<5_000 {
                if thread % 4 == 0 {
                    let scope = value.lockScope()
                    scope.value.pointee += 1
                    scope.unlock()
                } else if thread % 4 == 2 {
                    let scope = value.lockScope()
                    scope.value.pointee += 1
                } else {
                    value.withLock { $0 += 1 }
                }
            }
        }
        #expect(value.load() == 40_000)
    }

    @Test func copiesShareTheBox() {
        let a = Locked([1])
        let b = a
        b.withLock { $0.append(2) }
        #expect(a.load() == [1, 2])
    }
}
