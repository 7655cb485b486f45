// Texture's plain ASLayoutSpec: size = range.min, no sublayouts. Used as a spacer: in a
// stack it is measured with [0, ∞] on the stack axis (size 0, or its flexBasis) and grows by flexGrow.

public struct LayoutSpec: StyleSizedLayoutSpec {
    /// The spec's fields, in its thread's spec arena or a heap box (SpecStorage.swift).
    @usableFromInline
    struct Fields: SpecFields {
        @usableFromInline var customStyle: SpecStyleReference? = nil
        @inlinable init() {}
    }

    @usableFromInline var storage: SpecStorage<Fields>

    @inlinable
    public init() {
        if let arena = SpecArena.forBuilding {
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            fields.initialize(to: Fields())
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            storage = SpecStorage(boxing: Fields())
        }
    }

    /// A spec whose style `configure` sets (in its own style, made once: no copy on write).
    /// Its style slot made in the arena the initializer found (through `uniqueOwnStyle` it looked the
    /// arena up again).
    @inlinable @inline(__always)
    public init(configure: (inout LayoutElementStyle) -> Void) {
        if let arena = SpecArena.forBuilding {
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            fields.initialize(to: Fields())
            fields.initializeOwnStyle(in: arena, configure)
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            storage = SpecStorage(boxing: Fields())
            storage.configureOwnBoxedStyle(configure)
        }
    }

    /// The record of a plain spec for an already resolved range: size = its minimum, no sublayouts.
    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        scratch.appendLeaf(element: nil, type: .layoutSpec, size: range.min)
    }

    @inlinable
    init(storage: SpecStorage<Fields>) {
        self.storage = storage
    }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { storage.specSlot(.plain) }
}

/// The spacer of the seeds (`let spacer = ASLayoutSpec(); spacer.style.flexGrow = 1`).
public typealias SpacerLayoutSpec = LayoutSpec

extension LayoutSpec {
    /// A spacer that takes the free space of its stack. Always inlined, as the spec initializers that take
    /// a child are (InsetLayoutSpec.swift says why).
    @inlinable @inline(__always)
    public static func spacer(flexGrow: Double = 1) -> LayoutSpec {
        LayoutSpec { $0.flexGrow = flexGrow }
    }
}
