// Two saved runs were measured minutes apart, each in the machine's state of its moment. The machine probe
// (MachineProbe.swift: fixed work that no change of the code under test touches) is compared like any timing;
// where it differs beyond the noise threshold, the machine ran that thread count at another speed, and a
// timing at that thread count that "changed" may have changed with the machine alone. Such verdicts become
// inconclusive, with the probe's change as the reason; "no difference" stays (the machine's drift did not
// produce one), and deterministic counters are untouched. A timing without a thread count (the pipeline's
// scroll and reload totals) is inconclusive when the probe moved at any thread count.

extension RunComparison {
    /// The probe's change B / A at each thread count where it moved beyond the threshold (empty when the
    /// runs have no probe, as runs of a bench without one, or a pipeline-only run).
    func probeDrift() -> [Int: Double] {
        var drift: [Int: Double] = [:]
        for row in rows where row.name == ProbeSeries.metricName {
            guard let threads = row.labels.threads, row.verdict == .better || row.verdict == .worse else { continue }
            drift[threads] = row.estimate?.ratio ?? row.candidate.median / max(row.baseline.median, .leastNonzeroMagnitude)
        }
        return drift
    }

    /// Marks the timed verdicts the probe's drift leaves open as inconclusive and says why in `notes`.
    mutating func applyProbe() {
        let drift = probeDrift()
        guard !drift.isEmpty else { return }
        let threadCounts = drift.keys.sorted()
        for index in rows.indices {
            let row = rows[index]
            guard !row.deterministic, row.name != ProbeSeries.metricName,
                  row.verdict == .better || row.verdict == .worse else { continue }
            let moved = row.labels.threads.map { drift[$0] } ?? drift[threadCounts[0]]
            guard let ratio = moved else { continue }
            let place = row.labels.threads.map { $0 == 1 ? "1 thread" : "\($0) threads" }
                ?? threadCounts.map { $0 == 1 ? "1 thread" : "\($0) threads" }.joined(separator: ", ")
            rows[index].reason = "was " + row.verdictText + "; the machine probe took "
                + Self.percentChange(ratio) + " at " + place
            rows[index].verdict = .inconclusive
        }
        let described = threadCounts.map { threads in
            (threads == 1 ? "1 thread " : "\(threads) threads ") + Self.percentChange(drift[threads]!)
        }.joined(separator: ", ")
        notes.append("the machine ran at another speed in B (machine probe: " + described + "): timed verdicts "
            + "there are inconclusive; compare runs taken side by side (bench compare --binaries) or the "
            + "instruction counts (--instructions)")
    }
}
