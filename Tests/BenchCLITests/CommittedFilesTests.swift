import Foundation
import Testing

/// Committed results, baselines and scenarios say nothing about the machine that made them beyond their
/// provenance: no absolute path of a checkout or a home directory (a baseline recorded in /work/main and
/// checked in a CI clone elsewhere must read the same).
@Suite struct CommittedFilesTests {
    static let machinePathPrefixes = ["\"/work/", "\"/home/", "\"/Users/", "\"/root/", "\"/tmp/", "\"/private/", "\"/var/folders/"]

    @Test func noCommittedResultOrScenarioNamesAMachinePath() throws {
        let root = BenchExecutable.packageRoot
        var offenders: [String] = []
        var scanned = 0
        for folder in ["Results", "Scenarios"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in files {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                if relative.hasPrefix("Results/runs") || !(url.pathExtension == "json" || url.pathExtension == "md") {
                    continue
                }
                scanned += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    where Self.machinePathPrefixes.contains(where: { line.contains($0) }) {
                    offenders.append("\(relative):\(number + 1): \(line.prefix(100))")
                }
            }
        }
        #expect(scanned >= 10, "the scan found the committed files")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
