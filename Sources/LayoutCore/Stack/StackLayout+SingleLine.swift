// The noWrap stack — the usual one — as one line: the steps of `StackLayout.layout` with the
// line machinery (StackLines, a loop over lines, alignContent's line distribution) folded into plain
// values.
//
// Fuses: step 4 (a noWrap stack is one line holding every item, whatever the break rule says) into steps
// 5–8 and the positioned phase, which run on that one line without a loop over lines; step 5 is skipped
// when every flex factor is exactly 0 (then the line's factor sum is 0 and flexing changes nothing).
// Why the frames are equal: each step keeps the general path's arithmetic on the same values in the same
// order (a sum over one line is the sum over the stack; alignContent with one line is the offset of that
// line), so only the bookkeeping around the steps is gone, not an operation on a frame.

extension StackLayout {
    /// Steps 2–8 and the positioned phase for a stack that does not wrap (one line holding every item).
    /// `totals`: what `StackLayout.initializeItems` summed of the items.
    static func layoutSingleLine<Axes: StackAxes>(_ items: StackItems, _ children: StackChildren,
                                                  _ scratch: inout LayoutScratch, _ context: StackContext,
                                                  _ axes: Axes, optimizedFlexing: Bool,
                                                  totals: StackItemTotals) -> LayoutRecordIndex {
        let all = items.indices
        // Step 2 (optimized flexing) was decided by the caller; step 3 — the first pass.
        measureAlongUnconstrainedStackAxis(items, children, &scratch, context, axes, optimizedFlexing: optimizedFlexing,
                                           allDefault: totals.allDefault)
        // The spacing part of the line's stack sum, for steps 5 and 8, and whether any flex factor is other
        // than exactly 0 (NaN included), from the totals.
        let spacingExtent = totals.spacingExtent
        let hasNonZeroFlexFactor = totals.flexMagnitude != 0
        // Step 4 needs nothing: noWrap is one line. Step 5 — flex it, unless every flex factor is exactly
        // 0: then the line's factor sum is 0 whatever the violation, and flexing would return without a
        // change (optimized flexing implies a factor > 0). NaN or negative factors flex.
        if optimizedFlexing || hasNonZeroFlexFactor {
            flexSingleLine(stackSum: stackDimensionSum(of: all, items, spacingExtent: spacingExtent), items, children,
                           &scratch, context, axes, optimizedFlexing: optimizedFlexing)
        }
        // Step 6 — the line's cross size and baseline (`computeLineCrossSizesAndBaselines` with one line): an
        // exact cross range is the line's size; otherwise the largest item cross size, clamped into the cross
        // range (MIN(MAX(min, size), max): the maximum wins should the range be inverted). Only alignItems makes
        // items baseline-aligned (alignSelf has no baseline values): without it no item is, and the walk tests
        // none. Written out here, not called: the driver is past the optimizer's caller block limit (400
        // blocks: no inlining into it), so as an `@inline(__always)` function of its own it was called out
        // of line all the same.
        let crossMin = axes.crossMin(context)
        let crossMax = axes.crossMax(context)
        var line = (crossSize: crossMin, baseline: 0.0)
        if context.alignItems == .baselineFirst || context.alignItems == .baselineLast {
            line = baselineLineCrossSize(items, crossMin: crossMin, crossMax: crossMax)
        } else if crossMin != crossMax {
            var maxItemCrossSize = 0.0
            for index in all { maxItemCrossSize = foundationMax(maxItemCrossSize, items[index].crossSize) }
            // As `baselineLineCrossSize` with both baseline extents 0 (0 + 0 = +0).
            line.crossSize = foundationMin(foundationMax(crossMin, foundationMax(0, maxItemCrossSize)), crossMax)
        }
        // Step 7 — one line never stretches by alignContent (that needs two), so only items stretch.
        stretchItems(all, toCrossSize: line.crossSize, items, children, &scratch, context, axes)
        // Step 8 (the sums) and the positioned phase.
        return positionedSingleLine(items, line, spacingExtent: spacingExtent, context, axes, into: &scratch)
    }

