import Foundation
import Testing
@testable import BenchHarness

/// report.html and the charts' label placement: the page is self-contained and has its tables and charts;
/// labels are placed by their measured extents or left out, never drawn over one another. (The page in a real
/// browser: scripts/html-report-check.sh, run by .ci/run.)
@Suite struct HTMLReportTests {
    @Test func onePageHasProvenanceTablesAndChartsAndNothingToFetch() throws {
        let result = try ReportFixtures.ciResult()
        let html = HTMLReport.render([HTMLReport.Input(file: "ci.result.json", document: result)])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<table class=\"provenance\">"))
        #expect(html.contains("<th>commit</th>"))
        #expect(html.components(separatedBy: "<table").count - 1 >= 3)
        #expect(html.contains("data-chart=\"throughput.svg\""))
        #expect(html.contains("data-chart=\"latency.svg\""))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 2)
        for forbidden in ["<script", "src=", "href=", "<link", "url("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
    }

    @Test func severalResultsAddThreadsAcrossThemAndTheComparison() throws {
        let a = try ReportFixtures.ciResult()
        let b = ReportFixtures.scaled(a, by: 1.2)
        let html = HTMLReport.render([HTMLReport.Input(file: "a.json", document: a), HTMLReport.Input(file: "b.json", document: b)])
        #expect(html.contains("Across the results"))
        #expect(html.contains("data-chart=\"throughput-across\""))
        #expect(html.contains("<code>b.json</code> (B) vs <code>a.json</code> (A)"))
        #expect(html.components(separatedBy: "<section class=\"result\">").count - 1 == 2)
    }

    @Test func markdownTablesAndImagesBecomeHTML() {
        let html = MarkdownHTML.render("""
            ## Width 375

            | phase | cells/s |
            | --- | ---: |
            | fresh | **1 k** |

            ![chart](c.svg)
            - a `code` item
            """, charts: ["c.svg": "<svg></svg>"])
        #expect(html.contains("<h3>Width 375</h3>"))
        #expect(html.contains("<thead><tr><th>phase</th><th>cells/s</th></tr></thead>"))
        #expect(html.contains("<td><strong>1 k</strong></td>"))
        #expect(html.contains("<figure class=\"chart\" data-chart=\"c.svg\">\n<svg></svg>"))
        #expect(html.contains("<li>a <code>code</code> item</li>"))
    }

    @Test func aLabelThatCollidesEverywhereIsDropped() {
        var placer = LabelPlacer(bounds: LabelBox(x: 0, y: 0, width: 100, height: 40))
        let first = placer.place(LabelPlacer.candidates(aroundX: 50, y: 20, width: 40, height: 12, gap: 5))
        let second = placer.place(LabelPlacer.candidates(aroundX: 50, y: 20, width: 40, height: 12, gap: 5))
        let third = placer.place(LabelPlacer.candidates(aroundX: 50, y: 20, width: 40, height: 12, gap: 5))
        #expect(first != nil && second != nil)
        if let first, let second { #expect(!first.overlaps(second)) }
        #expect(third != nil)
        // The fourth has no free place inside the bounds left.
        var crowded = placer
        _ = crowded.place(LabelPlacer.candidates(aroundX: 50, y: 20, width: 40, height: 12, gap: 5))
        #expect(crowded.place(LabelPlacer.candidates(aroundX: 50, y: 20, width: 40, height: 12, gap: 5)) == nil)
    }

    /// Ten series through the same points: every point label drawn is clear of every other, by the extents
    /// the placer measured; the ones with no room are not drawn.
    @Test func crowdedPointLabelsDoNotOverlap() throws {
        let series = (0..<10).map { index in
            SVGLineChart.Series(name: "series \(index) with a long legend name that gets cut", points: (0..<4).map {
                SVGLineChart.Point(x: Double($0), y: 1000 * Double(1 + $0) * (1 + Double(index) / 100),
                                   label: "\(1000 * (1 + $0)).\(index) k")
            }, colorIndex: index)
        }
        let svg = SVGLineChart(title: "crowded", subtitle: "", xLabel: "x", yLabel: "y",
                               xTicks: (0..<4).map { (Double($0), "\($0)") }, series: series).render()
        let pattern = #/<text class="point-label" x="([-0-9.]+)" y="([-0-9.]+)"[^>]*>([^<]*)</text>/#
        let boxes = svg.matches(of: pattern).map { match in
            let x = Double(match.1)!, baseline = Double(match.2)!, text = String(match.3)
            return LabelBox(x: x, y: baseline - 0.97 * SVGLineChart.labelFontSize,
                            width: TextExtent.width(text, fontSize: SVGLineChart.labelFontSize),
                            height: TextExtent.height(fontSize: SVGLineChart.labelFontSize))
        }
        #expect(boxes.count >= 4 && boxes.count < 40, "\(boxes.count) labels drawn")
        for i in boxes.indices { for j in boxes.indices where j > i { #expect(!boxes[i].overlaps(boxes[j])) } }
        #expect(!svg.contains("gets cut</text>"))
    }

    @Test func timingsChartDrawsKindsWithoutLines() throws {
        var result = try ReportFixtures.ciResult()
        result.scenario.kind = .transition
        let svg = try #require(TimingChart.svg(result))
        #expect(svg.contains("class=\"bar-name\""))
        #expect(svg.contains("class=\"bar-value\""))
        #expect(svg.contains(" (log scale)</text>"))
    }

    @Test func inputKindsAreToldApartByTheirKeys() throws {
        func kind(_ path: String) -> InputKind? { InputKind.detect(path: ReportFixtures.root.appendingPathComponent(path).path) }
        #expect(kind("Scenarios/feed.json") == .scenario)
        #expect(kind("Scenarios/churn.json") == .scenario)
        #expect(kind("Scenarios/layout/wrap.json") == .layoutDocument)
        #expect(kind("Results/baselines/ci.result.json") == .result)
        #expect(kind("Results/baselines/ci.json") == .baseline)
        #expect(kind("Scenarios/regressions/stale-layout-after-text-change.json") == .stressScript)
    }
}
