import LayoutCore
import NodeTree
import Testing
@testable import BenchHarness

/// Scroll scenario files and runs: the shipped file, defaults, one-line errors with the JSON path; a tiny run
/// whose view contentSize equals the applied layout's and the hand-computed one after every step (Texture
/// #891/#774); the same seed giving the same steps.
@Suite struct ScrollScenarioTests {
    static func text(_ extra: String = "", replacing: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("kind", #""scroll""#), ("description", #""tiny""#), ("viewport", "[200, 300]"), ("rows", "6"),
            ("batch", "4"), ("steps", "8"), ("repetitions", "1"),
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

    static func scroll(_ text: String, file: String = testFile) throws -> ScrollScenario {
        guard case .scroll(let scenario) = try ScenarioFile.decode(text, file: file) else {
            Issue.record("not a scroll scenario")
            throw CancellationError()
        }
        return scenario
    }

    @Test func shippedScenario() throws {
        let path = ScenarioDecodingTests.scenariosDirectory + "/scroll.json"
        let scenario = try Self.scroll(try String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(scenario.name == "scroll" && scenario.viewportWidth == 375 && scenario.viewportHeight == 667)
        #expect(scenario.rows == 200 && scenario.batch == 20 && scenario.run == 5 && scenario.steps == 200)
    }

    @Test func defaultsApply() throws {
        let scenario = try Self.scroll(Self.text())
        #expect(scenario.seed == 0 && scenario.rowHeightMin == 24 && scenario.rowHeightSpan == 56)
        #expect(scenario.run == 5 && scenario.warmup == 1)
        #expect((0..<12).map(scenario.grows(step:)) == [true, true, true, true, true, false, false, false, false,
                                                        false, true, true])
    }

    @Test(arguments: [
        (text(#""colour": 1"#), #"test.json: $.colour: unknown key "colour" in a scroll scenario"#),
        (text(replacing: ["viewport": "[200]"]), "test.json: $.viewport: must be [width, height], found 1 entries"),
        (text(replacing: ["viewport": "[200, 30]"]), "test.json: $.viewport[1]: must be a whole number of points from 64"),
        (text(replacing: ["batch": "0"]), "test.json: $.batch: must be a whole number from 1 to 10000, found 0"),
        (text(replacing: ["steps": ""]), #"test.json: $: missing key "steps" in a scroll scenario"#),
        (text(#""rowHeight": {"min": 10, "max": 20}"#), #"test.json: $.rowHeight.max: unknown key "max""#),
        (text(#""rowHeight": {"span": 0}"#), "test.json: $.rowHeight.span: must be a whole number from 1 to 1000"),
        (text(#""run": 1.5"#), "test.json: $.run: must be a whole number"),
        (text(#""host": "table""#), #"test.json: $.host: expected one of "window", "stack""#),
    ])
    func errorsNameTheFileAndPath(text: String, expected: String) {
        let message: String?
        do {
            _ = try ScenarioFile.decode(text, file: testFile)
            message = nil
        } catch {
            message = error.description
        }
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "decoded")")
    }

    /// Every step's outcome of one session.
    @MainActor static func outcomes(_ scenario: ScrollScenario) -> [ScrollStepOutcome] {
        let session = ScrollSession(scenario)
        return (0..<scenario.steps).map { index in
            _ = session.step(index)
            return session.check()
        }
    }

    @MainActor @Test func contentSizeFollowsTheAppliedLayoutAfterEveryStep() throws {
        // 6 rows of 10…14 points in a 200 × 300 viewport: the content is the viewport's height until the
        // rows outgrow it, then exactly their sum.
        let scenario = try Self.scroll(Self.text(#""rowHeight": {"min": 10, "span": 5}, "run": 3"#,
                                                 replacing: ["steps": "12", "batch": "10"]))
        let outcomes = Self.outcomes(scenario)
        #expect(outcomes.map(\.rows) == [16, 26, 36, 26, 16, 6, 16, 26, 36, 26, 16, 6])
        for (step, outcome) in outcomes.enumerated() {
            #expect(outcome.viewContentSize == outcome.appliedContentSize, "step \(step)")
            #expect(outcome.appliedContentSize == outcome.expectedContentSize, "step \(step)")
            #expect(outcome.expectedContentSize.width == 200 && outcome.expectedContentSize.height >= 300)
        }
        // 36 rows of at least 10 points outgrow 300; 6 rows of at most 14 do not.
        #expect(outcomes[2].viewContentSize.height >= 360)
        #expect(outcomes[5].viewContentSize == Size(width: 200, height: 300))
        #expect(outcomes[0].inserted == 10 && outcomes[0].removed == 0)
        #expect(outcomes[3].inserted == 0 && outcomes[3].removed == 10)
    }

    @MainActor @Test func hostedInAStackTheContentSizeFollowsToo() throws {
        // Under a 44-point header in a 300-point screen the scroll node is 256 points tall: 3 rows of 30 leave
        // the content at 256, 23 rows make it 690.
        let scenario = try Self.scroll(Self.text(#""host": "stack", "rowHeight": {"min": 30, "span": 1}, "run": 2"#,
                                                 replacing: ["rows": "3", "batch": "10"]))
        #expect(scenario.host == .stack)
        let outcomes = Self.outcomes(scenario)
        #expect(outcomes.map(\.rows) == [13, 23, 13, 3, 13, 23, 13, 3])
        #expect(outcomes.map(\.viewContentSize.height) == [390, 690, 390, 256, 390, 690, 390, 256])
        for (step, outcome) in outcomes.enumerated() {
            #expect(outcome.contentSizeMatches, "step \(step): \(outcome)")
        }
    }

    @MainActor @Test func sameSeedSameSteps() throws {
        let scenario = try Self.scroll(Self.text(#""seed": 7"#, replacing: ["steps": "10"]))
        #expect(Self.outcomes(scenario) == Self.outcomes(scenario))
        var other = scenario
        other.seed = 8
        #expect(Self.outcomes(other).map(\.expectedContentSize) != Self.outcomes(scenario).map(\.expectedContentSize))

        // Warm-up, measured repetition and two counted passes: every step of each is checked.
        let first = ScrollRunner(scenario: scenario).run()
        let second = ScrollRunner(scenario: scenario).run()
        #expect(first.contentSizeMismatches == 0 && first.checkedSteps == 4 * scenario.steps)
        #expect(first.insertedPerStep == second.insertedPerStep && first.removedPerStep == second.removedPerStep)
        #expect(first.cacheMissesPerStep == second.cacheMissesPerStep && first.finalRows == second.finalRows)
        #expect(first.insertedPerStep == 2 && first.removedPerStep == 2, "5 steps of +4, 5 of −4 over 10 steps")
        #expect(first.measure.count == 1 && first.allStep.count == scenario.steps)
    }
}
