import Testing
@testable import LayoutCore

// Texture's ASLayout: creation rounding, invalid sizes, frame, frameForElement, equality.

@Suite("Layout")
struct LayoutTests {
    @Test func sizesAreCeiledAtCreation() {
        #expect(Layout(specSize: Size(width: 10.2, height: 33.33)).size == Size(width: 10.5, height: 33.5))
        let node = CoreFixture.node("n")
        // Three 36.67-wide children are 37 wide each (StackLayout.swift): ceil(73.34 − 2ε) = 74 → 37.
        #expect(Layout(node: node, size: Size(width: 36.67, height: 10)).size == Size(width: 37, height: 10))
        #expect(Layout(node: node, size: Size(width: 36.5, height: 0)).size == Size(width: 36.5, height: 0))
    }

    @Test func positionDefaultsToNullAndIsCeiledAtCreation() {
        let node = CoreFixture.node("n")
        #expect(Layout(node: node, size: .zero).position.isNull)
        #expect(Layout(specSize: .zero).position.isNull)
        let placed = Layout(node: node, size: .zero, position: Point(x: 1.2, y: 3.7))
        #expect(placed.position == Point(x: 1.5, y: 4))            // ceil(2.4) = 3 → 1.5; ceil(7.4) = 8 → 4
        let negative = Layout(node: node, size: .zero, position: Point(x: -1.2, y: 0))
        #expect(negative.position == Point(x: -1, y: 0))            // ceil(−2.4) = −2 → −1
    }

    @Test func positionSetterDoesNotRound() {
        var layout = Layout(specSize: Size(width: 10, height: 10))
        layout.position = Point(x: 1.2, y: 3.7)
        #expect(layout.position == Point(x: 1.2, y: 3.7))
        #expect(layout.frame == Rect(x: 1.2, y: 3.7, width: 10, height: 10))
    }

