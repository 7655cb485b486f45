// How a built-in spec holds its children (issue #6's engine ÷ manual): a `SpecChild` — a kind and the
// address of what it refers to — instead of an `any LayoutElement` per child.
//
// A child built in the same spec region as its parent (the usual case: a layoutSpecThatFits builds the
// whole tree at once) is referred to by its arena slot, so the parent lays it out by a direct call of its
// kind's layout function on its fields: no existential copied into a children array at construction, none
// destroyed when the region closes, no witness call per child per step, and the child's style read
// straight from its fields. Anything else — a node, a user's element, a built-in spec without a kind
// of its own here (an overlay, a corner…), a spec boxed outside a region — is an *element child*: the existential itself, kept once
// (in the arena's element slab inside a region, in the parent's `SpecElements` box outside) and called
// through its witnesses exactly as before.
//
// A `SpecChild` is a trivial value (no references): it is valid while what it points at lives — the
// region's slots until the region closes, the parent's elements box while the parent's fields hold it.
//
// Invariants:
// - A `SpecChild` points at a spec slot of the region its parent was built in, at an element slot of that
//   region's element slab, or into its parent's `SpecElements` box; it is valid exactly as long as that.
// - Element slots carry no generation (no handle refers to them; only their region's specs, which die with
//   them); a region's close releases them newest first, before the spec slots are zeroed.
// - `isObject` is true only for an element whose first existential word is its one strong reference.

/// What a `SpecChild` refers to.
@usableFromInline
enum SpecChildKind: UInt8 {
    /// An `any LayoutElement` kept by the parent (`pointer` is its address).
    case element
    /// The fields of a built-in spec in an arena slot of the open region.
    case stack, inset, ratio, plain
    /// An `any LayoutNodeElement` (a node) kept in the open region's element slab (`pointer` is its
    /// address): called through its witness table with no existential buffer to project.
    case node
}

/// One child of a built-in spec (see the top of this file).
@usableFromInline
struct SpecChild {
    @usableFromInline var kind: SpecChildKind
    @usableFromInline var pointer: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(kind: SpecChildKind, pointer: UnsafeMutableRawPointer) {
        self.kind = kind
        self.pointer = pointer
    }

    /// The element of an element child.
    @inlinable @inline(__always)
    var element: UnsafeMutablePointer<any LayoutElement> {
        pointer.assumingMemoryBound(to: (any LayoutElement).self)
    }

    /// The node of a node child.
    @inlinable @inline(__always)
    var node: UnsafeMutablePointer<any LayoutNodeElement> {
        pointer.assumingMemoryBound(to: (any LayoutNodeElement).self)
    }

    /// The child of a spec built in `arena`'s open region: its slot when it is a built-in spec of that
    /// region, else the element, copied into a slot of the arena's element slab until the region closes.
    /// Read where it is (`child`: an element of the caller's array or argument, never mutated here): see
    /// `ElementInPlace` for why not by value.
    @inlinable @inline(__always)
    static func make(_ child: UnsafeMutablePointer<any LayoutElement>, in arena: UnsafeMutablePointer<SpecArena>)
        -> SpecChild {
        if let spec = specChild(&child.pointee) { return spec }
        let element = reserveElement(in: arena, isObject: false)
        element.initialize(to: child.pointee)
        return kept(element)
    }

    /// `make` for a child the caller hands over (an inset's or a ratio's): kept as an element, it is moved
    /// into its slot instead of copied (a retain and a release fewer for a node).
    @inlinable @inline(__always)
    static func make(consuming child: consuming any LayoutElement, in arena: UnsafeMutablePointer<SpecArena>)
        -> SpecChild {
        var child = child
        if let spec = specChild(&child) { return spec }
        let element = reserveElement(in: arena, isObject: false)
        element.initialize(to: consume child)
        return kept(element)
    }

    /// The child by its slot when `element` is a built-in spec of the open region.
    @inlinable @inline(__always)
    static func specChild(_ element: inout any LayoutElement) -> SpecChild? {
        let slot = ElementInPlace.layoutSpecSlot(&element)
        guard let fields = slot.fields else { return nil }
        return SpecChild(kind: slot.kind, pointer: fields)
    }

