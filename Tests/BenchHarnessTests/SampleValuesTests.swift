import Foundation
import Testing
@testable import BenchHarness

/// The per-repetition values in a metric's "samples": written for timings of more than one repetition,
/// read back exactly, optional when decoding (results written before they were kept), and checked against
/// the count.
@Suite struct SampleValuesTests {
    static let labels = MetricLabels(threads: 1, width: 375)

    static func document(_ metrics: [Metric]) -> ResultDocument {
        let scenario = ScenarioSummary(name: "feed-parity", file: "Scenarios/feed-parity.json",
                                       contentHash: "fnv1a64:0000000000000001", description: "test", generator: "feed-parity",
                                       seed: 1, cells: 100, widths: [375], threads: [1], phases: [.fresh], warmup: 1,
                                       repetitions: 3)
        return ResultDocument(scenario: scenario, engine: "test engine", provenance: ResultDocumentTests.provenance,
                              timingsValid: true, metrics: metrics, latency: [], unavailable: [], frameChecks: [],
                              notes: [])
    }

    @Test func timingsKeepTheirValuesInMeasuredOrder() {
        let timing = Metric.timing("layout.fresh.wallTime", unit: "ms", samples: [3, 1, 2], labels: Self.labels,
                                   lowerIsBetter: true)
        #expect(timing.samples.values == [3, 1, 2])
        #expect(timing.samples.median == 2)
        let once = Metric.timing("layout.fresh.wallTime", unit: "ms", samples: [3], labels: Self.labels, lowerIsBetter: true)
        #expect(once.samples.values == nil)
        let counter = Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 19, labels: Self.labels)
        #expect(counter.samples.values == nil)
    }

    @Test func valuesRoundTripAndCountersStayOnOneLine() throws {
        let timing = Metric.timing("layout.fresh.wallTime", unit: "ms", samples: [4.25, 4.5, 4.125], labels: Self.labels,
                                   lowerIsBetter: true)
        let counter = Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 19, labels: Self.labels)
        let document = Self.document([timing, counter])
        let text = document.json()
        #expect(text.contains(#""samples": {"min": 4.125, "median": 4.25, "max": 4.5, "count": 3, "values": [4.25, 4.5, 4.125]}"#))
        #expect(text.contains(#""samples": {"min": 19, "median": 19, "max": 19, "count": 1}"#))
        let decoded = try ResultDocument.decode(text, file: "r.json")
        #expect(decoded == document)
    }

    @Test func resultsWithoutValuesStillDecode() throws {
        var timing = Metric.timing("layout.fresh.wallTime", unit: "ms", samples: [4, 5, 6], labels: Self.labels,
                                   lowerIsBetter: true)
        timing.samples.values = nil
        let text = Self.document([timing]).json()
        #expect(!text.contains("\"values\""))
        let decoded = try ResultDocument.decode(text, file: "old.json")
        #expect(decoded.metrics.first?.samples.values == nil)
        #expect(decoded.metrics.first?.samples.count == 3)
    }

    @Test func valuesMustMatchTheCount() {
        let timing = Metric.timing("layout.fresh.wallTime", unit: "ms", samples: [4, 5, 6], labels: Self.labels,
                                   lowerIsBetter: true)
        let text = Self.document([timing]).json().replacingOccurrences(of: "\"values\": [4, 5, 6]",
                                                                       with: "\"values\": [4, 5]")
        #expect(throws: LayoutDocumentError.self) { try ResultDocument.decode(text, file: "bad.json") }
        do {
            _ = try ResultDocument.decode(text, file: "bad.json")
        } catch {
            #expect(error.description == "bad.json: $.metrics[0].samples.values: has 2 values but count is 3")
        }
    }
}
