// The engine hooks (`_LayoutEngineElement`) that the specs keeping their fields in SpecStorage answer from
// their storage: whether a spec still has the shared default style, and its style's address.
//
// Why here: a spec without a style of its own has the shared default one (SpecStorage+Style.swift). Most
// specs a layoutSpecThatFits builds never touch their style, and reading the default style through
// `withLayoutStyle` cost an existential call, a copy of the default and the closure per child, where the
// stack's default item costs nothing; a spec with a style of its own hands out its address in its slot or
// box, so the stack reads it in place. Both answers are the storage's, so they live beside it.
//
// Invariants: the address handed to `body` is the spec's own style slot or box element, or the shared
// default style's one address (LayoutElementStyle.defaultStylePointer, never written); valid for the call
// only, as the hook's contract says.

extension SpecStorage {
    /// Whether the spec still has the shared default style.
    @inlinable var hasDefaultStyle: Bool { fields.pointee.customStyle == nil }
}

extension StackLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }

    /// The own style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }
}

extension InsetLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }
}

extension RatioLayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }
}

extension LayoutSpec {
    public var usesDefaultLayoutStyle: Bool { storage.hasDefaultStyle }

    /// The style's address, as `withLayoutStyle` reads it (no copy of the style).
    public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        storage.withStylePointer(body)
    }
}
