import Foundation

// Two saved runs were measured apart in time, each in the machine's state of its moment. Their repetitions
// spread only as much as the machine moved within one run, so a drift between the runs (another tenant, the
// hypervisor moving a core) passes the test as a change of the code, and the machine probe sees only the part
// of it that slows its own fixed work. When a saved comparison calls a timing faster or slower, a note says so
// beside the verdict, with how far apart the runs were, and names the forms whose answer the drift cannot
// fake: the interleaved rounds of `--binaries` and the deterministic counters.

extension RunComparison {
    /// Adds the drift note when a timed row says faster or slower (paired comparisons never get it).
    mutating func noteSavedRunDrift(_ baseline: ResultDocument, _ candidate: ResultDocument) {
        let called = rows.filter {
            !$0.deterministic && $0.name != ProbeSeries.metricName && ($0.verdict == .better || $0.verdict == .worse)
        }
        guard rounds == nil, !called.isEmpty else { return }
        let apart = Self.timeApart(baseline.provenance.timestamp, candidate.provenance.timestamp)
            .map { "measured \($0) apart" } ?? "measured at different times"
        notes.append("\(called.count) timed verdict\(called.count == 1 ? "" : "s") compare two saved runs \(apart): "
            + "a drift of the machine between them can look like a change of the code; to tell them apart, run "
            + "both builds side by side (bench compare --binaries A B) or compare the instruction counts "
            + "(bench run --instructions)")
    }

    /// "40 s", "12 min", "3 h": the time between two ISO 8601 timestamps, nil when either does not parse.
    static func timeApart(_ a: String, _ b: String) -> String? {
        let formatter = ISO8601DateFormatter()
        guard let first = formatter.date(from: a), let second = formatter.date(from: b) else { return nil }
        let seconds = abs(second.timeIntervalSince(first))
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 2 * 3600 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3600).rounded())) h"
    }
}
