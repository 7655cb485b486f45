// A stack's children inside a spec region: a run of `any LayoutElement` copied into the arena, so the stack
// does not keep the caller's array. `StackLayoutSpec.vertical(children: [a, b])` then only reads its
// array literal while it copies it; a literal that does not escape is allocated on the caller's stack by
// the optimizer, which took the feed-parity cell's last three spec allocations away. (Recycled arrays
// instead cost ~1k instructions a cell in array bookkeeping: uniqueness checks, appends, emptying.)
//
// Runs are contiguous in chunks that never move; a run that does not fit the rest of the current chunk
// starts the next one. Filled and emptied like a stack, as the slabs are.

/// One chunk of child slots: `0 ..< used` are initialized.
@usableFromInline
struct SpecChildrenChunk {
    @usableFromInline let base: UnsafeMutablePointer<any LayoutElement>
    @usableFromInline let capacity: Int
    @usableFromInline var used = 0

    @usableFromInline init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }
}

@usableFromInline
struct SpecChildrenState {
    @usableFromInline var table: UnsafeMutablePointer<SpecChildrenChunk>?
    @usableFromInline var chunkCount = 0
    @usableFromInline var tableCapacity = 0
    /// The chunk runs are appended to (chunks after it are empty).
    @usableFromInline var current = 0

    @usableFromInline init() {}

    /// Where the children stood when a region opened: the current chunk and its fill.
    @usableFromInline
    struct Mark: Equatable {
        @usableFromInline let chunk: Int
        @usableFromInline let used: Int
        @inlinable init(chunk: Int, used: Int) {
            self.chunk = chunk
            self.used = used
        }
    }

    @inlinable
    var mark: Mark { Mark(chunk: current, used: chunkCount == 0 ? 0 : table.unsafelyUnwrapped[current].used) }

    /// Children alive in the arena (tests).
    var liveCount: Int {
        (0..<chunkCount).reduce(0) { $0 + table.unsafelyUnwrapped[$1].used }
    }

    /// Smallest chunk: a feed cell's stacks hold a few children each.
    @usableFromInline static var chunkCapacity: Int { 256 }
}

extension UnsafeMutablePointer where Pointee == SpecChildrenState {
    /// Copies `children` into a new run and returns it (empty for no children).
    @inlinable
    func append(_ children: UnsafeBufferPointer<any LayoutElement>) -> UnsafeMutableBufferPointer<any LayoutElement> {
        let count = children.count
        guard count > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        if pointee.chunkCount == 0 || pointee.table.unsafelyUnwrapped[pointee.current].capacity
            - pointee.table.unsafelyUnwrapped[pointee.current].used < count {
            startChunk(fitting: count)
        }
        let chunk = pointee.table.unsafelyUnwrapped + pointee.current
        let run = chunk.pointee.base + chunk.pointee.used
        run.initialize(from: children.baseAddress.unsafelyUnwrapped, count: count)
        chunk.pointee.used += count
        return UnsafeMutableBufferPointer(start: run, count: count)
    }

    /// Moves `current` to a chunk with room for `count` (the next one, made or enlarged when needed; chunks
    /// after the current one are empty, so replacing one loses nothing).
    @usableFromInline @inline(never)
    func startChunk(fitting count: Int) {
        let next = pointee.chunkCount == 0 ? 0 : pointee.current + 1
        let capacity = Swift.max(SpecChildrenState.chunkCapacity, count)
        if next == pointee.chunkCount {
            if pointee.chunkCount == pointee.tableCapacity {
                let tableCapacity = Swift.max(4, pointee.tableCapacity * 2)
                let table = UnsafeMutablePointer<SpecChildrenChunk>.allocate(capacity: tableCapacity)
                if let old = pointee.table {
                    table.moveInitialize(from: old, count: pointee.chunkCount)
                    old.deallocate()
                }
                pointee.table = table
                pointee.tableCapacity = tableCapacity
            }
            (pointee.table.unsafelyUnwrapped + next).initialize(to: SpecChildrenChunk(capacity: capacity))
            pointee.chunkCount += 1
        } else if pointee.table.unsafelyUnwrapped[next].capacity < count {
            pointee.table.unsafelyUnwrapped[next].base.deallocate()
            pointee.table.unsafelyUnwrapped[next] = SpecChildrenChunk(capacity: capacity)
        }
        pointee.current = next
    }

    /// Destroys every run appended since `mark`.
    @usableFromInline
    func truncate(to mark: SpecChildrenState.Mark) {
        guard pointee.chunkCount > 0 else { return }
        while true {
            let chunk = pointee.table.unsafelyUnwrapped + pointee.current
            let keep = pointee.current == mark.chunk ? mark.used : 0
            if chunk.pointee.used > keep {
                (chunk.pointee.base + keep).deinitialize(count: chunk.pointee.used - keep)
                chunk.pointee.used = keep
            }
            if pointee.current <= mark.chunk { break }
            pointee.current -= 1
        }
    }

    /// Empties every chunk and frees the memory (the arena's thread is exiting).
    func release() {
        guard let table = pointee.table else { return }
        for index in 0..<pointee.chunkCount {
            table[index].base.deinitialize(count: table[index].used)
            table[index].base.deallocate()
        }
        table.deallocate()
        pointee = SpecChildrenState()
    }
}
