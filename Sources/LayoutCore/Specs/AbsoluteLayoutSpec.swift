// Texture's ASAbsoluteLayoutSpec: children at their style.layoutPosition
// (Tests/LayoutCoreTests/AbsoluteSpecTests.swift).

public enum AbsoluteLayoutSpecSizing: String, Hashable, Sendable, CaseIterable {
    /// Take the range's maximum where it is a real size.
    case `default`
    /// Fit the children's extents.
    case sizeToFit
}

public struct AbsoluteLayoutSpec: StyleSizedLayoutSpec {
    /// The spec's fields: its sizing and its children (Memory/ManyChildSpecStorage.swift).
    @usableFromInline typealias Fields = ManyChildFields<AbsoluteLayoutSpecSizing>

    @usableFromInline var storage: SpecStorage<Fields>

    public init(sizing: AbsoluteLayoutSpecSizing = .default, children: [any LayoutElement]) {
        storage = SpecStorage(parameter: sizing, children: children)
    }

    public var sizing: AbsoluteLayoutSpecSizing {
        get { parameter }
        set { parameter = newValue }
    }

    public var children: [any LayoutElement] {
        get { storage.children }
        set { storage.children = newValue }
    }

    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let parent = range.maxAsParentSize
        let (records, extent) = fields.children.layoutPlaced(from: range.min, into: &scratch) { child in
            let childStyle = child.style
            let position = childStyle.layoutPosition
            // Children without an explicit size are limited to the space right of and below their position.
            let autoMax = Size(width: range.max.width - position.x, height: range.max.height - position.y)
            let autoRange = SizeRange(min: .zero, max: autoMax)
            return (childStyle.size.resolve(parentSize: parent, autoRange: autoRange), parent, position)
        }
        let fitWidth = fields.parameter == .sizeToFit || parent.width.isNaN
        let fitHeight = fields.parameter == .sizeToFit || parent.height.isNaN
        let size = range.clamp(Size(width: fitWidth ? extent.width : range.max.width,
                                    height: fitHeight ? extent.height : range.max.height))
        return scratch.appendSpec(size: size, links: records)
    }
}
