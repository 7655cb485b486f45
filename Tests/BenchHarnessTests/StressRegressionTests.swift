import Foundation
import Testing
@testable import BenchHarness

// Every script under Scenarios/regressions/ replays one operation at a time. A script without a known issue
// must hold every invariant; one that records an open bug ("knownIssue") must still fail the invariant it
// was saved for — and once the bug is fixed this test says so (the known issue is no longer recorded),
// and the file's knownIssue should be removed.

@Suite(.serialized) struct StressRegressionTests {
    static let scripts: [String] = {
        let directory = StressTestSupport.regressionsDirectory.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theDirectoryHasAReadmeAndScripts() {
        let directory = StressTestSupport.regressionsDirectory
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path))
        #expect(!Self.scripts.isEmpty)
    }

    @MainActor @Test(arguments: scripts)
    func everySavedScriptReplays(_ name: String) throws {
        let path = StressTestSupport.regressionsDirectory.appendingPathComponent(name).path
        let script = try StressScript.load(path: path)
        let outcome = StressReplayer.replay(script)
        #expect(outcome.skipped == 0, "\(name): \(outcome.skipped) steps were not legal on replay")
        let failed = outcome.invariants.filter { !$0.holds }
        if let issue = script.knownIssue {
            let invariant = try #require(script.failure?.invariant, "\(name): a known issue needs its failure")
            #expect(failed.contains { $0.invariant.rawValue == invariant },
                    "\(name) no longer fails \(invariant): is the known issue fixed? Then drop its knownIssue.")
            withKnownIssue(Comment(rawValue: issue)) {
                for result in failed {
                    Issue.record("\(name): \(result.invariant.rawValue): \(result.violations.first ?? "")")
                }
            }
        } else {
            for result in failed {
                Issue.record("\(name): \(result.invariant.rawValue): \(result.violations.prefix(3).joined(separator: " | "))")
            }
        }
    }
}
