// What a spec asks of a child, answered by kind (SpecChild.swift): an element through its witnesses, a
// built-in spec of the same region by a direct call on its fields — the same answers the spec's own
// `LayoutElement` methods give, without opening an existential.
//
// Invariants: a spec kind's `pointer` is the fields of that kind (checked live when the handle that made it
// was read); an element or node child's index returned from its own `layoutThatFits` is checked
// (`checkReturnedRecord`, a memory guard) before any spec reads it unchecked.

extension SpecChild {
    @inlinable @inline(__always)
    func fields<Fields>(_: Fields.Type) -> SpecFieldsReference<Fields> {
        SpecFieldsReference(pointer.assumingMemoryBound(to: Fields.self))
    }

    /// The child's own style if it has one (nil: the shared default style). Only for spec kinds.
    @inlinable @inline(__always)
    var specCustomStyle: SpecStyleReference? {
        switch kind {
        case .stack: fields(StackLayoutSpec.Fields.self).pointee.customStyle
        case .inset: fields(InsetLayoutSpec.Fields.self).pointee.customStyle
        case .ratio: fields(RatioLayoutSpec.Fields.self).pointee.customStyle
        case .plain: fields(LayoutSpec.Fields.self).pointee.customStyle
        case .element, .node: nil
        }
    }

    /// `LayoutElement.layoutThatFits(_:parentSize:into:)` of the child. `specsOutOfLine`: a nested inset's
    /// or ratio's layout is called out of line (`layoutInset`, `layoutRatio`) — for the stack's `measure`
    /// and the inset's and ratio's own layout, which inlined them and paid for it in frame size, spills and
    /// pixel rounding called out of line (StackLayout.measure, InsetLayoutSpec.layout). Always a literal at
    /// the call site, so each caller compiles only its own branch.
    @inline(__always)
    func layoutThatFits(_ range: SizeRange, parentSize: Size, into scratch: inout LayoutScratch,
                        specsOutOfLine: Bool = false) -> LayoutRecordIndex {
        switch kind {
        case .element:
            // An index from outside LayoutCore: checked once here (a memory guard), so that the parent's
            // reads of it need no check (LayoutScratch.record).
            let index = ElementInPlace.layoutThatFits(&element.pointee, range, parentSize: parentSize, into: &scratch)
            scratch.checkReturnedRecord(index)
            return index
        case .node:
            let index = NodeInPlace.layoutThatFits(&node.pointee, range, parentSize: parentSize, into: &scratch)
            scratch.checkReturnedRecord(index)
            return index
        case .stack:
            return StackLayoutSpec.layout(fields(StackLayoutSpec.Fields.self), range, parentSize: parentSize, into: &scratch)
        case .inset:
            return specsOutOfLine
                ? layoutInset(fields(InsetLayoutSpec.Fields.self), range, parentSize: parentSize, into: &scratch)
                : InsetLayoutSpec.layout(fields(InsetLayoutSpec.Fields.self), range, parentSize: parentSize,
                                         into: &scratch)
        case .ratio:
            return specsOutOfLine
                ? layoutRatio(fields(RatioLayoutSpec.Fields.self), range, parentSize: parentSize, into: &scratch)
                : RatioLayoutSpec.layout(fields(RatioLayoutSpec.Fields.self), range, parentSize: parentSize,
                                         into: &scratch)
        case .plain:
            return LayoutSpec.layout(fields(LayoutSpec.Fields.self), range, parentSize: parentSize, into: &scratch)
        }
    }

    /// `LayoutElement.usesDefaultLayoutStyle` of the child.
    @inline(__always)
    var usesDefaultLayoutStyle: Bool {
        switch kind {
        case .element: ElementInPlace.usesDefaultLayoutStyle(&element.pointee)
        case .node: NodeInPlace.usesDefaultLayoutStyle(&node.pointee)
        case .stack, .inset, .ratio, .plain: specCustomStyle == nil
        }
    }

    /// `LayoutElement.withLayoutStylePointer` of the child: a spec's own style in place (a spec child
    /// with the default style is read by `usesDefaultLayoutStyle` first and never gets here).
    @inline(__always)
    func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        if kind == .element { return ElementInPlace.withLayoutStylePointer(&element.pointee, body) }
        if kind == .node { return NodeInPlace.withLayoutStylePointer(&node.pointee, body) }
        body(UnsafePointer(specCustomStyle?.address
                               ?? UnsafeMutablePointer(mutating: LayoutElementStyle.defaultStylePointer)))
    }

    /// `LayoutElement.style` of the child (with a vertical stack's derived ascender and descender).
    var style: LayoutElementStyle {
        switch kind {
        case .element: element.pointee.style
        case .node: node.pointee.style
        case .stack: StackLayoutSpec.style(of: fields(StackLayoutSpec.Fields.self))
        case .inset, .ratio, .plain: specCustomStyle?.pointee ?? LayoutElementStyle.defaultStyle
        }
    }

    /// `LayoutElement.layoutObject` of the child (a spec has none).
    var layoutObject: (any AnyObject & Sendable)? {
        switch kind {
        case .element: ElementInPlace.layoutObject(&element.pointee)
        case .node: node.pointee.layoutObject
        case .stack, .inset, .ratio, .plain: nil
        }
    }

    /// `LayoutElement.layoutElementType` of the child.
    var layoutElementType: LayoutElementType {
        switch kind {
        case .element: ElementInPlace.layoutElementType(&element.pointee)
        case .node: node.pointee.layoutElementType
        case .stack, .inset, .ratio, .plain: .layoutSpec
        }
    }
}

/// Calls on an element child where it is kept. Through an `inout` access: called on `pointer.pointee`, the
/// compiler copied the existential out before each call (an outlined copy with its retain, and a
/// destroy), since a read through a pointer is not a borrow that lasts for
/// the call; an exclusive access does last, so the existential is opened in place. Nothing is mutated.
@usableFromInline
enum ElementInPlace {
    @inline(__always)
    static func layoutThatFits(_ element: inout any LayoutElement, _ range: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        element.layoutThatFits(range, parentSize: parentSize, into: &scratch)
    }

    @inline(__always)
    static func usesDefaultLayoutStyle(_ element: inout any LayoutElement) -> Bool { element.usesDefaultLayoutStyle }

    @inline(__always)
    static func withLayoutStylePointer(_ element: inout any LayoutElement,
                                       _ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        element.withLayoutStylePointer(body)
    }

    @inline(__always)
    static func layoutObject(_ element: inout any LayoutElement) -> (any AnyObject & Sendable)? { element.layoutObject }

    @inline(__always)
    static func layoutElementType(_ element: inout any LayoutElement) -> LayoutElementType { element.layoutElementType }

    @inlinable @inline(__always)
    static func layoutSpecSlot(_ element: inout any LayoutElement) -> LayoutSpecSlot { element.layoutSpecSlot }
}

/// `ElementInPlace` for a node child: the calls a spec makes most (its layout, its style), through an
/// `inout` access for the same reason — the reference is used where the region keeps it, not copied out
/// (a retain and a release per call).
@usableFromInline
enum NodeInPlace {
    @inline(__always)
    static func layoutThatFits(_ node: inout any LayoutNodeElement, _ range: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        node.layoutThatFits(range, parentSize: parentSize, into: &scratch)
    }

    @inline(__always)
    static func usesDefaultLayoutStyle(_ node: inout any LayoutNodeElement) -> Bool { node.usesDefaultLayoutStyle }

    @inline(__always)
    static func withLayoutStylePointer(_ node: inout any LayoutNodeElement,
                                       _ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        node.withLayoutStylePointer(body)
    }
}
