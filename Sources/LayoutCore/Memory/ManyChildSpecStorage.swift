// The storage of a spec with a run of children and one parameter (an overlay's child and overlay, a
// corner's child and corner, an absolute or wrapper spec's children): one fields type and one way to build,
// keep, hand out and replace its children, as SingleChildSpecStorage.swift has for the inset and the ratio,
// so that these specs read like Texture's rules and nothing else.
//
// Invariants:
// - The children are a `SpecChildren` run (SpecChildren.swift): in a region, cut from the arena's child
//   runs, each child a spec of the region by its slot or an element kept in the arena's element slab (all
//   live until the region closes, as the fields do); boxed, the run of an elements box kept by
//   `elementsOwner`, which the fields' box retains (`SpecBox.deinit` releases it) and which is nil in a
//   region.
// - The fields are a trivial type (no references: the owner is `Unmanaged`), so a region's close and a
//   copy on write copy or drop them as bytes.
// - A child index handed to `child(at:)` or `setChild(_:at:)` is below the run's count (a memory guard).

/// The fields of a spec with a run of children: its own style once it has one, its parameter, its children.
@usableFromInline
struct ManyChildFields<Parameter>: ManyChildSpecFields, ParameterizedSpecFields {
    @usableFromInline var customStyle: SpecStyleReference? = nil
    @usableFromInline var parameter: Parameter
    @usableFromInline var children: SpecChildren
    @usableFromInline var elementsOwner: Unmanaged<SpecElements>?

    @inlinable
    init(parameter: Parameter, children: SpecChildren, elementsOwner: Unmanaged<SpecElements>?) {
        self.parameter = parameter
        self.children = children
        self.elementsOwner = elementsOwner
    }
}

extension SpecStorage {
    /// The storage of a new spec with `children`: in the open region of the calling thread's arena (from
    /// `SpecArena.forBuilding`) a slot and a run of the region, each child by its slot when it is a spec of
    /// the region; outside any region, a box, its children in a box of elements.
    @inlinable
    init<Parameter>(parameter: Parameter, children: borrowing [any LayoutElement])
        where Fields == ManyChildFields<Parameter> {
        if let arena = SpecArena.forBuilding {
            let run = arena.childRun(of: children)
            let fields = Self.reserveSlot(in: arena)
            fields.initialize(to: Fields(parameter: parameter, children: run, elementsOwner: nil))
            self.init(slot: fields, in: arena)
        } else {
            let box = SpecElements.make(children)
            self.init(boxing: Fields(parameter: parameter,
                                     children: SpecChildren(base: box.children, count: children.count),
                                     elementsOwner: .passRetained(box)))
        }
    }
}

extension SpecStorage where Fields: ManyChildSpecFields {
    /// The number of children.
    var childCount: Int { fields.pointee.children.count }

    /// Child `index` as an element.
    func child(at index: Int) -> any LayoutElement {
        let children = fields.pointee.children
        memoryGuard(index >= 0 && index < children.count, "a spec's child index out of range")
        return children[index].asElement()
    }

    /// Replaces child `index`: a new run with the others as they were (copy on write, as `children`).
    mutating func setChild(_ element: any LayoutElement, at index: Int) {
        var all = children
        memoryGuard(index >= 0 && index < all.count, "a spec's child index out of range")
        all[index] = element
        children = all
    }
}
