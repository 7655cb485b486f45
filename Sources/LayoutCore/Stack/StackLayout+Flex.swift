// Step 5 of Texture's stack algorithm (StackLayout.swift): its single-pass resolution of flexible lengths,
// line by line.

extension StackLayout {
    /// Step 5 — flex every line towards the stack range.
    static func flexLines(_ lines: StackLines, _ items: StackItems, _ children: StackChildren,
                          _ scratch: inout LayoutScratch, _ context: StackContext, optimizedFlexing: Bool) {
        for lineIndex in lines.indices {
            let line = lines[lineIndex].items
            flexLine(line, stackSum: stackDimensionSum(of: line, items, context), items, children, &scratch, context,
                     optimizedFlexing: optimizedFlexing)
        }
    }

    /// One line: the violation of the line's sum against the stack range picks the flex factor (none
    /// within 0.01, flexGrow when too short, flexShrink when too long). With no factor, nothing flexes —
    /// but the child skipped by optimized flexing is now measured at stack size 0. Otherwise every item
    /// with a non-zero adjustment is re-measured once at exactly MAX(0, size + adjustment), the first of
    /// them also taking the rounding remainder if it grows. No iteration: an item that cannot reach its
    /// flexed size (its own min/max) is not re-balanced against the others. `stackSum` is the line's
    /// `stackDimensionSum` before flexing.
    static func flexLine(_ line: Range<Int>, stackSum: Double, _ items: StackItems, _ children: StackChildren,
                         _ scratch: inout LayoutScratch, _ context: StackContext, optimizedFlexing: Bool) {
        let violation = violation(stackSum, min: context.stackMin, max: context.stackMax)
        let mode = StackFlexMode(violation: violation)
        var factorSum = 0.0
        for index in line {
            factorSum += mode.factor(of: items[index])
        }
        if factorSum == 0 {
            if optimizedFlexing {
                measureSkippedItemsAtZeroSize(line, items, children, &scratch, context, context.direction)
            }
            return
        }

        var shares = StackFlexShares(mode: mode, violation: violation, factorSum: factorSum)
        if mode == .shrink {
            var scaledSum = 0.0
            for index in line {
                scaledSum += shares.scaledShrinkFactor(of: items[index])
            }
            shares.scaledShrinkFactorSum = scaledSum
        }

        // The remainder of the violation after the (floored or proportional) shares, and the first item
        // that actually flexes: it alone may take the remainder, and only if it grows.
        var remaining = violation
        var firstFlexible: Int?
        for index in line {
            let adjustment = shares.adjustment(of: items[index])
            remaining -= adjustment
            if firstFlexible == nil && adjustment != 0 { firstFlexible = index }
        }
        guard let firstFlexible else { return }

        for index in line {
            // Computed before this item is re-measured; later items still have their first-pass sizes,
            // which is what Texture's shares are based on.
            let adjustment = shares.adjustment(of: items[index])
            guard adjustment != 0 else { continue }
            let remainder = index == firstFlexible && items[index].flexGrow > 0 ? remaining : 0
            let flexed = foundationMax(0, items[index].stackSize + adjustment + remainder)
            remeasure(index, stackMin: flexed, stackMax: flexed,
                      crossMin: context.crossMin, crossMax: context.crossMax, items, children, &scratch, context,
                      context.direction)
        }
    }

