import Foundation
import Testing
@testable import BenchHarness

/// The result JSON: a real run's result round-trips through text exactly, optional provenance fields
/// survive as null, bad files get the path, and the metric names the README promises are there.
@Suite struct ResultDocumentTests {
    static let provenance = Provenance(
        gitCommit: String(repeating: "ab", count: 20), gitDirty: true, swiftCompiler: "6.3.1",
        buildConfiguration: "debug", jemalloc: true, allocator: "jemalloc 5.3.0-0-gtest",
        machine: Provenance.Machine(system: "Linux", release: "6.1", architecture: "x86_64", cpuModel: "Test CPU",
                                    cores: 2, memoryBytes: 24 << 30),
        timestamp: "2026-01-02T03:04:05Z", arguments: ["--scenario", "ci", "--allow-debug"])

    static func result(provenance: Provenance = provenance) -> ResultDocument {
        let scenario = RunnerTests.scenario(cells: 30, threads: [.count(1), .count(2)])
        let measurements = LayoutRunner(engine: NodeTreeFeedParityEngine(), scenario: scenario,
                                        options: LayoutRunOptions(threadCounts: [1, 2], allocationCounter: FakeCounter())).run()
        return ResultDocument.make(scenario: scenario, measurements: measurements, provenance: provenance,
                                   timingsValid: false)
    }

    @Test func roundTripsThroughJSONText() throws {
        let result = Self.result()
        let text = result.json()
        let decoded = try ResultDocument.decode(text, file: "result.json")
        #expect(decoded == result)
        #expect(decoded.json() == text)
    }

    @Test func roundTripsWithUnknownProvenance() throws {
        var provenance = Self.provenance
        provenance.gitCommit = nil
        provenance.gitDirty = nil
        provenance.allocator = nil
        provenance.jemalloc = false
        provenance.machine.cpuModel = nil
        let result = Self.result(provenance: provenance)
        let text = result.json()
        #expect(text.contains(#""gitCommit": null"#))
        #expect(try ResultDocument.decode(text, file: "result.json") == result)
    }

    @Test func containsTheDocumentedMetrics() {
        let metrics = Self.result().metrics
        for name in ["layout.create.cellsPerSecond", "layout.fresh.cellsPerSecond", "layout.fresh.nodesPerSecond",
                     "layout.fresh.wallTime", "layout.fresh.cpuTime", "layout.fresh.latency.p50",
                     "layout.fresh.latency.p90", "layout.fresh.latency.p99", "layout.manual.cellsPerSecond"] {
            #expect(metrics.first(name, threads: 1, width: 375) != nil, "\(name)")
            #expect(metrics.first(name, threads: 2, width: 375) != nil, "\(name)")
        }
        #expect(metrics.first("layout.manualRatio", threads: 1, width: 375)?.unit == "×")
        #expect(metrics.first("layout.fresh.scaling", threads: 2, width: 375)?.lowerIsBetter == false)
        for name in ["layout.create.allocationsPerCell", "layout.fresh.allocationsPerCell", "layout.fresh.bytesPerCell",
                     "layout.manual.allocationsPerCell", "layout.fresh.measureCallsPerCell", "layout.frameMismatches"] {
            let metric = metrics.first(name, width: 375)
            #expect(metric?.deterministic == true, "\(name)")
        }
        for name in ["layout.cached.cellsPerSecond", "layout.invalidated.cellsPerSecond", "layout.cached.latency.p99"] {
            #expect(metrics.first(name, threads: 2, width: 375) != nil, "\(name)")
        }
        for name in ["layout.cached.allocationsPerCell", "layout.invalidated.allocationsPerCell",
                     "layout.cached.cacheHitsPerCell", "layout.invalidated.cacheMissesPerCell"] {
            #expect(metrics.first(name, width: 375)?.deterministic == true, "\(name)")
        }
        #expect(metrics.first("layout.cached.manualRatio", threads: 1, width: 375) != nil)
        #expect(metrics.first("layout.nodesPerCell")?.value == 6)
        #expect(metrics.first("layout.frameMismatches", width: 375)?.value == 0)
        #expect(metrics.first("layout.cached.measureCallsPerCell", width: 375)?.value == 0)
    }

