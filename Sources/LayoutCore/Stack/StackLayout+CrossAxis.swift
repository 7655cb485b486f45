// Steps 6–7 of Texture's stack algorithm (StackLayout.swift lists them): the cross size and baseline of each
// line, then alignContent's stretch of the lines and alignItems/alignSelf's stretch of the items (which
// happens after flexing, as Texture's testCrossAxisStretchingOccursAfterStackAxisFlexing requires).

extension StackLayout {
    /// Step 6 — a single line in a stack with a definite cross range (min == max) is exactly that size;
    /// its baseline is the largest baseline among baseline-aligned items. Otherwise each line is as large
    /// as the larger of (max start-to-baseline + max baseline-to-end over baseline-aligned items) and the
    /// largest cross size of the other items; a single line is then clamped into the cross range, and
    /// the baseline is the max start-to-baseline distance.
    static func computeLineCrossSizesAndBaselines(_ lines: inout StackLines, _ items: StackItems,
                                                  _ context: StackContext) {
        let isSingleLine = lines.count == 1
        if isSingleLine && context.crossMin == context.crossMax {
            var baseline = 0.0
            for index in lines[0].items where items[index].isBaselineAligned {
                baseline = foundationMax(baseline, items[index].baseline)
            }
            lines[0].crossSize = context.crossMin
            lines[0].baseline = baseline
            return
        }

        for lineIndex in lines.indices {
            var maxStartToBaseline = 0.0
            var maxBaselineToEnd = 0.0
            var maxItemCrossSize = 0.0
            for index in lines[lineIndex].items {
                let item = items[index]
                if item.isBaselineAligned {
                    let baseline = item.baseline
                    maxStartToBaseline = foundationMax(maxStartToBaseline, baseline)
                    maxBaselineToEnd = foundationMax(maxBaselineToEnd, item.crossSize - baseline)
                } else {
                    maxItemCrossSize = foundationMax(maxItemCrossSize, item.crossSize)
                }
            }
            var crossSize = foundationMax(maxStartToBaseline + maxBaselineToEnd, maxItemCrossSize)
            if isSingleLine {
                // MIN(MAX(min, size), max): the maximum wins should the range be inverted.
                crossSize = foundationMin(foundationMax(context.crossMin, crossSize), context.crossMax)
            }
            lines[lineIndex].crossSize = crossSize
            lines[lineIndex].baseline = maxStartToBaseline
        }
    }

    /// Step 7 — with more than one line, alignContent stretch and a positive cross violation (beyond
    /// 0.01) of Σ line cross sizes + line spacing, every line grows by an equal share. Then every
    /// stretch-aligned item more than 0.01 shorter than its line is re-measured at its current stack size
    /// and the line's cross size (still subject to its own min/max: the stretch rule of `measure`).
    static func stretchLinesAlongCrossAxis(_ lines: inout StackLines, _ items: StackItems,
                                           _ children: StackChildren, _ scratch: inout LayoutScratch,
                                           _ context: StackContext) {
        let lineCount = lines.count
        let crossViolation = violation(crossDimensionSum(of: lines, context),
                                       min: context.crossMin, max: context.crossMax)
        let stretchesLines = lineCount > 1 && context.alignContent == .stretch
            && crossViolation > violationEpsilon
        let extraCrossSizePerLine = stretchesLines ? crossViolation / Double(lineCount) : 0

        for lineIndex in lines.indices {
            if stretchesLines {
                lines[lineIndex].crossSize += extraCrossSizePerLine
            }
            stretchItems(lines[lineIndex].items, toCrossSize: lines[lineIndex].crossSize, items, children, &scratch,
                         context, context.direction)
        }
    }

    /// Texture's stretchItemsAlongCrossDimension for one line.
    static func stretchItems<Axes: StackAxes>(_ line: Range<Int>, toCrossSize lineCrossSize: Double,
                                              _ items: StackItems, _ children: StackChildren,
                                              _ scratch: inout LayoutScratch, _ context: StackContext, _ axes: Axes) {
        for index in line where items[index].alignment == .stretch {
            guard lineCrossSize - items[index].crossSize > violationEpsilon else { continue }
            let stackSize = items[index].stackSize
            remeasure(index, stackMin: stackSize, stackMax: stackSize,
                      crossMin: lineCrossSize, crossMax: lineCrossSize, items, children, &scratch, context, axes)
        }
    }
}
