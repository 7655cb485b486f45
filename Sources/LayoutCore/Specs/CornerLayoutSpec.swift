// Texture's ASCornerLayoutSpec: a corner element (a badge) centred on a corner of the child, optionally
// offset, optionally included in the spec's size (Tests/LayoutCoreTests/CornerSpecTests.swift).

public enum CornerLayoutLocation: String, Hashable, Sendable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

public struct CornerLayoutSpec: StyleSizedLayoutSpec {
    /// Where the corner element goes.
    @usableFromInline
    struct Placement {
        var location: CornerLayoutLocation
        var offset: Point
        var wrapsCorner: Bool
    }

    /// The spec's fields: its placement, then its child and its corner (Memory/ManyChildSpecStorage.swift).
    @usableFromInline typealias Fields = ManyChildFields<Placement>

    @usableFromInline var storage: SpecStorage<Fields>

    public init(child: any LayoutElement, corner: any LayoutElement, location: CornerLayoutLocation,
                offset: Point = .zero, wrapsCorner: Bool = false) {
        let placement = Placement(location: location, offset: offset, wrapsCorner: wrapsCorner)
        storage = SpecStorage(parameter: placement, children: [child, corner])
    }

    public var child: any LayoutElement {
        get { storage.child(at: 0) }
        set { storage.setChild(newValue, at: 0) }
    }

    public var corner: any LayoutElement {
        get { storage.child(at: 1) }
        set { storage.setChild(newValue, at: 1) }
    }

    public var cornerLocation: CornerLayoutLocation {
        get { parameter.location }
        set { parameter.location = newValue }
    }

    public var offset: Point {
        get { parameter.offset }
        set { parameter.offset = newValue }
    }

    /// When true the spec's size covers the corner too (and both are shifted so the union starts at 0).
    public var wrapsCorner: Bool {
        get { parameter.wrapsCorner }
        set { parameter.wrapsCorner = newValue }
    }

    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let parent = range.maxAsParentSize
        let childLayout = fields.children[0].layoutThatFits(range, parentSize: parent, into: &scratch)
        let cornerLayout = fields.children[1].layoutThatFits(range, parentSize: parent, into: &scratch)
        let childSize = scratch.trustedSize(of: childLayout)
        let cornerSize = scratch.trustedSize(of: cornerLayout)
        let placement = fields.parameter

        var childFrame = Rect(origin: .zero, size: childSize)
        var cornerFrame = Rect(origin: placement.cornerOrigin(childSize: childSize, cornerSize: cornerSize),
                               size: cornerSize)
        var frame = childFrame
        if placement.wrapsCorner {
            frame = childFrame.union(cornerFrame)
            frame.size = range.clamp(frame.size)
        }
        // Shift both so the spec's frame starts at the origin (only a wrapped corner can move it).
        if frame.origin != .zero {
            let shift = frame.origin
            childFrame.origin = Point(x: childFrame.origin.x - shift.x, y: childFrame.origin.y - shift.y)
            cornerFrame.origin = Point(x: cornerFrame.origin.x - shift.x, y: cornerFrame.origin.y - shift.y)
        }
        scratch.setTrustedPosition(childFrame.origin, of: childLayout)
        scratch.setTrustedPosition(cornerFrame.origin, of: cornerLayout)
        return scratch.appendSpec(size: frame.size, childLayout, cornerLayout)
    }
}

extension CornerLayoutSpec.Placement {
    /// The corner element centred on the chosen corner of the child, then moved by `offset`.
    func cornerOrigin(childSize: Size, cornerSize: Size) -> Point {
        let halfW = cornerSize.width / 2, halfH = cornerSize.height / 2
        let base: Point
        switch location {
        case .topLeft: base = Point(x: -halfW, y: -halfH)
        case .topRight: base = Point(x: childSize.width - halfW, y: -halfH)
        case .bottomLeft: base = Point(x: -halfW, y: childSize.height - halfH)
        case .bottomRight: base = Point(x: childSize.width - halfW, y: childSize.height - halfH)
        }
        return Point(x: base.x + offset.x, y: base.y + offset.y)
    }
}
