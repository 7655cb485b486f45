import Testing
@testable import LayoutCore

// Texture's ASCenterLayoutSpecSnapshotTests / ASRelativeLayoutSpecSnapshotTests:
// background(spec(foreground 70×100), background) in the range [0,0]–[300,300].

@Suite("Center and relative specs")
struct CenterRelativeSpecTests {
    static let range = CoreFixture.range(0, 0, 300, 300)

    /// Flattened (spec size, foreground frame, background frame) of the snapshot tests' arrangement.
    static func arrange(_ make: (LeafNode) -> any LayoutElement,
                        range: SizeRange = range) -> (size: Size, foreground: Rect, background: Rect) {
        let foreground = CoreFixture.node("foreground", 70, 100)
        let background = CoreFixture.node("background")
        let layout = CoreFixture.flatten(BackgroundLayoutSpec(child: make(foreground), background: background),
                                         in: range)
        #expect(CoreFixture.names(layout) == ["background", "foreground"])
        return (layout.size, layout.frame(for: foreground), layout.frame(for: background))
    }

    static let centering: [CenterLayoutSpecCenteringOptions] = [.none, .x, .y, .xy]
    static let sizing: [CenterLayoutSpecSizingOptions] = [.default, .minimumX, .minimumY, .minimumXY]

    @Test(arguments: centering, sizing)
    func centerWithOptions(centering: CenterLayoutSpecCenteringOptions, sizing: CenterLayoutSpecSizingOptions) {
        let result = Self.arrange { CenterLayoutSpec(centeringOptions: centering, sizingOptions: sizing, child: $0) }
        // Per axis: parent 300 is valid, so the size is 300, or the child's (70 / 100) with the minimum bit.
        // The child is 70×100 (child min 0 either way, the range min being 0).
        // Offset = roundPx((size − child) × 0.5) when centred: (300 − 70)/2 = 115, (300 − 100)/2 = 100.
        let width: Double = sizing.contains(.minimumX) ? 70 : 300
        let height: Double = sizing.contains(.minimumY) ? 100 : 300
        let x: Double = centering.contains(.x) ? (width - 70) / 2 : 0
        let y: Double = centering.contains(.y) ? (height - 100) / 2 : 0
        let comment: Comment = "centering \(centering.rawValue) sizing \(sizing.rawValue)"
        #expect(result.size == Size(width: width, height: height), comment)
        #expect(result.foreground == Rect(x: x, y: y, width: 70, height: 100), comment)
        #expect(result.background == Rect(x: 0, y: 0, width: width, height: height), comment)
    }

    static let positions = RelativeLayoutSpecPosition.allCases
    static func offset(_ position: RelativeLayoutSpecPosition, free: Double) -> Double {
        switch position {
        case .none, .start: return 0
        case .center: return free / 2
        case .end: return free
        }
    }

