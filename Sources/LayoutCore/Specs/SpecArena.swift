#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CThreadLocal

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

/// The slots of a slab (the built-in specs' and their styles', or the element children's): chunks that never
/// move (handles point into them), filled and emptied like a stack — a region's mark is the slab's count
/// before anything was built in it. A slot is a generation word followed by the fields (at offset 8: every
/// spec's fields are 8-byte aligned); the fields are initialized exactly while the generation is non-zero.
/// Plain memory behind a pointer: no reference counting on the spec path.
@usableFromInline
struct SpecSlabState {
    /// The chunk table (`chunkCount` chunks, room for `tableCapacity`).
    @usableFromInline var table: UnsafeMutablePointer<UnsafeMutableRawPointer>?
    @usableFromInline var chunkCount = 0
    @usableFromInline var tableCapacity = 0
    /// Slots in use: `0 ..< count`, in the order they were filled.
    @usableFromInline var count = 0
    /// The generation word of slot `count` while `next < chunkEnd`, the end of its chunk: `SpecSlab.reserve`
    /// takes a slot with a compare, an add and two stores. Equal to `chunkEnd` when the slot is not in a
    /// chunk yet (both `noSlot` in an empty slab) or when `next` is stale (a truncation in progress):
    /// `reserve` then takes its slow path, which sets them from `count`. Through `count` and the chunk
    /// table, every slot paid for that lookup.
    @usableFromInline var next = SpecSlabState.noSlot
    @usableFromInline var chunkEnd = SpecSlabState.noSlot

    @usableFromInline init() {}

    /// `next` and `chunkEnd` when slot `count` has no chunk to be taken from.
    @inlinable static var noSlot: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 8).unsafelyUnwrapped }
}

/// The operations on a slab of `Fields` (its state is a `SpecSlabState` inside the arena).
@usableFromInline
enum SpecSlab<Fields: SpecFields> {
    /// Slots per chunk (a power of two); a typical cell's layout uses a handful per spec type.
    @inlinable static var chunkShift: Int { 6 }
    @inlinable static var chunkCapacity: Int { 1 << chunkShift }
    @inlinable static var slotStride: Int { Fields.slotStride }

    /// The fields of slot `index` (initialized or not).
    @inlinable @inline(__always)
    static func fields(_ slab: UnsafeMutablePointer<SpecSlabState>, _ index: Int) -> UnsafeMutablePointer<Fields> {
        (slab.pointee.table.unsafelyUnwrapped[index >> chunkShift] + (index & (chunkCapacity - 1)) * slotStride + 8)
            .assumingMemoryBound(to: Fields.self)
    }

    /// Takes the next slot; the caller initializes its fields and then stamps its generation.
    @inlinable @inline(__always)
    static func reserve(_ slab: UnsafeMutablePointer<SpecSlabState>) -> UnsafeMutablePointer<Fields> {
        let slot = slab.pointee.next
        guard slot != slab.pointee.chunkEnd else { return reserveFromTable(slab) }
        slab.pointee.next = slot + slotStride
        slab.pointee.count &+= 1
        return (slot + 8).assumingMemoryBound(to: Fields.self)
    }

    /// `reserve` when slot `count` is not at `next`: in the next chunk (added if there is none yet), or
    /// anywhere after a truncation that ran a deinit. Sets `next` and `chunkEnd` for the slot after it.
    @usableFromInline @inline(never)
    static func reserveFromTable(_ slab: UnsafeMutablePointer<SpecSlabState>) -> UnsafeMutablePointer<Fields> {
        if slab.pointee.count == slab.pointee.chunkCount << chunkShift { addChunk(slab) }
        syncNext(slab)
        let slot = slab.pointee.next
        slab.pointee.next = slot + slotStride
        slab.pointee.count += 1
        return (slot + 8).assumingMemoryBound(to: Fields.self)
    }

