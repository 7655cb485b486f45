// How much room a chart label takes, so that labels are placed — or left out — by their extents instead of
// drawn where they fall. The charts name "Helvetica, Arial, sans-serif"; widths are Helvetica's advance
// widths (Adobe's AFM metrics, in thousandths of the font size), which Arial and Liberation Sans share by
// design. A character outside the table counts as wide as "M", and every width is padded a little, so an
// estimate errs on the side of too much room: a label the estimate keeps never overlaps a neighbour in a
// browser using any of those fonts or DejaVu Sans (wider, but within the padding at these sizes).

enum TextExtent {
    /// Advance widths of the printable ASCII characters, " " (32) to "~" (126).
    private static let widths: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 … ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P … _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` … o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p … ~
    ]

    /// DejaVu Sans, a browser's usual fallback on Linux, is wider than Helvetica: the estimate leaves room.
    static let safety = 1.18

    /// The width of `text` at `fontSize`, in the same units.
    static func width(_ text: String, fontSize: Double) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars {
            let value = Int(scalar.value)
            if value >= 32 && value <= 126 {
                thousandths += widths[value - 32]
            } else if value == 0x2009 || value == 0x202F {
                thousandths += 200  // thin spaces
            } else {
                thousandths += 833  // µ, ×, ÷, –, …: at most an "M"
            }
        }
        return Double(thousandths) / 1000 * fontSize * safety
    }

    /// The height a line of text takes at `fontSize` (ascender to descender, with a little air).
    static func height(fontSize: Double) -> Double { fontSize * 1.25 }

    /// `text` shortened with "…" until it fits `maxWidth`.
    static func truncated(_ text: String, fontSize: Double, maxWidth: Double) -> String {
        if width(text, fontSize: fontSize) <= maxWidth { return text }
        var characters = Array(text)
        while !characters.isEmpty && width(String(characters) + "…", fontSize: fontSize) > maxWidth {
            characters.removeLast()
        }
        return characters.isEmpty ? "" : String(characters) + "…"
    }
}

/// A box on the chart (SVG user units, y down).
struct LabelBox: Equatable {
    var x: Double, y: Double, width: Double, height: Double

    func overlaps(_ other: LabelBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    func inside(_ bounds: LabelBox) -> Bool {
        x >= bounds.x && y >= bounds.y && x + width <= bounds.x + bounds.width && y + height <= bounds.y + bounds.height
    }
}

/// Places labels one at a time: each takes the first candidate position whose box is inside the bounds and
/// clear of every box taken before it; a label with no such position is dropped (its value stays in the
/// point's tooltip and in the tables).
struct LabelPlacer {
    var bounds: LabelBox
    private(set) var taken: [LabelBox] = []

    init(bounds: LabelBox) {
        self.bounds = bounds
    }

    /// Reserves a box that nothing may overlap (a marker, the legend) without placing text in it.
    mutating func reserve(_ box: LabelBox) {
        taken.append(box)
    }

    /// The first free candidate, reserved; nil when all collide.
    mutating func place(_ candidates: [LabelBox]) -> LabelBox? {
        for box in candidates where box.inside(bounds) && !taken.contains(where: { $0.overlaps(box) }) {
            taken.append(box)
            return box
        }
        return nil
    }

    /// The boxes of a `width`×`height` label around an anchor point (x, y), right of it first: above right,
    /// below right, above left, below left, then straight above and below. `gap` keeps them off the marker.
    static func candidates(aroundX x: Double, y: Double, width: Double, height: Double, gap: Double) -> [LabelBox] {
        [
            LabelBox(x: x + gap, y: y - gap - height, width: width, height: height),
            LabelBox(x: x + gap, y: y + gap, width: width, height: height),
            LabelBox(x: x - gap - width, y: y - gap - height, width: width, height: height),
            LabelBox(x: x - gap - width, y: y + gap, width: width, height: height),
            LabelBox(x: x - width / 2, y: y - gap - height - 2, width: width, height: height),
            LabelBox(x: x - width / 2, y: y + gap + 2, width: width, height: height),
        ]
    }
}
