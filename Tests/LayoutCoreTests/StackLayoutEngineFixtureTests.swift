import Testing
@testable import LayoutCore

// The layouts of Texture's ASLayoutEngineTests: window 10×1, node A's spec is a horizontal
// stack with justify spaceBetween and alignItems start; only B has flexShrink 1. The children's sizes
// follow from the expected frames (all 1 tall): fixture 1 B 1, C 2, D 1; fixture 2 B 1, C 4, E 1;
// fixture 3 B 8 (shrunk to 7), C 2, D 1; fixture 4 B 1, D 2, E 1.

struct EngineFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let windowWidth: Double
    /// (name, wanted width) of A's children in order; B is always first and shrinkable.
    let children: [(String, Double)]
    /// Expected x and width of each child (all at y 0, 1 tall).
    let frames: [(String, Double, Double)]
    /// Ranges B is measured with, in order.
    let bRanges: [SizeRange]

    var testDescription: String { name }
}

@Suite struct StackLayoutEngineFixtureTests {
    /// The first-pass range of every child: stack [0, ∞], cross [0, 1] (alignItems start → [0, cross max]).
    static let firstPass = SizeRange(min: .zero, max: Size(width: .infinity, height: 1))

    static let fixtures: [EngineFixture] = [
        // Σ 4, violation 6 → spaceBetween spacing 3: 0, 1+3, 4+2+3.
        EngineFixture(name: "fixture1", windowWidth: 10, children: [("B", 1), ("C", 2), ("D", 1)],
                      frames: [("B", 0, 1), ("C", 4, 2), ("D", 9, 1)], bRanges: [firstPass]),
        // Σ 6, violation 4 → spacing 2: 0, 3, 9.
        EngineFixture(name: "fixture2", windowWidth: 10, children: [("B", 1), ("C", 4), ("E", 1)],
                      frames: [("B", 0, 1), ("C", 3, 4), ("E", 9, 1)], bRanges: [firstPass]),
        // Σ 11, violation −1; only B shrinks → 7, re-measured with {7,0}–{7,1}; then Σ 10, violation 0.
        EngineFixture(name: "fixture3", windowWidth: 10, children: [("B", 8), ("C", 2), ("D", 1)],
                      frames: [("B", 0, 7), ("C", 7, 2), ("D", 9, 1)],
                      bRanges: [firstPass, SizeRange(min: Size(width: 7, height: 0), max: Size(width: 7, height: 1))]),
        // Same shape as fixture 1 with D 2 wide in the middle.
        EngineFixture(name: "fixture4", windowWidth: 10, children: [("B", 1), ("D", 2), ("E", 1)],
                      frames: [("B", 0, 1), ("D", 4, 2), ("E", 9, 1)], bRanges: [firstPass]),
        // fixture 1 in a 15×1 window: violation 11 → spacing 5.5: 0, 1+5.5, 6.5+2+5.5.
        EngineFixture(name: "fixture5", windowWidth: 15, children: [("B", 1), ("C", 2), ("D", 1)],
                      frames: [("B", 0, 1), ("C", 6.5, 2), ("D", 14, 1)], bRanges: [firstPass]),
    ]

    @Test(arguments: fixtures)
    func fixture(_ f: EngineFixture) {
        let nodes = f.children.map { name, width in
            RecordingNode(name, width, 1) { if name == "B" { $0.flexShrink = 1 } }
        }
        let stack = StackLayoutSpec(justifyContent: .spaceBetween, alignItems: .start, children: nodes)
        let window = exactRange(f.windowWidth, 1)
        let result = hosted(stack, in: window)
        #expect(result.size == Size(width: f.windowWidth, height: 1))
        #expect(result.order == f.children.map(\.0))
        for (name, x, width) in f.frames {
            #expect(result[name] == rect(x, 0, width, 1), "\(name) in \(result)")
        }
        #expect(nodes[0].measuredRanges == f.bRanges)
        for node in nodes.dropFirst() {
            #expect(node.measuredRanges == [Self.firstPass], "\(node.name)")
        }
    }
}
