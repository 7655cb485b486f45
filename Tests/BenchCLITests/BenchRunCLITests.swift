import Foundation
import Testing

/// Runs the built `bench` on scenarios: the tiny CI scenario end to end (table, JSON, saved run
/// directory, report), list and validate, the single-pass mode, the debug refusal, and exit code 2
/// with one line naming the file and JSON path for bad scenario and result files.
@Suite struct BenchRunCLITests {
    /// A scenario file with one bad value: (file contents, expected stderr line after "error: FILE: ").
    static let badScenario = #"""
        {"description": "bad", "generator": "feed-parity", "seed": 1, "cells": 10, "widths": [375],
         "threads": [1, "all"], "repetitions": 1}
        """#
    static let badScenarioMessage = #"$.threads[1]: expected a thread count or "cores", found "all""#

    @Test func ciScenarioRunsEndToEndAndSavesARunDirectory() throws {
        let runs = try TemporaryDirectory()
        let output = try BenchExecutable.run(["--scenario", "ci", "--allow-debug", "--output", runs.url.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("ci: 100 cells, width 375, seed 12345, threads 1"))
        for expected in ["engine: NodeTree", "node creation", "fresh layout", "cached re-layout", "invalidated re-layout",
                         "manual (floor)", "cells/s", "p99 µs", "engine ÷ manual", "cache hits",
                         "frames: the engine's equal the manual layout's for all 100 cells"] {
            #expect(output.stdout.contains(expected), "missing \(expected)")
        }
        // stderr is not a terminal here: no progress line.
        #expect(output.stderr == "")

        let directories = try FileManager.default.contentsOfDirectory(atPath: runs.url.path)
        #expect(directories.count == 1)
        let directory = runs.url.appendingPathComponent(directories[0])
        #expect(directories[0].hasSuffix("-ci"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["latency.svg", "report.html", "result.json", "summary.md", "throughput.svg"])
        #expect(output.stdout.contains("saved \(directory.path)/result.json"))

        // bench report re-renders the same table from the saved JSON, writing nothing beside it; --output DIR
        // writes the renderings there.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("summary.md"))
        let report = try BenchExecutable.run(["report", directory.appendingPathComponent("result.json").path])
        #expect(report.status == 0, "\(report.stderr)")
        let table = output.stdout.components(separatedBy: "\nsaved ")[0]
        #expect(report.stdout == table)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("summary.md").path))
        let rendered = runs.url.appendingPathComponent("rendered")
        let written = try BenchExecutable.run(["report", directory.appendingPathComponent("result.json").path,
                                               "--output", rendered.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: rendered.path).sorted()
                    == ["latency.svg", "report.html", "summary.md", "throughput.svg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == files.filter { $0 != "summary.md" })
    }

    @Test func layoutCoreEngineSaysWhatItCannotMeasure() throws {
        let output = try BenchExecutable.run(["--scenario", "ci", "--engine", "layoutcore", "--allow-debug", "--no-save",
                                              "--repetitions", "1"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("engine: LayoutCore"))
        #expect(output.stdout.contains("not available until NodeTree: LayoutCore nodes do not cache layouts"))
        let bad = try BenchExecutable.run(["--scenario", "ci", "--engine", "yoga", "--allow-debug", "--no-save"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--engine must be one of nodetree, layoutcore"))
    }

    @Test func jsonGoesToStdout() throws {
        let output = try BenchExecutable.run(["run", "--scenario", "ci", "--json", "--no-save", "--allow-debug",
                                              "--repetitions", "1", "--warmup", "0"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 1)
        #expect(object?["timingsValid"] as? Bool == false)
        let scenario = object?["scenario"] as? [String: Any]
        #expect(scenario?["name"] as? String == "ci")
        #expect((scenario?["contentHash"] as? String)?.hasPrefix("fnv1a64:") == true)
        let provenance = object?["provenance"] as? [String: Any]
        #expect(provenance?["buildConfiguration"] as? String == "debug")
        let names = Set(((object?["metrics"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        for name in ["layout.fresh.cellsPerSecond", "layout.cached.cellsPerSecond", "layout.invalidated.cellsPerSecond",
                     "layout.manualRatio", "layout.fresh.latency.p99", "layout.fresh.measureCallsPerCell",
                     "layout.frameMismatches"] {
            #expect(names.contains(name), "missing \(name)")
        }
        #if Jemalloc
        #expect(names.contains("layout.fresh.allocationsPerCell"))
        #expect(names.contains("layout.cached.allocationsPerCell"))
        #expect(provenance?["jemalloc"] as? Bool == true)
        #endif
    }

    #if DEBUG
    @Test func debugBuildsRefuseWithoutAllowDebug() throws {
        let output = try BenchExecutable.run(["--scenario", "ci", "--no-save"])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("error: refusing to report timings from a debug build"))
    }
    #endif

    @Test func singlePassForCallgrind() throws {
        let output = try BenchExecutable.run(["run", "--scenario", "ci", "--single-pass", "fresh", "--allow-debug"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("single pass: fresh layout of 100 cells at width 375"))
        #expect(output.stdout.contains("--toggle-collect=loom_bench_measured_region"))
        let cached = try BenchExecutable.run(["run", "--scenario", "ci", "--single-pass", "cached", "--allow-debug"])
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(cached.stdout.contains("0 measure calls"))
        let uncached = try BenchExecutable.run(["run", "--scenario", "ci", "--engine", "layoutcore", "--single-pass", "cached",
                                                "--allow-debug"])
        #expect(uncached.status == 1)
        #expect(uncached.stderr.contains("not available until NodeTree"))
    }

    @Test func listShowsOneLinePerScenario() throws {
        let output = try BenchExecutable.run(["list"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("ci ") && $0.contains("100 cells") })
        #expect(lines.contains { $0.hasPrefix("feed-parity ") && $0.contains("1000 cells") })
    }

    @Test func validateAcceptsTheShippedScenarios() throws {
        let output = try BenchExecutable.run(["validate"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("ok ") && output.stdout.contains("/Scenarios/feed-parity.json"))
    }

    @Test func badScenarioFilesExitWith2AndOneLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad.json", Self.badScenario)
        for arguments in [["validate", "bad.json"], ["--scenario", "bad.json", "--allow-debug", "--no-save"],
                          ["run", "--scenario", "./bad.json", "--allow-debug", "--no-save"]] {
            let output = try BenchExecutable.run(arguments, in: directory.url)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stdout == "")
            let name = arguments.contains("./bad.json") ? "./bad.json" : "bad.json"
            #expect(output.stderr == "error: \(name): \(Self.badScenarioMessage)\n", "\(arguments)")
        }
    }

    @Test func unknownScenarioNameExitsWith2() throws {
        let output = try BenchExecutable.run(["--scenario", "feed-nope", "--allow-debug", "--no-save"])
        #expect(output.status == 2)
        #expect(output.stderr.contains(#"cannot read the file: no scenario named "feed-nope" (available: "#))
        #expect(output.stderr.split(separator: "\n").count == 1)
    }

    @Test func badResultFileExitsWith2() throws {
        let directory = try TemporaryDirectory()
        try directory.write("result.json", #"{"schemaVersion": 1}"#)
        let output = try BenchExecutable.run(["report", "result.json"], in: directory.url)
        #expect(output.status == 2)
        #expect(output.stderr == "error: result.json: $: missing key \"scenario\" in a result\n")
    }
}
