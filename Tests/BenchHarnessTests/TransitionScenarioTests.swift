import Testing
@testable import BenchHarness

/// Transition scenario files: the shipped signup and rotation scenarios, defaults, and one-line errors with
/// the exact JSON path.
@Suite struct TransitionScenarioTests {
    static func text(_ extra: String = "", replacing: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("kind", #""transition""#), ("description", #""tiny""#), ("transition", #""rotation""#),
            ("widths", "[375, 667]"), ("transitions", "2"), ("repetitions", "1"),
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

    static func transition(_ file: ScenarioFile) -> TransitionScenario? {
        guard case .transition(let scenario) = file else { return nil }
        return scenario
    }

    @Test func shippedScenarios() throws {
        let directory = ScenarioDecodingTests.scenariosDirectory
        let signup = try #require(Self.transition(try ScenarioFile.load(path: directory + "/signup.json")))
        #expect(signup.name == "signup" && signup.transition == .signup)
        #expect(signup.widths == [375] && signup.cells == 1)
        #expect(signup.transitions >= 100 && signup.repetitions == 9 && signup.warmup == 2)
        let rotation = try #require(Self.transition(try ScenarioFile.load(path: directory + "/rotation.json")))
        #expect(rotation.transition == .rotation && rotation.widths == [375, 667])
        #expect(rotation.cells == 100 && rotation.transitions == 2 && rotation.seed == 12345)
    }

    @Test func defaultsApply() throws {
        let scenario = try #require(Self.transition(try ScenarioFile.decode(Self.text(), file: "x/rot.json")))
        #expect(scenario.name == "rot" && scenario.seed == 0 && scenario.cells == 1 && scenario.warmup == 1)
        let signup = try ScenarioFile.decode(Self.text(#""cells": 3, "seed": 9, "warmup": 0"#,
                                                       replacing: ["transition": #""signup""#, "widths": "[320]"]),
                                             file: testFile)
        let decoded = try #require(Self.transition(signup))
        #expect(decoded.transition == .signup && decoded.widths == [320] && decoded.cells == 3 && decoded.seed == 9)
    }

    static let errors: [(String, String)] = [
        (text(#""animated": true"#),
         #"test.json: $.animated: unknown key "animated" in a transition scenario (allowed: version, kind, description, transition, seed, cells, widths, transitions, warmup, repetitions)"#),
        (text(replacing: ["transition": #""expand""#]),
         #"test.json: $.transition: expected one of "signup", "rotation", found "expand""#),
        (text(replacing: ["transition": ""]), #"test.json: $: missing key "transition" in a transition scenario"#),
        (text(replacing: ["widths": "[375]"]),
         "test.json: $.widths: the rotation transition takes two widths (from and to, e.g. [375, 667]), found 1"),
        (text(replacing: ["transition": #""signup""#]),
         "test.json: $.widths: the signup transition takes one width (the form's), found 2"),
        (text(replacing: ["widths": "[375, 375]"]), "test.json: $.widths[1]: duplicate width 375"),
        (text(replacing: ["widths": "[375, 10]"]),
         "test.json: $.widths[1]: must be a whole number of points from 64 to 4096, found 10"),
        (text(replacing: ["transitions": "0"]), "test.json: $.transitions: must be a whole number from 1 to 100000, found 0"),
        (text(#""cells": 0"#), "test.json: $.cells: must be a whole number from 1 to 10000, found 0"),
        (text(#""seed": "x""#), #"test.json: $.seed: expected a whole number, found "x""#),
        (text(#""version": 0"#), "test.json: $.version: unsupported version 0 (this bench reads scenario version 1)"),
        (text(replacing: ["repetitions": "true"]), "test.json: $.repetitions: expected a whole number, found true"),
    ]

    @Test(arguments: errors)
    func badInputGetsOneLineWithThePath(_ text: String, _ expected: String) {
        #expect(ChurnScenarioTests.message(text) == expected)
    }
}
