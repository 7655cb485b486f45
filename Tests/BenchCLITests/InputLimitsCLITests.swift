import Foundation
import Testing

/// Inputs that used to make the built `bench` read forever: a device as an input file, read until memory ran
/// out. Every file bench reads stops one byte past the maximum: one line on stderr and exit code 2. A run that
/// does not finish within the timeout is killed and the test fails.
@Suite struct InputLimitsCLITests {
    static let tooLarge = "cannot read the file: file too large (more than 268435456 bytes)"

    @Test func aLayoutFromADeviceStopsAtTheMaximum() throws {
        let output = try BenchExecutable.run(["layout", "/dev/zero"], timeout: 60)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: /dev/zero: \(Self.tooLarge)\n")
    }

    @Test func aRegularFileOverTheMaximumIsRefusedBeforeReading() throws {
        // Sparse: one byte over the maximum without writing it.
        let directory = try TemporaryDirectory()
        let file = try directory.write("huge.json", "")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(256 << 20) + 1)
        try handle.close()
        let output = try BenchExecutable.run(["validate", file.path], timeout: 60)
        #expect(output.status == 2)
        #expect(output.stderr == "error: \(file.path): \(Self.tooLarge)\n")
    }

    @Test func aBaselineWhoseScenarioIsADeviceStops() throws {
        // A baseline recorded by this bench (so its provenance matches), then pointed at /dev/zero:
        // `bench check` loads the baseline's scenario file before running it.
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("tiny.json").path
        let update = try BenchExecutable.run(["baseline", "update", "--scenario", "ci", "--allow-debug", "--threads", "1",
                                              "--repetitions", "1", "--warmup", "0", "--output", path], timeout: 300)
        #expect(update.status == 0, "\(update.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""file": "Scenarios/ci.json""#))
        try directory.write("tiny.json", text.replacingOccurrences(of: #""file": "Scenarios/ci.json""#,
                                                                  with: #""file": "/dev/zero""#))
        let check = try BenchExecutable.run(["check", "--baseline", path, "--no-save"], timeout: 60)
        #expect(check.status == 2)
        #expect(check.stderr == "error: /dev/zero: \(Self.tooLarge)\n")
    }
}