    /// Room for an element child in the element slab of `arena` (from `SpecArena.forBuilding`): initialize
    /// it, then `kept`. Initialized by the caller, each in its own way: a copy from where it is, or a move.
    /// `isObject`: the element will be a class instance (SpecElementSlot.isObject), known to callers that
    /// have the element's own type.
    @inlinable @inline(__always)
    static func reserveElement(in arena: UnsafeMutablePointer<SpecArena>, isObject: Bool)
        -> UnsafeMutablePointer<any LayoutElement> {
        arena.assertPreparedToBuild()
        let slot = SpecSlab<SpecElementSlot>.reserve(arena.pointer(to: \.elements).unsafelyUnwrapped)
        slot.pointer(to: \.isObject).unsafelyUnwrapped.initialize(to: isObject)
        return slot.pointer(to: \.element).unsafelyUnwrapped
    }

    /// The child of an element `reserveElement` gave room for, now initialized. (Element slots carry no
    /// generation: no handle refers to them, only their region's specs, which die with them.)
    @inlinable @inline(__always)
    static func kept(_ element: UnsafeMutablePointer<any LayoutElement>) -> SpecChild {
        SpecChild(kind: .element, pointer: UnsafeMutableRawPointer(element))
    }

    /// The child as an element again (what a spec's `children` / `child` getter hands out): the element
    /// itself, or a handle of the spec in its slot.
    func asElement() -> any LayoutElement {
        switch kind {
        case .element: element.pointee
        case .node: node.pointee
        case .stack: StackLayoutSpec(storage: SpecStorage(liveSlot: pointer.assumingMemoryBound(to: StackLayoutSpec.Fields.self)))
        case .inset: InsetLayoutSpec(storage: SpecStorage(liveSlot: pointer.assumingMemoryBound(to: InsetLayoutSpec.Fields.self)))
        case .ratio: RatioLayoutSpec(storage: SpecStorage(liveSlot: pointer.assumingMemoryBound(to: RatioLayoutSpec.Fields.self)))
        case .plain: LayoutSpec(storage: SpecStorage(liveSlot: pointer.assumingMemoryBound(to: LayoutSpec.Fields.self)))
        }
    }
}

/// An element child kept in a spec region (the arena's `elements` slab): destroyed when the region closes.
@usableFromInline
struct SpecElementSlot: SpecFields {
    /// The element; for a node child (`SpecChildKind.node`) its first two words hold the child's
    /// `any LayoutNodeElement` instead (written as one, read as one), `isObject` set.
    @usableFromInline var element: any LayoutElement
    /// The element is a class instance — a node, the usual element child — so the existential's first
    /// word is its one strong reference: the region's close releases it directly, where destroying the
    /// existential went through its type's value witness (__swift_destroy_boxed_opaque_existential_1 →
    /// SwiftRetainableBox::destroy → swift_release).
    @usableFromInline var isObject: Bool

    @inlinable
    static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState> {
        arena.pointer(to: \.elements).unsafelyUnwrapped
    }

    /// The element slab's own slot size (not the spec slab's).
    @inlinable static var slotStride: Int { (8 + MemoryLayout<SpecElementSlot>.size + 7) & ~7 }

    @inlinable var customStyle: SpecStyleReference? {
        get { nil }
        set {}
    }

    /// Destroys the elements kept since `mark` (newest first) and frees their slots, also those that
    /// deinits of the elements take meanwhile. The slab's count drops before each element goes, as
    /// `SpecSlab.truncate`'s does (a deinit that builds specs takes slots past what is still alive).
    @usableFromInline @inline(__always)
    static func truncate(_ slab: UnsafeMutablePointer<SpecSlabState>, to mark: Int) {
        var index = slab.pointee.count
        guard index > mark else { return }
        // Slot by slot downwards from the last, stepping back a stride within a chunk (chunks never move,
        // even while a deinit adds some): the chunk table is read once per chunk, not once per slot.
        var slot = SpecSlab<SpecElementSlot>.fields(slab, index &- 1)
        // A deinit may take slots: through `reserve`'s slow path, from `count`. Whatever a deinit does to
        // the slab (takes slots, or takes and gives them back in a region of its own) leaves `next` valid
        // again — the slow path and a truncation both set it — so one invalidation here and a test of
        // `next` after each element tell the loop when to look again (rather than invalidating before every
        // element).
        SpecSlab<SpecElementSlot>.invalidateNext(slab)
        while true {
            index &-= 1
            slab.pointee.count = index
            if slot.pointee.isObject {
                // A class instance is stored inline: its reference is the existential's first word.
                let element = UnsafeRawPointer(slot.pointer(to: \.element).unsafelyUnwrapped)
                Unmanaged<AnyObject>.fromOpaque(element.load(as: UnsafeRawPointer.self)).release()
            } else {
                // Moved out of the slot before it is destroyed: a deinit that takes slots takes this one
                // first (the count is `index` now), and would write into a value being destroyed in place.
                _ = slot.pointer(to: \.element).unsafelyUnwrapped.move()
            }
            if slab.pointee.next != SpecSlabState.noSlot {
                SpecSlab<SpecElementSlot>.invalidateNext(slab)
                if slab.pointee.count > index {
                    // The deinit kept element children (of specs it built in this region): they go too,
                    // from the new last one down.
                    index = slab.pointee.count
                    slot = SpecSlab<SpecElementSlot>.fields(slab, index &- 1)
                    continue
                }
            }
            guard index > mark else { break }
            if index & (SpecSlab<SpecElementSlot>.chunkCapacity &- 1) == 0 {
                slot = SpecSlab<SpecElementSlot>.fields(slab, index &- 1)
            } else {
                slot = (UnsafeMutableRawPointer(slot) - slotStride).assumingMemoryBound(to: SpecElementSlot.self)
            }
        }
        // Every slot from `mark` on is empty now, whatever the deinits took meanwhile. `next` is the last
        // slot emptied (slot `mark`), in its chunk: no table lookup, as `syncNext` takes.
        assert(slab.pointee.count == mark)
        let capacity = SpecSlab<SpecElementSlot>.chunkCapacity
        let next = UnsafeMutableRawPointer(slot) - 8
        slab.pointee.next = next
        slab.pointee.chunkEnd = next + (capacity &- (mark & (capacity &- 1))) &* slotStride
    }
}

