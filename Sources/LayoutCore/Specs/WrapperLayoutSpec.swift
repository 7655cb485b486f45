// Texture's ASWrapperLayoutSpec: every child laid out with the wrapper's range at (0,0); size = per-axis
// maximum of range.min and the children's sizes (not clamped to the maximum)
// (Tests/LayoutCoreTests/WrapperSpacerTests.swift).

public struct WrapperLayoutSpec: StyleSizedLayoutSpec {
    /// The spec's fields: its children (Memory/ManyChildSpecStorage.swift).
    @usableFromInline typealias Fields = ManyChildFields<Void>

    @usableFromInline var storage: SpecStorage<Fields>

    public init(children: [any LayoutElement]) {
        storage = SpecStorage(parameter: (), children: children)
    }

    public init(_ child: any LayoutElement) {
        self.init(children: [child])
    }

    public var children: [any LayoutElement] {
        get { storage.children }
        set { storage.children = newValue }
    }

    /// Every child with the wrapper's range and its maximum as the parent size, at the origin.
    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let (records, extent) = fields.children.layoutPlaced(from: range.min, into: &scratch) { _ in
            (range, range.max, .zero)
        }
        return scratch.appendSpec(size: extent, links: records)
    }
}

extension SpecChildren {
    /// Lays out each child with the range and parent size `place` gives it, at the position it gives
    /// (the wrapper's and the absolute spec's layouts): the records in child order — every child is
    /// measured before the spec links them, as a spec's run of links must be contiguous — and the extent,
    /// `start` grown on each axis to cover every child's far edge.
    func layoutPlaced(from start: Size, into scratch: inout LayoutScratch,
                      _ place: (SpecChild) -> (range: SizeRange, parentSize: Size, position: Point))
        -> (records: [LayoutRecordIndex], extent: Size) {
        var extent = start
        var records: [LayoutRecordIndex] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let child = self[index]
            let (range, parentSize, position) = place(child)
            let layout = child.layoutThatFits(range, parentSize: parentSize, into: &scratch)
            scratch.setTrustedPosition(position, of: layout)
            let size = scratch.trustedSize(of: layout)
            extent.width = foundationMax(extent.width, position.x + size.width)
            extent.height = foundationMax(extent.height, position.y + size.height)
            records.append(layout)
        }
        return (records, extent)
    }
}
