#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CThreadLocal
import LayoutCore

// Per-thread reuse of LayoutCore's `LayoutScratch` (the records a spec layout is written into), so that a
// node's spec layout allocates nothing for its working state once the thread has laid out a cell or two
// (the scratch's arrays keep their capacity). A node measuring its spec takes a scratch, lays out and
// flattens, and gives it back; a nested measurement (a child node with its own spec, measured inside its
// parent's spec layout) takes a second one, so each level reuses its own.
//
// Thread safety: the pool is only ever touched by its own thread (a thread-local), so it needs no lock; a scratch (a handle on its buffers, LayoutCore's LayoutScratchStorage.swift) never leaves the `withScratch` call that took it.

final class LayoutScratchPool {
    /// Scratches not in use on this thread. Kept behind a pointer of the pool's own, so a measurement
    /// reaches the list from the thread-local without retaining the pool (a retain and release per spec
    /// measurement, callgrind) and moves a scratch in and out of it without copying.
    private let free: UnsafeMutablePointer<[LayoutScratch]>

    private init() {
        free = .allocate(capacity: 1)
        free.initialize(to: [])
    }

    deinit {
        free.deinitialize(count: 1)
        free.deallocate()
    }

    /// The key of the calling thread's pool; its destructor releases the pool when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<LayoutScratchPool>.fromOpaque(pointer).release()
        }
        precondition(rc == 0, "pthread_key_create failed with \(rc)")
        return key
    }()

    /// The calling thread's free list (its pool created on first use). Read through a C11 thread-local
    /// (one load) holding the pool unretained; the pthread key owns the pool, so that its destructor
    /// releases it when the thread exits — until then the pool outlives every use on its thread.
    @inline(__always)
    private static var currentFreeList: UnsafeMutablePointer<[LayoutScratch]> {
        if let pointer = loom_current_layout_scratch_pool() {
            return Unmanaged<LayoutScratchPool>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.free }
        }
        return makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> UnsafeMutablePointer<[LayoutScratch]> {
        let pool = LayoutScratchPool()
        let pointer = Unmanaged.passRetained(pool).toOpaque()
        pthread_setspecific(key, pointer)
        loom_set_current_layout_scratch_pool(pointer)
        return pool.free
    }

    /// Runs `body` with an empty scratch of this thread (reused), then empties it and keeps it for the
    /// next call. `body` may call `withScratch` again (it then gets another scratch).
    static func withScratch<R>(_ body: (inout LayoutScratch) -> R) -> R {
        let free = currentFreeList
        var scratch = free.pointee.popLast() ?? LayoutScratch()
        let result = body(&scratch)
        scratch.removeAll()
        // Moved back, not copied: a copy retained the scratch's storage and released it again (with the
        // three arrays the scratch had then, ~150 instructions per spec measurement, callgrind).
        free.pointee.append(consume scratch)
        return result
    }
}
