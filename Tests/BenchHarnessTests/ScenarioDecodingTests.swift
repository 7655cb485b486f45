import Testing
@testable import BenchHarness

/// Scenario files: the shipped ones decode to what they say, defaults apply, and every kind of bad input
/// is one message naming the file, the JSON path and the reason.
@Suite struct ScenarioDecodingTests {
    static let scenariosDirectory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/BenchHarnessTests/ScenarioDecodingTests.swift
        return components.joined(separator: "/") + "/Scenarios"
    }()

    /// A minimal valid scenario with `extra` members added (JSON text without braces).
    static func text(_ extra: String = "", replacing: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("description", #""tiny""#), ("generator", #""feed-parity""#), ("seed", "7"), ("cells", "10"),
            ("widths", "[375]"), ("repetitions", "2"),
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
            _ = try Scenario.decode(text, file: testFile)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func shippedFeedParityScenario() throws {
        let scenario = try Scenario.load(path: Self.scenariosDirectory + "/feed-parity.json")
        #expect(scenario.name == "feed-parity")
        #expect(scenario.cells == 1000)
        #expect(scenario.widths == [375])
        #expect(scenario.threads == [.count(1), .cores])
        #expect(scenario.phases == LayoutPhase.allCases)
        #expect(scenario.warmup == 2)
        #expect(scenario.repetitions == 9)
        #expect(scenario.generator == .feedParity(FeedParityGenerator(seed: 12345)))
        // FNV-1a of the file bytes (checked against an independent implementation when written).
        #expect(scenario.contentHash.hasPrefix("fnv1a64:"))
        #expect(scenario.contentHash.count == "fnv1a64:".count + 16)
    }

    @Test func shippedCIScenarioIsTiny() throws {
        let scenario = try Scenario.load(path: Self.scenariosDirectory + "/ci.json")
        #expect(scenario.cells == 100)
        #expect(scenario.threadCounts(cores: 8) == [1])
        #expect(scenario.repetitions <= 5)
    }

    @Test func defaultsApplyToOptionalKeys() throws {
        let scenario = try Scenario.decode(Self.text(), file: "dir/tiny.json")
        #expect(scenario.name == "tiny")
        #expect(scenario.file == "dir/tiny.json")
        #expect(scenario.threads == [.count(1), .cores])
        #expect(scenario.phases == LayoutPhase.allCases)
        #expect(scenario.warmup == 1)
        #expect(scenario.generator == .feedParity(FeedParityGenerator(seed: 7)))
    }

    @Test func distributionsAndThreadsAreRead() throws {
        let scenario = try Scenario.decode(Self.text(#"""
            "distributions": {"comments": {"min": 3, "span": 4}}, "threads": ["cores", 1, 3], "phases": ["manual", "fresh"],
            "warmup": 0, "version": 1
            """#), file: testFile)
        guard case .feedParity(let generator) = scenario.generator else { Issue.record("generator"); return }
        #expect(generator.comments == TextLengthDistribution(min: 3, span: 4))
        #expect(generator.userName == FeedParityGenerator.defaultUserName)
        #expect(scenario.threadCounts(cores: 2) == [2, 1, 3])
        #expect(scenario.threadCounts(cores: 1) == [1, 3])
        #expect(scenario.phases == [.manual, .fresh])
        #expect(scenario.warmup == 0)
    }

    @Test func contentHashIsFNV1aOfTheBytes() {
        #expect(ContentHash.fnv1a64([]) == "fnv1a64:cbf29ce484222325")
        #expect(ContentHash.fnv1a64(Array("a".utf8)) == "fnv1a64:af63dc4c8601ec8c")
    }

    static let errors: [(String, String)] = [
        (text(#""colour": "red""#),
         #"test.json: $.colour: unknown key "colour" in a scenario (allowed: version, description, generator, seed, cells, distributions, widths, threads, phases, warmup, repetitions, mainActor)"#),
        (text(replacing: ["description": ""]), #"test.json: $: missing key "description" in a scenario"#),
        (text(replacing: ["generator": #""feeds""#]), #"test.json: $.generator: expected one of "feed-parity", "feed", found "feeds""#),
        (text(replacing: ["seed": "-1"]), "test.json: $.seed: must be a whole number from 0 to 4294967295, found -1"),
        (text(replacing: ["seed": "1.5"]), "test.json: $.seed: must be a whole number from 0 to 4294967295, found 1.5"),
        (text(replacing: ["cells": #""many""#]), #"test.json: $.cells: expected a whole number, found "many""#),
        (text(replacing: ["cells": "0"]), "test.json: $.cells: must be a whole number from 1 to 1000000, found 0"),
        (text(replacing: ["widths": "[]"]), "test.json: $.widths: needs at least one entry (widths)"),
        (text(replacing: ["widths": "375"]), "test.json: $.widths: expected an array, found 375"),
        (text(replacing: ["widths": "[375, 320.5]"]),
         "test.json: $.widths[1]: must be a whole number of points from 64 to 4096, found 320.5"),
        (text(replacing: ["widths": "[375, 375]"]), "test.json: $.widths[1]: duplicate width 375"),
        (text(#""threads": [1, "all"]"#), #"test.json: $.threads[1]: expected a thread count or "cores", found "all""#),
        (text(#""threads": [0]"#), "test.json: $.threads[0]: must be a whole number from 1 to 256, found 0"),
        (text(#""threads": ["cores", "cores"]"#), "test.json: $.threads[1]: duplicate thread count cores"),
        (text(#""phases": ["fresh", "warm"]"#),
         #"test.json: $.phases[1]: expected one of "create", "fresh", "cached", "invalidated", "manual", found "warm""#),
        (text(#""phases": ["fresh", "fresh"]"#), #"test.json: $.phases[1]: duplicate phase "fresh""#),
        (text(#""distributions": {"title": {"min": 1, "span": 1}}"#),
         #"test.json: $.distributions.title: unknown key "title" in the feed-parity distributions (allowed: userName, location, comments)"#),
        (text(#""distributions": {"location": {"min": 1, "span": 0}}"#),
         "test.json: $.distributions.location.span: must be a whole number from 1 to 100000, found 0"),
        (text(#""distributions": {"location": {"min": 1}}"#),
         #"test.json: $.distributions.location: missing key "span" in a text length distribution"#),
        (text(#""version": 2"#), "test.json: $.version: unsupported version 2 (this bench reads scenario version 1)"),
        (text(replacing: ["repetitions": "0"]), "test.json: $.repetitions: must be a whole number from 1 to 10000, found 0"),
        (text(#""warmup": true"#), "test.json: $.warmup: expected a whole number, found true"),
        ("[]", "test.json: $: expected an object, found an empty array"),
        (#"{"description": "x",}"#, #"test.json: $: invalid JSON at line 1, column 21: expected a key in double quotes, found '}'"#),
    ]

    @Test(arguments: errors)
    func badInputGetsOneLineWithThePath(_ text: String, _ expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test func catalogFindsNamesAndPaths() throws {
        let catalog = ScenarioCatalog(directory: Self.scenariosDirectory)
        #expect(catalog.names().contains("feed-parity"))
        #expect(catalog.names().contains("ci"))
        #expect(!catalog.names().contains("layout"))
        #expect(catalog.path(for: "ci") == Self.scenariosDirectory + "/ci.json")
        #expect(catalog.path(for: "x/y.json") == "x/y.json")
        #expect(try catalog.load("ci").name == "ci")
        do {
            _ = try catalog.load("feed-nope")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(#"no scenario named "feed-nope" (available: "#))
            #expect(error.description.contains("feed-parity"))
        }
    }
}