    static let invalidSizes: [Size] = [
        Size(width: Double(Float.greatestFiniteMagnitude), height: Double(Float.greatestFiniteMagnitude)),  // FLT_MAX
        Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude),                            // CGFLOAT_MAX
        Size(width: .infinity, height: .infinity),
        Size(width: 10, height: .infinity),
        Size(width: .nan, height: 5),
        Size(width: -1, height: 5),
        Size(width: 10_000_000, height: 5),
        Size(width: 5, height: Double.leastNormalMagnitude / 4),  // subnormal: not a normal number
    ]

    @Test(arguments: invalidSizes)
    func invalidSizesBecomeZeroAndAreCounted(size: Size) {
        let before = LayoutDiagnostics.invalidLayoutSizeCount
        let layout = Layout(node: CoreFixture.node("n"), size: size)
        #expect(layout.size == .zero)
        // Other suites run in parallel and may add to the counter; ours adds at least one.
        #expect(LayoutDiagnostics.invalidLayoutSizeCount - before >= 1)
    }

    @Test func largestValidSizeIsKept() {
        let layout = Layout(specSize: Size(width: 9_999_999, height: 0))
        #expect(layout.size == Size(width: 9_999_999, height: 0))
    }

    @Test func frameReplacesNonFiniteComponentsWithZero() {
        var layout = Layout(specSize: Size(width: 20, height: 30))
        #expect(layout.frame == Rect(x: 0, y: 0, width: 20, height: 30))  // null position → origin 0
        layout.position = Point(x: .infinity, y: .nan)
        #expect(layout.frame == Rect(x: 0, y: 0, width: 20, height: 30))
        layout.position = Point(x: -.infinity, y: 7)
        #expect(layout.frame == Rect(x: 0, y: 7, width: 20, height: 30))
    }

    @Test func frameForElementFindsTheFirstDirectSublayout() {
        let a = CoreFixture.node("a"), b = CoreFixture.node("b"), deep = CoreFixture.node("deep")
        let nested = Layout(specSize: Size(width: 5, height: 5), sublayouts: [
            Layout(node: deep, size: Size(width: 1, height: 1), position: .zero),
        ])
        var nestedPlaced = nested
        nestedPlaced.position = Point(x: 1, y: 1)
        let root = Layout(node: CoreFixture.node("root"), size: Size(width: 100, height: 100), sublayouts: [
            Layout(node: a, size: Size(width: 10, height: 20), position: Point(x: 1, y: 2)),
            Layout(node: b, size: Size(width: 30, height: 40), position: Point(x: 3, y: 4)),
            Layout(node: a, size: Size(width: 50, height: 60), position: Point(x: 5, y: 6)),
            nestedPlaced,
        ])
        #expect(root.frame(for: a) == Rect(x: 1, y: 2, width: 10, height: 20))   // first match wins
        #expect(root.frame(for: b) == Rect(x: 3, y: 4, width: 30, height: 40))
        #expect(root.frame(for: deep).isNull)                                    // not a direct sublayout
        #expect(root.frame(for: CoreFixture.node("stranger")).isNull)
        #expect(root.sublayouts[0].isLayout(of: a) && !root.sublayouts[1].isLayout(of: a))
    }

    @Test func equality() {
        let node = CoreFixture.node("n"), other = CoreFixture.node("n")
        let size = Size(width: 10, height: 10)
        #expect(Layout(node: node, size: size) == Layout(node: node, size: size))   // null == null
        #expect(Layout(node: node, size: size) != Layout(node: other, size: size))  // identity, not name
        #expect(Layout(node: node, size: size) != Layout(node: node, size: Size(width: 10, height: 11)))
        #expect(Layout(node: node, size: size, position: .zero) != Layout(node: node, size: size))
        #expect(Layout(node: node, size: size, position: Point(x: 1, y: 1))
            == Layout(node: node, size: size, position: Point(x: 1, y: 1)))
        let child = Layout(node: other, size: size, position: .zero)
        #expect(Layout(specSize: size, sublayouts: [child]) == Layout(specSize: size, sublayouts: [child]))
        #expect(Layout(specSize: size, sublayouts: [child]) != Layout(specSize: size))
        #expect(Layout(specSize: size) != Layout(element: nil, type: .node, size: size))
    }

    @Test func typeIsCapturedAtCreation() {
        #expect(Layout(node: CoreFixture.node("n"), size: .zero).type == .node)
        #expect(Layout(specSize: .zero).type == .layoutSpec)
        #expect(Layout(specSize: .zero).element == nil)
    }

    @Test func descriptionShowsTheTree() {
        let node = CoreFixture.node("leaf")
        let layout = Layout(specSize: Size(width: 10, height: 20), sublayouts: [
            Layout(node: node, size: Size(width: 1, height: 2), position: Point(x: 3, y: 4)),
        ])
        #expect(layout.description == "spec size 10×20 at null\n  node leaf size 1×2 at (3, 4)\n")
    }
}

@Suite("Geometry")
struct GeometryTests {
    @Test func nullValues() {
        #expect(Point.null.isNull && !Point.zero.isNull)
        #expect(!Point(x: .nan, y: 0).isNull)      // both axes must be NaN
        #expect(Rect.null.isNull && !Rect.zero.isNull)
        #expect(Size.undefined.isIdentical(to: Size(width: .nan, height: .nan)))
        #expect(Size.undefined != Size.undefined)    // plain == follows IEEE
        #expect(Point.null.isIdentical(to: .null))
    }

    @Test func rectUnionAndEdges() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        let b = Rect(x: -10, y: 90, width: 20, height: 20)
        #expect(a.union(b) == Rect(x: -10, y: 0, width: 110, height: 110))
        #expect(b.maxX == 10 && b.maxY == 110 && b.minX == -10 && b.width == 20)
    }

    @Test func descriptions() {
        #expect(Size(width: 1, height: 2.5).description == "1×2.5")
        #expect(Point.null.description == "null")
        #expect(Point(x: -1, y: .infinity).description == "(-1, inf)")
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).description == "(1, 2, 3, 4)")
        #expect(Size(width: .nan, height: -.infinity).description == "nan×-inf")
    }

    @Test func edgeInsets() {
        #expect(EdgeInsets(all: 3) == EdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
        #expect(EdgeInsets.zero == EdgeInsets())
    }
}
