// The positioned phase of Texture's stack algorithm (ASStackPositionedLayout): alignContent places the
// lines, justifyContent the items of each line, alignItems/alignSelf each item within its line. Positions
// stay raw: pixel rounding happens once, when the owning node flattens (Layout+Flattening.swift).

extension StackLayout {
    /// Places every item and returns the stack's layout: size = Clamp(range, (stack sum, cross sum)),
    /// sublayouts in child order.
    static func positionedLayout(_ items: StackItems, _ lines: StackLines, _ sums: StackSums,
                                 _ context: StackContext, into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let direction = context.direction
        let crossViolation = violation(sums.cross, min: context.crossMin, max: context.crossMax)
        let lineDistribution = StackDistribution(alignContent: context.alignContent, count: lines.count,
                                            violation: crossViolation)

        // The children's current records become the sublayouts (same order), only their positions set.
        var crossCursor = lineDistribution.offset
        for lineIndex in lines.indices {
            let line = lines[lineIndex]
            if lineIndex > lines.startIndex {
                crossCursor += lineDistribution.spacing + context.lineSpacing
            }
            let stackViolation = violation(line.stackSum, min: context.stackMin, max: context.stackMax)
            let itemDistribution = StackDistribution(justifyContent: context.justifyContent, count: line.items.count,
                                                violation: stackViolation)

            var stackCursor = itemDistribution.offset
            for index in line.items {
                let item = items[index]
                stackCursor += item.spacingBefore
                if index > line.items.lowerBound {
                    stackCursor += context.spacing + itemDistribution.spacing
                }
                scratch.setTrustedPosition(direction.point(stack: stackCursor,
                                                             cross: crossCursor + crossOffset(of: item, lineCrossSize: line.crossSize,
                                                                                        lineBaseline: line.baseline)),
                                             of: item.record)
                stackCursor += item.stackSize + item.spacingAfter
            }
            crossCursor += line.crossSize
        }

        let size = context.range.clamp(direction.size(stack: sums.stack, cross: sums.cross))
        let first = scratch.linkStart
        for index in items.indices { scratch.appendLink(items[index].record) }
        return scratch.appendSpec(size: size, linksFrom: first)
    }

    /// An item's offset from its line's cross start: end → line − item; center → floorPx((line − item)/2);
    /// baseline → line baseline − item baseline; start, stretch and notSet → 0.
    /// Inlined into the placing loops (the optimizer outlined it once centring made no call).
    @inline(__always)
    static func crossOffset(of item: StackItem, lineCrossSize: Double, lineBaseline: Double) -> Double {
        switch item.alignment {
        case .end: return lineCrossSize - item.crossSize
        case .center: return floorPxWithoutCall((lineCrossSize - item.crossSize) / 2)
        case .baselineFirst, .baselineLast: return lineBaseline - item.baseline
        case .start, .stretch, .notSet: return 0
        }
    }
}

/// Where the first of `count` things (lines or items) starts and the extra spacing between two of them,
/// given the free space (the violation; negative when overflowing, which shifts center/end out of the
/// start edge).
struct StackDistribution {
    var offset = 0.0
    var spacing = 0.0

    /// alignContent for lines: placed as the justifyContent of the same name would place items; stretch
    /// places like start (the lines were already grown in step 7).
    @inline(__always)
    init(alignContent: StackLayoutAlignContent, count: Int, violation: Double) {
        let placement: StackLayoutJustifyContent = switch alignContent {
        case .start, .stretch: .start
        case .center: .center
        case .end: .end
        case .spaceBetween: .spaceBetween
        case .spaceAround: .spaceAround
        }
        self.init(justifyContent: placement, count: count, violation: violation)
    }

    /// justifyContent for the items of a line. Space-between falls back to start and space-around to
    /// center when there is (almost) no free space (violation < 0.01, so also when overflowing) or only
    /// one thing to place.
    @inline(__always)
    init(justifyContent: StackLayoutJustifyContent, count: Int, violation: Double) {
        var mode = justifyContent
        let nothingToShare = violation < StackLayout.violationEpsilon || count <= 1
        if mode == .spaceBetween && nothingToShare { mode = .start }
        if mode == .spaceAround && nothingToShare { mode = .center }
        switch mode {
        case .start:
            break
        case .center:
            offset = violation / 2
        case .end:
            offset = violation
        case .spaceBetween:
            spacing = violation / Double(count - 1)
        case .spaceAround:
            let unit = violation / Double(count * 2)
            offset = unit
            spacing = unit * 2
        }
    }
}
