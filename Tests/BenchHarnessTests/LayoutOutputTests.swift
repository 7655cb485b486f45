import Testing
@testable import BenchHarness
import LayoutCore

@Suite struct LayoutOutputTests {
    @Test(arguments: [
        (37.0, "37"), (0.0, "0"), (-0.0, "0"), (-12.0, "-12"), (36.5, "36.5"), (0.1, "0.1"), (74.5, "74.5"),
        (1.0 / 3.0, "0.3333333333333333"), (1e-7, "1e-07"), (123456789.0, "123456789"),
        (9_007_199_254_740_992.0, "9007199254740992"), (1e16, "1e+16"), (-1e300, "-1e+300"), (.infinity, "\"inf\""), (-.infinity, "\"-inf\""),
        (.nan, "\"nan\""),
    ] as [(Double, String)])
    func printsNumbersAsIntegersWhenIntegral(value: Double, text: String) {
        #expect(JSONText.number(value) == text)
    }

    @Test func quotesAndEscapesStrings() {
        #expect(JSONText.quoted("red") == "\"red\"")
        #expect(JSONText.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONText.quoted("line\nbreak\ttab\u{01}") == #""line\nbreak\ttab\u0001""#)
        #expect(JSONText.quoted("é😀") == "\"é😀\"")
    }

    static let result = LayoutResult(size: Size(width: 300, height: 50.5), nodes: [
        LayoutResult.Node(name: "a", frame: Rect(x: 0, y: 0, width: 50, height: 50)),
        LayoutResult.Node(name: "b \"quoted\"", frame: Rect(x: 50, y: 10.5, width: 30.5, height: 30)),
    ])

    @Test func printsOneNodePerLineWithSizeFirstAndNameBeforeFrame() {
        #expect(Self.result.json() == """
            {"size": [300, 50.5], "nodes": [
              {"name": "a", "frame": [0, 0, 50, 50]},
              {"name": "b \\"quoted\\"", "frame": [50, 10.5, 30.5, 30]}
            ]}

            """)
    }

    @Test func printsCompactOnOneLine() {
        #expect(Self.result.json(compact: true) == #"""
            {"size": [300, 50.5], "nodes": [{"name": "a", "frame": [0, 0, 50, 50]}, {"name": "b \"quoted\"", "frame": [50, 10.5, 30.5, 30]}]}

            """#)
    }

    @Test func printsAnEmptyNodeList() {
        let empty = LayoutResult(size: .zero, nodes: [])
        #expect(empty.json() == "{\"size\": [0, 0], \"nodes\": []}\n")
        #expect(empty.json(compact: true) == "{\"size\": [0, 0], \"nodes\": []}\n")
    }

    @Test func outputIsJSONThatReadsBack() throws {
        let value = try JSONParser.parse(Self.result.json())
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["size", "nodes"])
        guard case .array(let nodes) = object["nodes"], case .object(let first) = nodes.first else {
            Issue.record("no nodes")
            return
        }
        #expect(first.keys == ["name", "frame"])
        #expect(first["frame"] == .array([.number(0), .number(0), .number(50), .number(50)]))
    }
}
