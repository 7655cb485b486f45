import Testing
@testable import LayoutCore

// The stack algorithm reads each child's style once, by address (`LayoutElement.withLayoutStylePointer`,
// StackLayout+Measure.swift). The pointer must show exactly the style `withLayoutStyle` reads — for the
// built-in specs with a style of their own (an arena slot inside a spec region, a box's room outside) and
// without one (the shared default), for the specs that store their style inline, and for elements that
// only have the protocol's default — and `body` must run exactly once. A failure names its seed.

/// A user-defined element with nothing but the protocol's requirements: the default pointer read.
private struct StyleOnlyElement: LayoutElement {
    var style: LayoutElementStyle
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout { Layout(specSize: constrainedSize.min) }
}

/// A user-defined element that reads its style in place and counts the reads: the default pointer read
/// goes through `withLayoutStyle`, so such an element's own read is the one used.
private final class CountingStyleElement: LayoutElement, @unchecked Sendable {
    let style: LayoutElementStyle
    var reads = 0
    init(style: LayoutElementStyle) { self.style = style }
    var layoutElementType: LayoutElementType { .node }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout { Layout(specSize: constrainedSize.min) }
    func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R {
        reads += 1
        return body(style)
    }
}

@Suite struct StackStylePointerTests {
    /// The pointer read of `element`: the style it shows (a copy), the item built from it, and how many
    /// times `body` ran.
    static func pointerRead(_ element: any LayoutElement, _ context: StackContext)
        -> (style: LayoutElementStyle?, item: String, calls: Int) {
        var calls = 0
        var style: LayoutElementStyle?
        var item = ""
        element.withLayoutStylePointer { pointer in
            calls += 1
            style = pointer.pointee
            item = "\(StackItem(style: LayoutStyleReference(pointer), context: context))"
        }
        return (style, item, calls)
    }

    /// What `withLayoutStyle` reads, and the item built from a copy of it.
    static func borrowingRead(_ element: any LayoutElement, _ context: StackContext)
        -> (style: LayoutElementStyle, item: String) {
        let style = element.withLayoutStyle { copy $0 }
        let item = withUnsafePointer(to: style) { StackItem(style: LayoutStyleReference($0), context: context) }
        return (style, "\(item)")
    }

    static func randomStyle(_ rng: inout CoreSplitMix64) -> LayoutElementStyle {
        var style = LayoutElementStyle()
        style.flexGrow = rng.pick([0, 1, 2, 0.5])
        style.flexShrink = rng.pick([0, 1, 0.5, 3])
        style.flexBasis = rng.pick([.auto, .points(rng.double(0, 120)), .fraction(rng.double(0, 1))])
        style.alignSelf = rng.pick(StackLayoutAlignSelf.allCases)
        style.spacingBefore = rng.pick([0, rng.double(0, 12)])
        style.spacingAfter = rng.pick([0, rng.double(0, 12)])
        style.ascender = rng.double(0, 14)
        style.descender = -rng.double(0, 5)
        if rng.chance(0.5) { style.width = .points(rng.double(0, 150)) }
        if rng.chance(0.5) { style.height = .points(rng.double(0, 150)) }
        if rng.chance(0.3) { style.minWidth = .points(rng.double(0, 60)) }
        if rng.chance(0.3) { style.maxHeight = .points(rng.double(60, 200)) }
        if rng.chance(0.2) { style.minHeight = .fraction(rng.double(0, 1)) }
        // Never the default: a spec given this style must not read as one without a style of its own.
        style.layoutPosition = Point(x: 1 + rng.double(0, 9), y: rng.double(0, 9))
        return style
    }

    static func randomContext(_ rng: inout CoreSplitMix64) -> StackContext {
        let width = rng.double(0, 300)
        return StackContext(direction: rng.pick(StackLayoutDirection.allCases), spacing: rng.double(0, 8),
                            justifyContent: .start, alignItems: rng.pick(StackLayoutAlignItems.allCases),
                            flexWrap: .noWrap, alignContent: .start, lineSpacing: 0,
                            range: SizeRange(min: Size(width: width, height: 0),
                                             max: Size(width: width, height: rng.double(0, 400))))
    }

