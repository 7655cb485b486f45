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

    /// The documents the project relies on live in the repository (docs/, README.md, Results/, Scenarios/): no
    /// file points outside a clone, to the checkout's neighbours.
    @Test func noDocumentPointsOutsideTheRepository() throws {
        let root = BenchExecutable.packageRoot
        let outside = ["../shared/", "shared/reference/", "shared/DESIGN.md", "shared/seeds/"]
        var offenders: [String] = []
        var scanned = 0
        for folder in ["README.md", "docs", "Results", "Scenarios", "Sources", "Tests", "scripts", "Makefile"] {
            let base = root.appendingPathComponent(folder)
            var urls = [base]
            if let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
                urls = files.compactMap { $0 as? URL }
            }
            for url in urls where !url.path.contains("/Results/runs/") && !url.hasDirectoryPath {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                scanned += 1
                // This file names the patterns it looks for.
                if url.lastPathComponent == "CommittedFilesTests.swift" { continue }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    where outside.contains(where: { line.contains($0) }) {
                    offenders.append("\(url.path.dropFirst(root.path.count + 1)):\(number + 1): \(line.prefix(100))")
                }
            }
        }
        #expect(scanned >= 100, "the scan found the committed files")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/ARCHITECTURE.md").path))
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
