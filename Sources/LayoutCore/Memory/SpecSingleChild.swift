// The child of a spec that has one (inset, ratio): a `SpecChild` in the fields (SpecChild.swift) and, for
// a spec boxed outside a region, the box of elements that keeps it. Shared here so both specs keep, hand
// out and replace their child the same way.

/// Fields of a spec with one child.
@usableFromInline
protocol SingleChildSpecFields: SpecFields {
    var child: SpecChild { get set }
    var elementsOwner: Unmanaged<SpecElements>? { get set }
}

extension SingleChildSpecFields {
    /// A boxed spec's child: `element` in a new box of elements, retained for the fields.
    @inlinable
    static func boxedChild(_ element: any LayoutElement) -> (child: SpecChild, owner: Unmanaged<SpecElements>) {
        let box = SpecElements.make(element)
        return (box.children.pointee, .passRetained(box))
    }

    /// A new child: of the open region's arena (`arena`), else in a new box. The fields are a slot's
    /// (never owning) or a box's now unique to this spec, whose old owner goes.
    @inlinable
    mutating func setChild(_ element: any LayoutElement, arena: UnsafeMutablePointer<SpecArena>?) {
        elementsOwner?.release()
        if let arena {
            child = SpecChild.make(consuming: element, in: arena)
            elementsOwner = nil
        } else {
            (child, elementsOwner) = Self.boxedChild(element)
        }
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
