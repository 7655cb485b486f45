// What every built-in spec shares: its fields behind a `SpecStorage` (SpecStorage.swift), and the
// `LayoutElement` methods that read them — the style, Texture's entry points, the engine hooks — written
// once here, so that a spec's own file holds its fields, its API and Texture's rule for its layout, and
// nothing else.
//
// Two families, as in Texture: most specs keep ASLayoutSpec's default and restrict their range by their
// own style size before they lay out (`StyleSizedLayoutSpec`); ASInsetLayoutSpec, ASOverlayLayoutSpec and
// ASBackgroundLayoutSpec override calculateLayoutThatFits:restrictedToSize:relativeToParentSize: and so
// ignore their own style size (`ChildSizedLayoutSpec`).
//
// Invariants:
// - A spec's `storage` is its only stored property: a copy of the spec shares its fields until one copy is
//   mutated (SpecStorage.uniqueFields).
// - The style address handed to `withLayoutStylePointer`'s body is the spec's own style (in its slot or
//   box) or the shared default style's one address (LayoutElementStyle.defaultStylePointer, never
//   written); valid for the call only, as the hook's contract says.

/// `spec.style = …` on a built-in spec: the public face of `StoredLayoutSpec` below, which answers the
/// hook from the spec's storage. Public because outside LayoutCore a member of an internal protocol's
/// extension is seen only as the witness of a public requirement, and `LayoutElement.style` is get-only.
/// Users never name or adopt it.
public protocol _SettableStyleLayoutSpec: LayoutElement {
    /// Gives the spec `style` as a style of its own (in its own fields: copy on write).
    mutating func _setStyle(_ style: LayoutElementStyle)
}

extension _SettableStyleLayoutSpec {
    /// The spec's style; setting it gives the spec a style of its own.
    public var style: LayoutElementStyle {
        get { withLayoutStyle { copy $0 } }
        set { _setStyle(newValue) }
    }
}

/// `spec.child` (read and written) on a built-in spec with a main child, for the same reason.
public protocol _ChildLayoutSpec: LayoutElement {
    /// The main child as an element.
    func _child() -> any LayoutElement
    /// Replaces the main child (in the spec's own fields: copy on write).
    mutating func _setChild(_ child: any LayoutElement)
}

extension _ChildLayoutSpec {
    public var child: any LayoutElement {
        get { _child() }
        set { _setChild(newValue) }
    }
}

/// A built-in spec: its fields in a `SpecStorage`, its layout a function of the fields, so that a parent
/// built in the same region calls it on the fields directly (SpecChild+Layout.swift).
protocol StoredLayoutSpec: _SettableStyleLayoutSpec {
    associatedtype Fields: SpecFields
    var storage: SpecStorage<Fields> { get set }

    /// `layoutThatFits(_:parentSize:into:)` on the fields.
    static func layout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex
}

extension StoredLayoutSpec {
    /// The spec's own style once it has one, else the shared default; `spec.style.x = …` gives it one
    /// (in its own fields: copy on write).
    public var style: LayoutElementStyle {
        get { storage.style }
        _modify { yield &storage.uniqueStyle().pointee }
    }

    public mutating func _setStyle(_ style: LayoutElementStyle) { storage.uniqueStyle().pointee = style }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { storage.withStyle(body) }

    /// Whether the spec still has the shared default style: most specs a layoutSpecThatFits builds never
    /// touch their style, and the stack then takes its default item instead of reading the style.
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }

    /// Texture's layoutThatFits:parentSize:, built from the records of the engine's entry below, so that
    /// the two can never disagree.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        LayoutScratch.buildLayout { layoutThatFits(constrainedSize, parentSize: parentSize, into: &$0) }
    }

    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        Self.layout(storage.fields, constrainedSize, parentSize: parentSize, into: &scratch)
    }
}

extension StoredLayoutSpec where Fields: ParameterizedSpecFields {
    /// The spec's parameter (its rule's values), changed in place in this spec's own fields (copy on
    /// write): what a spec's public properties read and write.
    var parameter: Fields.Parameter {
        get { storage.parameter }
        _modify { yield &storage.parameter }
    }
}

/// A spec with ASLayoutSpec's default resolution: the range restricted by the spec's own style size, then
/// its own layout (Texture's calculateLayoutThatFits:) on the resolved range.
protocol StyleSizedLayoutSpec: StoredLayoutSpec {
    /// Texture's calculateLayoutThatFits: on the fields, for an already resolved range.
    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex
}

extension StyleSizedLayoutSpec {
    static func layout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        calculateLayout(fields, fields.restricting(range, parentSize: parentSize), into: &scratch)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        let fields = storage.fields
        return LayoutScratch.buildLayout { Self.calculateLayout(fields, constrainedSize, into: &$0) }
    }
}

/// A spec whose size is its child's (Texture's inset, overlay and background): it overrides
/// calculateLayoutThatFits:restrictedToSize:relativeToParentSize:, so its own style size is ignored.
protocol ChildSizedLayoutSpec: StoredLayoutSpec {}

extension ChildSizedLayoutSpec {
    public func calculateLayoutThatFits(_ range: SizeRange, restrictedTo size: LayoutElementSize,
                                        relativeToParentSize parentSize: Size) -> Layout {
        layoutThatFits(range, parentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }
}

/// A built-in spec with one child (the inset, ratio, relative and center specs).
protocol SingleChildLayoutSpec: StoredLayoutSpec, _ChildLayoutSpec where Fields: SingleChildSpecFields {}

extension SingleChildLayoutSpec {
    public func _child() -> any LayoutElement { storage.child }
    public mutating func _setChild(_ child: any LayoutElement) { storage.child = child }
}
