// A baseline from a run's result (`bench baseline update`): every metric with its default gate
// (GatePolicy), except gates pinned by hand in the baseline being replaced ("pinned": true), which are kept.

extension Baseline {
    /// What `make` did besides copying the metrics.
    public struct Making: Sendable {
        public var baseline: Baseline
        /// Pinned gates taken over from the previous baseline.
        public var keptGates: [MetricKey]
        /// Gates of the previous baseline, not pinned, that differ from the default given now (set by hand
        /// without pinning, or recorded under another GatePolicy).
        public var resetGates: [MetricKey]
    }

    /// The baseline of `result`; `resultFile` is the name of the full result saved beside it (or nil).
    /// Pinned gates of `previous` are kept, unless `resetGates`.
    public static func make(from result: ResultDocument, resultFile: String?,
                            previous: Baseline? = nil, resetGates: Bool = false,
                            packageRoot: String? = PackageLocation.root) -> Making {
        var kept: [MetricKey] = []
        var reset: [MetricKey] = []
        var previousMetrics: [MetricKey: BaselineMetric] = [:]
        for metric in previous?.metrics ?? [] { previousMetrics[metric.key] = metric }
        let metrics = result.metrics.map { metric -> BaselineMetric in
            let key = MetricKey(metric)
            var gate = GatePolicy.defaultGate(for: metric, timingsValid: result.timingsValid)
            var pinned = false
            if let old = previousMetrics[key], !old.gate.gatesAlike(gate) {
                if old.pinned && !resetGates {
                    gate = old.gate
                    pinned = true
                    kept.append(key)
                } else {
                    reset.append(key)
                }
            } else if let old = previousMetrics[key], old.pinned, !resetGates {
                pinned = true
            }
            return BaselineMetric(name: metric.name, labels: metric.labels, unit: metric.unit, value: metric.value,
                                  lowerIsBetter: metric.lowerIsBetter, gate: gate, pinned: pinned)
        }
        let s = result.scenario
        let scenario = BaselineScenario(name: s.name, file: relativeScenarioPath(s.file, packageRoot: packageRoot),
                                        contentHash: s.contentHash, seed: s.seed, cells: s.cells, widths: s.widths,
                                        threads: s.threads, warmup: s.warmup, repetitions: s.repetitions)
        let baseline = Baseline(scenario: scenario, engine: result.engine, timingsValid: result.timingsValid,
                                provenance: result.provenance, result: resultFile, metrics: metrics)
        return Making(baseline: baseline, keptGates: kept, resetGates: reset)
    }

    /// The command that re-records the baseline at `path` by re-running its scenario (a release build,
    /// unless the baseline holds debug timings).
    public func updateCommand(path: String) -> String {
        timingsValid ? "swift run -c release bench baseline update --output \(path)"
            : "swift run bench baseline update --output \(path) --allow-debug"
    }

    /// A scenario path as a baseline stores it: relative to the package root when it is inside it
    /// ("/work/main/Scenarios/ci.json" → "Scenarios/ci.json"), or from its "Scenarios/" component when it
    /// was recorded in another checkout, else unchanged.
    public static func relativeScenarioPath(_ path: String, packageRoot: String?) -> String {
        if let packageRoot, path.hasPrefix(packageRoot + "/") {
            return String(path.dropFirst(packageRoot.count + 1))
        }
        if path.hasPrefix("/"), let range = path.range(of: "/Scenarios/", options: .backwards) {
            return String(path[path.index(after: range.lowerBound)...])
        }
        if path.hasPrefix("./") { return String(path.dropFirst(2)) }
        return path
    }

    /// Where the scenario file of this baseline is: an absolute path as is, a relative one under the
    /// package root this harness was built from (relative to the current directory without one).
    public func scenarioPath(packageRoot: String? = PackageLocation.root) -> String {
        let file = scenario.file
        if file.hasPrefix("/") { return file }
        if let packageRoot { return packageRoot + "/" + file }
        return file
    }
}
