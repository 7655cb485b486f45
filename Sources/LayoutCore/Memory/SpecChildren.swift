// The children of a spec with many (a stack): a run of `SpecChild`s, written once when the spec is built
// and never changed (setting `children` makes a new run), so copies of the spec's fields share it.
//
// Invariants:
// - In a region, a run is cut from the arena's child runs (SpecChildRuns.swift) and lives until the region
//   closes; each child is a spec of the region by its slot, a node or another element kept in the arena's
//   element slab (SpecChild.swift). Boxed, the run and its elements are a `SpecElements` box's, retained
//   by the fields' box through `elementsOwner`.
// - A `SpecChildWriter` writes each of its `count` children exactly once before the spec that keeps the
//   run is made; nothing reads the run before.
// - `base` is nil exactly when `count` is 0.

/// A spec's run of children.
@usableFromInline
struct SpecChildren {
    /// `count` children (SpecChild.swift); nil only when there are none.
    @usableFromInline let base: UnsafeMutablePointer<SpecChild>?
    @usableFromInline let count: Int

    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<SpecChild>?, count: Int) {
        self.base = base
        self.count = count
    }

    /// Child `index`.
    @inlinable @inline(__always)
    subscript(index: Int) -> SpecChild { base.unsafelyUnwrapped[index] }

    /// The children as elements again (what a spec's `children` getter hands out).
    var elements: [any LayoutElement] {
        (0..<count).map { self[$0].asElement() }
    }

    /// Runs `body` with `elements` as element children (tests drive the stack algorithm without a spec).
    static func withElements<R>(_ elements: [any LayoutElement], _ body: (SpecChildren) -> R) -> R {
        elements.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: SpecChild.self, capacity: buffer.count) { run in
                for index in buffer.indices {
                    run.initializeElement(at: index, to: SpecChild(
                        kind: .element, pointer: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + index)))
                }
                return body(SpecChildren(base: run.baseAddress, count: buffer.count))
            }
        }
    }
}

/// Writes the children of a spec being built in a region, one by one, into the run it reserved.
@usableFromInline
struct SpecChildWriter {
    @usableFromInline let run: UnsafeMutablePointer<SpecChild>
    @usableFromInline let count: Int
    @usableFromInline let arena: UnsafeMutablePointer<SpecArena>

    @inlinable @inline(__always)
    init(run: UnsafeMutablePointer<SpecChild>, count: Int, arena: UnsafeMutablePointer<SpecArena>) {
        self.run = run
        self.count = count
        self.arena = arena
    }

    /// Child `index` (written once), read where it is and of its own type (SpecChild.write).
    @inlinable @inline(__always)
    func write<Element: LayoutElement>(_ element: borrowing Element, at index: Int) {
        SpecChild.write(element, to: run + index, in: arena)
    }

    /// The run, once every child is written.
    @inlinable @inline(__always)
    var children: SpecChildren { SpecChildren(base: run, count: count) }
}

extension UnsafeMutablePointer where Pointee == SpecArena {
    /// A run of `count` > 0 children for a spec being built in this arena's open region (from
    /// `SpecArena.forBuilding`), to write with the returned writer.
    @inlinable @inline(__always)
    func reserveChildren(_ count: Int) -> SpecChildWriter {
        SpecChildWriter(run: pointee.childRuns.reserve(count), count: count, arena: self)
    }

    /// `children` as a run of this arena's open region: each child by its slot when it is a built-in spec
    /// of the region, else kept as an element (SpecChild.swift). Read by address: `children[index]` copies
    /// the element out of the array (SpecChild.make).
    @inlinable @inline(__always)
    func childRun(of children: borrowing [any LayoutElement]) -> SpecChildren {
        let count = children.count
        guard count > 0 else { return SpecChildren(base: nil, count: 0) }
        let run = pointee.childRuns.reserve(count)
        children.withUnsafeBufferPointer { buffer in
            let base = UnsafeMutablePointer<any LayoutElement>(mutating: buffer.baseAddress.unsafelyUnwrapped)
            for index in 0..<count { (run + index).initialize(to: SpecChild.make(base + index, in: self)) }
        }
        return SpecChildren(base: run, count: count)
    }
}

