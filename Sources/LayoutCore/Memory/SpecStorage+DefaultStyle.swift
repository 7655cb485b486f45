// `LayoutElement.usesDefaultLayoutStyle` for the specs that keep their fields in SpecStorage: a spec
// without a style of its own has the shared default one (SpecStorage+Style.swift). Most specs a
// layoutSpecThatFits builds never touch their style, and reading the default style through
// `withLayoutStyle` cost an existential call, a 200-byte copy of the default and the closure per child,
// where the stack's default item costs nothing.

extension SpecStorage {
    /// Whether the spec still has the shared default style.
    @inlinable var hasDefaultStyle: Bool { fields.pointee.customStyle == nil }
}

extension StackLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }
}

extension InsetLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }
}

extension RatioLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }
}

extension LayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }
}
