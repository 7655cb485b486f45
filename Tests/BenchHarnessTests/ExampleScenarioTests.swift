import Testing
@testable import BenchHarness
import LayoutCore

/// The shipped examples under Scenarios/layout: each decodes and lays out to the frames worked out by
/// hand in its description (and in Scenarios/layout/README.md). All use scale 2.
@Suite struct ExampleScenarioTests {
    static let directory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/BenchHarnessTests/ExampleScenarioTests.swift
        return components.joined(separator: "/") + "/Scenarios/layout"
    }()

    static let expected: [(String, String)] = [
        ("photo-cell", """
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

            """),
        ("stack-justify", """
            {"size": [300, 140], "nodes": [
              {"name": "start.a", "frame": [0, 0, 50, 20]},
              {"name": "start.b", "frame": [50, 0, 30, 20]},
              {"name": "center.a", "frame": [110, 30, 50, 20]},
              {"name": "center.b", "frame": [160, 30, 30, 20]},
              {"name": "end.a", "frame": [220, 60, 50, 20]},
              {"name": "end.b", "frame": [270, 60, 30, 20]},
              {"name": "spaceBetween.a", "frame": [0, 90, 50, 20]},
              {"name": "spaceBetween.b", "frame": [270, 90, 30, 20]},
              {"name": "spaceAround.a", "frame": [55, 120, 50, 20]},
              {"name": "spaceAround.b", "frame": [215, 120, 30, 20]}
            ]}

            """),
        ("inset-infinite", """
            {"size": [200, 200], "nodes": [
              {"name": "bottomLeft", "frame": [10, 150, 50, 40]},
              {"name": "topRight", "frame": [160, 10, 30, 30]},
              {"name": "centred", "frame": [74.5, 79.5, 51, 41]}
            ]}

            """),
        ("baseline", """
            {"size": [236, 40], "nodes": [
              {"name": "title", "frame": [0, 0, 120, 40]},
              {"name": "subtitle", "frame": [128, 15, 80, 20]},
              {"name": "badge", "frame": [216, 20, 20, 12]}
            ]}

            """),
        ("text-baseline", """
            {"size": [150, 141.5], "nodes": [
              {"name": "first.hello", "frame": [0, 0, 51, 23.5]},
              {"name": "first.why", "frame": [51, 7.5, 99, 42]},
              {"name": "last.hello", "frame": [0, 80, 51, 23.5]},
              {"name": "last.why", "frame": [51, 59.5, 99, 42]},
              {"name": "caption", "frame": [0, 113.5, 148, 28]}
            ]}

            """),
        ("corner-badge", """
            {"size": [148, 68], "nodes": [
              {"name": "avatar", "frame": [0, 0, 60, 60]},
              {"name": "avatarBadge", "frame": [46, -6, 20, 20]},
              {"name": "photo", "frame": [88, 0, 60, 60]},
              {"name": "photoBadge", "frame": [80, 52, 16, 16]}
            ]}

            """),
        ("wrap", """
            {"size": [200, 70], "nodes": [
              {"name": "item1", "frame": [0, 0, 60, 30]},
              {"name": "item2", "frame": [70, 0, 60, 30]},
              {"name": "item3", "frame": [140, 0, 60, 30]},
              {"name": "item4", "frame": [35, 40, 60, 30]},
              {"name": "item5", "frame": [105, 40, 60, 30]}
            ]}

            """),
    ]

    @Test(arguments: expected)
    func exampleLaysOutAsWorkedOut(name: String, output: String) throws {
        let document = try LayoutDocument.load(path: "\(Self.directory)/\(name).json")
        #expect(document.name == name)
        #expect(document.scale == 2)
        let result = document.layout()
        #expect(result.json() == output)
        #expect(result.nodes.map(\.name) == document.root.nodeNames)
    }
}
