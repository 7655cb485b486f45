import Testing
@testable import BenchHarness

/// The baseline file: made from a result (scenario reference, provenance, default and pinned gates),
/// written one metric per line, read back exactly, and bad files rejected with the file, the exact JSON
/// path and the reason.
@Suite struct GateBaselineTests {
    typealias F = GateFixture

    @Test func madeFromAResult() {
        let baseline = F.baseline()
        #expect(baseline.scenario == BaselineScenario(name: "ci", file: "Scenarios/ci.json", contentHash: F.hash, seed: 12345,
                                                      cells: 100, widths: [375], threads: [1, 2], warmup: 1, repetitions: 9))
        #expect(baseline.engine == F.engine)
        #expect(baseline.provenance == F.provenance)
        #expect(baseline.result == "ci.result.json")
        #expect(baseline.metrics.map(\.key) == F.metrics.map(MetricKey.init))
        #expect(baseline.metrics.map(\.value) == F.metrics.map(\.value))
        #expect(baseline.updateCommand(path: "Results/baselines/ci.json")
            == "swift run -c release bench baseline update --output Results/baselines/ci.json")
    }

    @Test func scenarioPathsAreStoredRelativeToTheCheckout() {
        #expect(Baseline.relativeScenarioPath("/work/main/Scenarios/ci.json", packageRoot: "/work/main") == "Scenarios/ci.json")
        #expect(Baseline.relativeScenarioPath("/tmp/clone/Scenarios/ci.json", packageRoot: "/work/main") == "Scenarios/ci.json")
        #expect(Baseline.relativeScenarioPath("./my.json", packageRoot: "/work/main") == "my.json")
        #expect(Baseline.relativeScenarioPath("/data/other.json", packageRoot: nil) == "/data/other.json")
        #expect(F.baseline().scenarioPath(packageRoot: "/work/main") == "/work/main/Scenarios/ci.json")
    }

    @Test func roundTripsThroughJSONTextOneMetricPerLine() throws {
        var baseline = F.baseline()
        baseline.metrics[0].gate = .ratio(Band(minFactor: 0.5, maxFactor: 2, min: 1, max: 1e9))
        baseline.metrics[1].gate = .counter(Tolerance(relative: 0.01, absolute: 0.5))
        baseline.metrics[1].pinned = true
        let text = baseline.json()
        #expect(try Baseline.decode(text, file: "b.json") == baseline)
        #expect(try Baseline.decode(text, file: "b.json").json() == text)
        let lines = text.split(separator: "\n")
        let metricLines = lines.filter { $0.hasPrefix(#"    {"name": "#) }
        #expect(metricLines.count == F.metrics.count)
        #expect(lines.contains(#"    {"name": "layout.fresh.allocationsPerCell", "labels": {"width": 375}, "unit": "allocations", "#
            + #""value": 29.78, "lowerIsBetter": true, "gate": "counter", "tolerance": {"relative": 0.005, "absolute": 0}},"#))
        #expect(text.contains(#""pinned": true"#))
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"scenario\": {\n    \"name\": \"ci\",\n"))
    }

    @Test func pinnedGatesAreKeptOthersGetTheDefault() {
        var previous = F.baseline()
        let allocations = MetricKey(name: "layout.fresh.allocationsPerCell", labels: F.width)
        let bytes = MetricKey(name: "layout.fresh.bytesPerCell", labels: F.width)
        for index in previous.metrics.indices {
            if previous.metrics[index].key == allocations {
                previous.metrics[index].gate = .counter(Tolerance(absolute: 1))
                previous.metrics[index].pinned = true
            }
            if previous.metrics[index].key == bytes { previous.metrics[index].gate = .counter(.exact) }
        }
        let making = Baseline.make(from: F.result(), resultFile: nil, previous: previous)
        #expect(making.keptGates == [allocations])
        #expect(making.resetGates == [bytes])
        let gates = Dictionary(uniqueKeysWithValues: making.baseline.metrics.map { ($0.key, ($0.gate, $0.pinned)) })
        #expect(gates[allocations]?.0 == .counter(Tolerance(absolute: 1)))
        #expect(gates[allocations]?.1 == true)
        #expect(gates[bytes]?.0 == .counter(Tolerance(relative: 0.005)))
        let reset = Baseline.make(from: F.result(), resultFile: nil, previous: previous, resetGates: true)
        #expect(reset.keptGates.isEmpty)
        #expect(reset.baseline.metrics.allSatisfy { !$0.pinned })
        // Only the reason of an ungated metric differing is no change of gate.
        var renamed = F.baseline()
        renamed.metrics[0].gate = .reported(reason: "an older wording")
        #expect(Baseline.make(from: F.result(), resultFile: nil, previous: renamed).resetGates.isEmpty)
    }

    // MARK: Bad files

    /// The message `bench` prints after "error: " for `text`, or nil when it decodes.
    func message(_ text: String) -> String? {
        do {
            _ = try Baseline.decode(text, file: "b.json")
            return nil
        } catch {
            return error.description
        }
    }

    static let good = GateFixture.baseline().json()
    /// The first metric line (layout.fresh.cellsPerSecond, gate "none") and a counter's tolerance.
    static let firstGate = #""gate": "none", "reason": "absolute time""#
    static let tolerance = #""tolerance": {"relative": 0.005, "absolute": 0}"#

    @Test func badBaselinesNameTheFileAndThePath() {
        let good = Self.good
        #expect(message(good) == nil)
        #expect(message("[1]") == "b.json: $: expected an object, found an array of 1")
        #expect(message(#"{"schemaVersion": 1}"#) == #"b.json: $: missing key "scenario" in a baseline"#)
        #expect(message(good.replacingFirst(#""schemaVersion": 1"#, with: #""schemaVersion": 2"#))
            == "b.json: $.schemaVersion: unsupported schema version 2 (this bench reads 1)")
        #expect(message(good.replacingFirst(#""seed": 12345"#, with: #""seed": -1"#))
            == "b.json: $.scenario.seed: must be from 0 to 4294967295, found -1")
        #expect(message(good.replacingFirst(#""threads": [1, 2]"#, with: #""threads": [1, 0]"#))
            == "b.json: $.scenario.threads[1]: must be a thread count from 1 to 256")
        #expect(message(good.replacingFirst(#""contentHash": "#, with: #""hash": "#))
            == #"b.json: $.scenario.hash: unknown key "hash" in the baseline's scenario (allowed: name, file, contentHash, seed, cells, widths, threads, warmup, repetitions)"#)
        #expect(message(good.replacingFirst(#""jemalloc": true"#, with: #""jemalloc": "yes""#))
            == #"b.json: $.provenance.jemalloc: expected true or false, found "yes""#)
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "exact", "reason": "x""#))
            == #"b.json: $.metrics[0].gate: expected one of "counter", "ratio", "none", found "exact""#)
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "counter", "reason": "x""#))
            == #"b.json: $.metrics[0].reason: a "counter" gate takes "tolerance", not "reason""#)
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "ratio""#))
            == #"b.json: $.metrics[0]: missing key "band" in a baseline metric"#)
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "ratio", "band": {}"#))
            == "b.json: $.metrics[0].band: a band needs at least one of minFactor, maxFactor, min, max")
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "ratio", "band": {"minFactor": 2, "maxFactor": 1}"#))
            == "b.json: $.metrics[0].band.maxFactor: must be ≥ minFactor (2), found 1")
        #expect(message(good.replacingFirst(Self.firstGate, with: #""gate": "none", "reason": "x", "why": 1"#))
            == #"b.json: $.metrics[0].why: unknown key "why" in a baseline metric (allowed: name, labels, unit, value, lowerIsBetter, gate, tolerance, band, reason, pinned)"#)
        #expect(message(good.replacingFirst(Self.tolerance, with: #""tolerance": {"relative": -0.1}"#))
            == "b.json: $.metrics[8].tolerance.relative: must be a finite number ≥ 0, found -0.1")
        #expect(message(good.replacingFirst(#""value": 29.78"#, with: #""value": "inf""#))
            == "b.json: $.metrics[8].value: must be a finite number, found \"inf\"")
        // The same metric twice.
        let line = good.split(separator: "\n").first { $0.contains(#""name": "layout.nodesPerCell""#) }.map(String.init) ?? ""
        #expect(message(good.replacingFirst(line, with: line + "\n" + line))
            == "b.json: $.metrics[8]: layout.nodesPerCell is listed twice (first at $.metrics[7])")
        #expect(message("{\n  \"schemaVersion\": 1,\n}")?.hasPrefix("b.json: ") == true)
    }

    @Test func anUnreadableBaselineSaysWhy() {
        do {
            _ = try Baseline.load(path: "/nonexistent/baseline.json")
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.description == "/nonexistent/baseline.json: cannot read the file: No such file or directory")
        }
    }
}