    /// `flexLine` for the one-line driver, whose line is every item: the same arithmetic in the same order
    /// in fewer passes over the items. The factor sum is taken of the one factor the mode selects; the
    /// walk that sums the adjustments stops at the first flexible item unless that item grows (only then
    /// is the remainder used), and the re-measuring walk starts after it, the first item's adjustment kept
    /// from the search (no item's share changes before that item itself is re-measured). The general
    /// driver keeps `flexLine`, which the single-line driver test compares against bit for bit.
    /// (Done by flexLine, it walked the items four times, recomputing each adjustment.) Inlined into the
    /// one-line driver, its one caller: no frame of its own.
    @inline(__always)
    static func flexSingleLine<Axes: StackAxes>(stackSum: Double, _ items: StackItems, _ children: StackChildren,
                                                _ scratch: inout LayoutScratch, _ context: StackContext,
                                                _ axes: Axes, optimizedFlexing: Bool) {
        let violation = violation(stackSum, min: axes.stackMin(context), max: axes.stackMax(context))
        let mode = StackFlexMode(violation: violation)
        var factorSum = 0.0
        switch mode {
        case .none: break
        case .grow: for index in items.indices { factorSum += items[index].flexGrow }
        case .shrink: for index in items.indices { factorSum += items[index].flexShrink }
        }
        if factorSum == 0 {
            if optimizedFlexing {
                measureSkippedItemsAtZeroSize(items.indices, items, children, &scratch, context, axes)
            }
            return
        }

        var shares = StackFlexShares(mode: mode, violation: violation, factorSum: factorSum)
        if mode == .shrink {
            var scaledSum = 0.0
            for index in items.indices {
                scaledSum += shares.scaledShrinkFactor(of: items[index])
            }
            shares.scaledShrinkFactorSum = scaledSum
        }

        // The first item that flexes, subtracting the adjustments up to it from the violation.
        var remaining = violation
        var first = 0
        var firstAdjustment = 0.0
        // The grow walk is written out for its mode (the usual one): `adjustment` switches on the mode per
        // item.
        if mode == .grow {
            while first < items.count {
                firstAdjustment = shares.growAdjustment(of: items[first])
                remaining -= firstAdjustment
                if firstAdjustment != 0 { break }
                first += 1
            }
        } else {
            while first < items.count {
                firstAdjustment = shares.adjustment(of: items[first])
                remaining -= firstAdjustment
                if firstAdjustment != 0 { break }
                first += 1
            }
        }
        guard first < items.count else { return }
        // It takes the remainder of the violation only if it grows: then the rest is subtracted too.
        var remainder = 0.0
        if items[first].flexGrow > 0 {
            for index in first + 1 ..< items.count {
                remaining -= shares.adjustment(of: items[index])
            }
            remainder = remaining
        }
        let flexed = foundationMax(0, items[first].stackSize + firstAdjustment + remainder)
        remeasure(first, stackMin: flexed, stackMax: flexed,
                  crossMin: axes.crossMin(context), crossMax: axes.crossMax(context), items, children, &scratch,
                  context, axes)
        for index in first + 1 ..< items.count {
            let adjustment = shares.adjustment(of: items[index])
            guard adjustment != 0 else { continue }
            let noRemainder = 0.0
            let flexed = foundationMax(0, items[index].stackSize + adjustment + noRemainder)
            remeasure(index, stackMin: flexed, stackMax: flexed,
                      crossMin: axes.crossMin(context), crossMax: axes.crossMax(context), items, children, &scratch,
                  context, axes)
        }
    }

    /// The child whose first measurement optimized flexing skipped gets measured with stack range [0, 0]
    /// when its line does not flex (Texture's layoutFlexibleChildrenAtZeroSize).
    static func measureSkippedItemsAtZeroSize<Axes: StackAxes>(_ line: Range<Int>, _ items: StackItems,
                                                               _ children: StackChildren,
                                                               _ scratch: inout LayoutScratch,
                                                               _ context: StackContext, _ axes: Axes) {
        for index in line where items[index].isFlexibleInBothDirections {
            remeasure(index, stackMin: 0, stackMax: 0,
                      crossMin: axes.crossMin(context), crossMax: axes.crossMax(context), items, children, &scratch,
                  context, axes)
        }
    }
}

/// Which flex factor a line's violation selects.
enum StackFlexMode {
    case none, grow, shrink

    /// |violation| < 0.01 → none; positive → grow; otherwise (negative, or NaN as in Texture) → shrink.
    init(violation: Double) {
        if abs(violation) < StackLayout.violationEpsilon {
            self = .none
        } else if violation > 0 {
            self = .grow
        } else {
            self = .shrink
        }
    }

    func factor(of item: StackItem) -> Double {
        switch self {
        case .none: return 0
        case .grow: return item.flexGrow
        case .shrink: return item.flexShrink
        }
    }
}

/// How a line's violation is shared out, as a pure function of an item (so no per-line storage).
struct StackFlexShares {
    let mode: StackFlexMode
    let violation: Double
    let factorSum: Double
    /// Shrinking only: Σ scaledShrinkFactor over the line.
    var scaledShrinkFactorSum = 0.0

    init(mode: StackFlexMode, violation: Double, factorSum: Double) {
        self.mode = mode
        self.violation = violation
        self.factorSum = factorSum
    }

    /// stackSize × flexShrink / factorSum: shrink is weighted by the measured size. (Texture multiplies
    /// by the quotient; the same order is kept here so results match bit for bit.)
    func scaledShrinkFactor(of item: StackItem) -> Double {
        item.stackSize * (item.flexShrink / factorSum)
    }

    /// floor(violation × flexGrow / factorSum): `adjustment` when growing. A share of ±0 (every item that
    /// does not grow) is its own floor, same sign and all, so it skips libm's `floor`, a call around which
    /// the search for the first flexible item spilled its values.
    @inline(__always)
    func growAdjustment(of item: StackItem) -> Double {
        let share = violation * (item.flexGrow / factorSum)
        return share == 0 ? share : share.rounded(.down)
    }

    /// Grow: floor(violation × flexGrow / factorSum). Shrink: −|scaled / Σscaled × violation|, or 0 when
    /// Σscaled is 0 (zero-sized items cannot absorb shrink).
    func adjustment(of item: StackItem) -> Double {
        switch mode {
        case .none:
            return 0
        case .grow:
            return growAdjustment(of: item)
        case .shrink:
            guard scaledShrinkFactorSum != 0 else { return 0 }
            return -abs(scaledShrinkFactor(of: item) / scaledShrinkFactorSum * violation)
        }
    }
}
