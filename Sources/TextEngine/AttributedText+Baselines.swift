// The ascender and descender a text element puts into its style for stack baseline alignment, known before
// the text is measured.
//
// Why before: the stack reads each child's style (ascender, descender) once, before it measures the child
// (Texture's ASStackLayoutSpec aligns baselines after measuring, but reads the values from the style). ASTextNode
// therefore sets style.ascender/descender when its attributedText is set, from the font of the first and of
// the last character — not per measurement. Loom does the same, with the vertical model of TextLayoutResult:
//   * ascender  = H₀ + D₀ of the first run (line height plus its negative descender: the first line's
//                 baseline when that line holds only the first run's metrics);
//   * descender = D of the last run (the run of the last character, or of a trailing "\n", which ends the
//                 empty last line).
// The first run is on the first line and the last run on the last line at every width, so for a text whose
// runs all share line height and descender (one font and size, or regular and bold DejaVu Sans at one size)
// these are exactly the ascender and descender of every measurement (`isExact`). When runs of different
// metrics share the first or last line, the measured line is taller than its first/last run and the values
// are those of the first/last character's font, as in Texture.

/// A text's baseline offsets for stack alignment (Texture's style.ascender / style.descender of a text node).
public struct TextBaselineMetrics: Hashable, Sendable {
    /// Distance from the top of the text to the first baseline, points (0 for empty text).
    public var ascender: Double
    /// The last line's descender, points, ≤ 0 (0 for empty text).
    public var descender: Double
    /// Every run has the same line height and descender: `ascender` and `descender` equal those of
    /// `TextMeasurer.measure` at any width and line limit.
    public var isExact: Bool

    public static let empty = TextBaselineMetrics(ascender: 0, descender: 0, isExact: true)
}

extension AttributedText {
    /// The ascender of the first run and the descender of the last run (see above). Reads the metrics resolved
    /// when the text was built: no font access, no layout.
    public var baselineMetrics: TextBaselineMetrics {
        let runs = self.runs
        guard let first = runs.first?.metrics, let last = runs.last?.metrics else { return .empty }
        let isExact = runs.allSatisfy {
            $0.metrics.lineHeight == first.lineHeight && $0.metrics.descender == first.descender
        }
        return TextBaselineMetrics(ascender: first.lineHeight + first.descender, descender: last.descender,
                                   isExact: isExact)
    }
}
