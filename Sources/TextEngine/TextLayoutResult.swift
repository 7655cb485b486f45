import LayoutCore

// What measuring a text produces.
//
// Vertical model (documented so TextNode and the stack's baseline alignment agree with it):
//   * a run's line height   H = (ascender − descender + lineGap) × size / unitsPerEm × lineHeightMultiple,
//     with ascender/descender/lineGap in design units from the font (FreeType's FT_Face fields: hhea for
//     TrueType; DejaVu Sans: 1901, −483, 0 of 2048);
//   * a line's height is the max of H over the runs with characters on that line (an empty line — between
//     two "\n" — uses the run of its line break); its descender D is the min of descender × size / unitsPerEm
//     over the same runs;
//   * the descent sits at the bottom of the line box and all extra space (line gap, multiple > 1) goes above
//     the text, as Texture's ascender computation for a paragraph style assumes: the baseline of a line is
//     H + D below the line's top (= the font's ascender when gap = 0 and multiple = 1);
//   * lines stack without extra spacing; size.height = ceilPx(Σ line heights).

/// One laid-out line.
public struct TextLine: Hashable, Sendable {
    /// UTF-8 offsets into the measured text's string: the line's characters including trailing spaces that
    /// hang past the edge, excluding the line terminator. A truncated line's range ends at its last visible
    /// character (trailing spaces before the token dropped).
    public var range: Range<Int>
    /// Sum of the advances (plus kerning when on) in points, unrounded: trailing spaces excluded, the
    /// truncation token included.
    public var width: Double
    /// Line height in points (see above).
    public var height: Double
    /// Distance of this line's baseline from the top of the text, points.
    public var baseline: Double
    /// The truncation token is drawn after `range`.
    public var isTruncated: Bool

    public init(range: Range<Int>, width: Double, height: Double, baseline: Double, isTruncated: Bool) {
        self.range = range
        self.width = width
        self.height = height
        self.baseline = baseline
        self.isTruncated = isTruncated
    }
}

public struct TextLayoutResult: Hashable, Sendable {
    /// (ceilPx(widest line), ceilPx(Σ line heights)) at PixelGrid.scale. Not clamped: the caller clamps it into
    /// its SizeRange (Texture's text node does the same).
    public var size: Size
    public var lines: [TextLine]
    /// Distance from the top of the text to the first line's baseline (Texture's `style.ascender` for
    /// BaselineFirst alignment); 0 for empty text.
    public var ascender: Double
    /// The last line's descender (negative: the baseline is `-descender` above the line's bottom; Texture's
    /// `style.descender` for BaselineLast); 0 for empty text.
    public var descender: Double
    /// Some text was cut by maximumNumberOfLines (or the height limit); the last line ends with the token.
    public var isTruncated: Bool

    public init(size: Size, lines: [TextLine], ascender: Double, descender: Double, isTruncated: Bool) {
        self.size = size
        self.lines = lines
        self.ascender = ascender
        self.descender = descender
        self.isTruncated = isTruncated
    }

    public var lineCount: Int { lines.count }

    /// Width of the widest line before pixel rounding.
    public var usedWidth: Double { lines.reduce(0) { max($0, $1.width) } }

    /// Sum of the line heights before pixel rounding.
    public var usedHeight: Double { lines.reduce(0) { $0 + $1.height } }

    public static let empty = TextLayoutResult(size: .zero, lines: [], ascender: 0, descender: 0,
                                               isTruncated: false)
}
