import Foundation

// Small self-contained SVG line charts (no scripts, no external fonts) for the run directory: cells/s by
// thread count, and the per-cell latency distribution on a "nines" percentile axis. The y axes are
// logarithmic: the manual floor and the engine differ by an order of magnitude or more.

struct SVGLineChart {
    struct Point {
        var x: Double
        var y: Double
        /// Optional spread bar (e.g. min…max of the repetitions).
        var low: Double?
        var high: Double?
        var label: String?
    }

    struct Series {
        var name: String
        var points: [Point]
        /// Series with the same colour index share a colour (e.g. one phase at several thread counts).
        var colorIndex: Int
        /// Dashed (e.g. the second thread count of a phase).
        var dashed = false
    }

    var title: String
    var subtitle: String
    var xLabel: String
    var yLabel: String
    /// Positions and labels of the x ticks; the x range is theirs.
    var xTicks: [(Double, String)]
    var series: [Series]

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
                          "#7f7f7f", "#bcbd22"]

    // Geometry. The chart grows downwards when the legend needs more rows than the plot is tall.
    let width = 800.0
    let left = 78.0, right = 250.0, top = 58.0, bottom = 56.0
    static let legendRow = 20.0
    var height: Double { max(440, top + 8 + Double(series.count) * Self.legendRow + bottom) }

    /// Font sizes of the chart's texts (SVG user units).
    static let fontSize = 12.0, labelFontSize = 10.0, titleFontSize = 15.0

    func render() -> String {
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let values = series.flatMap { $0.points.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } }.filter { $0 > 0 }
        let (yMin, yMax) = Self.logRange(values)
        let xs = xTicks.map(\.0)
        let xMin = xs.min() ?? 0, xMax = xs.max() ?? 1
        // 6% inside each edge, so points and their labels stay off the frame.
        let inset = plotWidth * 0.06
        func px(_ x: Double) -> Double {
            xMax == xMin ? left + plotWidth / 2 : left + inset + (x - xMin) / (xMax - xMin) * (plotWidth - 2 * inset)
        }
        func py(_ y: Double) -> Double {
            let clamped = max(y, yMin)
            return top + plotHeight - (log10(clamped) - log10(yMin)) / (log10(yMax) - log10(yMin)) * plotHeight
        }

        // Title and subtitle are cut to the chart's width rather than run off it.
        let textWidth = width - left - 8
        let title = TextExtent.truncated(self.title, fontSize: Self.titleFontSize * 1.1, maxWidth: textWidth)
        let subtitle = TextExtent.truncated(self.subtitle, fontSize: Self.fontSize, maxWidth: textWidth)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text class="chart-title" x="\(f(left))" y="22" font-size="15" font-weight="bold">\(Self.escape(title))</text>
            <text class="chart-subtitle" x="\(f(left))" y="40" fill="#555">\(Self.escape(subtitle))</text>

            """
        // Grid and y ticks (1, 2, 5 × 10^k); a tick label that would touch the one below it is left out.
        let tickHeight = TextExtent.height(fontSize: Self.fontSize)
        var lastYLabel: LabelBox?
        for tick in Self.logTicks(yMin, yMax) {
            let y = py(tick)
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" stroke=\"#e5e5e5\"/>\n"
            let text = NumberFormat.tick(tick)
            let textWidth = TextExtent.width(text, fontSize: Self.fontSize)
            let box = LabelBox(x: left - 6 - textWidth, y: y + 4 - 0.97 * Self.fontSize, width: textWidth, height: tickHeight)
            if let last = lastYLabel, last.overlaps(box) { continue }
            lastYLabel = box
            svg += "<text class=\"tick\" x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(Self.escape(text))</text>\n"
        }
        var lastXLabel: LabelBox?
        for (x, label) in xTicks {
            let X = px(x)
            svg += "<line x1=\"\(f(X))\" y1=\"\(f(top))\" x2=\"\(f(X))\" y2=\"\(f(top + plotHeight))\" stroke=\"#f0f0f0\"/>\n"
            let textWidth = TextExtent.width(label, fontSize: Self.fontSize)
            let box = LabelBox(x: X - textWidth / 2 - 2, y: top + plotHeight + 18 - 0.97 * Self.fontSize,
                               width: textWidth + 4, height: tickHeight)
            if let last = lastXLabel, last.overlaps(box) { continue }
            lastXLabel = box
            svg += "<text class=\"tick\" x=\"\(f(X))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(Self.escape(label))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">\(Self.escape(xLabel))</text>\n"
        svg += "<text class=\"axis\" transform=\"translate(18 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(Self.escape(yLabel))</text>\n"

        // Point labels go where they fit: every marker is reserved first, so a label covers no point, then
        // each label takes the first free place around its point, series by series; the rest are dropped.
        var placer = LabelPlacer(bounds: LabelBox(x: left + 1, y: top + 1, width: plotWidth - 2, height: plotHeight - 2))
        for series in series {
            for point in series.points where point.y > 0 {
                placer.reserve(LabelBox(x: px(point.x) - 4, y: py(point.y) - 4, width: 8, height: 8))
            }
        }
        let labelHeight = TextExtent.height(fontSize: Self.labelFontSize)
        for (index, series) in series.enumerated() {
            let color = Self.palette[series.colorIndex % Self.palette.count]
            let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
            let points = series.points.filter { $0.y > 0 }
            if points.count > 1 {
                let path = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
                svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
            }
            for point in points {
                let X = px(point.x), Y = py(point.y)
                if let low = point.low, let high = point.high, low > 0 {
                    svg += "<line x1=\"\(f(X))\" y1=\"\(f(py(low)))\" x2=\"\(f(X))\" y2=\"\(f(py(high)))\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
                    for end in [low, high] {
                        svg += "<line x1=\"\(f(X - 4))\" y1=\"\(f(py(end)))\" x2=\"\(f(X + 4))\" y2=\"\(f(py(end)))\" stroke=\"\(color)\"/>\n"
                    }
                }
                svg += "<circle cx=\"\(f(X))\" cy=\"\(f(Y))\" r=\"3.5\" fill=\"\(color)\"><title>\(Self.escape(series.name)): \(Self.escape(point.label ?? NumberFormat.si(point.y)))</title></circle>\n"
                if let label = point.label {
                    let labelWidth = TextExtent.width(label, fontSize: Self.labelFontSize)
                    let candidates = LabelPlacer.candidates(aroundX: X, y: Y, width: labelWidth, height: labelHeight, gap: 5)
                    if let box = placer.place(candidates) {
                        let baseline = box.y + 0.97 * Self.labelFontSize
                        svg += "<text class=\"point-label\" x=\"\(f(box.x))\" y=\"\(f(baseline))\" fill=\"\(color)\" font-size=\"10\">\(Self.escape(label))</text>\n"
                    }
                }
            }
            // Legend: one row each, names cut to the margin's width.
            let legendY = top + 8 + Double(index) * Self.legendRow
            let legendX = left + plotWidth + 16
            let name = TextExtent.truncated(series.name, fontSize: Self.fontSize, maxWidth: right - 16 - 28 - 6)
            svg += "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 22))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"3\"\(dash)/>\n"
            svg += "<text class=\"legend\" x=\"\(f(legendX + 28))\" y=\"\(f(legendY + 4))\">\(Self.escape(name))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// Decade-aligned bounds around the values (1…10 when there are none).
    static func logRange(_ values: [Double]) -> (Double, Double) {
        guard let low = values.min(), let high = values.max() else { return (1, 10) }
        var lower = pow10(floor(log10(low)))
        var upper = pow10(ceil(log10(high)))
        if upper <= lower { upper = lower * 10 }
        if lower <= 0 { lower = 1 }
        return (lower, upper)
    }

    /// 1, 2, 5 × 10^k over up to four decades; only the powers of ten beyond that.
    static func logTicks(_ low: Double, _ high: Double) -> [Double] {
        var ticks: [Double] = []
        var decade = low
        let steps: [Double] = high / low > 10_001 ? [1] : [1, 2, 5]
        while decade <= high * 1.0001 {
            for step in steps where decade * step <= high * 1.0001 {
                ticks.append(decade * step)
            }
            decade *= 10
        }
        return ticks
    }

    static func log10Value(_ value: Double) -> Double {
        log10(value)
    }

    static func pow10(_ exponent: Double) -> Double {
        pow(10, exponent)
    }

    func f(_ value: Double) -> String {
        Self.format(value)
    }

    static func format(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 1)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
