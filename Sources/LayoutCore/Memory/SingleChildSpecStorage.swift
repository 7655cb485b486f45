// The storage of a spec with one child and one parameter (an inset's insets, a ratio's ratio, a relative
// or center spec's placement): one fields type and one way to build, keep, hand out and replace the child,
// so that these specs read like Texture's rules and nothing else (InsetLayoutSpec.swift,
// RatioLayoutSpec.swift, RelativeLayoutSpec.swift).
//
// Invariants:
// - The child is a `SpecChild` in the fields (SpecChild.swift): in a region, a spec of the region by its
//   slot or an element kept in the arena's element slab (both live until the region closes, as the fields
//   do); boxed, an element kept by `elementsOwner`, which the fields' box retains (`SpecBox.deinit`
//   releases it) and which is nil in a region.
// - The fields are a trivial type (no references: the owner is `Unmanaged`), so a region's close and a
//   copy on write copy or drop them as bytes.

/// Fields of a spec with one parameter (its rule's values: an inset's insets, a corner's location and
/// offset).
@usableFromInline
protocol ParameterizedSpecFields: SpecFields {
    associatedtype Parameter
    var parameter: Parameter { get set }
}

/// Fields of a spec with one child.
@usableFromInline
protocol SingleChildSpecFields: ParameterizedSpecFields, ChildOwningSpecFields {
    var child: SpecChild { get set }
}

extension SingleChildSpecFields {
    /// A boxed spec's child: `element` in a new box of elements, retained for the fields.
    @inlinable
    static func boxedChild(_ element: any LayoutElement) -> (child: SpecChild, owner: Unmanaged<SpecElements>) {
        let box = SpecElements.make(element)
        return (box.children.pointee, .passRetained(box))
    }

    /// A new child: a run of one (`replacingChildren`).
    @inlinable
    mutating func setChild(_ element: any LayoutElement, arena: UnsafeMutablePointer<SpecArena>?) {
        child = replacingChildren(with: [element], arena: arena)[0]
    }
}

extension SpecStorage where Fields: SingleChildSpecFields {
    /// The spec's child as an element; setting it gives this spec fields of its own first (copy on write).
    var child: any LayoutElement {
        get { fields.pointee.child.asElement() }
        set {
            let arena: UnsafeMutablePointer<SpecArena>? = slot == nil ? nil : SpecArena.forBuilding
            uniqueFields().pointee.setChild(newValue, arena: arena)
        }
    }
}

/// The fields of a single-child spec: its own style once it has one, its parameter, its child.
@usableFromInline
struct SingleChildFields<Parameter>: SingleChildSpecFields {
    @usableFromInline var customStyle: SpecStyleReference? = nil
    @usableFromInline var parameter: Parameter
    @usableFromInline var child: SpecChild
    @usableFromInline var elementsOwner: Unmanaged<SpecElements>?

    /// Boxed fields (outside a region): the child kept in a new box of elements.
    @inlinable init(parameter: Parameter, child: any LayoutElement) {
        self.parameter = parameter
        (self.child, elementsOwner) = Self.boxedChild(child)
    }
}

// Each single-child spec's initializer comes twice: for a child of its own type (generic) and for an
// `any LayoutElement`. The generic one reads the child where it is (SpecChild.write): no existential made,
// copied and called through, and the caller lends the child instead of handing over a +1 (a retain and a
// release fewer for a node). The existential one is disfavored, or a concrete child would match both: an
// `any LayoutElement` argument is then opened into the generic one too, which keeps an element child by
// erasing it again — for a value that does not fit an existential's three inline words (a large user
// struct) a new box, where the existential initializer moved the caller's.
extension SpecStorage {
    /// The storage of a new single-child spec, with a child of its own type (read where it is: no existential
    /// made, copied and called through, SpecChild.write). In `arena`'s open region (from
    /// `SpecArena.forBuilding`) its fields are written in place into a slot; outside any region, boxed.
    /// With `hasStyle` (a constant at every call), the spec gets a style of its own that `style` sets.
    @inlinable @inline(__always)
    init<Parameter, Child: LayoutElement>(parameter: Parameter, generic child: borrowing Child, hasStyle: Bool,
                                          style: (inout LayoutElementStyle) -> Void)
        where Fields == SingleChildFields<Parameter> {
        if let arena = SpecArena.forBuilding {
            let fields = Self.reserveSlot(in: arena)
            fields.initialize(\.customStyle, to: nil)
            fields.initialize(\.parameter, to: parameter)
            SpecChild.write(child, to: fields.address.pointer(to: \.child).unsafelyUnwrapped, in: arena)
            fields.initialize(\.elementsOwner, to: nil)
            if hasStyle { fields.initializeOwnStyle(in: arena, style) }
            self.init(slot: fields, in: arena)
        } else {
            self.init(boxing: Fields(parameter: parameter, child: copy child))
            if hasStyle { configureOwnBoxedStyle(style) }
        }
    }

    /// `init(parameter:generic:hasStyle:style:)` for a child handed over as an existential: kept as an
    /// element, it is moved into its slot instead of copied.
    @inlinable @inline(__always)
    init<Parameter>(parameter: Parameter, child: consuming any LayoutElement, hasStyle: Bool,
                    style: (inout LayoutElementStyle) -> Void) where Fields == SingleChildFields<Parameter> {
        if let arena = SpecArena.forBuilding {
            let fields = Self.reserveSlot(in: arena)
            fields.initialize(\.customStyle, to: nil)
            fields.initialize(\.parameter, to: parameter)
            fields.initialize(\.child, to: SpecChild.make(consuming: child, in: arena))
            fields.initialize(\.elementsOwner, to: nil)
            if hasStyle { fields.initializeOwnStyle(in: arena, style) }
            self.init(slot: fields, in: arena)
        } else {
            self.init(boxing: Fields(parameter: parameter, child: child))
            if hasStyle { configureOwnBoxedStyle(style) }
        }
    }

}

extension SpecStorage where Fields: ParameterizedSpecFields {
    /// The parameter; changed in place in this spec's own fields (copy on write).
    @inlinable
    var parameter: Fields.Parameter {
        get { fields.pointee.parameter }
        _modify { yield &uniqueFields().pointee.parameter }
    }
}
