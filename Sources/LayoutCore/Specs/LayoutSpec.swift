// Texture's plain ASLayoutSpec (reference 3.1): size = range.min, no sublayouts. Used as a spacer: in a
// stack it is measured with [0, ∞] on the stack axis (size 0, or its flexBasis) and grows by flexGrow.

public struct LayoutSpec: LayoutElement {
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

    public var style: LayoutElementStyle {
        get { storage.style }
        _modify { yield &storage.uniqueStyle().pointee }
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { storage.withStyle(body) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: storage.styleSize, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: constrainedSize.min)
    }

    /// The record of `layoutThatFits(_:parentSize:)`: size = the resolved range's minimum.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        LayoutSpec.layout(storage.fields, constrainedSize, parentSize: parentSize, into: &scratch)
    }

    /// `layoutThatFits(_:parentSize:into:)` on the fields (a parent's SpecChild calls it directly).
    static func layout(_ fields: SpecFieldsReference<Fields>, _ constrainedSize: SizeRange, parentSize: Size,
                       into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        scratch.appendLeaf(element: nil, type: .layoutSpec,
                           size: fields.restricting(constrainedSize, parentSize: parentSize).min)
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
