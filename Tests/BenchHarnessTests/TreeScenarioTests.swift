import LayoutCore
import NodeTree
import Testing
@testable import BenchHarness

/// Tree scenario files (deep, wide): the shipped ones, defaults, one-line errors with the JSON path; the deep
/// tree's leaf and the wide tree's children at their hand-computed frames; the same seed giving the same
/// trees, frames and counters.
@Suite struct TreeScenarioTests {
    static func text(_ extra: String = "", replacing: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("kind", #""tree""#), ("description", #""tiny""#), ("shape", #""wide""#), ("nodes", "20"),
            ("widths", "[100]"), ("repetitions", "1"),
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

    static func tree(_ text: String, file: String = testFile) throws -> TreeScenario {
        guard case .tree(let scenario) = try ScenarioFile.decode(text, file: file) else {
            Issue.record("not a tree scenario")
            throw CancellationError()
        }
        return scenario
    }

    static func message(_ text: String) -> String? {
        do {
            _ = try ScenarioFile.decode(text, file: testFile)
            return nil
        } catch {
            return error.description
        }
    }

    /// 1,000 levels recurse deeper than a test thread's stack in a debug build: run on a big one.
    static func onBigStack<R>(_ body: () -> R) throws -> R {
        try BigStackThread.run(stackSize: 512 << 20, body)
    }

    @Test func shippedScenarios() throws {
        let directory = ScenarioDecodingTests.scenariosDirectory
        let deep = try Self.tree(try String(contentsOfFile: directory + "/deep.json", encoding: .utf8),
                                 file: directory + "/deep.json")
        #expect(deep.name == "deep" && deep.shape == .deep && deep.nodes == 1000 && deep.widths == [375])
        #expect(deep.phases == TreeScenario.allowedPhases && deep.repetitions == 9)
        #expect(deep.stackSize == WorkerPool.defaultStackSize + 1000 * TreeScenario.stackBytesPerLevel,
                "the deep tree's threads get a stack per level")
        #expect(TreeScenario.stackBytesPerLevel >= (BuildConfiguration.isDebug ? 64 << 10 : 4 << 10))
        let wide = try Self.tree(try String(contentsOfFile: directory + "/wide.json", encoding: .utf8),
                                 file: directory + "/wide.json")
        #expect(wide.shape == .wide && wide.nodes == 10_000 && wide.seed == 12345)
        #expect(wide.stackSize == WorkerPool.defaultStackSize)
    }

    @Test func defaultsApply() throws {
        let scenario = try Self.tree(Self.text(), file: "x/tiny-tree.json")
        #expect(scenario.name == "tiny-tree" && scenario.seed == 0 && scenario.trees == 1 && scenario.warmup == 1)
        #expect(scenario.threads == [.count(1), .cores] && scenario.phases == TreeScenario.allowedPhases)
        #expect(scenario.runnerScenario.cells == 1 && scenario.runnerScenario.widths == [100])
    }

    @Test(arguments: [
        (text(#""bogus": 1"#), "test.json: $.bogus: unknown key"),
        (text(replacing: ["shape": #""tall""#]), "test.json: $.shape:"),
        (text(replacing: ["nodes": "0"]), "test.json: $.nodes: must be a whole number from 1 to 100000, found 0"),
        (text(replacing: ["nodes": "2.5"]), "test.json: $.nodes: must be a whole number"),
        (text(replacing: ["nodes": ""]), "test.json: $: missing"),
        (text(#""trees": 0"#), "test.json: $.trees: must be a whole number from 1 to 10000, found 0"),
        (text(#""phases": ["fresh", "manual"]"#), #"test.json: $.phases[1]: a tree scenario measures "create""#),
        (text(#""threads": [1, "all"]"#), "test.json: $.threads[1]:"),
        (text(replacing: ["widths": "[10]"]), "test.json: $.widths[0]:"),
    ])
    func errorsNameTheFileAndPath(text: String, expected: String) {
        let message = Self.message(text)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "decoded")")
        #expect(message?.contains("\n") == false)
    }

    @Test func deepLeafIsAtTheHandComputedFrame() throws {
        // 1,000 levels, each moving its child 0.5 down and stretching it to 375: the leaf at
        // (0, 0.5 × 1000, 375, 44) and the root 375 × (500 + 44).
        let engine = NodeTreeTreeEngine(scenario: TreeScenario(
            name: "deep", file: "deep.json", contentHash: "", description: "", shape: .deep, nodes: 1000,
            widths: [375], repetitions: 1))
        let frames = try Self.onBigStack { () -> TreeFrames? in
            let root = engine.makeCell(.deep(levels: 1000))
            engine.layout(root, width: 375)
            return engine.frames(of: root, width: 375)
        }
        #expect(frames == TreeFrames(size: Size(width: 375, height: 544),
                                     frames: [Rect(x: 0, y: 500, width: 375, height: 44)]))
        #expect(TreeModel.deep(levels: 1000).frames(width: 375) == frames)
    }

    @Test func wideChildrenAreAtTheHandComputedFrames() {
        // Heights 10, 20, flex 1, 30, flex 2 at exactly 100 × (60 + 4 × 3): the 12 extra points go 4 and 8.
        let model = WideTreeModel(heights: [10, 20, 0, 30, 0], grows: [0, 0, 1, 0, 2])
        #expect(model.exactHeight == 72)
        let engine = NodeTreeTreeEngine(scenario: TreeScenario(
            name: "wide", file: "wide.json", contentHash: "", description: "", shape: .wide, nodes: 5,
            widths: [100], repetitions: 1))
        let root = engine.makeCell(.wide(model))
        engine.layout(root, width: 100)
        let expected = TreeFrames(size: Size(width: 100, height: 72), frames: [
            Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 0, y: 10, width: 100, height: 20),
            Rect(x: 0, y: 30, width: 100, height: 4), Rect(x: 0, y: 34, width: 100, height: 30),
            Rect(x: 0, y: 64, width: 100, height: 8),
        ])
        #expect(engine.frames(of: root, width: 100) == expected)
        #expect(TreeModel.wide(model).frames(width: 100) == expected)
    }

    @Test func tenThousandChildrenMatchTheHandRule() {
        let model = WideTreeModel(seed: 12345, index: 0, children: 10_000)
        let engine = NodeTreeTreeEngine(scenario: TreeScenario(
            name: "wide", file: "wide.json", contentHash: "", description: "", shape: .wide, seed: 12345,
            nodes: 10_000, widths: [375], repetitions: 1))
        let root = engine.makeCell(.wide(model))
        engine.layout(root, width: 375)
        let frames = engine.frames(of: root, width: 375)
        let expected = TreeModel.wide(model).frames(width: 375)
        #expect(frames == expected)
        // A few by hand: the first child at the top, fixed children keep their drawn height, the stack is
        // filled exactly, every fifth child is flexible.
        #expect(frames?.frames.count == 10_000)
        #expect(frames?.frames[0] == Rect(x: 0, y: 0, width: 375, height: model.heights[0]))
        #expect(frames?.frames[1].height == model.heights[1] && frames?.frames[1].minY == model.heights[0])
        #expect(frames?.frames.last?.maxY == model.exactHeight)
        #expect(model.grows[4] == 1 && model.grows[9] == 2 && model.heights[4] == 0)
        #expect(model.exactHeight == model.heights.reduce(0, +) + 4 * 3000)
    }

    @Test func sameSeedSameTreesFramesAndCounters() throws {
        let scenario = try Self.tree(Self.text(#""trees": 3, "seed": 99, "threads": [1], "warmup": 0"#,
                                               replacing: ["nodes": "40"]))
        #expect(TreeModel.trees(for: scenario) == TreeModel.trees(for: scenario))
        var other = scenario
        other.seed = 100
        #expect(TreeModel.trees(for: other) != TreeModel.trees(for: scenario), "another seed, other heights")
        func run(_ scenario: TreeScenario) -> RunMeasurements {
            LayoutRunner(engine: NodeTreeTreeEngine(scenario: scenario), scenario: scenario.runnerScenario,
                         options: LayoutRunOptions(threadCounts: [1])).run()
        }
        let first = run(scenario), second = run(scenario)
        #expect(first.counted == second.counted)
        #expect(first.counted.contains { $0.phase == .fresh && $0.cacheMisses == 3 * (40 + 1 + 8) },
                "every node once, and the 8 flexible children again")
        #expect(first.frameChecks == second.frameChecks && first.frameChecks.allSatisfy { $0.mismatches == 0 })
    }

    @Test func deepRunOnTheRunnerChecksFramesWithoutOverflow() throws {
        var scenario = try Self.tree(Self.text(#""trees": 2, "threads": [2], "warmup": 0"#,
                                               replacing: ["shape": #""deep""#, "nodes": "1000"]))
        scenario.widths = [200]
        let measurements = try Self.onBigStack {
            LayoutRunner(engine: NodeTreeTreeEngine(scenario: scenario), scenario: scenario.runnerScenario,
                         options: LayoutRunOptions(threadCounts: [2], stackSize: scenario.stackSize)).run()
        }
        #expect(measurements.frameChecks == [FrameCheck(width: 200, cells: 2, mismatches: 0, firstMismatch: nil)])
        #expect(measurements.counted.first { $0.phase == .fresh }?.cacheMisses == 2 * 1001)
        #expect(measurements.notes.isEmpty, "\(measurements.notes)")
    }
}
