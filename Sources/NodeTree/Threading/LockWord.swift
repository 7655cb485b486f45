#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The lock word of `Locked` (Locked.swift): a pthread spin lock, taken by one `pthread_spin_trylock`
// when it is free; when it is not, retried a few times and then with `sched_yield()` between attempts.
//
// Why a spin lock and not a pthread mutex: NodeTree's critical sections are a handful of loads and
// stores (docs/ARCHITECTURE.md's threading rules: no user code, no child measurement, no other node under a lock), so a
// waiter almost always finds the lock free again within a few attempts, and the mutex's bookkeeping (its type, owner
// and user count, written on every lock and unlock) was most of a lock's cost, paid by every measurement several times
// over, and node creation paid a `pthread_mutex_init` per lock. Why it still yields: a holder preempted inside its
// critical section would otherwise leave a waiter spinning through its whole time slice (on a 2-core machine with more
// runnable threads than cores, that is the stress runs' normal case); yielding gives the holder the core back. Why
// pthread's: ThreadSanitizer intercepts pthread_spin_trylock/unlock as lock acquire/release, so the TSan suite still
// proves the tree clean (Synchronization.Mutex is futex-based and invisible to it on Linux). Darwin has no pthread spin
// locks: there the word is a pthread mutex as before.

#if canImport(Glibc) || canImport(Musl)
/// The lock itself (its memory must not move while in use: it lives in a ManagedBuffer header).
public typealias LockWord = pthread_spinlock_t

/// Free attempts before a contended lock starts yielding between attempts: enough for a holder that is
/// running to finish a NodeTree critical section (tens of nanoseconds), few enough that one that was
/// preempted gets its core back promptly.
@usableFromInline let lockWordAttemptsBeforeYielding = 64

@inlinable @inline(__always)
func initializeLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    let rc = pthread_spin_init(word, Int32(PTHREAD_PROCESS_PRIVATE))
    precondition(rc == 0, "pthread_spin_init failed with \(rc)")
}

@inlinable @inline(__always)
func destroyLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    _ = pthread_spin_destroy(word)
}

@inlinable @inline(__always)
func lockLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    if pthread_spin_trylock(word) != 0 { lockContendedLockWord(word) }
}

/// The contended path, out of line so that the uncontended one stays a call and a branch.
@usableFromInline @inline(never)
func lockContendedLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    var attempts = 1
    while pthread_spin_trylock(word) != 0 {
        attempts &+= 1
        if attempts > lockWordAttemptsBeforeYielding { sched_yield() }
    }
}

@inlinable @inline(__always)
func unlockLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    _ = pthread_spin_unlock(word)
}

/// Takes the lock if it is free (tests: whether someone holds it).
func tryLockLockWord(_ word: UnsafeMutablePointer<LockWord>) -> Bool {
    pthread_spin_trylock(word) == 0
}
#else
public typealias LockWord = pthread_mutex_t

@inlinable @inline(__always)
func initializeLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    let rc = pthread_mutex_init(word, nil)
    precondition(rc == 0, "pthread_mutex_init failed with \(rc)")
}

@inlinable @inline(__always)
func destroyLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    _ = pthread_mutex_destroy(word)
}

@inlinable @inline(__always)
func lockLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    _ = pthread_mutex_lock(word)
}

@inlinable @inline(__always)
func unlockLockWord(_ word: UnsafeMutablePointer<LockWord>) {
    _ = pthread_mutex_unlock(word)
}

func tryLockLockWord(_ word: UnsafeMutablePointer<LockWord>) -> Bool {
    pthread_mutex_trylock(word) == 0
}
#endif
