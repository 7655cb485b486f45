// Step 4 (line breaking) and step 8 (sums) of Texture's stack algorithm (StackLayout.swift), with the sum and
// violation helpers every phase shares.

extension StackLayout {
    /// Step 4 — lines. noWrap: one line with every item. Wrap: walk the items keeping the line's sum and
    /// an inter-item spacing (0 for a line's first item, the stack's spacing afterwards); an item's extent
    /// is spacingBefore + stack size + spacingAfter. When adding it would overflow the stack maximum
    /// (a negative violation) and the line is not empty, the line is closed and a new one starts with
    /// sum 0 and inter-item spacing 0. The last line is always emitted.
    static func collectLines(_ items: StackItems, _ context: StackContext) -> StackLines {
        guard context.flexWrap == .wrap else { return StackLines(first: StackLine(items: items.indices)) }
        var lines: StackLines?
        var lineStart = items.startIndex
        var lineSum = 0.0
        var interItemSpacing = 0.0
        for index in items.indices {
            let item = items[index]
            let extent = item.spacingBefore + item.stackSize + item.spacingAfter
            let overflows = violation(lineSum + interItemSpacing + extent,
                                      min: context.stackMin, max: context.stackMax) < 0
            if overflows && index > lineStart {
                let line = StackLine(items: lineStart..<index)
                if lines == nil { lines = StackLines(first: line) } else { lines!.append(line) }
                lineStart = index
                lineSum = 0
                interItemSpacing = 0
            }
            lineSum += interItemSpacing + extent
            interItemSpacing = context.spacing
        }
        let last = StackLine(items: lineStart..<items.endIndex)
        guard var lines else { return StackLines(first: last) }
        lines.append(last)
        return lines
    }

    /// Step 8 — each line's stack sum is recomputed (flexing and stretching changed sizes); the stack sum
    /// is the longest line, the cross sum is Σ line cross sizes + lineSpacing × (lines − 1).
    static func computeSums(_ lines: inout StackLines, _ items: StackItems, _ context: StackContext) -> StackSums {
        var stackSum = 0.0
        for index in lines.indices {
            let lineSum = stackDimensionSum(of: lines[index].items, items, context)
            lines[index].stackSum = lineSum
            stackSum = foundationMax(lineSum, stackSum)
        }
        return StackSums(stack: stackSum, cross: crossDimensionSum(of: lines, context))
    }

    /// A line's extent along the stack axis: spacing × (n − 1) + Σ(spacingBefore + spacingAfter) +
    /// Σ stack sizes, summed in Texture's order.
    static func stackDimensionSum(of range: Range<Int>, _ items: StackItems, _ context: StackContext) -> Double {
        guard !range.isEmpty else { return 0 }
        return stackDimensionSum(of: range, items, spacingExtent: spacingExtent(of: range, items, context))
    }

    /// The first part of a non-empty line's `stackDimensionSum`: spacing × (n − 1) + Σ(spacingBefore +
    /// spacingAfter), which no measurement changes. The single-line driver computes it once per stack
    /// for the sums of both step 5 and step 8 (the same value, so the same bits).
    @inline(__always)
    static func spacingExtent(of range: Range<Int>, _ items: StackItems, _ context: StackContext) -> Double {
        var sum = context.spacing * Double(range.count - 1)
        for index in range {
            sum += items[index].spacingBefore + items[index].spacingAfter
        }
        return sum
    }

    /// The rest of `stackDimensionSum` after the line's `spacingExtent`: + Σ stack sizes, in order.
    @inline(__always)
    static func stackDimensionSum(of range: Range<Int>, _ items: StackItems, spacingExtent: Double) -> Double {
        var sum = spacingExtent
        for index in range {
            sum += items[index].stackSize
        }
        return sum
    }

    /// The lines' extent across: Σ line cross sizes + lineSpacing × (lines − 1).
    static func crossDimensionSum(of lines: StackLines, _ context: StackContext) -> Double {
        var sum = context.lineSpacing * Double(lines.count - 1)
        for lineIndex in lines.indices {
            sum += lines[lineIndex].crossSize
        }
        return sum
    }

    /// How far `sum` must move to enter [min, max]: min − sum below it (positive), max − sum above it
    /// (negative), else 0. A NaN sum is inside (every comparison with NaN is false), as in Texture.
    @inline(__always) static func violation(_ sum: Double, min: Double, max: Double) -> Double {
        if sum < min { return min - sum }
        if sum > max { return max - sum }
        return 0
    }
}