    /// Points `next` at slot `count` and `chunkEnd` at the end of its chunk, or both at `noSlot` when that
    /// slot has no chunk yet.
    @inlinable @inline(__always)
    static func syncNext(_ slab: UnsafeMutablePointer<SpecSlabState>) {
        let count = slab.pointee.count
        guard count < slab.pointee.chunkCount << chunkShift else {
            slab.pointee.next = SpecSlabState.noSlot
            slab.pointee.chunkEnd = SpecSlabState.noSlot
            return
        }
        let chunk = slab.pointee.table.unsafelyUnwrapped[count >> chunkShift]
        slab.pointee.next = chunk + (count & (chunkCapacity - 1)) &* slotStride
        slab.pointee.chunkEnd = chunk + chunkCapacity &* slotStride
    }

    /// Makes `reserve` take its slow path (which reads `count`) until `syncNext`: while a truncation runs
    /// deinits that may build specs.
    @inlinable @inline(__always)
    static func invalidateNext(_ slab: UnsafeMutablePointer<SpecSlabState>) {
        slab.pointee.next = SpecSlabState.noSlot
        slab.pointee.chunkEnd = SpecSlabState.noSlot
    }

    /// Fills the next slot with `value`, stamped with `generation`; returns where the fields are.
    @inlinable @inline(__always)
    static func fill(_ slab: UnsafeMutablePointer<SpecSlabState>, _ value: consuming Fields,
                     generation: UInt64) -> UnsafeMutablePointer<Fields> {
        let fields = reserve(slab)
        fields.initialize(to: value)
        setGeneration(generation, of: fields)
        return fields
    }

    /// The generation word in front of a slot's fields.
    @inlinable @inline(__always)
    static func generation(of fields: UnsafeMutablePointer<Fields>) -> UInt64 {
        (UnsafeRawPointer(fields) - 8).load(as: UInt64.self)
    }

    @inlinable @inline(__always)
    static func setGeneration(_ generation: UInt64, of fields: UnsafeMutablePointer<Fields>) {
        (UnsafeMutableRawPointer(fields) - 8).storeBytes(of: generation, as: UInt64.self)
    }

    @usableFromInline @inline(never)
    static func addChunk(_ slab: UnsafeMutablePointer<SpecSlabState>) {
        // Memory guards (a slot written past its end would corrupt its neighbour's generation word); on a
        // chunk's allocation only, and constant for each `Fields`.
        memoryGuard(MemoryLayout<Fields>.alignment <= 8, "spec fields must be at most 8-byte aligned")
        memoryGuard(8 + MemoryLayout<Fields>.size <= slotStride, "spec fields larger than their slab's slots")
        if slab.pointee.chunkCount == slab.pointee.tableCapacity {
            let capacity = Swift.max(4, slab.pointee.tableCapacity * 2)
            let table = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: capacity)
            if let old = slab.pointee.table {
                table.moveInitialize(from: old, count: slab.pointee.chunkCount)
                old.deallocate()
            }
            slab.pointee.table = table
            slab.pointee.tableCapacity = capacity
        }
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: slotStride * chunkCapacity, alignment: 8)
        // Generation 0: no fields yet. Only the generation words are written; the fields stay
        // uninitialized memory until `fill`.
        for index in 0..<chunkCapacity {
            (chunk + index * slotStride).storeBytes(of: 0, as: UInt64.self)
        }
        (slab.pointee.table.unsafelyUnwrapped + slab.pointee.chunkCount).initialize(to: chunk)
        slab.pointee.chunkCount += 1
    }

    /// Destroys the fields of every slot filled since `mark` (newest first) and frees those slots.
    /// Inlined into its two callers (a region's close, a thread's exit): as calls, a region's close made
    /// five, one per slab, each saving and restoring registers.
    @usableFromInline @inline(__always)
    static func truncate(_ slab: UnsafeMutablePointer<SpecSlabState>, to mark: Int,
                         arena: UnsafeMutablePointer<SpecArena>) {
        if _isPOD(Fields.self) { return truncateTrivial(slab, to: mark) }
        while slab.pointee.count > mark {
            slab.pointee.count -= 1
            invalidateNext(slab)
            let fields = fields(slab, slab.pointee.count)
            Fields.destroy(fields, in: arena)
            setGeneration(0, of: fields)
        }
        syncNext(slab)
    }

    /// `truncate` for fields with nothing to destroy (every built-in spec's, a style's): only the
    /// generation words of the slots filled since `mark` are zeroed — what makes a handle to them fail its
    /// check — chunk by chunk, one table lookup per chunk and a store and a step per slot. Slot by slot
    /// through `fields(_:_:)` and a no-op `deinitialize`, the five trivial slabs paid that path for every
    /// slot.
    @usableFromInline @inline(__always)
    static func truncateTrivial(_ slab: UnsafeMutablePointer<SpecSlabState>, to mark: Int) {
        var end = slab.pointee.count
        guard end > mark else { return }
        slab.pointee.count = mark
        let table = slab.pointee.table.unsafelyUnwrapped
        var chunk: UnsafeMutableRawPointer
        repeat {
            let last = end &- 1
            let start = Swift.max(mark, last & ~(chunkCapacity - 1))
            chunk = table[last >> chunkShift]
            var word = chunk + (last & (chunkCapacity - 1)) &* slotStride
            // Down to the word of the slot before `start` (never written): a store, a step and a compare
            // per slot, where a count of the slots left was one more.
            let stop = chunk + ((start & (chunkCapacity - 1)) &- 1) &* slotStride
            repeat {
                word.storeBytes(of: 0, as: UInt64.self)
                word -= slotStride
            } while word != stop
            end = start
        } while end > mark
        // The last pass ended at `mark`, in its chunk: `next` is slot `mark` there (`syncNext` would find
        // it through the table again).
        slab.pointee.next = chunk + (mark & (chunkCapacity - 1)) &* slotStride
        slab.pointee.chunkEnd = chunk + chunkCapacity &* slotStride
    }

    /// Empties the slab and frees its memory (the arena's thread is exiting).
    static func release(_ slab: UnsafeMutablePointer<SpecSlabState>, arena: UnsafeMutablePointer<SpecArena>) {
        truncate(slab, to: 0, arena: arena)
        if let table = slab.pointee.table {
            for index in 0..<slab.pointee.chunkCount { table[index].deallocate() }
            table.deallocate()
        }
        slab.pointee = SpecSlabState()
    }
}

