import Dispatch
import Foundation
import Synchronization
import Testing
@testable import NodeTree

// Locked's lock word (LockWord.swift): a waiter that finds the lock held waits through its free attempts
// and its yielding until the holder lets go, and boxes made and contended over and over (initialization
// and destruction of the word). Mutual exclusion under contention: LockedTests (MainActorCheckTests.swift).
// Run under TSan too (the suite's TSan run): an unordered access shows up there as a race report.
@Suite struct LockWordTests {
    /// A thread that finds the lock held waits (spinning, then yielding) until the holder unlocks, and
    /// then sees what the holder wrote.
    @Test func aWaiterProceedsOnlyAfterTheHolderUnlocks() {
        let state = Locked<[Int]>([])
        let waiterStarted = Atomic<Bool>(false)
        let waiterDone = Atomic<Bool>(false)
        let scope = state.lockScope()
        scope.value.pointee.append(1)
        let waiter = Thread {
            waiterStarted.store(true, ordering: .releasing)
            state.withLock { $0.append(2) }
            waiterDone.store(true, ordering: .releasing)
        }
        waiter.start()
        while !waiterStarted.load(ordering: .acquiring) { sched_yield() }
        // Long enough for the waiter to pass its free attempts and start yielding.
        usleep(20_000)
        let doneWhileHeld = waiterDone.load(ordering: .acquiring)
        scope.value.pointee.append(3)
        scope.unlock()
        while !waiterDone.load(ordering: .acquiring) { sched_yield() }
        #expect(!doneWhileHeld, "the waiter got the lock while it was held")
        #expect(state.load() == [1, 3, 2])
    }

    /// Many short-lived boxes, each contended once: initialization and destruction of the lock word.
    @Test func boxesMadeAndContendedRepeatedlyStayConsistent() {
        for round in 0..<200 {
            let box = Locked(round)
            onThreads(3, count: 3) { _ in
                for _ in 0..<50 { box.withLock { $0 += 1 } }
            }
            #expect(box.load() == round + 150)
        }
    }
}