    /// An engine without a cache: the cached and invalidated metrics are absent, not faked.
    @Test func unavailablePhasesHaveNoMetrics() throws {
        let scenario = RunnerTests.scenario(cells: 10)
        let measurements = LayoutRunner(engine: LayoutCoreFeedParityEngine(), scenario: scenario,
                                        options: LayoutRunOptions(threadCounts: [1])).run()
        let result = ResultDocument.make(scenario: scenario, measurements: measurements, provenance: Self.provenance,
                                         timingsValid: true)
        #expect(!result.metrics.contains { $0.name.hasPrefix("layout.cached.") || $0.name.hasPrefix("layout.invalidated.") })
        #expect(result.unavailable.count == 2)
        let table = TableReport.render(result)
        let line = table.split(separator: "\n").first { $0.hasPrefix("cached re-layout ") }
        #expect(line?.hasSuffix("–  not available until NodeTree: LayoutCore nodes do not cache layouts") == true)
        #expect(try ResultDocument.decode(result.json(), file: "r.json") == result)
    }

    @Test func badResultFilesNameThePath() {
        func message(_ text: String) -> String? {
            do { _ = try ResultDocument.decode(text, file: "r.json"); return nil } catch { return error.description }
        }
        let good = Self.result().json()
        #expect(message(good.replacingFirst(#""schemaVersion": 1"#, with: #""schemaVersion": 9"#))
            == "r.json: $.schemaVersion: unsupported schema version 9 (this bench reads 1)")
        #expect(message(good.replacingFirst(#""lowerIsBetter": false"#, with: #""lowerIsBetter": "no""#))?
            .hasSuffix(#".lowerIsBetter: expected true or false, found "no""#) == true)
        #expect(message(good.replacingFirst(#""engine": "#, with: #""extra": 1, "engine": "#))
            == #"r.json: $.extra: unknown key "extra" in a result (allowed: schemaVersion, scenario, engine, timingsValid, manualRounds, provenance, metrics, latency, unavailable, frameChecks, notes)"#)
        #expect(message("[1]") == "r.json: $: expected an object, found an array of 1")
    }

    @Test func statistics() {
        #expect(Statistics.summary([3, 1, 2]) == SampleSummary(min: 1, median: 2, max: 3, count: 3))
        #expect(Statistics.summary([4, 1, 2, 3]).median == 2.5)
        #expect(Statistics.summary([5]).relativeSpread == 0)
        #expect(Statistics.summary([90, 100, 110]).relativeSpread == 0.2)
        #expect(Statistics.pairwiseRatios([10, 20, 30], [5, 0, 10]) == [2, 3])
    }

    @Test func reportsRenderTheResult() {
        let result = Self.result()
        let table = TableReport.render(result)
        #expect(table.contains("DEBUG BUILD"))
        #expect(table.contains("fresh layout"))
        #expect(table.contains("cached re-layout"))
        #expect(table.contains("invalidated re-layout"))
        #expect(table.contains("engine ÷ manual"))
        #expect(table.contains("frames: the engine's equal the manual layout's for all 30 cells"))
        let markdown = MarkdownReport.render(result)
        #expect(markdown.contains("![throughput by thread count](throughput.svg)"))
        #expect(markdown.contains("| fresh layout | 1 |"))
        for svg in [ResultCharts.throughputSVG(result), ResultCharts.latencySVG(result)] {
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.hasSuffix("</svg>\n"))
            #expect(!svg.contains("nan") && !svg.contains("inf"))
        }
    }

    @Test func numberFormats() {
        #expect(NumberFormat.si(812_345) == "812 k")
        #expect(NumberFormat.si(1_414_000) == "1.41 M")
        #expect(NumberFormat.si(98_440) == "98.4 k")
        #expect(NumberFormat.si(950) == "950")
        #expect(NumberFormat.significant(0.1534) == "0.153")
        #expect(NumberFormat.fixed(-0.004, decimals: 2) == "0.00")
        #expect(NumberFormat.fixed(2.5, decimals: 0) == "3")
        #expect(NumberFormat.count(12) == "12")
        #expect(NumberFormat.count(73.6) == "73.60")
    }

    /// A result file may hold any finite number (bench fuzz: a latency of 1e308 made `bench report` trap in
    /// a chart's tick label, converting the digits to Int64).
    @Test func numbersBeyondInt64FormatWithoutTrapping() {
        #expect(NumberFormat.fixed(1e308, decimals: 1) == "1e+308")
        #expect(NumberFormat.si(1e308) == "1e+299 G")
        #expect(NumberFormat.tick(-1e300).hasSuffix("e+291 G"))
        #expect(Int(saturating: 1e308) == .max && Int(saturating: -1e308) == .min && Int(saturating: .nan) == 0)
        #expect(Int(saturating: 41.9) == 41)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