    @Test(arguments: positions, positions)
    func relativeWithPositions(horizontal: RelativeLayoutSpecPosition, vertical: RelativeLayoutSpecPosition) {
        let result = Self.arrange {
            RelativeLayoutSpec(horizontalPosition: horizontal, verticalPosition: vertical, child: $0)
        }
        // Size 300×300; free space 230 × 200: start/none 0, center 115/100, end 230/200.
        let comment: Comment = "\(horizontal) \(vertical)"
        #expect(result.size == Size(width: 300, height: 300), comment)
        #expect(result.foreground == Rect(x: Self.offset(horizontal, free: 230), y: Self.offset(vertical, free: 200),
                                          width: 70, height: 100), comment)
    }

    static let relativeSizing: [RelativeLayoutSpecSizingOption] = [.default, .minimumWidth, .minimumHeight, .minimumSize]

    @Test(arguments: relativeSizing, [RelativeLayoutSpecPosition.start, .center, .end])
    func relativeWithSizingOptions(sizing: RelativeLayoutSpecSizingOption, position: RelativeLayoutSpecPosition) {
        let result = Self.arrange {
            RelativeLayoutSpec(horizontalPosition: position, verticalPosition: position, sizingOption: sizing,
                               child: $0)
        }
        let width: Double = sizing.contains(.minimumWidth) ? 70 : 300
        let height: Double = sizing.contains(.minimumHeight) ? 100 : 300
        let comment: Comment = "sizing \(sizing.rawValue) position \(position)"
        #expect(result.size == Size(width: width, height: height), comment)
        #expect(result.foreground == Rect(x: Self.offset(position, free: width - 70),
                                          y: Self.offset(position, free: height - 100), width: 70, height: 100),
                comment)
    }

    @Test func noneHandsTheRangeMinimumToTheChildButStartDoesNot() {
        let range = CoreFixture.range(100, 120, 300, 300)
        let probe = CoreProbe("p")
        _ = RelativeLayoutSpec(horizontalPosition: .none, verticalPosition: .start, child: probe).layoutThatFits(range)
        #expect(probe.lastCall!.range == CoreFixture.range(100, 0, 300, 300))
        _ = RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .none, child: probe).layoutThatFits(range)
        #expect(probe.lastCall!.range == CoreFixture.range(0, 120, 300, 300))
        _ = RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .center, child: probe).layoutThatFits(range)
        #expect(probe.lastCall!.range == CoreFixture.range(0, 0, 300, 300))
        _ = CenterLayoutSpec(centeringOptions: .x, child: probe).layoutThatFits(range)
        #expect(probe.lastCall!.range == CoreFixture.range(0, 120, 300, 300))
        #expect(probe.lastCall!.parentSize == Size(width: 300, height: 300))
    }

    @Test func centeringNoneStretchesTheChildToTheMinimum() {
        // ASCenterLayoutSpecSnapshotTests' "minimum size range is given to the child when not centering":
        // range [200,300]: child [200,300] ∩ style [10,10] is disjoint → the range wins → 200×200 at 0.
        let node = CoreFixture.node("n", 10, 10)
        let range = CoreFixture.range(200, 200, 300, 300)
        let none = CoreFixture.flatten(CenterLayoutSpec(centeringOptions: .none, child: node), in: range)
        #expect(none.size == Size(width: 300, height: 300))
        #expect(none.frame(for: node) == Rect(x: 0, y: 0, width: 200, height: 200))
        // Centred: child [0,300] → 10×10 at ((300 − 10)/2, …) = 145.
        let centred = CoreFixture.flatten(CenterLayoutSpec(centeringOptions: .xy, child: node), in: range)
        #expect(centred.frame(for: node) == Rect(x: 145, y: 145, width: 10, height: 10))
        // Minimum sizing cannot go below the range: MIN(300, 10) = 10 → clamp → 200; offset (200 − 10)/2 = 95.
        let minimal = CoreFixture.flatten(CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY,
                                                           child: node), in: range)
        #expect(minimal.size == Size(width: 200, height: 200))
        #expect(minimal.frame(for: node) == Rect(x: 95, y: 95, width: 10, height: 10))
    }

    @Test func unboundedAxesTakeTheChildSizeAndPassAnUndefinedParent() {
        let probe = CoreProbe("p", width: 70, height: 100)
        let layout = CenterLayoutSpec(child: probe).layoutThatFits(CoreFixture.range(0, 0, .infinity, 300))
        // Width: parent NaN (∞ is not a size) → size = child 70, offset 0. Height: 300, offset 100.
        #expect(probe.lastCall!.parentSize.width.isNaN && probe.lastCall!.parentSize.height == 300)
        #expect(layout.size == Size(width: 70, height: 300))
        #expect(layout.sublayouts[0].position == Point(x: 0, y: 100))
        // 1e7 is finite but not a valid size: also undefined.
        _ = CenterLayoutSpec(child: probe).layoutThatFits(CoreFixture.range(0, 0, 1e7, 300))
        #expect(probe.lastCall!.parentSize.width.isNaN)
    }

    @Test func fractionalChildResolvesAgainstTheMaximum() {
        let node = CoreFixture.node("n") { $0.width = .fraction(0.5); $0.height = .points(20) }
        let layout = CoreFixture.flatten(CenterLayoutSpec(child: node), in: CoreFixture.range(0, 0, 300, 200))
        // 50% of 300 = 150; x = (300 − 150)/2 = 75; y = (200 − 20)/2 = 90.
        #expect(layout.frame(for: node) == Rect(x: 75, y: 90, width: 150, height: 20))
    }

    @Test func positionsAreRoundedHalfAwayFromZero() {
        // Child 70.2 → ceiled 70.5; free 229.5; centre 114.75 → roundPx: 229.5 → 230 → 115 (floor would be 114.5).
        let node = CoreFixture.node("n", 70.2, 10)
        let layout = CenterLayoutSpec(centeringOptions: .x, child: node).layoutThatFits(Self.range)
        #expect(layout.sublayouts[0].position == Point(x: 115, y: 0))
        // A child that ignores its range and is 300.5 wide: (300 − 300.5) × 0.5 = −0.25 → roundPx:
        // −0.5 → −1 → −0.5 (ceil would give 0).
        let wide = CoreProbe("wide", fixedSize: Size(width: 300.5, height: 10))
        let overflow = CenterLayoutSpec(centeringOptions: .x, child: wide).layoutThatFits(Self.range)
        #expect(overflow.sublayouts[0].position.x == -0.5)
    }

    @Test func centerSpecAppliesItsOwnStyleSize() {
        var spec = CenterLayoutSpec(child: CoreFixture.node("n", 10, 10))
        spec.style.preferredSize = Size(width: 100, height: 50)
        let layout = spec.layoutThatFits(Self.range)
        #expect(layout.size == Size(width: 100, height: 50))
        #expect(layout.sublayouts[0].position == Point(x: 45, y: 20))
    }
}
