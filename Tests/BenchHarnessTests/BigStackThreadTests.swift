import Testing
@testable import BenchHarness

#if canImport(Glibc)
import Glibc
#endif

/// BigStackThread checks every pthread call itself: the stack size was once set inside a precondition, so
/// a release build (-Ounchecked: no precondition is evaluated) never set it and deep trees overflowed the
/// default stack. A size the system refuses is now an error for the caller, not a trap or a silent default.
@Suite struct BigStackThreadTests {
    @Test func theBodyRunsOnTheNewThreadAndItsResultComesBack() throws {
        var captured = 0  // the caller's non-Sendable state, used while the caller waits
        let result = try BigStackThread.run(stackSize: 64 << 20) { () -> Int in
            captured = 41
            return captured + 1
        }
        #expect(result == 42 && captured == 41)
    }

    @Test func aStackBelowThePlatformMinimumIsAnErrorAndTheBodyDoesNotRun() {
        var ran = false
        #expect(throws: ThreadStartError(call: "pthread_attr_setstacksize", status: EINVAL, stackSize: 1)) {
            try BigStackThread.run(stackSize: 1) { ran = true }
        }
        #expect(!ran)
        let error = ThreadStartError(call: "pthread_attr_setstacksize", status: EINVAL, stackSize: 1)
        #expect(error.description == "cannot start a thread with a 1-byte stack: pthread_attr_setstacksize failed "
                    + "with \(EINVAL) (Invalid argument)")
    }
}
