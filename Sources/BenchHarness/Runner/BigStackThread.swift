#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Runs a closure on a new pthread with a stack of a given size and waits for it. The `deep` scenario's
// layout recurses once per nesting level (node → spec → stack → child node), and so do releasing its node
// chain and its layout tree: 1,000 levels need more than the 8 MiB of the main thread (and far more in a
// debug build). The counted passes of LayoutRunner run on its calling thread, so the whole run of a deep
// scenario goes through here; the worker pool gets the same size (LayoutRunOptions.stackSize).
//
// Every pthread call's status is checked in plain code, never inside `precondition`: an -Ounchecked build
// drops a precondition's condition with the call in it — the thread would silently get the default stack
// and a deep tree overflow it.

/// A thread `BigStackThread` could not start: which call failed, with which status, for which stack size.
public struct ThreadStartError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pthread function that failed.
    public var call: String
    /// Its return value (an errno value).
    public var status: Int32
    public var stackSize: Int

    public var description: String {
        "cannot start a thread with a \(stackSize)-byte stack: \(call) failed with \(status) ("
            + String(cString: strerror(status)) + ")"
    }
}

public enum BigStackThread {
    /// Calls `body` on a new thread with a `stackSize`-byte stack and returns its result once it has
    /// returned. The caller blocks meanwhile, so `body` may use the caller's non-Sendable state. Throws,
    /// without calling `body`, when the thread cannot be started with that stack (a size below the
    /// platform's minimum, or more memory than the system will map).
    public static func run<R>(stackSize: Int, _ body: () -> R) throws(ThreadStartError) -> R {
        var attributes = pthread_attr_t()
        let initStatus = pthread_attr_init(&attributes)
        guard initStatus == 0 else {
            throw ThreadStartError(call: "pthread_attr_init", status: initStatus, stackSize: stackSize)
        }
        defer { pthread_attr_destroy(&attributes) }
        let sizeStatus = pthread_attr_setstacksize(&attributes, stackSize)
        guard sizeStatus == 0 else {
            throw ThreadStartError(call: "pthread_attr_setstacksize", status: sizeStatus, stackSize: stackSize)
        }
        let outcome: Result<R, ThreadStartError> = withoutActuallyEscaping(body) { body in
            var result: R?
            let job = Job()
            job.work = { result = body() }
            let context = Unmanaged.passRetained(job)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, &attributes, bigStackEntry, context.toOpaque())
            guard status == 0 else {
                // The thread never ran: drop its reference to the job here.
                context.release()
                job.work = nil
                return .failure(ThreadStartError(call: "pthread_create", status: status, stackSize: stackSize))
            }
            #if canImport(Darwin)
            let joinStatus = pthread_join(thread!, nil)
            #else
            let joinStatus = pthread_join(thread, nil)
            #endif
            // A thread that cannot be joined may still be running `body` on the caller's state: no way on.
            if joinStatus != 0 { fatalError("pthread_join of a big-stack thread failed with \(joinStatus)") }
            // Joined: the closure has returned. Drop it before withoutActuallyEscaping checks it did not escape.
            job.work = nil
            return .success(result!)
        }
        return try outcome.get()
    }

    /// The closure handed to the thread (read by it, cleared by the caller after the join).
    fileprivate final class Job: @unchecked Sendable {
        var work: (() -> Void)?
    }

    fileprivate static func enter(_ raw: UnsafeMutableRawPointer) {
        let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
        job.work?()
    }
}

#if canImport(Darwin)
private func bigStackEntry(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    BigStackThread.enter(raw)
    return nil
}
#else
private func bigStackEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    BigStackThread.enter(raw!)
    return nil
}
#endif
