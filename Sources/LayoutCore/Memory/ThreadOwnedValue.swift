#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A value each thread makes for itself on first use and that goes when the thread exits: the scratch pool
// (LayoutScratchPool.swift) and the spec arena (SpecArena.swift). One heap cell per thread, found again
// through the C thread-local pointer the shim keeps (loom_layout_memory.h: a load, where a pthread
// lookup is a call), and handed to a pthread key, whose destructor is the only hook a thread's exit runs.
//
// Invariants:
// - A thread's cell is allocated and initialized once, by `make`, and published to the thread-local
//   pointer and the key at once; only that thread reads it.
// - The key's destructor unpublishes the cell before it tears the value down (a deinit that runs meanwhile
//   and asks for the value makes a new one instead of reading a dying one), then deinitializes and frees
//   it: `destroy`.

enum ThreadOwnedValue {
    /// A pthread key whose destructor (a C function: it captures nothing) runs at a thread's exit on the
    /// value the thread set.
    static func key(destroyingWith destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void)
        -> pthread_key_t {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key, destructor)
        precondition(rc == 0, "pthread_key_create failed with \(rc)")
        return key
    }

    /// The calling thread's new cell holding `value`, set for `key` and published with `publish`.
    static func make<Value>(_ value: Value, key: pthread_key_t,
                            publish: (UnsafeMutableRawPointer?) -> Void) -> UnsafeMutablePointer<Value> {
        let cell = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        cell.initialize(to: value)
        pthread_setspecific(key, cell)
        publish(UnsafeMutableRawPointer(cell))
        return cell
    }

    /// A key destructor's work on the cell `raw` (if the thread set one): unpublished with `publish(nil)`,
    /// torn down by `tearDown` (what the value holds beyond its own memory), deinitialized and freed.
    static func destroy<Value>(_ raw: UnsafeMutableRawPointer?, as _: Value.Type,
                               publish: (UnsafeMutableRawPointer?) -> Void,
                               tearDown: (UnsafeMutablePointer<Value>) -> Void) {
        guard let raw else { return }
        publish(nil)
        let cell = raw.assumingMemoryBound(to: Value.self)
        tearDown(cell)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }
}
