import Foundation
import Testing

/// `bench fuzz` as CI runs it: a bounded run over every family keeps the contract (exit 0), prints one line
/// per family and the seed; one input alone replays with --skip; bad options are exit 2.
@Suite(.serialized) struct FuzzCLITests {
    @Test func aBoundedRunOverEveryFamilyKeepsTheContract() throws {
        // A short timeout keeps a valid scenario that asks for much work (counted as slow) from costing
        // the debug build 10 s; bad input is refused in well under a second.
        let output = try BenchExecutable.run(["fuzz", "--count", "30", "--seed", "1", "--timeout", "3s"], timeout: 240)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("fuzz: seed 1, 30 input(s) per family from 0, families "
                                       + "scenario,layout,baseline,result,replay, timeout 3.0 s") == true)
        for family in ["scenario", "layout", "baseline", "result", "replay"] {
            #expect(lines.contains { $0.hasPrefix("\(family): 30 inputs, ") && $0.contains("; violations 0; ")
                                     && $0.hasSuffix(" (seed 1)") }, "\(family)")
        }
        #expect(lines.last == "fuzz: no violation (seed 1)")
        #expect(output.stderr == "")
    }

    @Test func oneInputReplaysAlone() throws {
        let output = try BenchExecutable.run(["fuzz", "--seed", "1", "--count", "1", "--family", "layout", "--skip", "17"],
                                             timeout: 60)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("layout: 1 inputs, 1 runs; "))
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [["--family", "nope"], ["--count", "0"], ["--timeout", "soon"], ["--skip", "-1"]] {
            let output = try BenchExecutable.run(["fuzz"] + arguments, timeout: 60)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.hasPrefix("error: "), "\(arguments): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(arguments): \(output.stderr)")
        }
    }
}
