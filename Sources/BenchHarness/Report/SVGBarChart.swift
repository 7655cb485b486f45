import Foundation

// A horizontal bar chart of a run's timings, one row per metric: the median as a bar, min–max of the
// repetitions as a whisker, the value after the bar. It draws every scenario kind — transitions, scroll and
// trees have no series along an axis to plot as lines — on a logarithmic axis, since one run's timings span
// orders of magnitude (a transition's measure against its whole call). Every label sits in its own row or
// column, and a name too long for the left margin is shortened by its measured width, so none overlaps another.

struct SVGBarChart {
    struct Bar {
        var name: String
        var value: Double
        var low: Double?
        var high: Double?
        var valueText: String
    }

    var title: String
    var subtitle: String
    var axisLabel: String
    var bars: [Bar]

    let width = 800.0
    let left = 300.0, right = 90.0, top = 58.0, bottom = 48.0
    static let row = 22.0
    var height: Double { top + Double(max(bars.count, 1)) * Self.row + bottom }

    func render() -> String {
        let f = SVGLineChart.format
        let escape = SVGLineChart.escape
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let values = bars.flatMap { [$0.value, $0.low ?? $0.value, $0.high ?? $0.value] }.filter { $0 > 0 }
        let (low, high) = SVGLineChart.logRange(values)
        func px(_ value: Double) -> Double {
            left + (log10(max(value, low)) - log10(low)) / (log10(high) - log10(low)) * plotWidth
        }
        let fontSize = SVGLineChart.fontSize
        let textWidth = width - 16
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text class="chart-title" x="8" y="22" font-size="15" font-weight="bold">\(escape(TextExtent.truncated(title, fontSize: SVGLineChart.titleFontSize * 1.1, maxWidth: textWidth)))</text>
            <text class="chart-subtitle" x="8" y="40" fill="#555">\(escape(TextExtent.truncated(subtitle, fontSize: fontSize, maxWidth: textWidth)))</text>

            """
        var lastTick: LabelBox?
        for tick in SVGLineChart.logTicks(low, high) {
            let x = px(tick)
            svg += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + plotHeight))\" stroke=\"#e5e5e5\"/>\n"
            let text = NumberFormat.tick(tick)
            let tickWidth = TextExtent.width(text, fontSize: fontSize)
            let box = LabelBox(x: x - tickWidth / 2 - 2, y: top + plotHeight + 16 - 0.97 * fontSize, width: tickWidth + 4,
                               height: TextExtent.height(fontSize: fontSize))
            if let lastTick, lastTick.overlaps(box) { continue }
            lastTick = box
            svg += "<text class=\"tick\" x=\"\(f(x))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(escape(text))</text>\n"
        }
        svg += "<text class=\"axis\" x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 10))\" text-anchor=\"middle\">\(escape(axisLabel))</text>\n"
        for (index, bar) in bars.enumerated() {
            let color = SVGLineChart.palette[index % SVGLineChart.palette.count]
            let y = top + Double(index) * Self.row
            let name = TextExtent.truncated(bar.name, fontSize: fontSize, maxWidth: left - 16)
            svg += "<text class=\"bar-name\" x=\"\(f(left - 8))\" y=\"\(f(y + 15))\" text-anchor=\"end\">\(escape(name))<title>\(escape(bar.name))</title></text>\n"
            let end = px(bar.value)
            svg += "<rect x=\"\(f(left))\" y=\"\(f(y + 5))\" width=\"\(f(max(1, end - left)))\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.75\"><title>\(escape(bar.name)): \(escape(bar.valueText))</title></rect>\n"
            var valueX = end + 6
            if let lowValue = bar.low, let highValue = bar.high, lowValue > 0 {
                let (a, b) = (px(lowValue), px(highValue))
                svg += "<line x1=\"\(f(a))\" y1=\"\(f(y + 11))\" x2=\"\(f(b))\" y2=\"\(f(y + 11))\" stroke=\"#222\"/>\n"
                valueX = max(valueX, b + 6)
            }
            // The value goes after the bar and whisker, or inside the plot's right end when it would run off.
            let valueWidth = TextExtent.width(bar.valueText, fontSize: SVGLineChart.labelFontSize)
            valueX = min(valueX, width - 4 - valueWidth)
            svg += "<text class=\"bar-value\" x=\"\(f(valueX))\" y=\"\(f(y + 15))\" font-size=\"10\">\(escape(bar.valueText))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}

enum TimingChart {
    /// The run's timings (medians in µs, ms or ns) as bars, ordered as the result lists them; nil when it has none.
    static func svg(_ result: ResultDocument) -> String? {
        let timed = result.metrics.filter { !$0.deterministic && ["µs", "ms", "ns"].contains($0.unit) && $0.value > 0 }
        guard !timed.isEmpty else { return nil }
        // One unit per chart: the most common one, so the axis reads in it.
        var counts: [String: Int] = [:]
        for metric in timed { counts[metric.unit, default: 0] += 1 }
        let unit = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
        let bars = timed.filter { $0.unit == unit }.prefix(40).map { metric in
            SVGBarChart.Bar(name: RunComparison.describe(name: metric.name, labels: metric.labels), value: metric.value,
                            low: metric.samples.min, high: metric.samples.max,
                            valueText: NumberFormat.significant(metric.value) + " " + unit)
        }
        let chart = SVGBarChart(title: "\(result.scenario.name): timings", subtitle: ResultCharts.subtitle(result)
                                    + "; median, whisker min–max", axisLabel: "\(unit) (log scale)", bars: Array(bars))
        return chart.render()
    }
}
