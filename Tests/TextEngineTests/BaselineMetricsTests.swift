import LayoutCore
import Testing
@testable import TextEngine

/// AttributedText.baselineMetrics — the ascender/descender a text element puts into its style before it is
/// measured — against the font's hhea numbers read by the independent TrueType reader, and against
/// measurement at many widths and line limits.
@Suite struct BaselineMetricsTests {
    /// Points from design units of the independent reader.
    func points(_ units: Int, size: Double, font: TrueTypeReader = Fonts.regular) -> Double {
        Double(units) * size / Double(font.unitsPerEm)
    }

    @Test func oneRunTakesItsFontsAscenderAndDescender() {
        for size in [9.0, 12, 15, 20, 31] {
            let metrics = regular("Hello", size: size).baselineMetrics
            #expect(metrics.ascender == points(Fonts.regular.ascender, size: size), "size \(size)")
            #expect(metrics.descender == points(Fonts.regular.descender, size: size), "size \(size)")
            #expect(metrics.isExact)
            let boldMetrics = bold("Hello", size: size).baselineMetrics
            #expect(boldMetrics.ascender == points(Fonts.bold.ascender, size: size, font: Fonts.bold))
            #expect(boldMetrics.descender == points(Fonts.bold.descender, size: size, font: Fonts.bold))
        }
    }

    @Test func emptyTextHasNone() {
        #expect(AttributedText("").baselineMetrics == .empty)
        #expect(TextBaselineMetrics.empty == TextBaselineMetrics(ascender: 0, descender: 0, isExact: true))
    }

    @Test func aLineHeightMultipleMovesTheFirstBaselineDown() {
        // The extra height goes above the text: baseline = H × multiple + descender.
        let metrics = regular("Hello", size: 20, lineHeightMultiple: 1.5).baselineMetrics
        let lineHeight = points(Fonts.regular.ascender - Fonts.regular.descender + Fonts.regular.lineGap, size: 20) * 1.5
        #expect(close(metrics.ascender, lineHeight + points(Fonts.regular.descender, size: 20)))
        #expect(metrics.descender == points(Fonts.regular.descender, size: 20))
    }

    @Test func exactTextsAgreeWithEveryMeasurement() {
        let texts = [regular("Why, hello there! How are you?", size: 12), regular("line\nbreaks\n", size: 15),
                     regular("Why, ", size: 12) + bold("hello there!", size: 12),
                     regular("supercalifragilisticexpialidocious", size: 20)]
        for text in texts {
            let metrics = text.baselineMetrics
            #expect(metrics.isExact, "\(text)")
            for width in [5.0, 40, 99, 150, .infinity] {
                for lines in [0, 1, 2] {
                    let result = measure(text, width: width, lines: lines)
                    #expect(result.ascender == metrics.ascender, "\(text) width \(width) lines \(lines)")
                    #expect(result.descender == metrics.descender, "\(text) width \(width) lines \(lines)")
                }
            }
        }
    }

    @Test func mixedMetricsUseTheFirstAndLastRuns() {
        let text = regular("Big ", size: 20) + regular("small", size: 10)
        let metrics = text.baselineMetrics
        #expect(!metrics.isExact)
        #expect(metrics.ascender == points(Fonts.regular.ascender, size: 20))
        #expect(metrics.descender == points(Fonts.regular.descender, size: 10))
        // Each run on its own line: exact; both on one line: the line's descender is the 20-pt one.
        let wrapped = measure(text, width: 40)
        #expect(wrapped.lines.count == 2 && wrapped.ascender == metrics.ascender && wrapped.descender == metrics.descender)
        let oneLine = measure(text)
        #expect(oneLine.lines.count == 1 && oneLine.descender == points(Fonts.regular.descender, size: 20))
    }
}
