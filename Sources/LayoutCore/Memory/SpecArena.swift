#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CLayoutMemory

// Where the fields of the built-in specs live while a node measures its spec (issue #6's allocations).
//
// Texture's user builds a fresh spec tree in every layoutSpecThatFits: and the engine discards it once the
// layout is done. As Swift values returned as `any LayoutElement`, each spec larger than an existential's
// three inline words was boxed on the heap: most of a fresh layout's allocations (and their frees and
// reference counting). Here a spec is a three-word handle (SpecStorage) and its
// fields are a slot of this thread's arena while a *spec region* is open: NodeTree opens one around
// layoutSpecThatFits and the layout of what it returns, and closing it destroys every spec built inside.
// Slots are reused from one region to the next, so a warm thread builds specs without allocating.
//
// Outside any region (a spec built by a test, a document, a layout block made once) the fields go to a
// heap box instead, exactly the cost of the existential box before.
//
// Safety: a spec must not outlive the region it was built in (Texture asserts that a spec serves one
// layout). Every slot carries the generation it was filled in and every handle the generation it expects;
// closing a region that built anything empties its slots and bumps the arena's generation, so a handle
// that escaped its region fails a memory guard (on in release builds too, MemoryGuard.swift) naming the
// mistake instead of reading a slot some other
// spec now uses. The arena is its thread's alone (a
// C11 thread-local, no lock): specs built in a region are used on the thread that built them, as
// layoutSpecThatFits' specs are.
//
// Invariants:
// - One arena per thread, reached only through that thread's C11 thread-local (loom_layout_memory.h);
//   allocated on first use, freed by a pthread key's destructor when the thread exits. No lock.
// - `markedDepth <= depth`; regions `1 ... markedDepth` have a mark in `marks`. The build thread-local
//   holds the arena exactly while the innermost open region is marked (`forBuilding`).
// - Every slot filled in a region carries `generation`; closing a marked region truncates every slab to
//   its mark and bumps `generation`, so no handle from a closed region ever matches a slot again.

/// The arena of one thread: a slab per built-in spec type that keeps its fields here, the depth of open
/// regions, and the generation new slots are stamped with. Allocated once per thread and reached through
/// a C11 thread-local; plain memory, so reaching it retains nothing.
@usableFromInline
struct SpecArena {
    /// The fields of the built-in specs and their custom styles
    /// (SpecStorage+Style.swift), in one slab of slots of one size (`specSlotStride`): a region's close
    /// zeroes their generation words in one loop. With a slab per type, five loops each paid their setup
    /// (the mark read, a table lookup, the chunk bounds).
    @usableFromInline var specs = SpecSlabState()
    /// Element children of the specs above (SpecChild.swift): existentials destroyed when their region closes.
    @usableFromInline var elements = SpecSlabState()
    /// The runs of `SpecChild` that stacks built here keep their children in (SpecChildRuns.swift).
    @usableFromInline var childRuns = SpecChildRuns()
    /// Open regions on this thread (nested when a child node measures its own spec inside its parent's).
    @usableFromInline var depth = 0
    /// Regions `1 ... markedDepth` have their mark in `marks[0 ..< markedDepth]`. A region takes its mark
    /// only when something is first built in it (`forBuilding`): most regions — every leaf node's
    /// measurement — build nothing, and opening and closing one is then a counter up and down (reading
    /// every slab's count at each open and comparing at each close was paid by every measurement).
    @usableFromInline var markedDepth = 0
    @usableFromInline var marks: UnsafeMutablePointer<Mark>?
    @usableFromInline var markCapacity = 0
    /// Stamped into every slot filled now; bumped whenever a region closes, so no handle from a closed
    /// region ever matches a slot again. Starts at 1 (0 marks an empty slot).
    @usableFromInline var generation: UInt64 = 1

    @usableFromInline init() {}

    /// The size of a slot of `specs`: a generation word and the largest of the fields kept there — a style
    /// slot, larger than any spec's fields (SpecArenaTests checks every built-in spec's; `SpecSlab.addChunk`
    /// checks the type that adds a chunk with a memory guard).
    @inlinable static var specSlotStride: Int {
        let largest = Swift.max(MemoryLayout<StackLayoutSpec.Fields>.size, MemoryLayout<InsetLayoutSpec.Fields>.size,
                                MemoryLayout<RatioLayoutSpec.Fields>.size, MemoryLayout<LayoutSpec.Fields>.size,
                                MemoryLayout<SpecStyleSlot>.size)
        return (8 + largest + 7) & ~7
    }

