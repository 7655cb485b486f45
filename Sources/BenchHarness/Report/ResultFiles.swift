import Foundation

// A run directory: result.json, summary.md, report.html and the charts side by side (throughput.svg and
// latency.svg, or a kind's own), and profile.json when the run counted instructions. `bench run` creates one
// under Results/runs/ (git-ignored); `bench report RESULT.json --output DIR` writes the renderings into DIR —
// never beside the input unless DIR is where it is.

public enum ResultFiles {
    public static let resultName = "result.json"
    public static let summaryName = "summary.md"
    /// The per-function summary of the run's instruction counts (only when it has them).
    public static let profileName = "profile.json"

    /// Results/runs under the package root (or the current directory when the checkout is elsewhere).
    public static var defaultRunsDirectory: String {
        (PackageLocation.root ?? FileManager.default.currentDirectoryPath) + "/Results/runs"
    }

    /// Writes the result and its renderings into a new directory under `runsDirectory`, named
    /// "YYYYMMDD-HHMMSS-SCENARIO" (UTC; "-2", "-3" … when taken). Returns the result file's path.
    public static func save(_ result: ResultDocument, under runsDirectory: String, profile: FunctionProfile? = nil) throws
        -> String
    {
        let stamp = result.provenance.timestamp.filter { $0.isNumber || $0 == "T" }
            .replacingOccurrences(of: "T", with: "-")
        var directory = runsDirectory + "/" + stamp + "-" + result.scenario.name
        var suffix = 2
        while FileManager.default.fileExists(atPath: directory) {
            directory = runsDirectory + "/" + stamp + "-" + result.scenario.name + "-\(suffix)"
            suffix += 1
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + resultName
        try write(result.json(), to: path)
        if let profile { try write(profile.json(), to: directory + "/" + profileName) }
        try renderBeside(result, resultPath: path)
        return path
    }

    /// Writes summary.md, the charts and report.html into the directory of `resultPath`; returns their paths.
    @discardableResult
    public static func renderBeside(_ result: ResultDocument, resultPath: String) throws -> [String] {
        let directory = (resultPath as NSString).deletingLastPathComponent
        return try render(result, file: resultPath, into: directory.isEmpty ? "." : directory)
    }

    /// Writes summary.md, the charts and report.html into `directory` (created if missing); returns their paths.
    @discardableResult
    public static func render(_ result: ResultDocument, file: String, into directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let prefix = directory + "/"
        var files = result.scenario.kind != .layout ? KindReport.renderings(result, prefix: prefix) : [
            (prefix + summaryName, MarkdownReport.render(result)),
            (prefix + MarkdownReport.throughputChartName, ResultCharts.throughputSVG(result)),
            (prefix + MarkdownReport.latencyChartName, ResultCharts.latencySVG(result)),
        ]
        let name = (file as NSString).lastPathComponent
        files.append((prefix + HTMLReport.fileName, HTMLReport.render([HTMLReport.Input(file: name, document: result)])))
        for (path, text) in files { try write(text, to: path) }
        return files.map(\.0)
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
