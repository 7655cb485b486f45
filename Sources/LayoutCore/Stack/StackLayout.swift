// Texture's ASStackLayoutSpec algorithm: an unpositioned phase (measure, break into lines,
// flex, size lines, stretch) followed by a positioned phase, as Texture splits it into
// ASStackUnpositionedLayout and ASStackPositionedLayout. One file per phase:
//
//   StackLayout+Axes.swift         stack/cross coordinates ↔ width/height, the working-state structs
//   StackLayout+Measure.swift      steps 1–3: parent size, optimized flexing, first measurement pass
//   StackLayout+Lines.swift        step 4 and step 8: line breaking, stack sums and violations
//   StackLayout+Flex.swift         step 5: single-pass resolution of flexible lengths
//   StackLayout+CrossAxis.swift    steps 6–7: line cross sizes, baselines, alignContent/item stretch
//   StackLayout+Positioning.swift  justifyContent, alignContent, alignItems offsets and the final size

/// The stack algorithm. It reproduces Texture, which deliberately differs from CSS flexbox; these
/// differences are kept on purpose, so a layout ported from Texture lands on the same frames:
///
/// - `flexShrink` defaults to 0 (CSS: 1); `flexGrow` defaults to 0 as in CSS.
/// - `alignItems` defaults to stretch. There is no `order`, no reverse direction, no `align-self:
///   baseline` (only alignItems has baseline values), no margins, padding or borders (use inset specs)
///   and no automatic min-content minimum.
/// - Flexible lengths are resolved in a single pass: no freezing or iteration when a child stops at its
///   own min/max. Grow shares are floored and the remainder goes entirely to the first flexed item (only
///   if that item grows); shrink shares are weighted by each item's measured stack size.
/// - `flexBasis` auto means "measure with [0, ∞]" (the content size); fractions (of sizes and of
///   flexBasis) resolve only against a stack axis whose range is exact, else they are undefined.
/// - Every child layout size is pixel-ceiled at creation and positions accumulate those ceiled sizes, so
///   the sum of the children can exceed the container (three 36.67-wide children sit at 0, 37, 74).
/// - Stretch never overrides a child's explicit cross size, min or max.
/// - Baseline alignment uses the ascender/descender of each child's style (text elements set them).
/// - Wrapping counts spacingBefore/spacingAfter in the break decision and restarts the inter-item
///   spacing on every new line.
///
/// Layout never traps on odd input (NaN, ∞, negative values): Texture's MIN/MAX are Foundation's
/// (`foundationMin`/`foundationMax`) and every division is by a count known to be positive or is plain
/// floating-point arithmetic.
enum StackLayout {
    /// Flexing, stretching and the justify/alignContent fallbacks ignore differences below this
    /// (Texture's kViolationEpsilon).
    static let violationEpsilon = 0.01

    /// Which driver lays out the initialized items: `automatic` takes the one-line driver for a stack
    /// that does not wrap. Tests pass `general` to check that both give the same records.
    enum Driver { case automatic, general }