/// Fields of a spec whose children, outside a region, a box of elements keeps (`elementsOwner`).
@usableFromInline
protocol ChildOwningSpecFields: SpecFields {
    var elementsOwner: Unmanaged<SpecElements>? { get set }
}

extension ChildOwningSpecFields {
    /// A new run of children for these fields, replacing what they had: of the open region's arena
    /// (`arena`), else a new box of elements that the fields keep. The fields are a slot's (never owning)
    /// or a box's now unique to this spec, whose old owner goes.
    @inlinable
    mutating func replacingChildren(with elements: borrowing [any LayoutElement],
                                    arena: UnsafeMutablePointer<SpecArena>?) -> SpecChildren {
        elementsOwner?.release()
        guard let arena else {
            let box = SpecElements.make(elements)
            elementsOwner = .passRetained(box)
            return SpecChildren(base: box.children, count: elements.count)
        }
        elementsOwner = nil
        return arena.childRun(of: elements)
    }
}

/// Fields of a spec with a run of children (a stack's).
@usableFromInline
protocol ManyChildSpecFields: ChildOwningSpecFields {
    var children: SpecChildren { get set }
}

extension ManyChildSpecFields {
    /// New children (`replacingChildren`).
    @inlinable
    mutating func setChildren(_ children: borrowing [any LayoutElement], arena: UnsafeMutablePointer<SpecArena>?) {
        self.children = replacingChildren(with: children, arena: arena)
    }
}

extension SpecStorage where Fields: ManyChildSpecFields {
    /// The spec's children as elements; setting them gives this spec fields of its own first (copy on write).
    var children: [any LayoutElement] {
        get { fields.pointee.children.elements }
        set {
            let arena: UnsafeMutablePointer<SpecArena>? = slot == nil ? nil : SpecArena.forBuilding
            uniqueFields().pointee.setChildren(newValue, arena: arena)
        }
    }
}

extension SpecElements {
    /// A box holding the elements of `children`.
    @inlinable
    static func make(_ children: borrowing [any LayoutElement]) -> SpecElements {
        children.withUnsafeBufferPointer { make($0) }
    }
}

extension SpecChild {
    /// Writes at `child` the child `element` of a spec built in `arena`'s open region, read where it is and
    /// of its own type: its slot when it is a built-in spec of the region, else a copy in a slot of the
    /// arena's element slab (`make(_:in:)`'s, without an existential to copy from). `arena` is `listed`'s,
    /// from `SpecArena.forBuilding`, so the slot is reserved without checking the region's mark again, as
    /// the stack's own slot is (not checked again per child).
    @inlinable @inline(__always)
    static func write<Element: LayoutElement>(_ element: borrowing Element, to child: UnsafeMutablePointer<SpecChild>,
                                              in arena: UnsafeMutablePointer<SpecArena>) {
        let slot = element.layoutSpecSlot
        if let fields = slot.fields {
            child.initialize(to: SpecChild(kind: slot.kind, pointer: fields))
            return
        }
        // A node is kept as a class reference (SpecChildKind.node). `layoutNodeElement` is a constant
        // once specialized: DisplayNode's answers `self`, everything else's nil.
        if let node = element.layoutNodeElement {
            let kept = reserveElement(in: arena, isObject: true)
            UnsafeMutableRawPointer(kept).initializeMemory(as: (any LayoutNodeElement).self, to: node)
            child.initialize(to: SpecChild(kind: .node, pointer: UnsafeMutableRawPointer(kept)))
            return
        }
        // `_canBeClass` is a constant once specialized (1: a class, 0: not); `Element.self is
        // AnyObject.Type` alone was a call of swift_isClassType per node child. Unspecialized (2: a debug
        // build), the dynamic check decides.
        let canBeClass = _canBeClass(Element.self)
        let isObject = canBeClass == 1 || (canBeClass == 2 && Element.self is AnyObject.Type)
        let kept = reserveElement(in: arena, isObject: isObject)
        kept.initialize(to: copy element)
        child.initialize(to: SpecChild.kept(kept))
    }
}
