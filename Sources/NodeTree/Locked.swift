#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The one lock type of NodeTree: a value guarded by a pthread mutex.
//
// Why pthread and not `Synchronization.Mutex`: on Linux, Mutex is futex-based and invisible to
// ThreadSanitizer, which then reports correctly guarded accesses as races (swift-toolchain.md §2).
// pthread_mutex_t is intercepted by TSan, so the project's stress tests can prove the tree clean.
//
// Why non-recursive: DESIGN.md's rule is that no lock is ever held while user code (specs, hooks,
// blocks, child measurement) runs, so nothing can re-enter a node's lock. Re-entry would be a bug, and
// a non-recursive mutex turns it into a deadlock that shows up in the first test instead of a silent
// ordering hazard.
//
// Layout: the value is the ManagedBuffer header and the mutex is the single tail element, so a node's
// whole mutable state and its lock cost one allocation.

/// A value behind a pthread mutex. Access it only through `withLock`, and never call out of the
/// closure: it must only read or write the value. A struct with reference semantics (copies share one
/// box), because ManagedBuffer — which lets value and mutex share one allocation — is explicitly not
/// Sendable, and a struct can carry the unchecked conformance the box cannot.
public struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: LockedStorage<Value>

    public init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` with the value while holding the mutex.
    @inlinable @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// A copy of the value (one lock/unlock pair).
    @inlinable @inline(__always)
    public func load() -> Value {
        withLock { $0 }
    }

    /// Replaces the value.
    @inlinable @inline(__always)
    public func store(_ newValue: Value) {
        withLock { $0 = newValue }
    }
}

/// The box: the value is the ManagedBuffer header, the mutex its single tail element.
public final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    @usableFromInline static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = LockedStorage<Value>.create(minimumCapacity: 1) { _ in value }
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let rc = pthread_mutex_init(mutex, nil)
            precondition(rc == 0, "pthread_mutex_init failed with \(rc)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            _ = mutex.deinitialize(count: 1)
        }
    }
}