    /// Step 6 for the only line of a stack whose items align by baseline: an exact cross range is the line's
    /// size; otherwise the larger of the baseline-aligned extent and the other items' cross sizes, clamped
    /// into the cross range.
    static func baselineLineCrossSize(_ items: StackItems, crossMin: Double, crossMax: Double)
        -> (crossSize: Double, baseline: Double) {
        if crossMin == crossMax {
            var baseline = 0.0
            for index in items.indices where items[index].isBaselineAligned {
                baseline = foundationMax(baseline, items[index].baseline)
            }
            return (crossMin, baseline)
        }
        var maxStartToBaseline = 0.0
        var maxBaselineToEnd = 0.0
        var maxItemCrossSize = 0.0
        for index in items.indices {
            if items[index].isBaselineAligned {
                let baseline = items[index].baseline
                maxStartToBaseline = foundationMax(maxStartToBaseline, baseline)
                maxBaselineToEnd = foundationMax(maxBaselineToEnd, items[index].crossSize - baseline)
            } else {
                maxItemCrossSize = foundationMax(maxItemCrossSize, items[index].crossSize)
            }
        }
        let crossSize = foundationMax(maxStartToBaseline + maxBaselineToEnd, maxItemCrossSize)
        // MIN(MAX(min, size), max): the maximum wins should the range be inverted.
        return (foundationMin(foundationMax(crossMin, crossSize), crossMax), maxStartToBaseline)
    }

    /// Step 8 and `positionedLayout` for the only line: the stack sum is the line's (MAX against the empty
    /// sum 0, as `computeSums`); the cross sum is the line plus lineSpacing × 0 (kept: an infinite
    /// lineSpacing makes it NaN in Texture too). alignContent places the one line (space-between as start,
    /// space-around as center), justifyContent the items, alignItems each item across.
    static func positionedSingleLine<Axes: StackAxes>(_ items: StackItems,
                                                      _ line: (crossSize: Double, baseline: Double),
                                                      spacingExtent: Double, _ context: StackContext, _ axes: Axes,
                                                      into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let crossSum = context.lineSpacing * 0 + line.crossSize
        let crossViolation = violation(crossSum, min: axes.crossMin(context), max: axes.crossMax(context))
        let crossStart = StackDistribution(alignContent: context.alignContent, count: 1,
                                           violation: crossViolation).offset
        // The line's stack sum: spacingExtent + Σ stack sizes in child order. justifyContent start places
        // the items from 0 with no extra spacing whatever the sum, so then the placing walk adds it up
        // (the same additions in the same order) instead of a walk of its own before it; any other
        // justification needs the sum first. The walk sums unconditionally and its sum is used only for
        // start (testing for start per item cost more than the addition).
        let sumsWhilePlacing = context.justifyContent == .start
        var stackSum = spacingExtent
        var placedSum = spacingExtent
        var itemDistribution = StackDistribution(justifyContent: .start, count: items.count, violation: 0)
        if !sumsWhilePlacing {
            for index in items.indices {
                stackSum += items[index].stackSize
            }
            itemDistribution = StackDistribution(
                justifyContent: context.justifyContent, count: items.count,
                violation: violation(stackSum, min: axes.stackMin(context), max: axes.stackMax(context)))
        }
        let betweenItems = context.spacing + itemDistribution.spacing

        // The sublayouts' links are written as each item is placed, and their node counts summed there
        // for the spec record (which otherwise walks its links again to sum them): one walk where there
        // were three.
        let run = scratch.appendLinks(count: items.count)
        var nodeCount: Int32 = 0
        var stackCursor = itemDistribution.offset
        // Item `index` once the cursor has reached its start (after its spacingBefore and, but for the
        // first item, the spacing between items). The first item is placed before the loop, so that the
        // loop does not test for it (a stack has at least one item).
        @inline(__always) func place(_ index: Int) {
            let cross = crossStart + crossOffset(of: items[index], lineCrossSize: line.crossSize,
                                                 lineBaseline: line.baseline)
            let record = scratch.record(items[index].record)
            record.pointee.position = axes.point(stack: stackCursor, cross: cross)
            nodeCount &+= record.pointee.nodeCount
            run.links[index] = Int32(truncatingIfNeeded: items[index].record)
            stackCursor += items[index].stackSize + items[index].spacingAfter
            placedSum += items[index].stackSize
        }
        stackCursor += items[0].spacingBefore
        place(0)
        for index in 1..<items.count {
            stackCursor += items[index].spacingBefore
            stackCursor += betweenItems
            place(index)
        }
        if sumsWhilePlacing { stackSum = placedSum }
        let size = context.range.clamp(axes.size(stack: foundationMax(stackSum, 0), cross: crossSum))
        return scratch.appendSpec(size: size, linksFrom: run.first, count: items.count, nodeCount: nodeCount)
    }
}
