import Foundation

// Noise made visible: a run says when its own numbers are less trustworthy than usual, so a reader (or
// `bench compare`) does not take a disturbed pass for a change of the code. Three signs, each measurable
// from the run itself:
//
// - cpu ÷ wall below `busyFraction` × the thread count: the workers were not all running for the whole
//   pass — descheduled by another process, or waiting for each other.
// - a phase's spread (max − min) / median of cells/s above `spreadLimit`: repetitions disagree more than
//   quiet runs of this harness do (Results/README.md, "Noise notes", says how the limit was chosen).
// - the 1-minute load average above the core count when the run started: other processes wanted the CPUs.
//
// The notes go into the result's `notes` (printed under the table), and the table marks the cells that
// triggered them, with the same predicates, so `bench report` of a saved result marks the same rows.

public enum NoiseNotes {
    /// Below this share of the thread count, cpu ÷ wall says the workers lost CPU time.
    public static let busyFraction = 0.9
    /// Above this spread of cells/s a phase's repetitions are noisier than quiet runs'.
    public static let spreadLimit = 0.15

    /// cpu ÷ wall of a pass (medians), as the table's column shows it; nil without a wall time.
    public static func cpuPerWall(cpuMedian: Double, wallMedian: Double) -> Double? {
        wallMedian > 0 ? cpuMedian / wallMedian : nil
    }

    public static func workersLostTime(cpuPerWall: Double, threads: Int) -> Bool {
        cpuPerWall < busyFraction * Double(threads)
    }

    public static func spreadTooLarge(_ spread: Double) -> Bool {
        spread > spreadLimit
    }

    /// The notes for a run's timed passes, in the order they ran.
    public static func notes(for timed: [TimedPhase]) -> [String] {
        var notes: [String] = []
        for pass in timed where !pass.wallNanoseconds.isEmpty {
            let place = "\(pass.phase.title), \(pass.threads) thread\(pass.threads == 1 ? "" : "s"), "
                + "width \(JSONText.number(pass.width))"
            let wall = Statistics.median(pass.wallNanoseconds)
            if !pass.cpuNanoseconds.isEmpty,
               let ratio = cpuPerWall(cpuMedian: Statistics.median(pass.cpuNanoseconds), wallMedian: wall),
               workersLostTime(cpuPerWall: ratio, threads: pass.threads) {
                notes.append("\(place): cpu/wall \(NumberFormat.fixed(ratio, decimals: 2)) is below "
                    + "\(NumberFormat.fixed(busyFraction, decimals: 1)) × \(pass.threads) — workers were descheduled "
                    + "or waited; its times are noisier")
            }
            // The spread of cells/s, as the table's column: cells/s is proportional to 1 / wall time.
            let throughput = pass.wallNanoseconds.filter { $0 > 0 }.map { 1 / $0 }
            if throughput.count > 1 {
                let spread = Statistics.summary(throughput).relativeSpread
                if spreadTooLarge(spread) {
                    notes.append("\(place): cells/s spread \(NumberFormat.percent(spread)) over "
                        + "\(throughput.count) repetitions is above \(NumberFormat.percent(spreadLimit)) — "
                        + "the repetitions disagree more than in quiet runs")
                }
            }
        }
        return notes
    }

    /// A note when the machine was busy as the run started.
    public static func loadNote(oneMinuteLoad: Double?, cores: Int) -> String? {
        guard let load = oneMinuteLoad, load > Double(cores) else { return nil }
        return "load average \(NumberFormat.fixed(load, decimals: 2)) (1 minute, /proc/loadavg) at the start "
            + "exceeded the \(cores) cores: other processes competed for the CPUs, so times are noisier"
    }

    /// The 1-minute load average from /proc/loadavg; nil where there is none (not Linux) or it cannot be read.
    public static func oneMinuteLoad(path: String = "/proc/loadavg") -> Double? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }
}