/// The arena of one thread: a slab per built-in spec type that keeps its fields here, the depth of open
/// regions, and the generation new slots are stamped with. Allocated once per thread and reached through
/// a C11 thread-local; plain memory, so reaching it retains nothing.
@usableFromInline
struct SpecArena {
    /// The fields of the built-in specs (stack, inset, ratio, plain) and their custom styles
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

    /// The size of a slot of `specs`: a generation word and the largest of the fields kept there.
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

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { raw in
            guard let raw else { return }
            loom_set_current_spec_arena(nil)
            loom_set_current_spec_build_arena(nil)
            let arena = raw.assumingMemoryBound(to: SpecArena.self)
            SpecSlab<SpecStyleSlot>.release(arena.pointer(to: \.specs)!, arena: arena)
            SpecElementSlot.truncate(arena.pointer(to: \.elements)!, to: 0)
            SpecSlab<SpecElementSlot>.release(arena.pointer(to: \.elements)!, arena: arena)
            arena.pointee.childRuns.release()
            arena.pointee.marks?.deallocate()
            arena.deinitialize(count: 1)
            arena.deallocate()
        }
        precondition(rc == 0, "pthread_key_create failed with \(rc)")
        return key
    }()

    @usableFromInline @inline(never)
    static func makeCurrent() -> UnsafeMutablePointer<SpecArena> {
        let arena = UnsafeMutablePointer<SpecArena>.allocate(capacity: 1)
        arena.initialize(to: SpecArena())
        pthread_setspecific(key, arena)
        loom_set_current_spec_arena(arena)
        return arena
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

extension UnsafeMutablePointer where Pointee == SpecArena {
    /// What every build in a region relies on: the arena came from `SpecArena.forBuilding`, so the
    /// innermost region has its mark (it keeps it until it closes; regions opened meanwhile are closed).
    @inlinable @inline(__always)
    func assertPreparedToBuild() {
        assert(pointee.depth > 0 && pointee.markedDepth == pointee.depth, "not from SpecArena.forBuilding")
    }

    /// Before anything is built in the current region: takes the mark of every open region that has none
    /// yet (all the same: nothing was built since the outermost of them opened).
    @inline(__always)
    func markOpenRegions() {
        assert(pointee.markedDepth < pointee.depth, "called by specArenaPreparingCurrentRegion only")
        if pointee.depth > pointee.markCapacity { growMarks() }
        let mark = pointee.mark
        var markedDepth = pointee.markedDepth
        let marks = pointee.marks.unsafelyUnwrapped
        repeat {
            (marks + markedDepth).initialize(to: mark)
            markedDepth &+= 1
        } while markedDepth < pointee.depth
        pointee.markedDepth = markedDepth
    }

    /// Room for a mark per open region. A call of its own: inlined, its registers were saved and restored
    /// on every first build in a region.
    @usableFromInline @inline(never)
    func growMarks() {
        let capacity = Swift.max(8, pointee.depth * 2)
        let marks = UnsafeMutablePointer<SpecArena.Mark>.allocate(capacity: capacity)
        if let old = pointee.marks {
            marks.moveInitialize(from: old, count: pointee.markedDepth)
            old.deallocate()
        }
        pointee.marks = marks
        pointee.markCapacity = capacity
    }

    /// Opens a region (not marked: nothing is built in it yet, so `forBuilding` must not find it ready).
    @inlinable @inline(__always)
    func openRegion() {
        pointee.depth += 1
        loom_set_current_spec_build_arena(nil)
    }

    /// Closes the innermost region: if anything was built in it, destroys what was and retires the
    /// generation (nothing built, nothing freed: no handle can go stale). A region that built nothing
    /// leaves the build thread-local as it is: nil since the region opened (a build would have marked it).
    /// The enclosing region's first build then finds it again, through `specArenaPreparingCurrentRegion`.
    @inlinable @inline(__always)
    func closeRegion() {
        if pointee.markedDepth == pointee.depth { truncateInnermostRegion() }
        pointee.depth -= 1
    }

    @usableFromInline @inline(never)
    func truncateInnermostRegion() {
        let mark = pointee.marks.unsafelyUnwrapped[pointee.markedDepth &- 1]
        // The element children go first, while the region is still marked: releasing one runs its deinit,
        // user code that may build specs (with element children of their own). Those live in this region
        // and the truncations below destroy them too. With the mark taken away first, such a build marked
        // the closing region again: its specs and elements outlived it and the marks lost step with the
        // depth (SpecRegionDeinitBuildTests).
        SpecElementSlot.truncate(pointer(to: \.elements)!, to: mark.elements)
        // Every type kept in `specs` is trivial (nothing to destroy): zeroing the generation words is all.
        assert(_isPOD(StackLayoutSpec.Fields.self) && _isPOD(InsetLayoutSpec.Fields.self)
               && _isPOD(RatioLayoutSpec.Fields.self) && _isPOD(LayoutSpec.Fields.self) && _isPOD(SpecStyleSlot.self))
        SpecSlab<SpecStyleSlot>.truncateTrivial(pointer(to: \.specs)!, to: mark.specs)
        pointee.childRuns.truncate(to: mark.childRuns)
        pointee.markedDepth -= 1
        pointee.generation &+= 1
        // Every open region was marked with this one, so the enclosing region (if any) is ready for building.
        loom_set_current_spec_build_arena(pointee.depth > 1 ? UnsafeMutableRawPointer(self) : nil)
    }
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

/// Spec regions: the built-in specs (stack, inset, ratio, plain/spacer) built inside `with` keep their
/// fields in the calling thread's arena, without allocating, and are destroyed when it returns.
public enum LayoutSpecRegion {
    /// Runs `body` inside a spec region of the calling thread. Nothing `body` returns may hold a spec built
    /// inside it (a `Layout` holds none). Regions nest.
    @inlinable @inline(__always)
    public static func with<R>(_ body: () throws -> R) rethrows -> R {
        let arena = SpecArena.current
        arena.openRegion()
        // Closed on both paths without `defer`, which the compiler outlined into a call of its own.
        let result: R
        do {
            result = try body()
        } catch {
            arena.closeRegion()
            throw error
        }
        arena.closeRegion()
        return result
    }

    /// Whether a region is open on the calling thread.
    public static var isOpen: Bool { SpecArena.currentInRegion != nil }

    /// Specs alive in the calling thread's arena (0 outside every region: a closed
    /// region leaves none).
    public static var liveSpecCount: Int { SpecArena.current.pointee.liveSpecCount }
}
