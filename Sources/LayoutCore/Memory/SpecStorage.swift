// The handle a built-in spec keeps its fields behind (SpecArena.swift says why): three words, so that a
// spec fits an existential's inline buffer and `any LayoutElement` never boxes it. Inside a spec region
// the fields are a slot of the thread's arena; outside, a heap box.
//
// Value semantics either way: a copy of a spec shares the fields until one of the copies is mutated, and
// that copy then gets fields of its own — a new arena slot (the old one stays until its region closes) or,
// for a box that is not uniquely referenced, a new box.
//
// Invariants:
// - `home` is a slot (an arena slot and the generation it was filled in) or a box, never both; a slot's
//   fields are read only after `checkLive` (a memory guard in every build) found the generation unchanged.
// - A slot handle never outlives its region in a valid program; one that does stops at `checkLive`
//   instead of reading the slot's next tenant.
// - Fields are trivial types: a copy on write copies bytes, and only a box releases anything (the
//   elements owner of its fields, in `SpecBox.deinit`).

/// Spec fields that can live in a SpecArena: each names its slab.
@usableFromInline
protocol SpecFields {
    /// This type's slab in `arena` (the arena's shared spec slab by default).
    static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState>
    /// Bytes from one slot of the slab to the next, its generation word included: the arena's shared spec
    /// slot size by default (every built-in spec's fields and a style share one slab, SpecArena.specs).
    static var slotStride: Int { get }
    /// Destroys a slot's fields when its region closes. The default deinitializes them (nothing to do for
    /// the built-in specs' trivial fields).
    static func destroy(_ fields: UnsafeMutablePointer<Self>, in arena: UnsafeMutablePointer<SpecArena>)
    /// The spec's own style once it has one; nil while it has the default style, which specs share
    /// (SpecStorage+Style.swift).
    var customStyle: SpecStyleReference? { get set }
    /// A boxed spec's element children (SpecChild.swift), retained by the fields' box — nil in a region.
    /// Unmanaged, so that fields are a trivial type: copied as bytes, destroyed by doing nothing (a
    /// spec region's close, a copy on write). The box releases it (`SpecBox.deinit`) and retains it for
    /// a copy of the fields in another box.
    var elementsOwner: Unmanaged<SpecElements>? { get }
}

extension SpecFields {
    @inlinable static var slotStride: Int { SpecArena.specSlotStride }

    @inlinable
    static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState> {
        arena.pointer(to: \.specs).unsafelyUnwrapped
    }

    @inlinable var elementsOwner: Unmanaged<SpecElements>? { nil }

    @inlinable
    static func destroy(_ fields: UnsafeMutablePointer<Self>, in arena: UnsafeMutablePointer<SpecArena>) {
        fields.deinitialize(count: 1)
    }
}

/// The heap home of a spec's fields outside spec regions: the fields are the buffer's header and room for
/// a custom style its one element, so one allocation holds both at addresses that stay put while the box
/// lives. (The style element is a trivial type: it needs no deinitialization, initialized or not.)
@usableFromInline
final class SpecBox<Fields: SpecFields>: ManagedBuffer<Fields, LayoutElementStyle> {
    /// A box holding `fields`, which hand it their `elementsOwner`'s +1.
    @inlinable
    static func make(_ fields: Fields) -> SpecBox<Fields> {
        unsafeDowncast(SpecBox<Fields>.create(minimumCapacity: 1) { _ in fields }, to: SpecBox<Fields>.self)
    }

    /// A box holding a copy of `fields`, which stay where they are: the copy's owner is retained for it.
    @inlinable
    static func make(copying fields: Fields) -> SpecBox<Fields> {
        _ = fields.elementsOwner?.retain()
        return make(fields)
    }

    deinit {
        fields.pointee.elementsOwner?.release()
    }

    @inlinable
    var fields: UnsafeMutablePointer<Fields> { withUnsafeMutablePointerToHeader { $0 } }

    /// Where this box keeps a custom style.
    @inlinable
    var styleRoom: UnsafeMutablePointer<LayoutElementStyle> { withUnsafeMutablePointerToElements { $0 } }
}

@usableFromInline
struct SpecStorage<Fields: SpecFields>: @unchecked Sendable {
    /// Where the fields are. Sendable: a spec built in a region is used on its thread only
    /// (SpecArena.swift); a boxed one is copied on write, so sharing it across threads reads only.
    @usableFromInline
    enum Home {
        /// A slot of the arena of the region the spec was built in, and the generation it was filled in.
        case slot(UnsafeMutablePointer<Fields>, generation: UInt64)
        /// A heap box (outside regions).
        case box(SpecBox<Fields>)
    }

    /// One case or the other, not a slot and an optional box side by side: a spec of a region then holds
    /// no reference, and dropping its handle is an outlined test of the case where it was a
    /// swift_release of the nil box.
    @usableFromInline var home: Home

