#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A pthread mutex and condition variable, for the list pipeline's two waiting points: the edit turnstile
// (EditTurnstile.swift) and the measuring pool (MeasuringPool.swift). pthread, not Synchronization.Mutex,
// so ThreadSanitizer sees every hand-off (Locked.swift explains why). The mutex is held only to read or
// write the waiting state, never while user code runs.
final class ListCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held; `body` only reads or writes the waiting state.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// With the mutex held (inside `locked`): waits until `ready()` is true.
    func wait(until ready: () -> Bool) {
        while !ready() { pthread_cond_wait(condition, mutex) }
    }

    /// With the mutex held: wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// The calling thread's identity, for the turnstile's nesting check.
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
