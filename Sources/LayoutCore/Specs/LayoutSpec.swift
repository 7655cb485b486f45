// Texture's plain ASLayoutSpec (reference 3.1): size = range.min, no sublayouts. Used as a spacer: in a
// stack it is measured with [0, ∞] on the stack axis (size 0, or its flexBasis) and grows by flexGrow.

public struct LayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()

    public init() {}

    public init(configure: (inout LayoutElementStyle) -> Void) {
        configure(&style)
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The stored style, read in place (the protocol's default would copy it through `style`).
    public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R { body(style) }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: constrainedSize.min)
    }

    /// The record of `layoutThatFits(_:parentSize:)`: size = the resolved range's minimum.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                               into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let resolved = constrainedSize.intersect(style.size.resolve(parentSize: parentSize))
        return scratch.appendLeaf(element: nil, type: .layoutSpec, size: resolved.min)
    }
}

/// The spacer of the seeds (`let spacer = ASLayoutSpec(); spacer.style.flexGrow = 1`).
public typealias SpacerLayoutSpec = LayoutSpec

extension LayoutSpec {
    /// A spacer that takes the free space of its stack.
    public static func spacer(flexGrow: Double = 1) -> LayoutSpec {
        LayoutSpec { $0.flexGrow = flexGrow }
    }
}
