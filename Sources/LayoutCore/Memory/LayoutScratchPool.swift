#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CLayoutMemory

// Per-thread reuse of LayoutCore's `LayoutScratch` (the records a spec layout is written into), so that a
// node's spec layout allocates nothing for its working state once the thread has laid out a cell or two
// (the scratch's arrays keep their capacity). A node measuring its spec uses the scratch of its nesting
// level, lays out and flattens, and empties it; a nested measurement (a child node with its own spec,
// measured inside its parent's spec layout) uses the next level's, so each level reuses its own.
//
// Invariants:
// - The pool is only ever touched by its own thread (a C11 thread-local, loom_layout_memory.h), so it needs
//   no lock; it is allocated on the thread's first use and freed by a pthread key's destructor at exit.
// - Cell `i` serves nesting level `i` and never moves (the table of cells may grow while outer levels are
//   lent out); levels `0 ..< depth` are lent out now.
// - A scratch (a handle on its buffers, LayoutScratchStorage.swift) never leaves the `withScratch` call
//   that lent it, and comes back empty (checked in debug builds).
//
// Package API: NodeTree lays out each node's spec in the scratch `withScratch` lends.

/// The calling thread's scratches, one per nesting level of spec measurements. Plain memory behind a
/// pointer, reached through a thread-local (no retain, no array): each scratch has a cell of its own that
/// never moves, so the table of cells can grow while outer levels are lent out.
package struct LayoutScratchPool {
    /// `created` cells, room for `capacity`; cell `i` serves level `i`.
    @usableFromInline var cells: UnsafeMutablePointer<UnsafeMutablePointer<LayoutScratch>>?
    @usableFromInline var created = 0
    @usableFromInline var capacity = 0
    /// Levels lent out now (the next `withScratch` uses cell `depth`).
    @usableFromInline var depth = 0

    @usableFromInline init() {}

    /// Lends `body` the empty scratch of the next nesting level, which `body` must leave empty again (the
    /// one caller resets it to its start as it flattens, so it is not emptied once more here). `body` may
    /// call `withScratch` again (it then gets the next level's scratch).
    ///
    /// A stack of levels rather than a free list: the list was an array popped and appended per
    /// measurement, with its uniqueness checks.
    @inlinable @inline(__always)
    package static func withScratch<R>(_ body: (inout LayoutScratch) -> R) -> R {
        let pool = current
        let level = pool.pointee.depth
        if level == pool.pointee.created { pool.pointee.addLevel() }
        pool.pointee.depth = level + 1
        let scratch = pool.pointee.cells.unsafelyUnwrapped[level]
        let result = body(&scratch.pointee)
        assert(scratch.pointee.isEmpty, "withScratch's body left records in its scratch")
        pool.pointee.depth = level
        return result
    }

    /// The calling thread's pool (made on first use; freed by the pthread key's destructor when the
    /// thread exits).
    @inlinable @inline(__always)
    static var current: UnsafeMutablePointer<LayoutScratchPool> {
        if let raw = loom_current_layout_scratch_pool() { return raw.assumingMemoryBound(to: LayoutScratchPool.self) }
        return makeCurrent()
    }

    private static let key = ThreadOwnedValue.key { raw in
        ThreadOwnedValue.destroy(raw, as: LayoutScratchPool.self,
                                 publish: { loom_set_current_layout_scratch_pool($0) }) { $0.pointee.releaseCells() }
    }

    @usableFromInline @inline(never)
    static func makeCurrent() -> UnsafeMutablePointer<LayoutScratchPool> {
        ThreadOwnedValue.make(LayoutScratchPool(), key: key, publish: { loom_set_current_layout_scratch_pool($0) })
    }

    /// A scratch for one more level (the table grows; the cells of the levels lent out stay put).
    @usableFromInline @inline(never)
    mutating func addLevel() {
        if created == capacity {
            let newCapacity = Swift.max(4, capacity * 2)
            let table = UnsafeMutablePointer<UnsafeMutablePointer<LayoutScratch>>.allocate(capacity: newCapacity)
            if let cells {
                table.moveInitialize(from: cells, count: created)
                cells.deallocate()
            }
            cells = table
            capacity = newCapacity
        }
        let cell = UnsafeMutablePointer<LayoutScratch>.allocate(capacity: 1)
        cell.initialize(to: LayoutScratch())
        (cells.unsafelyUnwrapped + created).initialize(to: cell)
        created += 1
    }

    /// Frees every scratch and the table (the thread is exiting: nothing is lent out).
    private mutating func releaseCells() {
        guard let cells else { return }
        for index in 0..<created {
            cells[index].deinitialize(count: 1)
            cells[index].deallocate()
        }
        cells.deallocate()
        self.cells = nil
        created = 0
        capacity = 0
    }

    /// Levels of the calling thread with a scratch of their own (tests).
    package static var levelCount: Int { current.pointee.created }
}
