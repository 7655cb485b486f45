import Foundation
import Testing

/// The gate on instruction counts through the built `bench`, from files (no valgrind needed): the committed
/// baseline (Results/baselines/ci.json, which gates callgrind's counts) against its own run's result made
/// 1.5 % slower in fresh layout, with a function profile beside it that moved one function. And, where
/// valgrind is installed and the build is not a sanitizer's, `bench instructions` for real.
@Suite struct BenchInstructionsCLITests {
    static let baseline = BenchCheckCLITests.baseline
    static let result = BenchCheckCLITests.result
    static let profile = BenchExecutable.packageRoot.appendingPathComponent("Results/baselines/ci.profile.json").path
    static let fresh = "layout.fresh.instructionsPerCell"

    /// A JSON file's object, edited by `edit`, written to `url`.
    static func edit(_ path: String, to url: URL, _ edit: (inout [String: Any]) throws -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                                  as? [String: Any])
        try edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    /// The committed result with every metric whose name passes `keep`, `name`'s value scaled by `factor`.
    static func result(to url: URL, scaling name: String, by factor: Double, keep: (String) -> Bool = { _ in true },
                       provenance: ((inout [String: Any]) -> Void)? = nil) throws {
        try edit(Self.result, to: url) { object in
            var metrics = try #require(object["metrics"] as? [[String: Any]])
            metrics.removeAll { !keep($0["name"] as? String ?? "") }
            for index in metrics.indices where metrics[index]["name"] as? String == name {
                metrics[index]["value"] = (metrics[index]["value"] as? Double ?? 0) * factor
            }
            object["metrics"] = metrics
            if let provenance, var p = object["provenance"] as? [String: Any] {
                provenance(&p)
                object["provenance"] = p
            }
        }
    }

    @Test func aRunOnePointFivePercentSlowerFailsNamingTheMetricAndWhereItMoved() throws {
        let directory = try TemporaryDirectory()
        let run = directory.url.appendingPathComponent("run.result.json")
        try Self.result(to: run, scaling: Self.fresh, by: 1.015)
        // The run's profile: the fresh phase's function with the most instructions of its own grew.
        var grown = ""
        try Self.edit(Self.profile, to: directory.url.appendingPathComponent("run.profile.json")) { object in
            var phases = try #require(object["phases"] as? [[String: Any]])
            let index = try #require(phases.firstIndex { $0["phase"] as? String == "fresh" })
            var functions = try #require(phases[index]["functions"] as? [[String: Any]])
            let top = try #require(functions.indices.max { (functions[$0]["self"] as? Double ?? 0) < (functions[$1]["self"] as? Double ?? 0) })
            grown = try #require(functions[top]["name"] as? String)
            for key in ["self", "inclusive"] { functions[top][key] = (functions[top][key] as? Double ?? 0) + 12_000 }
            phases[index]["functions"] = functions
            object["phases"] = phases
        }
        let output = try BenchExecutable.run(["check", "--baseline", Self.baseline, run.path])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        let row = output.stdout.split(separator: "\n").first { $0.hasPrefix("\(Self.fresh) [width 375]") }
        #expect(row?.hasSuffix("REGRESSION") == true, "\(output.stdout)")
        #expect(output.stdout.contains("gate FAILED: 1 regression"))
        #expect(output.stdout.contains("  regression: \(Self.fresh) [width 375]: "))
        #expect(output.stdout.contains("(+1.5%; allowed ±1%)"))
        #expect(output.stdout.contains("where fresh layout's instructions moved (per cell, inclusive"))
        let moved = output.stdout.split(separator: "\n").first { $0.hasPrefix("  " + grown.prefix(60)) }
        #expect(moved?.contains("+120.0") == true, "\(grown): \(output.stdout)")
        #expect(output.stderr == "")
    }

    @Test func theCommittedResultHoldsWithItsProfile() throws {
        let output = try BenchExecutable.run(["check", "--baseline", Self.baseline, Self.result])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("layout.cached.instructionsPerCell [width 375]"))
        #expect(output.stdout.contains("valgrind "))
    }

    @Test func countsMissingOrFromAnotherValgrindAreBadInput() throws {
        let directory = try TemporaryDirectory()
        let bare = directory.url.appendingPathComponent("bare.json")
        let callgrindSuffixes = ["instructionsPerCell", "InstructionsPerCell", "l1DataMissesPerCell", "lastLevelMissesPerCell",
                                 "lockAcquisitionsPerCell", "retainReleasesPerCell"]
        try Self.result(to: bare, scaling: Self.fresh, by: 1, keep: { name in !callgrindSuffixes.contains { name.hasSuffix($0) } })
        var output = try BenchExecutable.run(["check", "--baseline", Self.baseline, bare.path])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("error: \(bare.path): $.metrics: the baseline gates instruction counts"), "\(output.stderr)")

        let other = directory.url.appendingPathComponent("other.json")
        try Self.result(to: other, scaling: Self.fresh, by: 1, provenance: { provenance in
            provenance["instructionCounter"] = ["valgrind": "9.9.9", "cache": "I1=32768,8,64 D1=32768,512,64 LL=8388608,16,64"]
        })
        output = try BenchExecutable.run(["check", "--baseline", Self.baseline, other.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("$.provenance.instructionCounter: not comparable: the baseline's instruction counts "
            + "were taken with valgrind 3.19.0, the run's with valgrind 9.9.9"), "\(output.stderr)")
    }

    /// valgrind cannot run a sanitizer's binary, and it must be installed.
    static var canRunValgrind: Bool {
        let tsan = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
        let asan = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let valgrind = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/valgrind") }
        return valgrind && !tsan && !asan
    }

    @Test(.enabled(if: canRunValgrind, "needs valgrind and a build without a sanitizer"))
    func instructionsCountsEveryPhaseOfTheCIScenario() throws {
        let output = try BenchExecutable.run(["instructions", "--scenario", "ci"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let rows = output.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        for phase in ["create", "fresh", "cached", "invalidated", "manual"] {
            let row = try #require(rows.first { $0.first.map(String.init) == phase }, "\(output.stdout)")
            #expect(row.count == 8)
            #expect((Double(row[2]) ?? 0) > 0, "\(row)")     // instructions per cell
        }
        let cached = try #require(rows.first { $0.first == "cached" })
        #expect(Double(cached[6]) == 1, "one lock per cached cell: the node's cache lookup (\(cached))")
    }
}