    /// Texture's stack layout: picks the driver, then the driver runs the steps. The general driver
    /// (`layout(_:_:_:_:optimizedFlexing:)`, below) is the table of contents of Texture's steps, each a call
    /// named after what it does; the two fast paths run the same steps for the stacks most layouts are made
    /// of, each saying which steps it fuses and why its frames are the general driver's to the bit
    /// (StackSingleLineDriverTests and StackDefaultLineTests compare them with `driver: .general`):
    ///
    /// - `layoutSingleLine` (StackLayout+SingleLine.swift), a stack that does not wrap: step 4 (lines) is
    ///   one line, so the line loops of steps 5–8 and the positioned phase become straight-line code.
    /// - `layoutDefaultLine` (StackLayout+DefaultLine.swift), a noWrap stack of default-styled children
    ///   justified to the start: steps 3, 6–8 and the positioned phase fuse into one walk that measures and
    ///   places each child.
    ///
    /// `context` holds the spec's options and `range` (StackLayoutSpec passes them field by field, so the
    /// spec itself is never copied). Inlined into the spec's layout (StackLayoutSpec.calculateLayout), its
    /// one caller per stack: one frame fewer per stack.
    @inline(__always)
    static func layout(of children: StackChildren, _ context: StackContext,
                       into scratch: inout LayoutScratch, driver: Driver = .automatic) -> LayoutRecordIndex {
        // Step 0 — an empty stack takes the range minimum and has no sublayouts.
        guard children.count > 0 else {
            return scratch.appendLeaf(element: nil, type: .layoutSpec, size: context.range.min)
        }

        // Step 1 — the parent size handed to children: exact range axes only, NaN elsewhere (computed
        // by StackContext).
        // The children up to the first with a style of its own: when there is none, a stack that
        // `takesDefaultLine` needs no items (StackLayout+DefaultLine.swift).
        let defaultPrefix = defaultStyledPrefix(children)
        if defaultPrefix == children.count && driver == .automatic && takesDefaultLine(context) {
            if context.direction == .horizontal {
                return layoutDefaultLine(children, &scratch, context, HorizontalStackAxes())
            }
            return layoutDefaultLine(children, &scratch, context, VerticalStackAxes())
        }
        // The items are never deinitialized: StackItem must stay a trivial type (no references).
        return StackItems.with(count: children.count) { items in
            // Each child's style is read exactly once, here (the default prefix's already).
            let totals = initializeItems(items, children, context, defaultPrefix: defaultPrefix)
            // Step 2 — optimized flexing: skip measuring the single grow-and-shrink child of an exact stack.
            // The decision travels beside the context, which is only ever read: handed around as an inout
            // value, the context (113 bytes) was copied before every call that reads it, six times per
            // stack; a copy made to hold the decision would be one more copy per stack.
            let optimizedFlexing = usesOptimizedFlexing(totals, context)
            if context.flexWrap == .noWrap && driver == .automatic {
                if context.direction == .horizontal {
                    return layoutSingleLine(items, children, &scratch, context, HorizontalStackAxes(),
                                            optimizedFlexing: optimizedFlexing, totals: totals)
                }
                return layoutSingleLine(items, children, &scratch, context, VerticalStackAxes(),
                                        optimizedFlexing: optimizedFlexing, totals: totals)
            }
            return layout(items, children, &scratch, context, optimizedFlexing: optimizedFlexing)
        }
    }

    /// The stack of `elements` (each an element child): for tests, which drive the algorithm without a spec.
    static func layout(of elements: [any LayoutElement], _ context: StackContext,
                       into scratch: inout LayoutScratch, driver: Driver = .automatic) -> LayoutRecordIndex {
        SpecChildren.withElements(elements) { children in
            layout(of: children, context, into: &scratch, driver: driver)
        }
    }

    /// Steps 2–8 and the positioned phase, on initialized items, for any number of lines (a wrapping
    /// stack; one that does not wrap takes `layoutSingleLine`, StackLayout+SingleLine.swift).
    private static func layout(_ items: StackItems, _ children: StackChildren, _ scratch: inout LayoutScratch,
                               _ context: StackContext, optimizedFlexing: Bool) -> LayoutRecordIndex {
        // Step 2 (optimized flexing) was decided by the caller.
        // Step 3 — first pass: flexBasis on the stack axis, the stretch rule on the cross axis.
        measureAlongUnconstrainedStackAxis(items, children, &scratch, context, context.direction,
                                           optimizedFlexing: optimizedFlexing)

        // Step 4 — lines (one for noWrap).
        var lines = collectLines(items, context)
        // Step 5 — flex every line towards the stack range, then re-measure flexed items.
        flexLines(lines, items, children, &scratch, context, optimizedFlexing: optimizedFlexing)
        // Step 6 — each line's cross size and baseline.
        computeLineCrossSizesAndBaselines(&lines, items, context)
        // Step 7 — alignContent stretch of lines, then stretch of items to their line (after flexing).
        stretchLinesAlongCrossAxis(&lines, items, children, &scratch, context)
        // Step 8 — the stack sum (longest line) and the cross sum (lines plus line spacing).
        let sums = computeSums(&lines, items, context)

        // Positioned phase — offsets along both axes, final size clamped into the range.
        return positionedLayout(items, lines, sums, context, into: &scratch)
    }
}
