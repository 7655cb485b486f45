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
// Layout: the mutex and then the value form the ManagedBuffer header (no tail elements), so a node's whole
// mutable state and its lock cost one allocation, and the mutex shares its cache lines with the first
// fields of the value. With the mutex as a tail element it sat behind the ~1.3 KB node state: every
// measurement touched the lock's line at one end and the cache fields elsewhere (perf, fresh feed-parity
// layout: pthread_mutex_lock was 10–17 % of the samples, mostly waiting on that line).

/// A value behind a pthread mutex. Access it only through `withLock`, and never call out of the
/// closure: it must only read or write the value. A struct with reference semantics (copies share one
/// box), because ManagedBuffer — which lets value and mutex share one allocation — is explicitly not
/// Sendable, and a struct can carry the unchecked conformance the box cannot.
public struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: LockedStorage<Value>

    /// `value` is moved into the box, not copied: a node's ~1.3 KB state was copied field by field
    /// (every reference retained, then released with the original) on every node creation.
    public init(_ value: consuming Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` with the value while holding the mutex.
    @inlinable @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointerToHeader { header in
            let mutex = LockedStorage<Value>.mutex(in: header)
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&LockedStorage<Value>.value(in: header).pointee)
        }
    }

    /// `withLock` without a closure, for NodeTree's hottest critical section (the measurement's cache
    /// lookup): locks the mutex and returns the value's address. `unlockValue()` must follow on every
    /// path, with nothing in between but reads and writes of the value — what a `withLock` body may do.
    /// The address stays valid while the box lives (a node's state: as long as the node).
    /// Why: the optimizer left the lookup's `withLock` closure out of line (a call, its result written to
    /// memory and read back, and the saved registers of a frame) — ~36 instructions of every measurement
    /// and of every cache hit (callgrind, feed-parity).
    @inline(__always)
    func lockValue() -> UnsafeMutablePointer<Value> {
        storage.withUnsafeMutablePointerToHeader { header in
            pthread_mutex_lock(LockedStorage<Value>.mutex(in: header))
            return LockedStorage<Value>.value(in: header)
        }
    }

    /// Unlocks what `lockValue()` locked.
    @inline(__always)
    func unlockValue() {
        storage.withUnsafeMutablePointerToHeader { header in
            _ = pthread_mutex_unlock(LockedStorage<Value>.mutex(in: header))
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

/// The header of a `LockedStorage`: the mutex first, then the value. Only ever reached through a pointer
/// to the header (the mutex must not move), and its fields through the offsets below.
public struct LockedHeader<Value> {
    @usableFromInline var mutex: pthread_mutex_t
    @usableFromInline var value: Value

    @usableFromInline init(mutex: pthread_mutex_t, value: Value) {
        self.mutex = mutex
        self.value = value
    }
}

/// The box: a ManagedBuffer whose header holds the mutex and the value.
public final class LockedStorage<Value>: ManagedBuffer<LockedHeader<Value>, Void> {
    /// The mutex is the header's first field (offset 0).
    @inlinable @inline(__always)
    static func mutex(in header: UnsafeMutablePointer<LockedHeader<Value>>) -> UnsafeMutablePointer<pthread_mutex_t> {
        UnsafeMutableRawPointer(header).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The value follows the mutex at the next multiple of its alignment: Swift lays a struct's stored
    /// properties out in declaration order. Computed from sizes rather than `MemoryLayout.offset(of:)`,
    /// whose key path is not always folded to a constant; `make` checks that the two agree.
    @inlinable @inline(__always)
    static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) & ~(alignment - 1)
    }

    @inlinable @inline(__always)
    static func value(in header: UnsafeMutablePointer<LockedHeader<Value>>) -> UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(header) + valueOffset).assumingMemoryBound(to: Value.self)
    }

    @usableFromInline static func make(_ value: consuming Value) -> LockedStorage<Value> {
        // The factory closure cannot consume a captured parameter; an optional it takes the value out of
        // moves it instead (`LockedHeader.init` consumes its arguments, as initializers do).
        var moving: Value? = consume value
        let buffer = LockedStorage<Value>.create(minimumCapacity: 0) { _ in
            LockedHeader(mutex: pthread_mutex_t(), value: moving.take().unsafelyUnwrapped)
        }
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        assert(MemoryLayout<LockedHeader<Value>>.offset(of: \.mutex) == 0
                         && MemoryLayout<LockedHeader<Value>>.offset(of: \.value) == valueOffset,
                     "LockedHeader's layout is not mutex, then value")
        storage.withUnsafeMutablePointerToHeader { header in
            let rc = pthread_mutex_init(mutex(in: header), nil)
            precondition(rc == 0, "pthread_mutex_init failed with \(rc)")
        }
        return storage
    }

    deinit {
        _ = withUnsafeMutablePointerToHeader { header in
            pthread_mutex_destroy(LockedStorage<Value>.mutex(in: header))
        }
    }
}
