// The slab: chunked slots for spec fields, filled and emptied like a stack (SpecArena.swift says what
// lives in them and why).
//
// Invariants:
// - Chunks never move and are freed only when the arena's thread exits: a slot's address stays valid for
//   the arena's life; what it holds is valid only while its generation word is non-zero and equals the
//   generation its handle expects (SpecStorage.checkLive, a memory guard on in every build).
// - Slots `0 ..< count` are in use, in the order they were filled; `next`/`chunkEnd` either point at slot
//   `count` inside its chunk or both equal `noSlot` (then `reserve` takes its slow path and re-syncs).
// - A slot's fields are initialized exactly while its generation word is non-zero; truncation zeroes the
//   words of the slots it frees (and destroys non-trivial fields first, newest first).
// - Only the arena's own thread touches a slab (no lock): the arena is reached through a thread-local.

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