    /// The calling thread's arena while a region is open on it, else nil.
    @inlinable @inline(__always)
    static var currentInRegion: UnsafeMutablePointer<SpecArena>? {
        guard let raw = loom_current_spec_arena() else { return nil }
        let arena = raw.assumingMemoryBound(to: SpecArena.self)
        return arena.pointee.depth > 0 ? arena : nil
    }

    /// Where a spec built now keeps its fields: the calling thread's arena, its innermost open region
    /// ready for building (marked, `markOpenRegions`), or nil outside every region (specs then use heap
    /// boxes). One load of a thread-local that holds the arena exactly while its innermost region is
    /// marked (`loom_spec_build_arena`: cleared when a region opens, set again by the first build in it
    /// and by the close of a marked region nested in a marked one). Through the arena's own thread-local,
    /// every spec initializer read it, tested it, read the depth and tested it, and then compared the
    /// marked depth with the depth.
    @inlinable @inline(__always)
    static var forBuilding: UnsafeMutablePointer<SpecArena>? {
        if let raw = loom_current_spec_build_arena() { return raw.assumingMemoryBound(to: SpecArena.self) }
        return specArenaPreparingCurrentRegion()
    }

    /// The calling thread's arena (made on first use; freed by the pthread key's destructor when the
    /// thread exits).
    @inlinable @inline(__always)
    static var current: UnsafeMutablePointer<SpecArena> {
        if let raw = loom_current_spec_arena() { return raw.assumingMemoryBound(to: SpecArena.self) }
        return makeCurrent()
    }

    private static let key = ThreadOwnedValue.key { raw in
        ThreadOwnedValue.destroy(raw, as: SpecArena.self, publish: { loom_set_current_spec_arena($0) }) { arena in
            loom_set_current_spec_build_arena(nil)
            SpecSlab<SpecStyleSlot>.release(arena.pointer(to: \.specs)!, arena: arena)
            SpecElementSlot.truncate(arena.pointer(to: \.elements)!, to: 0)
            SpecSlab<SpecElementSlot>.release(arena.pointer(to: \.elements)!, arena: arena)
            arena.pointee.childRuns.release()
            arena.pointee.marks?.deallocate()
        }
    }

    @usableFromInline @inline(never)
    static func makeCurrent() -> UnsafeMutablePointer<SpecArena> {
        ThreadOwnedValue.make(SpecArena(), key: key, publish: { loom_set_current_spec_arena($0) })
    }

    /// Where each slab stood when a region opened.
    @usableFromInline
    struct Mark {
        @usableFromInline let specs: Int, elements: Int
        @usableFromInline let childRuns: SpecChildRuns.Mark
        @inlinable init(specs: Int, elements: Int, childRuns: SpecChildRuns.Mark) {
            self.specs = specs
            self.elements = elements
            self.childRuns = childRuns
        }
    }

    @inlinable
    var mark: Mark {
        Mark(specs: specs.count, elements: elements.count, childRuns: childRuns.mark)
    }

    /// Live spec slots over all slabs, element children not counted (tests: a closed region leaves none
    /// behind).
    @usableFromInline
    var liveSpecCount: Int { specs.count }

    /// Element children alive in this arena (tests).
    var liveElementCount: Int { elements.count }
}

/// `SpecArena.forBuilding` when its thread-local is not set: the first build in a region (which takes the
/// mark of every open region without one and sets the thread-local), or a build outside every region (nil).
/// A free function, not a static one: a static one's unused metatype argument made it a thunk to a
/// specialization.
@usableFromInline @inline(never)
func specArenaPreparingCurrentRegion() -> UnsafeMutablePointer<SpecArena>? {
    guard let raw = loom_current_spec_arena() else { return nil }
    let arena = raw.assumingMemoryBound(to: SpecArena.self)
    let depth = arena.pointee.depth
    guard depth > 0 else { return nil }
    if arena.pointee.markedDepth < depth { arena.markOpenRegions() }
    loom_set_current_spec_build_arena(raw)
    return arena
}
