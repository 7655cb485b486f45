// The stack algorithm's working state, kept apart from its input (StackLayoutSpec) and its output
// (Layout): small value types in local arrays, no per-item objects. Everything works in stack/cross
// coordinates; the direction helpers below are the only place that maps them to width/height.

/// Maps stack/cross coordinates to width/height. The one-line driver runs on a type known to be
/// horizontal or vertical (`HorizontalStackAxes`, `VerticalStackAxes`: its steps are specialized for each),
/// so that no measurement, update or placement selects its axes at run time; the general driver runs on
/// the direction itself.
protocol StackAxes {
    /// The length along the stack axis (width for horizontal, height for vertical).
    func stack(of size: Size) -> Double
    /// The length along the cross axis.
    func cross(of size: Size) -> Double
    func size(stack: Double, cross: Double) -> Size
    func point(stack: Double, cross: Double) -> Point
}

extension StackAxes {
    /// `context`'s range along the stack and cross axes.
    @inline(__always) func stackMin(_ context: StackContext) -> Double { stack(of: context.range.min) }
    @inline(__always) func stackMax(_ context: StackContext) -> Double { stack(of: context.range.max) }
    @inline(__always) func crossMin(_ context: StackContext) -> Double { cross(of: context.range.min) }
    @inline(__always) func crossMax(_ context: StackContext) -> Double { cross(of: context.range.max) }

    /// Texture's directionSizeRange: a range given per axis.
    @inline(__always) func range(stackMin: Double, stackMax: Double,
                                 crossMin: Double, crossMax: Double) -> SizeRange {
        SizeRange(min: size(stack: stackMin, cross: crossMin), max: size(stack: stackMax, cross: crossMax))
    }
}

struct HorizontalStackAxes: StackAxes {
    @inline(__always) func stack(of size: Size) -> Double { size.width }
    @inline(__always) func cross(of size: Size) -> Double { size.height }
    @inline(__always) func size(stack: Double, cross: Double) -> Size { Size(width: stack, height: cross) }
    @inline(__always) func point(stack: Double, cross: Double) -> Point { Point(x: stack, y: cross) }
}

struct VerticalStackAxes: StackAxes {
    @inline(__always) func stack(of size: Size) -> Double { size.height }
    @inline(__always) func cross(of size: Size) -> Double { size.width }
    @inline(__always) func size(stack: Double, cross: Double) -> Size { Size(width: cross, height: stack) }
    @inline(__always) func point(stack: Double, cross: Double) -> Point { Point(x: cross, y: stack) }
}

extension StackLayoutDirection: StackAxes {
    @inline(__always) func stack(of size: Size) -> Double {
        self == .horizontal ? size.width : size.height
    }

    /// The length along the cross axis.
    @inline(__always) func cross(of size: Size) -> Double {
        self == .horizontal ? size.height : size.width
    }

    @inline(__always) func size(stack: Double, cross: Double) -> Size {
        self == .horizontal ? Size(width: stack, height: cross) : Size(width: cross, height: stack)
    }

    @inline(__always) func point(stack: Double, cross: Double) -> Point {
        self == .horizontal ? Point(x: stack, y: cross) : Point(x: cross, y: stack)
    }
}

/// The stack's options and its size range along the stack and cross axes, read once per layout.
struct StackContext {
    let direction: StackLayoutDirection
    let spacing: Double
    let justifyContent: StackLayoutJustifyContent
    let alignItems: StackLayoutAlignItems
    let flexWrap: StackLayoutFlexWrap
    let alignContent: StackLayoutAlignContent
    let lineSpacing: Double
    let range: SizeRange
    /// Step 1: per axis the range value when min == max, else NaN (Texture's undefined parent dimension),
    /// so fractions resolve only against an exactly determined axis.
    let parentSize: Size

    // The range per axis, computed where it is read rather than stored: the one-line driver reads it
    // through its static axes (`StackAxes.stackMin(_:)`…), where it is a load, instead of every stack
    // selecting and storing all four.
    var stackMin: Double { direction.stackMin(self) }
    var stackMax: Double { direction.stackMax(self) }
    var crossMin: Double { direction.crossMin(self) }
    var crossMax: Double { direction.crossMax(self) }
}

