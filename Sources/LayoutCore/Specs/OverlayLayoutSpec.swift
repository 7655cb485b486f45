// Texture's ASOverlayLayoutSpec and ASBackgroundLayoutSpec: a child and a decoration drawn over it or
// under it. Both override calculateLayoutThatFits:restrictedToSize:relativeToParentSize: (own style size
// ignored: ChildSizedLayoutSpec) and take the child's size; the decoration is measured with exactly that
// size. They differ only in the decoration's parent size and its order among the sublayouts, which
// `DecoratedLayoutSpec.decorationIsBelow` says (Tests/LayoutCoreTests/OverlayBackgroundSpecTests.swift).

public struct OverlayLayoutSpec: DecoratedLayoutSpec {
    @usableFromInline var storage: SpecStorage<ManyChildFields<Void>>

    public init(child: any LayoutElement, overlay: (any LayoutElement)?) {
        storage = SpecStorage(decorating: child, with: overlay)
    }

    public var overlay: (any LayoutElement)? {
        get { storage.decoration }
        set { storage.decoration = newValue }
    }

    /// The overlay is measured with the child's size as its parent size and comes after (above) the child.
    static var decorationIsBelow: Bool { false }
}

public struct BackgroundLayoutSpec: DecoratedLayoutSpec {
    @usableFromInline var storage: SpecStorage<ManyChildFields<Void>>

    public init(child: any LayoutElement, background: (any LayoutElement)?) {
        storage = SpecStorage(decorating: child, with: background)
    }

    public var background: (any LayoutElement)? {
        get { storage.decoration }
        set { storage.decoration = newValue }
    }

    /// The background is measured with the *spec's* parent size (unlike the overlay) and comes before
    /// (below) the child.
    static var decorationIsBelow: Bool { true }
}

/// The overlay or the background spec: its fields are its child, then its decoration if it has one
/// (Memory/ManyChildSpecStorage.swift).
protocol DecoratedLayoutSpec: ChildSizedLayoutSpec, _ChildLayoutSpec where Fields == ManyChildFields<Void> {
    /// The background's decoration (true) is measured with the spec's parent size and comes first among
    /// the sublayouts; the overlay's with the child's size as its parent size, after the child.
    static var decorationIsBelow: Bool { get }
}

extension DecoratedLayoutSpec {
    public func _child() -> any LayoutElement { storage.child(at: 0) }
    public mutating func _setChild(_ child: any LayoutElement) { storage.setChild(child, at: 0) }

    /// The child (the first) with the spec's range and parent size, at the origin, its size the spec's;
    /// then the decoration, if any, with exactly that size, at the origin.
    static func layout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let children = fields.children
        let childLayout = children[0].layoutThatFits(range, parentSize: parentSize, into: &scratch)
        scratch.setTrustedPosition(.zero, of: childLayout)
        let childSize = scratch.trustedSize(of: childLayout)
        guard children.count > 1 else { return scratch.appendSpec(size: childSize, child: childLayout) }
        let decoration = children[1].layoutThatFits(SizeRange(exactly: childSize),
                                                    parentSize: decorationIsBelow ? parentSize : childSize,
                                                    into: &scratch)
        scratch.setTrustedPosition(.zero, of: decoration)
        return decorationIsBelow
            ? scratch.appendSpec(size: childSize, decoration, childLayout)
            : scratch.appendSpec(size: childSize, childLayout, decoration)
    }
}

extension SpecStorage where Fields == ManyChildFields<Void> {
    /// The storage of an overlay or background spec: its child, then its decoration if it has one.
    init(decorating child: any LayoutElement, with decoration: (any LayoutElement)?) {
        if let decoration {
            self.init(parameter: (), children: [child, decoration])
        } else {
            self.init(parameter: (), children: [child])
        }
    }

    /// The overlay or background: the second child, if any.
    var decoration: (any LayoutElement)? {
        get { childCount > 1 ? child(at: 1) : nil }
        set { children = newValue.map { [child(at: 0), $0] } ?? [child(at: 0)] }
    }
}
