import Testing
@testable import BenchHarness

/// Churn scenario files: the shipped one decodes to what it says, "kind" picks the decoder (a layout file
/// decodes as before, with or without "kind": "layout"), defaults apply, and every bad input is one line
/// with the file, the exact JSON path and the reason.
@Suite struct ChurnScenarioTests {
    /// A minimal valid churn scenario with `extra` members added (JSON text without braces).
    static func text(_ extra: String = "", replacing: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("kind", #""churn""#), ("description", #""tiny""#), ("seed", "7"), ("sizes", "[10, 100]"),
            ("mixes", #"[{"name": "mixed", "edits": 0.1, "insert": 1, "remove": 1, "move": 1}]"#),
            ("repetitions", "2"),
        ]
        for (key, value) in replacing {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if value.isEmpty { members.remove(at: index) } else { members[index].1 = value }
            }
        }
        var body = members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
        if !extra.isEmpty { body += ", " + extra }
        return "{" + body + "}"
    }

    static func message(_ text: String) -> String? {
        do {
            _ = try ScenarioFile.decode(text, file: testFile)
            return nil
        } catch {
            return error.description
        }
    }

    static func churn(_ text: String, file: String = testFile) throws -> ChurnScenario {
        guard case .churn(let scenario) = try ScenarioFile.decode(text, file: file) else {
            Issue.record("not a churn scenario")
            throw LayoutDocumentError.unreadable(file: file, reason: "not churn")
        }
        return scenario
    }

    @Test func shippedChurnScenario() throws {
        let file = try ScenarioFile.load(path: ScenarioDecodingTests.scenariosDirectory + "/churn.json")
        guard case .churn(let scenario) = file else { Issue.record("kind \(file.kind)"); return }
        #expect(scenario.name == "churn")
        #expect(scenario.sizes == [10, 100, 1000, 10000])
        #expect(scenario.mixes.map(\.name) == ["mixed-1%", "insert-10%", "remove-10%", "move-10%"])
        #expect(scenario.mixes[0] == EditMix(name: "mixed-1%", edits: 0.01, insert: 1, remove: 1, move: 1))
        #expect(scenario.mixes[3] == EditMix(name: "move-10%", edits: 0.1, move: 1))
        #expect(scenario.lcs == LCSSettings(maxN: 10000, slowN: 10000, slowRepetitions: 3, slowWarmup: 0))
        #expect(scenario.asm)
        #expect(scenario.inputs == 8)
        #expect(scenario.warmup == 2 && scenario.repetitions == 9)
        #expect(scenario.contentHash.hasPrefix("fnv1a64:"))
    }

    @Test func defaultsApplyToOptionalKeys() throws {
        let scenario = try Self.churn(Self.text(), file: "dir/tiny.json")
        #expect(scenario.name == "tiny" && scenario.file == "dir/tiny.json")
        #expect(scenario.inputs == 8)
        #expect(scenario.lcs == LCSSettings())
        #expect(scenario.lcs.maxN == 10_000 && scenario.lcs.slowN == 10_000)
        #expect(scenario.asm)
        #expect(scenario.warmup == 1)
        #expect(scenario.mixes[0].editCount(n: 10) == 1 && scenario.mixes[0].editCount(n: 100) == 10)
        #expect(EditMix(name: "x", edits: 0.001, insert: 1).editCount(n: 10) == 1, "at least one edit")
    }