extension StackContext {
    /// The context of a stack with these options laid out in `range`: the memberwise initializer (kept by
    /// declaring this one in an extension) with step 1's parent size worked out from the range.
    init(direction: StackLayoutDirection, spacing: Double, justifyContent: StackLayoutJustifyContent,
         alignItems: StackLayoutAlignItems, flexWrap: StackLayoutFlexWrap, alignContent: StackLayoutAlignContent,
         lineSpacing: Double, range: SizeRange) {
        self.init(direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing, range: range,
                  parentSize: Size(width: range.min.width == range.max.width ? range.min.width : .nan,
                                   height: range.min.height == range.max.height ? range.min.height : .nan))
    }
}

/// The stack's children, the spec's run (Memory/SpecChildren.swift); each item's current record in the
/// scratch is `StackItem.record`, and they become the stack's sublayouts. Kept apart from `StackContext`
/// so that the context stays a plain value.
typealias StackChildren = SpecChildren

/// The items of one stack layout: temporary storage (on the stack when small) that lives exactly as
/// long as `StackLayout.layout`, so it costs no heap allocation. StackItem is a trivial type, so the
/// storage needs no deinitialization.
typealias StackItems = TemporaryItems<StackItem>

/// One child: what the algorithm needs of its style (read once — a node's style may take a lock) and
/// the size of its current layout along both axes. A plain value (no references), so copying one costs
/// no reference counting; the child itself is `children[i]` and its current layout the scratch record `record`.
struct StackItem {
    let spacingBefore: Double
    let spacingAfter: Double
    let flexGrow: Double
    let flexShrink: Double
    let flexBasis: Dimension
    /// alignSelf unless auto, else the stack's alignItems (notSet is kept; it behaves as start). After
    /// flexBasis, in the padding of its 9 bytes, and the ascender and descender share the own cross
    /// range's slots: 88 bytes where the item had 112, which every item's initialization and the default
    /// item's copy write.
    let alignment: StackLayoutAlignItems
    /// For stretch-aligned items: the child's own min/max cross size, resolved with an undefined parent
    /// (0 and ∞ when the style does not constrain the cross axis). For baseline-aligned items, which
    /// never stretch: its ascender and descender (`StackLayout.initializeItems` reads them, a vertical
    /// stack derives them from its children's styles). Any other item: 0 and ∞, never read.
    private var crossMinOrAscender: Double
    private var crossMaxOrDescender: Double

    private(set) var stackSize: Double = 0
    private(set) var crossSize: Double = 0
    /// The child's current layout in the scratch (replaced when the child is measured again).
    var record: LayoutRecordIndex = 0

    /// Reads only the fields it needs, from the style where it is. Transparent (inlined before the optimizer
    /// runs), so that the item is written straight into its slot (returned, it was built in a temporary and
    /// copied whole; as `@inline(__always)`, inside the style hook's closure it stayed a call); a stretched
    /// item resolves only its cross axis.
    @_transparent
    init(style: LayoutStyleReference, context: StackContext) {
        alignment = StackItem.effectiveAlignment(style.pointee.alignSelf, context.alignItems)
        spacingBefore = style.pointee.spacingBefore
        spacingAfter = style.pointee.spacingAfter
        flexGrow = style.pointee.flexGrow
        flexShrink = style.pointee.flexShrink
        flexBasis = style.pointee.flexBasis
        if alignment == .stretch {
            // Resolve(size, undefined parent), cross axis only.
            let own = style.pointee.size.resolvedAxis(width: context.direction == .vertical, parent: .nan)
            crossMinOrAscender = own.lo
            crossMaxOrDescender = own.hi
        } else {
            crossMinOrAscender = 0
            crossMaxOrDescender = .infinity
        }
    }

    /// `init(style: LayoutElementStyle.defaultStyle, context:)` without reading the style: alignSelf auto
    /// takes alignItems; no spacing, no flex, flexBasis auto; an all-auto size resolves to [0, ∞] on the
    /// cross axis, which is also what a non-stretch item keeps.
    static func defaultItem(_ context: StackContext) -> StackItem {
        StackItem(alignment: context.alignItems)
    }

    private init(alignment: StackLayoutAlignItems) {
        self.alignment = alignment
        spacingBefore = 0
        spacingAfter = 0
        flexGrow = 0
        flexShrink = 0
        flexBasis = .auto
        crossMinOrAscender = 0
        crossMaxOrDescender = .infinity
    }

    /// The child's own min/max cross size: read for stretch-aligned items only.
    var ownCrossMin: Double { crossMinOrAscender }
    var ownCrossMax: Double { crossMaxOrDescender }