    /// Every kind of element, each with `style` as its own style, and its name for messages.
    static func elements(styledWith style: LayoutElementStyle) -> [(String, any LayoutElement)] {
        let leaf = LeafNode("leaf", width: 10, height: 10)
        var inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: leaf)
        inset.style = style
        var ratio = RatioLayoutSpec(ratio: 0.5, child: leaf)
        ratio.style = style
        // Vertical, with children: its `style` derives the ascender and descender, its own style does not.
        var column = StackLayoutSpec.vertical(children: [leaf, LeafNode("second", width: 5, height: 5)])
        column.style = style
        var row = StackLayoutSpec.horizontal(children: [leaf])
        row.style = style
        var overlay = OverlayLayoutSpec(child: leaf, overlay: leaf)
        overlay.style = style
        var background = BackgroundLayoutSpec(child: leaf, background: leaf)
        background.style = style
        var wrapper = WrapperLayoutSpec(leaf)
        wrapper.style = style
        return [("inset", inset), ("ratio", ratio), ("vertical stack", column), ("horizontal stack", row),
                ("spec", LayoutSpec { $0 = style }), ("overlay", overlay), ("background", background),
                ("wrapper", wrapper), ("leaf node", LeafNode("styled", style: style)),
                ("style-only element", StyleOnlyElement(style: style)),
                ("counting element", CountingStyleElement(style: style))]
    }

    static func expectSameReads(_ elements: [(String, any LayoutElement)], _ expected: LayoutElementStyle,
                                _ context: StackContext, _ label: String) {
        for (name, element) in elements {
            let read = pointerRead(element, context)
            let borrowed = borrowingRead(element, context)
            #expect(read.calls == 1, "\(label) \(name): body ran \(read.calls) times")
            #expect(read.style == expected, "\(label) \(name): the pointer shows another style")
            #expect(borrowed.style == expected, "\(label) \(name): withLayoutStyle reads another style")
            #expect(read.item == borrowed.item, "\(label) \(name): \(read.item) vs \(borrowed.item)")
        }
    }

    @Test func thePointerShowsTheStyleWithLayoutStyleReadsForEveryKindOfElement() {
        for seed in UInt64(1)...200 {
            var rng = CoreSplitMix64(seed: seed)
            let style = Self.randomStyle(&rng)
            let context = Self.randomContext(&rng)
            // Outside a region the specs keep their style in a box, inside in an arena slot.
            Self.expectSameReads(Self.elements(styledWith: style), style, context, "seed \(seed), boxed")
            LayoutSpecRegion.with {
                let elements = Self.elements(styledWith: style)
                #expect((elements[0].1 as! InsetLayoutSpec).storage.isInArena)
                Self.expectSameReads(elements, style, context, "seed \(seed), in a region")
            }
        }
    }

    /// A built-in spec that never had a style of its own shows the shared default style, at its one
    /// address — what the stack's default item (taken instead of reading such a child) stands for.
    @Test func aSpecWithoutAStyleOfItsOwnShowsTheSharedDefaultStyle() {
        let leaf = LeafNode("leaf", width: 10, height: 10)
        let context = StackContext(direction: .horizontal, spacing: 0, justifyContent: .start,
                                   alignItems: .stretch, flexWrap: .noWrap, alignContent: .start,
                                   lineSpacing: 0, range: SizeRange(width: 100))
        let specs: [any LayoutElement] = [InsetLayoutSpec(insets: EdgeInsets(all: 1), child: leaf),
                                          RatioLayoutSpec(ratio: 1, child: leaf), LayoutSpec(),
                                          StackLayoutSpec.horizontal(children: [leaf])]
        for spec in specs {
            #expect(spec.usesDefaultLayoutStyle)
            var address: UnsafePointer<LayoutElementStyle>?
            spec.withLayoutStylePointer { address = $0 }
            #expect(address == LayoutElementStyle.defaultStylePointer, "\(type(of: spec))")
            let read = Self.pointerRead(spec, context)
            #expect(read.style == LayoutElementStyle.defaultStyle)
            #expect(read.item == "\(StackItem.defaultItem(context))", "\(type(of: spec))")
        }
        #expect(LayoutElementStyle.defaultStylePointer.pointee == LayoutElementStyle())
    }

    /// A spec's own style is read where it lives (the same address each time, a later change seen
    /// there), not from a copy.
    @Test func aSpecsOwnStyleIsReadInPlace() {
        var inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
        inset.style.flexGrow = 2
        var first: UnsafePointer<LayoutElementStyle>?
        var second: UnsafePointer<LayoutElementStyle>?
        inset.withLayoutStylePointer { first = $0 }
        inset.style.flexShrink = 3
        inset.withLayoutStylePointer { second = $0; #expect($0.pointee.flexShrink == 3) }
        #expect(first != nil && first == second)
        #expect(first != LayoutElementStyle.defaultStylePointer)
        #expect(first?.pointee.flexGrow == 2)
    }

    /// The default pointer read goes through the element's own `withLayoutStyle`, once.
    @Test func theDefaultPointerReadUsesTheElementsWithLayoutStyle() {
        var style = LayoutElementStyle()
        style.flexGrow = 4
        let element = CountingStyleElement(style: style)
        var flexGrow = 0.0
        element.withLayoutStylePointer { flexGrow = $0.pointee.flexGrow }
        #expect(flexGrow == 4 && element.reads == 1)
    }

    /// The item reads the fields it needs: for a stretched child, its own cross range (an undefined
    /// parent), else [0, ∞]; alignSelf auto takes the stack's alignItems.
    @Test func theItemReadsTheFieldsTheAlgorithmNeeds() {
        var style = LayoutElementStyle()
        style.spacingBefore = 1
        style.spacingAfter = 2
        style.flexGrow = 3
        style.flexShrink = 4
        style.flexBasis = .points(5)
        style.width = .points(40)
        style.minHeight = .points(6)
        style.maxHeight = .points(70)
        for direction in StackLayoutDirection.allCases {
            for alignItems in [StackLayoutAlignItems.stretch, .center] {
                let context = StackContext(direction: direction, spacing: 0, justifyContent: .start,
                                           alignItems: alignItems, flexWrap: .noWrap, alignContent: .start,
                                           lineSpacing: 0, range: SizeRange(width: 100))
                let item = withUnsafePointer(to: style) { StackItem(style: LayoutStyleReference($0), context: context) }
                #expect(item.alignment == alignItems)
                #expect(item.spacingBefore == 1 && item.spacingAfter == 2)
                #expect(item.flexGrow == 3 && item.flexShrink == 4 && item.flexBasis == .points(5))
                #expect(item.ascender == 0 && item.descender == 0)
                let cross: (Double, Double) = alignItems != .stretch ? (0, .infinity)
                    : direction == .horizontal ? (6, 70) : (40, 40)
                #expect(item.ownCrossMin == cross.0 && item.ownCrossMax == cross.1, "\(direction) \(alignItems)")
            }
        }
    }

    /// A stretched item resolves only its cross axis (`LayoutElementSize.resolvedAxis`): bit for bit
    /// what the whole resolution gives on that axis, for random sizes (fractions, min beating max, odd
    /// values) against undefined, finite, zero and infinite parents.
    @Test func resolvingOneAxisGivesThatAxisOfTheWholeResolution() {
        func dimension(_ rng: inout CoreSplitMix64) -> Dimension {
            let value = rng.pick([rng.double(0, 200), 0, -rng.double(0, 20), .infinity, .nan])
            return rng.pick([.auto, .auto, .points(value), .fraction(rng.chance(0.5) ? rng.unit() : value)])
        }
        for seed in UInt64(1)...2_000 {
            var rng = CoreSplitMix64(seed: seed)
            let size = LayoutElementSize(width: dimension(&rng), height: dimension(&rng),
                                         minWidth: dimension(&rng), maxWidth: dimension(&rng),
                                         minHeight: dimension(&rng), maxHeight: dimension(&rng))
            for parent in [Double.nan, rng.double(0, 300), 0, .infinity] {
                let whole = size.resolve(parentSize: Size(width: parent, height: parent))
                let width = size.resolvedAxis(width: true, parent: parent)
                let height = size.resolvedAxis(width: false, parent: parent)
                #expect([width.lo, width.hi, height.lo, height.hi].map(\.bitPattern)
                        == [whole.min.width, whole.max.width, whole.min.height, whole.max.height].map(\.bitPattern),
                        "seed \(seed), parent \(parent): \(size) → \(whole) vs \(width), \(height)")
            }
        }
    }
}
