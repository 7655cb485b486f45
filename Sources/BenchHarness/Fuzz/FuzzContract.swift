// What bench promises for any input file, checked on every child run:
//
// - it ends by itself: never killed by a signal, never still running at the timeout;
// - its exit status is 0 (ok), 1 (a check failed) or 2 (bad input: a bad file or a bad command line — bench's
//   error contract, Sources/bench/ErrorContract.swift, leaves swift-argument-parser's 64 unused);
// - on 2, standard error is exactly one line, starting with `error: ` (the file, the JSON path, the reason);
// - whatever the status, standard error shows no sign of a Swift runtime trap or a crash.

public enum FuzzContract {
    public static let exitStatuses: Set<Int32> = [0, 1, 2]

    /// Text the Swift runtime, the backtracer or the C library prints when a program traps or crashes.
    public static let crashMarkers = [
        "Fatal error", "Precondition failed", "Assertion failed", "Illegal instruction", "Segmentation",
        "Program crashed", "Stack dump:", "Bus error", "Floating point exception", "Trace/breakpoint trap",
        "Aborted (core dumped)", "malloc(): ", "free(): ", "double free",
    ]

    /// Everything `run` breaks of the contract; empty when it holds.
    public static func violations(of run: FuzzRun, timeout: Double) -> [String] {
        var problems: [String] = []
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let meaningful = lines.last == "" ? lines.dropLast() : lines[...]
        let first = meaningful.first.map(String.init) ?? ""
        switch run.ending {
        case .timedOut:
            problems.append("still running after \(StressDuration.format(timeout)) (killed)")
        case .signaled(let signal):
            problems.append("killed by signal \(signal) (\(signalName(signal)))")
        case .exited(let status):
            if !exitStatuses.contains(status) {
                problems.append("exit status \(status), not 0, 1 or 2")
            } else if status == 2 {
                if !first.hasPrefix("error: ") {
                    problems.append("exit 2 but standard error does not start with \"error: \"")
                } else if meaningful.count != 1 {
                    problems.append("exit 2 with \(meaningful.count) lines on standard error, not one")
                }
            }
        }
        for marker in crashMarkers where run.stderr.contains(marker) {
            problems.append("standard error contains \"\(marker)\"")
        }
        return problems
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
                                      7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE",
                                      14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ"]
        return names[signal] ?? "signal \(signal)"
    }
}