    /// The slot, nil for a boxed spec.
    @inlinable var slot: UnsafeMutablePointer<Fields>? {
        if case .slot(let slot, _) = home { return slot }
        return nil
    }

    /// A slot of `arena` (the calling thread's, from `SpecArena.forBuilding`) for a new spec's fields: the
    /// spec's initializer writes them in place, field by field, then makes its storage with
    /// `init(slot:in:)`. In place, and not through a closure: building the fields as a value and moving
    /// them into the slot copied a spec's ~300 bytes three times, and a captured child was copied instead
    /// of moved.
    @inlinable @inline(__always)
    static func reserveSlot(in arena: UnsafeMutablePointer<SpecArena>) -> SpecFieldsReference<Fields> {
        arena.assertPreparedToBuild()
        return SpecFieldsReference(SpecSlab<Fields>.reserve(Fields.slab(in: arena)))
    }

    /// Storage for a slot from `reserveSlot(in:)` whose fields are now initialized.
    @inlinable @inline(__always)
    init(slot: SpecFieldsReference<Fields>, in arena: UnsafeMutablePointer<SpecArena>) {
        let generation = arena.pointee.generation
        SpecSlab<Fields>.setGeneration(generation, of: slot.address)
        home = .slot(slot.address, generation: generation)
    }

    /// Storage for a slot that a parent refers to (`SpecChild.asElement`): the handle expects the
    /// generation the slot holds now.
    @inlinable
    init(liveSlot slot: UnsafeMutablePointer<Fields>) {
        home = .slot(slot, generation: SpecSlab<Fields>.generation(of: slot))
    }

    /// Storage in a heap box (outside spec regions).
    @inlinable
    init(boxing fields: consuming Fields) {
        home = .box(SpecBox.make(fields))
    }

    /// Whether the fields are an arena slot (tests).
    var isInArena: Bool { slot != nil }

    /// The fields, to read in place (`storage.fields.pointee.insets`): valid while this storage lives
    /// and is not mutated. Read through a pointer rather than a `_read` accessor: chained read
    /// coroutines copied the whole fields out (an outlined copy and destroy per read).
    @inlinable
    var fields: SpecFieldsReference<Fields> {
        switch home {
        case .slot(let slot, let generation):
            Self.checkLive(slot, generation)
            return SpecFieldsReference(slot)
        case .box(let box):
            return SpecFieldsReference(box.fields)
        }
    }

    /// The fields, to mutate in place: this storage's own copy first (copy on write), so other copies of
    /// the spec keep theirs.
    @inlinable
    mutating func uniqueFields() -> SpecFieldsReference<Fields> {
        SpecFieldsReference(uniqueFieldsAddress())
    }

    @inlinable
    mutating func uniqueFieldsAddress() -> UnsafeMutablePointer<Fields> {
        if case .slot(let slot, let generation) = home {
            Self.checkLive(slot, generation)
            // A matching generation means the slot's region is still open, so there is an arena in a
            // region; the copy goes to the innermost one.
            let arena = SpecArena.forBuilding.unsafelyUnwrapped
            let copy = SpecSlab<Fields>.fill(Fields.slab(in: arena), slot.pointee, generation: arena.pointee.generation)
            if let style = copy.pointee.customStyle {
                copy.pointee.customStyle = SpecStyleReference(SpecStyleSlot.make(copying: style.address, in: arena))
            }
            home = .slot(copy, generation: arena.pointee.generation)
            return copy
        }
        guard case .box(var box) = home else { fatalError("a spec storage is a slot or a box") }
        // `home`'s reference let go of first (a placeholder for the moment), so that only other copies of
        // the spec count against the box's uniqueness.
        home = .slot(UnsafeMutablePointer(bitPattern: 8).unsafelyUnwrapped, generation: 0)
        if !isKnownUniquelyReferenced(&box) {
            let copy = SpecBox.make(copying: box.fields.pointee)
            if let style = copy.fields.pointee.customStyle {
                copy.styleRoom.initialize(to: style.pointee)
                copy.fields.pointee.customStyle = SpecStyleReference(copy.styleRoom)
            }
            box = copy
        }
        home = .box(box)
        return box.fields
    }

    /// A handle whose slot was emptied or refilled since it was made escaped the spec region it was built
    /// in: a programmer error, stopped before it reads another spec's fields. A `memoryGuard`, not a
    /// `precondition`: -Ounchecked drops preconditions, and the slot may hold another spec's fields by now
    /// (MemoryGuard.swift).
    @inlinable
    static func checkLive(_ slot: UnsafeMutablePointer<Fields>, _ generation: UInt64) {
        memoryGuard(SpecSlab<Fields>.generation(of: slot) == generation,
                     "a layout spec was used after the layout it was built for ended (specs built in "
                         + "layoutSpecThatFits live until that layout is done; build a new one per layout)")
    }
}
