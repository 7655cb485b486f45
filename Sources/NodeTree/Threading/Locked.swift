#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The one lock type of NodeTree: a value guarded by a pthread lock word (LockWord.swift: a spin lock
// that yields when contended; a mutex on Darwin).
//
// Why pthread and not `Synchronization.Mutex`: on Linux, Mutex is futex-based and invisible to
// ThreadSanitizer, which then reports correctly guarded accesses as races.
// pthread's locks are intercepted by TSan, so the project's stress tests can prove the tree clean.
//
// Why non-recursive: the rule (docs/ARCHITECTURE.md, "Threading rules") is that no lock is ever held while user code
// (specs, hooks, blocks, child measurement) runs, so nothing can re-enter a node's lock. Re-entry would be a bug, and a
// non-recursive lock turns it into a hang that shows up in the first test instead of a silent ordering hazard.
//
// Layout: the lock word and then the value form the ManagedBuffer header (no tail elements), so a node's whole
// mutable state and its lock cost one allocation, and the lock word shares its cache line with the first
// fields of the value. With the lock (then a mutex) as a tail element it sat behind the whole node state:
// every measurement touched the lock's line at one end and the cache fields elsewhere, and waited on that
// line.

/// A value behind a pthread lock word. Access it only through `withLock`, and never call out of the
/// closure: it must only read or write the value. A struct with reference semantics (copies share one
/// box), because ManagedBuffer — which lets value and lock share one allocation — is explicitly not
/// Sendable, and a struct can carry the unchecked conformance the box cannot.
public struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: LockedStorage<Value>

    /// `value` is moved into the box, not copied: a node's large state was copied field by field
    /// (every reference retained, then released with the original) on every node creation.
    public init(_ value: consuming Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointerToHeader { header in
            let word = LockedStorage<Value>.lockWord(in: header)
            #if LOOM_RACE_FAULTS
            RaceSchedule.atSynchronizationPoint()
            defer { RaceSchedule.atSynchronizationPoint() }
            #endif
            lockLockWord(word)
            defer { unlockLockWord(word) }
            return try body(&LockedStorage<Value>.value(in: header).pointee)
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

/// The header of a `LockedStorage`: the lock word first, then the value. Only ever reached through a pointer
/// to the header (the lock word must not move), and its fields through the offsets below.
public struct LockedHeader<Value> {
    @usableFromInline var lockWord: LockWord
    @usableFromInline var value: Value

    @usableFromInline init(lockWord: LockWord, value: Value) {
        self.lockWord = lockWord
        self.value = value
    }
}

/// The box: a ManagedBuffer whose header holds the lock word and the value.
public final class LockedStorage<Value>: ManagedBuffer<LockedHeader<Value>, Void> {
    /// The lock word is the header's first field (offset 0).
    @inlinable @inline(__always)
    static func lockWord(in header: UnsafeMutablePointer<LockedHeader<Value>>) -> UnsafeMutablePointer<LockWord> {
        UnsafeMutableRawPointer(header).assumingMemoryBound(to: LockWord.self)
    }

    /// The value follows the lock word at the next multiple of its alignment: Swift lays a struct's stored
    /// properties out in declaration order. Computed from sizes rather than `MemoryLayout.offset(of:)`,
    /// whose key path is not always folded to a constant; `make` checks that the two agree.
    @inlinable @inline(__always)
    static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<LockWord>.size + alignment - 1) & ~(alignment - 1)
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
            LockedHeader(lockWord: LockWord(), value: moving.take().unsafelyUnwrapped)
        }
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        assert(MemoryLayout<LockedHeader<Value>>.offset(of: \.lockWord) == 0
                         && MemoryLayout<LockedHeader<Value>>.offset(of: \.value) == valueOffset,
                     "LockedHeader's layout is not lock word, then value")
        storage.withUnsafeMutablePointerToHeader { header in initializeLockWord(lockWord(in: header)) }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToHeader { header in destroyLockWord(LockedStorage<Value>.lockWord(in: header)) }
    }
}
