import Foundation
import Testing

/// Runs the built `bench` executable: exact output on the shipped example, stdin, the default `run` (now
/// the feed-parity scenario), bad input files (exit code 2 and one line naming the file and the JSON
/// path), a missing file, and the allocator line of --version.
@Suite struct BenchLayoutCLITests {
    static let photoCellOutput = """
        {"size": [375, 520], "nodes": [
          {"name": "avatar", "frame": [10, 10, 30, 30]},
          {"name": "userName", "frame": [50, 8, 120, 18]},
          {"name": "location", "frame": [50, 26, 90, 16]},
          {"name": "time", "frame": [341, 16, 24, 18]},
          {"name": "photo", "frame": [0, 50, 375, 375]},
          {"name": "likes", "frame": [10, 430, 80, 17]},
          {"name": "caption", "frame": [10, 447, 355, 34]},
          {"name": "viewAllComments", "frame": [10, 481, 140, 17]},
          {"name": "comment", "frame": [10, 498, 355, 17]}
        ]}

        """

    @Test func laysOutTheShippedPhotoCell() throws {
        let output = try BenchExecutable.run(["layout", "Scenarios/layout/photo-cell.json"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == Self.photoCellOutput)
    }

    @Test func readsStandardInputForADash() throws {
        let document = #"""
            {"sizeRange": {"min": [300, 0], "max": [300, "inf"]},
             "root": {"stack": {}, "children": [{"node": "a", "style": {"width": 50, "height": 50}},
                                                {"node": "b", "style": {"width": 30, "height": 30}}]}}
            """#
        let output = try BenchExecutable.run(["layout", "-"], stdin: document)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == """
            {"size": [300, 50], "nodes": [
              {"name": "a", "frame": [0, 0, 50, 50]},
              {"name": "b", "frame": [50, 0, 30, 30]}
            ]}

            """)
    }

    @Test func printsCompactOutputOnRequest() throws {
        let output = try BenchExecutable.run(["layout", "--compact", "Scenarios/layout/inset-infinite.json"])
        #expect(output.status == 0)
        #expect(output.stdout == #"""
            {"size": [200, 200], "nodes": [{"name": "bottomLeft", "frame": [10, 150, 50, 40]}, {"name": "topRight", "frame": [160, 10, 30, 30]}, {"name": "centred", "frame": [74.5, 79.5, 51, 41]}]}

            """#)
    }

    @Test func sizesStayOnTheGridAtTheLargestScale() throws {
        // Scale 1000, the top of the range: a 10-point leaf stays 10 and a zero size 0 (from 2²³ on, ceilPx's
        // ε·scale reached a whole pixel: 9.9999999 and −1e-07).
        let document = #"""
            {"scale": 1000, "sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"stack": {}, "children": [{"node": "a", "style": {"width": 10, "height": 10}},
                                                {"node": "b", "style": {"width": 0, "height": 0}}]}}
            """#
        let output = try BenchExecutable.run(["layout", "--compact", "-"], stdin: document)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"{"size": [10, 10], "nodes": [{"name": "a", "frame": [0, 0, 10, 10]}, {"name": "b", "frame": [10, 0, 0, 10]}]}"# + "\n")
    }

    @Test func roundsToTheDocumentsScale() throws {
        // The centred child of inset-infinite at scale 1: x = 200 − (round(74.5) + 51) = 74, y = 79.
        let document = #"""
            {"scale": 1, "sizeRange": {"min": [200, 200], "max": [200, 200]},
             "root": {"inset": {"top": "inf", "left": "inf", "bottom": "inf", "right": "inf"},
                      "child": {"node": "centred", "style": {"width": 51, "height": 41}}}}
            """#
        let output = try BenchExecutable.run(["layout", "--compact", "-"], stdin: document)
        #expect(output.status == 0)
        #expect(output.stdout == #"{"size": [200, 200], "nodes": [{"name": "centred", "frame": [74, 79, 51, 41]}]}"# + "\n")
    }

    /// `run` is the default subcommand and its default scenario is feed; scenarios are found in the
    /// package's Scenarios/ from any directory.
    @Test func runIsTheDefaultAndFindsScenariosFromThePackageRoot() throws {
        let elsewhere = try TemporaryDirectory()
        let quick = ["--allow-debug", "--no-save", "--repetitions", "1", "--warmup", "0", "--threads", "1"]
        let implicit = try BenchExecutable.run(quick, in: elsewhere.url)
        #expect(implicit.status == 0, "\(implicit.stderr)")
        #expect(implicit.stderr == "")
        #expect(implicit.stdout.hasPrefix("feed: 1000 cells, width 375, seed 12345, threads 1 ("))
        let explicit = try BenchExecutable.run(["run", "--scenario", "ci"] + quick, in: elsewhere.url)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(explicit.stdout.hasPrefix("ci: 100 cells"))
    }

    /// (file name, contents, the line bench prints on stderr)
    static let badFiles: [(String, String, String)] = [
        ("not-json.json", "{\"sizeRange\": {\"min\": [0, 0],, \"max\": [1, 1]}}",
         #"error: not-json.json: $.sizeRange: invalid JSON at line 1, column 30: expected a key in double quotes, found ','"#),
        ("flex-grow.json", #"""
            {"sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "root": {"stack": {}, "children": [{"node": "a"}, {"node": "b"}, {"node": "c", "style": {"flexGrow": "big"}}]}}
            """#,
         #"error: flex-grow.json: $.root.children[2].style.flexGrow: expected a number or "inf", found "big""#),
        ("unknown-key.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a", "colour": "red"}}"#,
         #"error: unknown-key.json: $.root.colour: unknown key "colour" in a node element (allowed: node, style)"#),
        ("two-kinds.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a", "stack": {}}}"#,
         #"error: two-kinds.json: $.root: an element needs exactly one kind key, found 2: "node", "stack""#),
        ("stack-child.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"stack": {}, "children": [true]}}"#,
         #"error: stack-child.json: $.root.children[0]: expected an element (an object with one kind key), found true"#),
        ("ratio.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"ratio": -1, "child": {"node": "a"}}}"#,
         #"error: ratio.json: $.root.ratio: must be a finite number > 0, found -1"#),
        ("range.json", #"{"sizeRange": {"min": [0, 10], "max": [1, 5]}, "root": {"node": "a"}}"#,
         #"error: range.json: $.sizeRange: the minimum height 10 is greater than the maximum height 5"#),
        ("negative.json", #"{"sizeRange": {"min": [0, 0], "max": [-1, 5]}, "root": {"node": "a"}}"#,
         #"error: negative.json: $.sizeRange.max[0]: must be ≥ 0 or "inf", found -1"#),
        ("scale.json", #"{"scale": 0, "sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a"}}"#,
         #"error: scale.json: $.scale: must be a number from 1 to 1000 (the screen scale), found 0"#),
        ("huge-scale.json", #"{"scale": 1e7, "sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a"}}"#,
         #"error: huge-scale.json: $.scale: must be a number from 1 to 1000 (the screen scale), found 10000000"#),
        ("dimension.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a", "style": {"width": "10pt"}}}"#,
         #"error: dimension.json: $.root.style.width: expected a number, "N%" or "auto", found "10pt""#),
        ("duplicate.json", #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"overlay": {"node": "a"}, "child": {"node": "a"}}}"#,
         #"error: duplicate.json: $.root.child.node: duplicate node name "a" (first used at $.root.overlay.node); an element may appear only once in a layout spec tree"#),
        ("version.json", #"{"version": 2, "sizeRange": {"min": [0, 0], "max": [1, 1]}, "root": {"node": "a"}}"#,
         #"error: version.json: $.version: unsupported version 2 (this bench reads version 1)"#),
        ("empty.json", "",
         #"error: empty.json: $: invalid JSON at line 1, column 1: expected a value, found end of input"#),
    ]

    @Test(arguments: badFiles)
    func rejectsABadFileWithOneLineAndExitCode2(name: String, contents: String, message: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(name, contents)
        let output = try BenchExecutable.run(["layout", name], in: directory.url)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == message + "\n")
    }

    @Test func namesStandardInputInErrors() throws {
        let output = try BenchExecutable.run(["layout", "-"], stdin: #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}}"#)
        #expect(output.status == 2)
        #expect(output.stderr == "error: <stdin>: $: missing key \"root\" in the document\n")
    }

    @Test func rejectsAMissingFileWithExitCode2() throws {
        let directory = try TemporaryDirectory()
        let output = try BenchExecutable.run(["layout", "missing.json"], in: directory.url)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: missing.json: cannot read the file: No such file or directory\n")
    }

    @Test func warnsAboutInvalidSizesButSucceeds() throws {
        let document = #"""
            {"sizeRange": {"min": [0, 0], "max": ["inf", "inf"]},
             "root": {"wrapper": {}, "children": [{"node": "huge", "style": {"width": 10000000, "height": 10}}]}}
            """#
        let output = try BenchExecutable.run(["layout", "--compact", "-"], stdin: document)
        #expect(output.status == 0)
        #expect(output.stdout == #"{"size": [0, 0], "nodes": [{"name": "huge", "frame": [0, 0, 0, 0]}]}"# + "\n")
        #expect(output.stderr == "warning: <stdin>: 1 layout size(s) were not valid (NaN, negative, infinite or ≥ 10⁷) and became 0×0\n")
    }

    @Test func aMissingArgumentIsAUsageError() throws {
        let output = try BenchExecutable.run(["layout"])
        #expect(output.status == 2)  // bench's error contract (ErrorContract.swift), not EX_USAGE
        #expect(output.stderr == "error: missing expected argument '<file>' (see `bench layout --help`)\n")
    }

    @Test func versionSaysWhetherJemallocIsLinked() throws {
        let output = try BenchExecutable.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("Loom bench "))
        #if Jemalloc
        // mallctl("version") gives e.g. 5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c.
        #expect(output.stdout.contains("; jemalloc 5."))
        #expect(output.stdout.hasSuffix(" linked\n"))
        #else
        #expect(output.stdout.contains("jemalloc not linked"))
        #endif
    }
}
