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

    // Geometry.
    let width = 800.0, height = 440.0
    let left = 78.0, right = 250.0, top = 58.0, bottom = 56.0

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

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="22" font-size="15" font-weight="bold">\(escape(title))</text>
            <text x="\(f(left))" y="40" fill="#555">\(escape(subtitle))</text>

            """
        // Grid and y ticks (1, 2, 5 × 10^k).
        for tick in Self.logTicks(yMin, yMax) {
            let y = py(tick)
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" stroke=\"#e5e5e5\"/>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(NumberFormat.tick(tick)))</text>\n"
        }
        for (x, label) in xTicks {
            let X = px(x)
            svg += "<line x1=\"\(f(X))\" y1=\"\(f(top))\" x2=\"\(f(X))\" y2=\"\(f(top + plotHeight))\" stroke=\"#f0f0f0\"/>\n"
            svg += "<text x=\"\(f(X))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(escape(label))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        svg += "<text transform=\"translate(18 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"

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
                svg += "<circle cx=\"\(f(X))\" cy=\"\(f(Y))\" r=\"3.5\" fill=\"\(color)\"><title>\(escape(series.name)): \(escape(point.label ?? NumberFormat.si(point.y)))</title></circle>\n"
                if let label = point.label {
                    svg += "<text x=\"\(f(X + 6))\" y=\"\(f(Y - 6))\" fill=\"\(color)\" font-size=\"10\">\(escape(label))</text>\n"
                }
            }
            // Legend.
            let legendY = top + 8 + Double(index) * 20
            let legendX = left + plotWidth + 16
            svg += "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 22))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"3\"\(dash)/>\n"
            svg += "<text x=\"\(f(legendX + 28))\" y=\"\(f(legendY + 4))\">\(escape(series.name))</text>\n"
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

    private func f(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 1)
    }

    private func escape(_ text: String) -> String {
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
