// Texture's plain ASLayoutSpec (reference 3.1): size = range.min, no sublayouts. Used as a spacer: in a
// stack it is measured with [0, ∞] on the stack axis (size 0, or its flexBasis) and grows by flexGrow.

public struct LayoutSpec: LayoutElement {
    /// The spec's fields, in its thread's spec arena or a heap box (SpecStorage.swift).
    @usableFromInline
    struct Fields: SpecFields {
        @usableFromInline var style = LayoutElementStyle()
        @inlinable init(style: LayoutElementStyle) { self.style = style }
        @inlinable static func slab(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<SpecSlabState> {
            arena.pointer(to: \.plains).unsafelyUnwrapped
        }
    }

    @usableFromInline var storage: SpecStorage<Fields>

    @inlinable
    public init() {
        self.init(configure: { _ in })
    }

    /// A spec whose style `configure` sets (configured before the fields are stored, so no copy).
    @inlinable
    public init(configure: (inout LayoutElementStyle) -> Void) {
        if let arena = SpecArena.currentInRegion {
            let fields = SpecStorage<Fields>.reserveSlot(in: arena)
            let style = fields.pointer(to: \.style).unsafelyUnwrapped
            style.initialize(to: LayoutElementStyle.defaultStyle)
            configure(&style.pointee)
            storage = SpecStorage(slot: fields, in: arena)
        } else {
            var style = LayoutElementStyle()
            configure(&style)
            storage = SpecStorage(boxing: Fields(style: style))
        }
    }

    public var style: LayoutElementStyle {
        get { storage.fields.pointee.style }
        _modify { yield &storage.uniqueFields().pointee.style }
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { body(storage.fields.pointee.style) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: storage.fields.pointee.style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: constrainedSize.min)
    }

    /// The record of `layoutThatFits(_:parentSize:)`: size = the resolved range's minimum.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let resolved = constrainedSize.intersect(storage.fields.pointee.style.size.resolve(parentSize: parentSize))
        return scratch.appendLeaf(element: nil, type: .layoutSpec, size: resolved.min)
    }
}

/// The spacer of the seeds (`let spacer = ASLayoutSpec(); spacer.style.flexGrow = 1`).
public typealias SpacerLayoutSpec = LayoutSpec

extension LayoutSpec {
    /// A spacer that takes the free space of its stack.
    @inlinable
    public static func spacer(flexGrow: Double = 1) -> LayoutSpec {
        LayoutSpec { $0.flexGrow = flexGrow }
    }
}
