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

public enum BigStackThread {
    /// Calls `body` on a new thread with a `stackSize`-byte stack and returns its result once it has
    /// returned. The caller blocks meanwhile, so `body` may use the caller's non-Sendable state.
    public static func run<R>(stackSize: Int, _ body: () -> R) -> R {
        withoutActuallyEscaping(body) { body in
            var result: R?
            let job = Job()
            job.work = { result = body() }
            let context = Unmanaged.passRetained(job).toOpaque()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0,
                         "cannot set a thread stack of \(stackSize) bytes")
            #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(&thread, &attributes, bigStackEntry, context)
            precondition(status == 0 && thread != nil, "pthread_create failed (\(status))")
            pthread_join(thread!, nil)
            #else
            var thread = pthread_t()
            let status = pthread_create(&thread, &attributes, bigStackEntry, context)
            precondition(status == 0, "pthread_create failed (\(status))")
            pthread_join(thread, nil)
            #endif
            // Joined: the closure has returned. Drop it before withoutActuallyEscaping checks it did not escape.
            job.work = nil
            return result!
        }
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