    @Test func optionalKeysAreRead() throws {
        let scenario = try Self.churn(Self.text(#"""
            "version": 1, "inputs": 3, "asm": false, "warmup": 0,
            "lcs": {"maxN": 100, "slowN": 50, "slowRepetitions": 1, "slowWarmup": 2}
            """#))
        #expect(scenario.inputs == 3 && !scenario.asm && scenario.warmup == 0)
        #expect(scenario.lcs == LCSSettings(maxN: 100, slowN: 50, slowRepetitions: 1, slowWarmup: 2))
        #expect(scenario.lcs.runs(n: 100) && !scenario.lcs.runs(n: 101))
        #expect(scenario.lcs.isSlow(n: 50) && !scenario.lcs.isSlow(n: 49))
    }

    @Test func kindPicksTheDecoder() throws {
        let layout = ScenarioDecodingTests.text()
        guard case .layout(let plain) = try ScenarioFile.decode(layout, file: testFile) else {
            Issue.record("a file without kind is a layout scenario")
            return
        }
        #expect(plain == (try Scenario.decode(layout, file: testFile)), "decoded exactly as before")
        let explicit = ScenarioDecodingTests.text(#""kind": "layout""#)
        guard case .layout(let withKind) = try ScenarioFile.decode(explicit, file: testFile) else {
            Issue.record("kind layout")
            return
        }
        #expect(withKind.cells == plain.cells && withKind.widths == plain.widths)
        #expect(try ScenarioFile.decode(Self.text(), file: testFile).kind == .churn)
        #expect(try ScenarioFile.decode(Self.text(), file: testFile).name == "test")
    }

    static let errors: [(String, String)] = [
        (text(#""colour": "red""#),
         #"test.json: $.colour: unknown key "colour" in a churn scenario (allowed: version, kind, description, seed, sizes, mixes, inputs, lcs, asm, warmup, repetitions)"#),
        (text(replacing: ["kind": #""diff""#]),
         #"test.json: $.kind: expected one of "layout", "churn", "transition", "tree", "scroll", found "diff""#),
        (text(replacing: ["kind": "1"]), #"test.json: $.kind: expected one of "layout", "churn", "transition", "tree", "scroll", found 1"#),
        (text(replacing: ["description": ""]), #"test.json: $: missing key "description" in a churn scenario"#),
        (text(replacing: ["seed": "-1"]), "test.json: $.seed: must be a whole number from 0 to 4294967295, found -1"),
        (text(replacing: ["sizes": "[]"]), "test.json: $.sizes: needs at least one entry (list sizes)"),
        (text(replacing: ["sizes": "[10, 0]"]), "test.json: $.sizes[1]: must be a whole number from 1 to 1000000, found 0"),
        (text(replacing: ["sizes": "[10, 2.5]"]), "test.json: $.sizes[1]: must be a whole number from 1 to 1000000, found 2.5"),
        (text(replacing: ["sizes": "[10, 10]"]), "test.json: $.sizes[1]: duplicate size 10"),
        (text(replacing: ["mixes": "{}"]), "test.json: $.mixes: expected an array, found an object"),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 0.1, "insert": 1, "swap": 1}]"#]),
         #"test.json: $.mixes[0].swap: unknown key "swap" in an edit mix (allowed: name, edits, insert, remove, move)"#),
        (text(replacing: ["mixes": #"[{"edits": 0.1, "insert": 1}]"#]),
         #"test.json: $.mixes[0]: missing key "name" in an edit mix"#),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 0, "insert": 1}]"#]),
         "test.json: $.mixes[0].edits: must be more than 0 (a fraction of n)"),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 1.5, "insert": 1}]"#]),
         "test.json: $.mixes[0].edits: must be a fraction of n from 0 to 1, found 1.5"),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": "1%", "insert": 1}]"#]),
         #"test.json: $.mixes[0].edits: expected a fraction of n, found "1%""#),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 0.1, "move": -1}]"#]),
         "test.json: $.mixes[0].move: must be a relative weight from 0 to 1000000, found -1"),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 0.1}]"#]),
         "test.json: $.mixes[0]: an edit mix needs a positive weight for insert, remove or move"),
        (text(replacing: ["mixes": #"[{"name": "a", "edits": 0.1, "insert": 1}, {"name": "a", "edits": 0.2, "move": 1}]"#]),
         #"test.json: $.mixes[1].name: duplicate mix name "a""#),
        (text(replacing: ["mixes": #"[{"name": "", "edits": 0.1, "insert": 1}]"#]),
         "test.json: $.mixes[0].name: a mix name needs 1 to 40 characters"),
        (text(#""inputs": 0"#), "test.json: $.inputs: must be a whole number from 1 to 1000, found 0"),
        (text(#""lcs": {"maxN": 30000}"#), "test.json: $.lcs.maxN: must be a whole number from 0 to 20000, found 30000"),
        (text(#""lcs": {"slow": 1}"#),
         #"test.json: $.lcs.slow: unknown key "slow" in the LCS settings (allowed: maxN, slowN, slowRepetitions, slowWarmup)"#),
        (text(#""lcs": {"slowRepetitions": 0}"#),
         "test.json: $.lcs.slowRepetitions: must be a whole number from 1 to 10000, found 0"),
        (text(#""asm": "yes""#), #"test.json: $.asm: expected true or false, found "yes""#),
        (text(#""version": 2"#), "test.json: $.version: unsupported version 2 (this bench reads scenario version 1)"),
        (text(replacing: ["repetitions": ""]), #"test.json: $: missing key "repetitions" in a churn scenario"#),
        (text(#""warmup": 1.5"#), "test.json: $.warmup: must be a whole number from 0 to 1000, found 1.5"),
        (ScenarioDecodingTests.text(#""kind": "layout", "sizes": [1]"#),
         #"test.json: $.sizes: unknown key "sizes" in a scenario (allowed: version, description, generator, seed, cells, distributions, widths, threads, phases, warmup, repetitions, mainActor)"#),
    ]

    @Test(arguments: errors)
    func badInputGetsOneLineWithThePath(_ text: String, _ expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test func catalogLoadsEveryKindByName() throws {
        let catalog = ScenarioCatalog(directory: ScenarioDecodingTests.scenariosDirectory)
        #expect(try catalog.loadFile("churn").kind == .churn)
        #expect(try catalog.loadFile("signup").kind == .transition)
        #expect(try catalog.loadFile("rotation").kind == .transition)
        #expect(try catalog.loadFile("ci").kind == .layout)
        do {
            _ = try catalog.loadFile("churn-nope")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(#"no scenario named "churn-nope" (available: "#))
            #expect(error.description.contains("churn, ci"))
        }
    }
}
