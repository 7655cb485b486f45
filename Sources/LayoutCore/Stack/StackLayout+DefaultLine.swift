// The one-line stack whose children all use the default style, justified to the start and aligned start
// or stretched (the usual columns: a cell's outer stack, a header's text column).
//
// Fuses: step 3 (the first measurement), step 8 (the stack sum) and the positioned phase into one walk over
// the children — each child is measured and placed at once, at the stack cursor and cross offset 0 — and
// skips steps 2 and 5 (a default item has no flex factor and no flexBasis, so nothing flexes and no child
// is skipped). Why the frames are equal: every item is the default item, so the cursor only adds up sizes
// already measured, and start or stretch alignment offsets nothing across: `positionedSingleLine` would
// place each child exactly there. No items are kept (their sizes are in the records, which the link run
// names), so no temporary buffer.
//
// What only the finished line knows is checked after the walk: the line's cross size (stretching a child
// re-measures it at its own stack size, so its place stays the same unless its stack size changes) and
// alignContent's offset of the line (0 unless the cross range is inverted). When either would move an
// item, the items are made from the records and `positionedSingleLine` places them, as the one-line driver
// does (StackDefaultLineTests compare both drivers bit for bit).

extension StackLayout {
    /// Whether a noWrap stack whose children all use the default style takes `layoutDefaultLine`:
    /// justifyContent start, alignItems stretch or start (notSet places as start).
    @inline(__always)
    static func takesDefaultLine(_ context: StackContext) -> Bool {
        context.flexWrap == .noWrap && context.justifyContent == .start
            && (context.alignItems == .stretch || context.alignItems == .start || context.alignItems == .notSet)
    }

    /// Steps 3–8 and the positioned phase for a stack that `takesDefaultLine`, with the same measurements in
    /// the same order as `layoutSingleLine` (the first pass, then the stretched items) and the same
    /// arithmetic for every position and size.
    static func layoutDefaultLine<Axes: StackAxes>(_ children: StackChildren, _ scratch: inout LayoutScratch,
                                                   _ context: StackContext, _ axes: Axes) -> LayoutRecordIndex {
        let count = children.count
        let crossMin = axes.crossMin(context)
        let crossMax = axes.crossMax(context)
        let stretches = context.alignItems == .stretch
        // The first pass's range (`measureAlongUnconstrainedStackAxis` for default items).
        let firstRange = axes.range(stackMin: 0, stackMax: .infinity, crossMin: stretches ? crossMin : 0,
                                    crossMax: crossMax)
        // The run of links is taken before the children are measured: they append theirs after it. Each
        // link is written through the scratch's links, which a child's measurement may have moved.
        let first = scratch.appendLinks(count: count).first
        // `layoutSingleLine`'s spacing extent for default items and `positionedSingleLine`'s cursor and
        // stack sum for justifyContent start (offset 0, no extra spacing). The cursor leaves out the default
        // items' spacing (+0) that `positionedSingleLine` adds: from +0, the cursor is never −0 (a sum is −0
        // only when both terms are), and adding +0 changes no other value, NaN included.
        var spacingExtent = context.spacing * Double(count - 1)
        spacingExtent += 0
        let betweenItems = context.spacing + 0.0
        var stackSum = spacingExtent
        var stackCursor = 0.0
        var nodeCount: Int32 = 0
        // Step 6's largest cross size (`layoutSingleLine`'s), and the smallest (NaN left out, as stretching leaves
        // it): no item is stretched unless the smallest is more than 0.01 short of the line.
        var maxItemCrossSize = 0.0
        var minItemCrossSize = Double.infinity
        for index in 0..<count {
            if index > 0 { stackCursor += betweenItems }
            let layout = measureDefaultChild(children, index, firstRange, context, into: &scratch)
            let record = scratch.record(layout)
            let stackSize = axes.stack(of: record.pointee.size)
            let crossSize = axes.cross(of: record.pointee.size)
            record.pointee.position = axes.point(stack: stackCursor, cross: 0)
            nodeCount &+= record.pointee.nodeCount
            scratch.header.pointee.links[first + index] = Int32(truncatingIfNeeded: layout)
            stackCursor += stackSize
            stackSum += stackSize
            maxItemCrossSize = foundationMax(maxItemCrossSize, crossSize)
            if crossSize < minItemCrossSize { minItemCrossSize = crossSize }
        }

        // Step 6 — `layoutSingleLine`'s, without baseline-aligned items.
        let lineCrossSize = crossMin == crossMax
            ? crossMin : foundationMin(foundationMax(crossMin, foundationMax(0, maxItemCrossSize)), crossMax)
        // Step 7 — `stretchItems`: a stretched child takes its place in the line, unless its stack size
        // changed.
        var keepsPlaces = true
        if stretches && lineCrossSize - minItemCrossSize > violationEpsilon {
            keepsPlaces = stretchDefaultItems(first, count, toCrossSize: lineCrossSize, children, &scratch, context,
                                              axes, nodeCount: &nodeCount)
        }
        // Step 8 and alignContent's offset of the line (`positionedSingleLine`).
        let crossSum = context.lineSpacing * 0 + lineCrossSize
        let crossStart = StackDistribution(alignContent: context.alignContent, count: 1,
                                           violation: violation(crossSum, min: crossMin, max: crossMax)).offset
        guard keepsPlaces && crossStart == 0 else {
            return placeDefaultItems(first, count, line: lineCrossSize, spacingExtent: spacingExtent, context, axes,
                                     into: &scratch)
        }
        let size = context.range.clamp(axes.size(stack: foundationMax(stackSum, 0), cross: crossSum))
        return scratch.appendSpec(size: size, linksFrom: first, count: count, nodeCount: nodeCount)
    }

