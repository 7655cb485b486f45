// Where the stacks built in a spec region keep their children: runs of `SpecChild` (trivial values) cut
// from chunks of the arena, like a stack of memory — a region's mark is where the runs stood when it first
// built something, and closing it sets them back. Nothing to destroy (no references), nothing to recycle:
// a stack's children cost a bump of a counter and one store per child, where a Swift array of
// `any LayoutElement` per stack cost a recycled array, an existential copy per child and, on close, a
// destroy per child (SpecChild.swift).
//
// Invariants: chunks never move while the arena lives; runs `0 ..< mark` of the current chunk are in use;
// a region's close only moves the mark back (nothing to destroy: `SpecChild` is trivial); a chunk past
// the current one holds nothing live, so it may be replaced by a larger one.

@usableFromInline
struct SpecChildRuns {
    /// A chunk: `capacity` children at `base`; chunks never move while the arena lives.
    @usableFromInline
    struct Chunk {
        @usableFromInline var base: UnsafeMutablePointer<SpecChild>
        @usableFromInline var capacity: Int

        @inlinable init(base: UnsafeMutablePointer<SpecChild>, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }
    }

    /// Where the runs stand: chunk `chunk`, of which `used` children are taken.
    @usableFromInline
    struct Mark {
        @usableFromInline let chunk: Int
        @usableFromInline let used: Int

        @inlinable init(chunk: Int, used: Int) {
            self.chunk = chunk
            self.used = used
        }
    }

    @usableFromInline var chunks: UnsafeMutablePointer<Chunk>?
    @usableFromInline var chunkCount = 0
    @usableFromInline var tableCapacity = 0
    /// The chunk runs are cut from now, and how much of it is taken.
    @usableFromInline var current = 0
    @usableFromInline var used = 0
    /// Chunk `current`'s base and capacity (nil and 0 while it does not exist yet), kept here so that a run
    /// is cut without reading the chunk table.
    @usableFromInline var currentBase: UnsafeMutablePointer<SpecChild>?
    @usableFromInline var currentCapacity = 0

    @inlinable init() {}

    /// Children per chunk (a typical cell's spec tree takes a few dozen).
    @inlinable static var chunkCapacity: Int { 256 }

    @inlinable var mark: Mark { Mark(chunk: current, used: used) }

    /// Frees every run cut since `mark`.
    @inlinable @inline(__always)
    mutating func truncate(to mark: Mark) {
        if current != mark.chunk {
            current = mark.chunk
            let chunk = chunks.unsafelyUnwrapped[current]
            currentBase = chunk.base
            currentCapacity = chunk.capacity
        }
        used = mark.used
    }

    /// A run of `count` > 0 uninitialized children.
    @inlinable @inline(__always)
    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<SpecChild> {
        if used &+ count <= currentCapacity {
            let run = currentBase.unsafelyUnwrapped + used
            used &+= count
            return run
        }
        return reserveInNextChunk(count)
    }

    /// The run does not fit the current chunk: cut it from the start of the next one (made, or made large
    /// enough, here). The current chunk's tail stays unused until a region closes below it.
    @usableFromInline @inline(never)
    mutating func reserveInNextChunk(_ count: Int) -> UnsafeMutablePointer<SpecChild> {
        let next = chunkCount == 0 || used == 0 ? current : current + 1
        if next == chunkCount {
            if chunkCount == tableCapacity {
                let capacity = Swift.max(4, tableCapacity * 2)
                let table = UnsafeMutablePointer<Chunk>.allocate(capacity: capacity)
                if let old = chunks {
                    table.moveInitialize(from: old, count: chunkCount)
                    old.deallocate()
                }
                chunks = table
                tableCapacity = capacity
            }
            let capacity = Swift.max(Self.chunkCapacity, count)
            (chunks.unsafelyUnwrapped + chunkCount).initialize(
                to: Chunk(base: .allocate(capacity: capacity), capacity: capacity))
            chunkCount += 1
        } else if chunks.unsafelyUnwrapped[next].capacity < count {
            // Nothing lives in chunks past the current one: this one can be replaced by a larger one.
            chunks.unsafelyUnwrapped[next].base.deallocate()
            chunks.unsafelyUnwrapped[next] = Chunk(base: .allocate(capacity: count), capacity: count)
        }
        current = next
        used = count
        currentBase = chunks.unsafelyUnwrapped[next].base
        currentCapacity = chunks.unsafelyUnwrapped[next].capacity
        return currentBase.unsafelyUnwrapped
    }

    /// Frees every chunk (the arena's thread is exiting).
    mutating func release() {
        if let chunks {
            for index in 0..<chunkCount { chunks[index].base.deallocate() }
            chunks.deallocate()
        }
        self = SpecChildRuns()
    }
}
