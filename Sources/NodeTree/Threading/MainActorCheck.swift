import Dispatch

// "Am I on the main actor?" as a run-time question, for nonisolated code that must choose between two
// paths (a bridged property write after load goes straight to the view on the main actor and into the
// pending state elsewhere).
//
// Why not Thread.isMainThread: on Linux, once an async main has suspended, the main dispatch queue is
// drained by dispatch_main() on *another* OS thread, so main-actor jobs run off the OS main thread
// (MainActorCheckTests). What stays true is that the main actor's executor is the main dispatch queue:
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

    /// True when the calling code runs on the main actor's executor (the main dispatch queue). The read
    /// retains and releases the queue-specific value, one object for the whole process: on paths that every
    /// thread runs often (node creation, measurement) ask only when the answer matters — see
    /// DisplayNode.setNeedsLayout, which asks only for a loaded node.
    @inline(__always)
    public static var isOnMainActor: Bool {
        _ = installed
        return DispatchQueue.getSpecific(key: key) != nil
    }

    /// Traps with `message` unless on the main actor, in every build. For nonisolated entry points whose
    /// contract depends on state (e.g. a loaded node), where `@MainActor` cannot be spelled in the
    /// signature.
    ///
    /// What a release build does is defined: it stops, as a debug build does. Texture asserts here
    /// (ASDisplayNodeAssertMainThread and its thread-affinity assertions) and docs/ARCHITECTURE.md makes view access
    /// after load main-actor-only. Past this check the caller touches the node's views (`MainActor.assumeIsolated`),
    /// which are unsynchronized main-actor state: running on from another thread would race on them — memory unsafety,
    /// not a wrong frame — and there is no safe value to hand back instead (a bridged read after load has only the
    /// view's). So neither a refusal nor `preconditionFailure`, which an -Ounchecked build takes as unreachable — the
    /// check could vanish and the race happen. `fatalError` is the trap -Ounchecked keeps (LayoutCore's
    /// MemoryGuard.swift).
    @inline(__always)
    static func require(_ message: @autoclosure () -> String, file: StaticString = #fileID,
                        line: UInt = #line) {
        if _slowPath(!isOnMainActor) {
            offMainActor(message(), file: file, line: line)
        }
    }

    /// The failure of `require`, out of line: the message is built only when the process stops.
    @inline(never)
    static func offMainActor(_ message: String, file: StaticString, line: UInt) -> Never {
        fatalError("main-actor check: " + message, file: file, line: line)
    }
}