    /// The element's ascender and descender for a baseline-aligned item, else 0.
    var ascender: Double { isBaselineAligned ? crossMinOrAscender : 0 }
    var descender: Double { isBaselineAligned ? crossMaxOrDescender : 0 }

    /// The element's ascender and descender (for a vertical stack, its first and last child's): for a
    /// baseline-aligned item only.
    mutating func setBaselineMetrics(of style: borrowing LayoutElementStyle) {
        assert(isBaselineAligned)
        crossMinOrAscender = style.ascender
        crossMaxOrDescender = style.descender
    }

    /// Grows and shrinks: the candidate for optimized flexing (step 2).
    var isFlexibleInBothDirections: Bool { flexGrow > 0 && flexShrink > 0 }

    var isBaselineAligned: Bool { alignment == .baselineFirst || alignment == .baselineLast }

    /// Step 6: baselineFirst → ascender; baselineLast → cross size + descender; otherwise 0.
    var baseline: Double {
        switch alignment {
        case .baselineFirst: return crossMinOrAscender
        case .baselineLast: return crossSize + crossMaxOrDescender
        default: return 0
        }
    }

    /// Inlined: one re-measuring path (flexSingleLine's) called it.
    @inline(__always)
    mutating func update(_ size: Size, _ axes: some StackAxes) {
        stackSize = axes.stack(of: size)
        crossSize = axes.cross(of: size)
    }

    static func effectiveAlignment(_ alignSelf: StackLayoutAlignSelf,
                                   _ alignItems: StackLayoutAlignItems) -> StackLayoutAlignItems {
        switch alignSelf {
        case .auto: return alignItems
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .stretch: return .stretch
        }
    }
}

/// What `StackLayout.initializeItems` sums of the items as it makes them, in child order — what walks of
/// their own over the items summed before (one for optimized flexing's count, one for the spacing and the
/// flex factors).
struct StackItemTotals {
    /// The spacing part of the (only) line's stack sum: spacing × (n − 1) + Σ(spacingBefore + spacingAfter),
    /// the operations of `StackLayout.spacingExtent` in its order.
    var spacingExtent: Double
    /// Σ(|flexGrow| + |flexShrink|): 0 exactly when every factor is 0 (non-negative terms cannot cancel or
    /// round to 0; a NaN or ∞ factor keeps it non-zero).
    var flexMagnitude = 0.0
    /// The items that both grow and shrink (the candidates for optimized flexing).
    var flexibleCount = 0
    /// Every item is the default item (`StackItem.defaultItem`): no spacing, no flex factor, no flexBasis.
    let allDefault: Bool

    init(spacingExtent: Double, allDefault: Bool) {
        self.spacingExtent = spacingExtent
        self.allDefault = allDefault
    }

    @inline(__always)
    mutating func add(_ item: StackItem) {
        spacingExtent += item.spacingBefore + item.spacingAfter
        flexMagnitude += abs(item.flexGrow) + abs(item.flexShrink)
        if item.isFlexibleInBothDirections { flexibleCount += 1 }
    }
}

/// A line: a run of consecutive items (indices into the item array, in child order).
struct StackLine {
    var items: Range<Int>
    var crossSize: Double = 0
    var baseline: Double = 0
    var stackSum: Double = 0

    init(items: Range<Int>) {
        self.items = items
    }
}

/// The lines of a stack: always at least one. The first is stored inline, so a stack that does not wrap
/// (one line) allocates nothing for its lines.
struct StackLines {
    var first: StackLine
    /// Lines 1…; empty (no allocation) for a single line.
    var rest: [StackLine] = []

    init(first: StackLine) {
        self.first = first
    }

    var count: Int { rest.count + 1 }
    var indices: Range<Int> { 0..<count }
    var startIndex: Int { 0 }

    subscript(index: Int) -> StackLine {
        get { index == 0 ? first : rest[index - 1] }
        set {
            if index == 0 { first = newValue } else { StackLines.store(newValue, at: index - 1, in: &rest) }
        }
    }

    /// Out of line on purpose: inlined, the array's uniqueness check (which copies the shared empty
    /// array) gets hoisted out of loops over the lines and runs even when only line 0 is written.
    @inline(never)
    private static func store(_ line: StackLine, at index: Int, in rest: inout [StackLine]) {
        rest[index] = line
    }

    mutating func append(_ line: StackLine) {
        rest.append(line)
    }
}

/// Step 8's totals: the longest line along the stack axis, and the lines plus line spacing across.
struct StackSums {
    var stack: Double
    var cross: Double
}
