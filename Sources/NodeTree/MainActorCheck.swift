import Dispatch

// "Am I on the main actor?" as a run-time question, for nonisolated code that must choose between two
// paths (a bridged property write after load goes straight to the view on the main actor and into the
// pending state elsewhere).
//
// Why not Thread.isMainThread: on Linux, once an async main has suspended, the main dispatch queue is
// drained by dispatch_main() on *another* OS thread, so main-actor jobs run off the OS main thread
// (swift-toolchain.md §2). What stays true is that the main actor's executor is the main dispatch queue:
// every main-actor job, and every DispatchQueue.main block, runs with the main queue as the thread's
// current queue (libdispatch also marks the real main thread as the main queue's thread before
// dispatch_main). So a queue-specific value set once on the main queue answers the question on any
// thread, in O(1) (a thread-local read), and agrees with MainActor.assertIsolated() — the tests prove
// both: true in @MainActor tests, MainActor.run and DispatchQueue.main blocks; false on Task.detached,
// Thread and concurrentPerform workers.

public enum MainActorCheck {
    private static let key = DispatchSpecificKey<UInt8>()

    /// Installed on first use; setSpecific is thread-safe and the static initializer runs once.
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// True when the calling code runs on the main actor's executor (the main dispatch queue).
    @inline(__always)
    public static var isOnMainActor: Bool {
        _ = installed
        return DispatchQueue.getSpecific(key: key) != nil
    }

    /// Traps with `message` unless on the main actor. For nonisolated entry points whose contract
    /// depends on state (e.g. a loaded node), where `@MainActor` cannot be spelled in the signature.
    @inline(__always)
    static func precondition(_ message: @autoclosure () -> String, file: StaticString = #fileID,
                             line: UInt = #line) {
        if !isOnMainActor {
            preconditionFailure(message(), file: file, line: line)
        }
    }
}
