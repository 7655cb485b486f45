import Testing
@testable import LayoutCore

// LayoutElementSize and LayoutElementStyle store their dimensions packed (a value and a 2-bit kind each):
// every dimension must read back as written, whatever the neighbours hold, and styles keep value
// semantics through specs, copies and mutation.

@Suite struct StyleStorageTests {
    static let dimensions: [Dimension] = [
        .auto, .points(0), .points(-0.0), .points(42.5), .points(-3), .points(.infinity), .points(-.infinity),
        .fraction(0), .fraction(0.5), .fraction(1), .fraction(-0.25), .fraction(.infinity),
    ]

    /// Every size field set to each dimension, the others to a different one: each reads back exactly.
    @Test func everySizeFieldRoundTripsIndependently() {
        let fields: [WritableKeyPath<LayoutElementSize, Dimension>] =
            [\.width, \.height, \.minWidth, \.maxWidth, \.minHeight, \.maxHeight]
        for (f, field) in fields.enumerated() {
            for value in Self.dimensions {
                var size = LayoutElementSize()
                for (o, other) in fields.enumerated() where o != f { size[keyPath: other] = .fraction(Double(o)) }
                size[keyPath: field] = .points(7)   // overwritten below: no stale kind or value may remain
                size[keyPath: field] = value
                #expect(size[keyPath: field] == value, "field \(f) = \(value)")
                for (o, other) in fields.enumerated() where o != f {
                    #expect(size[keyPath: other] == .fraction(Double(o)), "field \(o) beside \(f) = \(value)")
                }
            }
        }
    }

    /// The point of the packing: every spec embeds a style, copied and boxed with each spec a
    /// layoutSpecThatFits builds (six 16-byte-stride Dimensions made the size 89 bytes, the style 248).
    @Test func theStyleStaysCompact() {
        #expect(MemoryLayout<LayoutElementSize>.size == 50)
        #expect(MemoryLayout<LayoutElementStyle>.size == 200)
    }

    @Test func nanDimensionsStayNaNOfTheirKind() {
        var style = LayoutElementStyle()
        style.maxHeight = .points(.nan)
        style.flexBasis = .fraction(.nan)
        guard case .points(let p) = style.maxHeight, case .fraction(let f) = style.flexBasis else {
            Issue.record("kind lost: \(style.maxHeight), \(style.flexBasis)")
            return
        }
        #expect(p.isNaN && f.isNaN)
        // Resolution does not trap and treats them as before (a NaN maximum falls back to auto's).
        let range = style.size.resolve(parentSize: Size(width: 100, height: 100))
        #expect(range.max.height == .infinity)
    }

    /// Equal dimensions compare and hash equal however they were reached (auto stores the value 0).
    @Test func equalityAndHashingFollowTheDimensions() {
        var a = LayoutElementSize(width: .points(10), maxHeight: .fraction(0.5))
        a.width = .auto
        let b = LayoutElementSize(maxHeight: .fraction(0.5))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(LayoutElementSize(width: .points(1)) != LayoutElementSize(width: .fraction(1)))
        #expect(LayoutElementSize(minWidth: .points(1)) != LayoutElementSize(maxWidth: .points(1)))
        #expect(LayoutElementSize(width: .points(0)) != .auto)
        #expect(a.isAllAuto == false)
        a.maxHeight = .auto
        #expect(a.isAllAuto && a == .auto)
        var s1 = LayoutElementStyle()
        s1.flexBasis = .points(3)
        s1.flexBasis = .auto
        #expect(s1 == LayoutElementStyle())
    }

    static func everyFieldSet() -> LayoutElementStyle {
        var style = LayoutElementStyle()
        style.width = .points(10)
        style.height = .fraction(0.5)
        style.minWidth = .points(1)
        style.maxWidth = .fraction(0.9)
        style.minHeight = .points(2)
        style.maxHeight = .points(200)
        style.spacingBefore = 3
        style.spacingAfter = 4
        style.flexGrow = 1
        style.flexShrink = 0.5
        style.flexBasis = .fraction(0.25)
        style.alignSelf = .center
        style.ascender = 12
        style.descender = -4
        style.layoutPosition = Point(x: 5, y: 6)
        style.extensions.bool = true
        style.extensions.integers = (1, 2, 3, 4)
        style.extensions.edgeInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        return style
    }

    static func expectEveryFieldSet(_ style: LayoutElementStyle, _ where_: String) {
        #expect(style.size == LayoutElementSize(width: .points(10), height: .fraction(0.5), minWidth: .points(1),
                                                maxWidth: .fraction(0.9), minHeight: .points(2),
                                                maxHeight: .points(200)), "\(where_)")
        #expect(style.spacingBefore == 3 && style.spacingAfter == 4, "\(where_)")
        #expect(style.flexGrow == 1 && style.flexShrink == 0.5 && style.flexBasis == .fraction(0.25), "\(where_)")
        #expect(style.alignSelf == .center && style.ascender == 12 && style.descender == -4, "\(where_)")
        #expect(style.layoutPosition == Point(x: 5, y: 6), "\(where_)")
        #expect(style.extensions.bool && style.extensions.integers == (1, 2, 3, 4), "\(where_)")
        #expect(style.extensions.edgeInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), "\(where_)")
    }

    @Test func aStyleWithEveryFieldSetRoundTripsThroughSpecs() {
        let style = Self.everyFieldSet()
        Self.expectEveryFieldSet(style, "style")
        var inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
        inset.style = style
        var stack = StackLayoutSpec.horizontal(children: [inset])
        stack.style = style
        let elements: [any LayoutElement] = [inset, stack, RatioLayoutSpec(ratio: 1, child: inset)]
        Self.expectEveryFieldSet(elements[0].style, "inset through an existential")
        Self.expectEveryFieldSet(elements[1].style, "stack through an existential")
        elements[1].withLayoutStyle { Self.expectEveryFieldSet(copy $0, "withLayoutStyle") }
        let ratio = elements[2] as! RatioLayoutSpec
        Self.expectEveryFieldSet(ratio.child.style, "a spec's child")
    }

    @Test func stylesAndSpecsKeepValueSemantics() {
        let original = Self.everyFieldSet()
        var copy = original
        copy.width = .auto
        copy.flexBasis = .points(9)
        copy.alignSelf = .end
        copy.extensions[integer: 2] = 30
        Self.expectEveryFieldSet(original, "original after the copy changed")
        #expect(copy.width == .auto && copy.flexBasis == .points(9) && copy.alignSelf == .end)
        #expect(copy.height == .fraction(0.5) && copy.extensions.integers == (1, 2, 30, 4))

        var spec = LayoutSpec()
        spec.style = original
        let boxed: any LayoutElement = spec
        spec.style.maxHeight = .fraction(0.1)
        spec.style.flexBasis = .auto
        Self.expectEveryFieldSet(boxed.style, "boxed spec after the local one changed")
        #expect(spec.style.maxHeight == .fraction(0.1) && spec.style.flexBasis == .auto)
        #expect(spec.style.minHeight == .points(2))
    }
}