    /// `measureDefaultItem` with the range made by the caller (once per stack). Inlined: the child's
    /// dispatch in the walk (a trivial SpecChild, an element opened in place) copies nothing, so a call per
    /// child would only add its own cost (`measure`, inlined likewise into the one-line driver, is cheaper
    /// as a call there).
    @inline(__always)
    static func measureDefaultChild(_ children: StackChildren, _ index: Int, _ range: SizeRange,
                                    _ context: StackContext, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        children[index].layoutThatFits(range, parentSize: context.parentSize, into: &scratch, specsOutOfLine: true)
    }

    /// Step 7 for the items in the run of links from `first`: `stretchItems` for default items (own cross
    /// range [0, ∞], so the stretch rule gives exactly the line's cross size). A stretched child's record
    /// replaces its link and takes its place. False when a stretched child's stack size changed (the places
    /// after it move). A call of its own: since the driver dispatches its children inline, the optimizer
    /// keeps it out of line anyway (the driver is recursive through the child's dispatch), and saying so
    /// is slightly cheaper than leaving it to the optimizer.
    @inline(never)
    static func stretchDefaultItems<Axes: StackAxes>(_ first: Int, _ count: Int, toCrossSize lineCrossSize: Double,
                                                     _ children: StackChildren, _ scratch: inout LayoutScratch,
                                                     _ context: StackContext, _ axes: Axes,
                                                     nodeCount: inout Int32) -> Bool {
        var keepsPlaces = true
        for index in 0..<count {
            let old = LayoutRecordIndex(scratch.header.pointee.links[first + index])
            let oldSize = scratch.trustedSize(of: old)
            guard lineCrossSize - axes.cross(of: oldSize) > violationEpsilon else { continue }
            let stackSize = axes.stack(of: oldSize)
            let range = axes.range(stackMin: stackSize, stackMax: stackSize,
                                   crossMin: lineCrossSize, crossMax: lineCrossSize)
            let layout = measureDefaultChild(children, index, range, context, into: &scratch)
            let record = scratch.record(layout)
            record.pointee.position = scratch.record(old).pointee.position
            nodeCount &+= record.pointee.nodeCount &- scratch.record(old).pointee.nodeCount
            scratch.header.pointee.links[first + index] = Int32(truncatingIfNeeded: layout)
            if axes.stack(of: record.pointee.size).bitPattern != stackSize.bitPattern { keepsPlaces = false }
        }
        return keepsPlaces
    }

    /// The positioned phase of `layoutSingleLine` for the default items whose records the run of links from
    /// `first` names, when the walk's places do not hold: it places them anew (in a run of its own).
    @inline(never)
    static func placeDefaultItems<Axes: StackAxes>(_ first: Int, _ count: Int, line lineCrossSize: Double,
                                                   spacingExtent: Double, _ context: StackContext, _ axes: Axes,
                                                   into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        StackItems.with(count: count) { items in
            let defaultItem = StackItem.defaultItem(context)
            for index in 0..<count {
                let record = LayoutRecordIndex(scratch.header.pointee.links[first + index])
                items.initialize(index, to: defaultItem)
                items[index].update(scratch.trustedSize(of: record), axes)
                items[index].record = record
            }
            return positionedSingleLine(items, (lineCrossSize, 0), spacingExtent: spacingExtent, context, axes,
                                        into: &scratch)
        }
    }
}
