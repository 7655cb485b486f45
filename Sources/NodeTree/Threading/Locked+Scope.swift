// A scoped hold of a `Locked` value's lock, for the one critical section whose branches each end it at a
// different point (the measurement's cache lookup, DisplayNode+Layout.swift).
//
// Why not `withLock`: the lookup's closure was left out of line by the optimizer (a call, its result
// written to memory and read back, and a frame's saved registers) on every measurement and cache hit.
// Why not a lock call and an unlock call: paired by hand across the branches of a switch, a branch that
// forgot its unlock (or unlocked twice) compiled. The scope is noncopyable: each branch ends it with
// `unlock()`, the compiler rejects a use after that, and a scope a branch does not end explicitly ends
// (unlocks) when it goes out of scope — the lock is never leaked and never released twice.
//
// Invariants: while a scope lives, its thread holds the lock and `value` may be read and written — only
// that: no user code, no other node, no child measurement (docs/ARCHITECTURE.md, "Threading rules"). The addresses
// are valid while the `Locked` box lives (the caller keeps it alive: a node's state, as long as the node).

/// The lock of a `Locked` value, held until `unlock()` or the end of the scope.
struct LockedScope<Value>: ~Copyable {
    private let word: UnsafeMutablePointer<LockWord>
    /// The value, to read and write while the lock is held.
    let value: UnsafeMutablePointer<Value>

    @inline(__always)
    fileprivate init(word: UnsafeMutablePointer<LockWord>, value: UnsafeMutablePointer<Value>) {
        self.word = word
        self.value = value
    }

    /// Releases the lock and ends the scope.
    @inline(__always)
    consuming func unlock() {
        unlockLockWord(word)
        #if LOOM_RACE_FAULTS
        RaceSchedule.atSynchronizationPoint()
        #endif
        discard self
    }

    deinit {
        unlockLockWord(word)
        #if LOOM_RACE_FAULTS
        RaceSchedule.atSynchronizationPoint()
        #endif
    }
}

extension Locked {
    /// Takes the lock and returns the scope that holds it (see the top of this file).
    @inline(__always)
    func lockScope() -> LockedScope<Value> {
        #if LOOM_RACE_FAULTS
        RaceSchedule.atSynchronizationPoint()
        #endif
        return storage.withUnsafeMutablePointerToHeader { header in
            let word = LockedStorage<Value>.lockWord(in: header)
            lockLockWord(word)
            return LockedScope(word: word, value: LockedStorage<Value>.value(in: header))
        }
    }
}