/// The children of a spec boxed outside any region, every one an element child: the elements and the run
/// of `SpecChild`s pointing at them, at addresses that stay put while the box lives (the spec's fields
/// point into it); shared by copies of the spec's fields.
@usableFromInline
final class SpecElements: ManagedBuffer<SpecElements.Header, any LayoutElement> {
    @usableFromInline
    struct Header {
        @usableFromInline let count: Int
        /// `count` element children, the i-th pointing at the i-th element.
        @usableFromInline let children: UnsafeMutablePointer<SpecChild>
    }

    /// A box holding `elements`.
    @usableFromInline
    static func make(_ elements: UnsafeBufferPointer<any LayoutElement>) -> SpecElements {
        let count = elements.count
        let box = unsafeDowncast(SpecElements.create(minimumCapacity: count) { _ in
            Header(count: count, children: .allocate(capacity: Swift.max(count, 1)))
        }, to: SpecElements.self)
        box.withUnsafeMutablePointers { header, base in
            if let source = elements.baseAddress { base.initialize(from: source, count: count) }
            for index in 0..<count {
                (header.pointee.children + index).initialize(
                    to: SpecChild(kind: .element, pointer: UnsafeMutableRawPointer(base + index)))
            }
        }
        return box
    }

    /// A box holding `element` alone.
    @usableFromInline
    static func make(_ element: any LayoutElement) -> SpecElements {
        withUnsafePointer(to: element) { make(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// The run of element children.
    @inlinable var children: UnsafeMutablePointer<SpecChild> { header.children }

    deinit {
        withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: header.pointee.count)
            header.pointee.children.deallocate()
        }
    }
}

/// What `LayoutElement.layoutSpecSlot` reports: a built-in spec built in the open spec region names the
/// kind and address of its fields, so a parent built in the same region refers to it there
/// (`SpecChild`); everything else reports `none` (the protocol's default) and is kept as an element.
public struct LayoutSpecSlot {
    /// Held as the kind itself: as a raw byte, turning it back (`SpecChildKind(rawValue:)`) was a call per
    /// spec child.
    @usableFromInline let kind: SpecChildKind
    /// Non-nil exactly for a spec in an arena slot (`kind` is then not `.element`).
    @usableFromInline let fields: UnsafeMutableRawPointer?

    @inlinable init(kind: SpecChildKind, fields: UnsafeMutableRawPointer?) {
        assert((fields == nil) == (kind == .element))
        self.kind = kind
        self.fields = fields
    }

    /// Not a spec in an arena slot.
    public static var none: LayoutSpecSlot { LayoutSpecSlot(kind: .element, fields: nil) }
}

extension SpecStorage {
    /// The slot report of a spec with this storage: its slot (checked live) or, boxed, none.
    @inlinable @inline(__always)
    func specSlot(_ kind: SpecChildKind) -> LayoutSpecSlot {
        guard case .slot(let slot, let generation) = home else { return .none }
        Self.checkLive(slot, generation)
        return LayoutSpecSlot(kind: kind, fields: UnsafeMutableRawPointer(slot))
    }
}
