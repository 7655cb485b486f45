import Testing
@testable import LayoutCore

// Texture's ASCornerLayoutSpecSnapshotTests: a 100×100 child with a 20×20 corner element in
// the range [10,10]–[350,350], for every location, with and without wrapsCorner.

@Suite("Corner spec")
struct CornerSpecTests {
    static let range = CoreFixture.range(10, 10, 350, 350)

    struct Expected {
        let size: Size
        let child: Point
        let corner: Point
    }

    /// Corner origins (corner centred on the child's corner): TL (−10,−10), TR (90,−10), BL (−10,90),
    /// BR (90,90). Without wrapping the spec is the child's 100×100 and nothing moves. With wrapping the
    /// union is 110×110 and both frames shift so it starts at 0 (TL shifts x and y by 10, TR only y,
    /// BL only x, BR nothing).
    static let expected: [CornerLayoutLocation: (plain: Expected, wrapped: Expected)] = [
        .topLeft: (Expected(size: Size(width: 100, height: 100), child: .zero, corner: Point(x: -10, y: -10)),
                   Expected(size: Size(width: 110, height: 110), child: Point(x: 10, y: 10), corner: .zero)),
        .topRight: (Expected(size: Size(width: 100, height: 100), child: .zero, corner: Point(x: 90, y: -10)),
                    Expected(size: Size(width: 110, height: 110), child: Point(x: 0, y: 10),
                             corner: Point(x: 90, y: 0))),
        .bottomLeft: (Expected(size: Size(width: 100, height: 100), child: .zero, corner: Point(x: -10, y: 90)),
                      Expected(size: Size(width: 110, height: 110), child: Point(x: 10, y: 0),
                               corner: Point(x: 0, y: 90))),
        .bottomRight: (Expected(size: Size(width: 100, height: 100), child: .zero, corner: Point(x: 90, y: 90)),
                       Expected(size: Size(width: 110, height: 110), child: .zero, corner: Point(x: 90, y: 90))),
    ]

    @Test(arguments: CornerLayoutLocation.allCases, [false, true])
    func everyLocation(location: CornerLayoutLocation, wraps: Bool) {
        let child = CoreFixture.node("child", 100, 100), corner = CoreFixture.node("corner", 20, 20)
        let spec = CornerLayoutSpec(child: child, corner: corner, location: location, wrapsCorner: wraps)
        let layout = CoreFixture.flatten(spec, in: Self.range)
        let e = wraps ? Self.expected[location]!.wrapped : Self.expected[location]!.plain
        let comment: Comment = "\(location) wraps \(wraps)"
        #expect(layout.size == e.size, comment)
        #expect(layout.frame(for: child) == Rect(origin: e.child, size: Size(width: 100, height: 100)), comment)
        #expect(layout.frame(for: corner) == Rect(origin: e.corner, size: Size(width: 20, height: 20)), comment)
        #expect(CoreFixture.names(layout) == ["child", "corner"], comment)   // corner after its base
    }

    @Test func offsetMovesTheCorner() {
        let child = CoreFixture.node("child", 100, 100), corner = CoreFixture.node("corner", 20, 20)
        // TR (90,−10) + (−5, 5) = (85, −5).
        let plain = CoreFixture.flatten(CornerLayoutSpec(child: child, corner: corner, location: .topRight,
                                                         offset: Point(x: -5, y: 5)), in: Self.range)
        #expect(plain.size == Size(width: 100, height: 100))
        #expect(plain.frame(for: corner) == Rect(x: 85, y: -5, width: 20, height: 20))
        // Wrapped: union x 0…105, y −5…100 → 105×105, shifted down by 5.
        let wrapped = CoreFixture.flatten(CornerLayoutSpec(child: child, corner: corner, location: .topRight,
                                                           offset: Point(x: -5, y: 5), wrapsCorner: true),
                                          in: Self.range)
        #expect(wrapped.size == Size(width: 105, height: 105))
        #expect(wrapped.frame(for: child) == Rect(x: 0, y: 5, width: 100, height: 100))
        #expect(wrapped.frame(for: corner) == Rect(x: 85, y: 0, width: 20, height: 20))
    }

    @Test func offsetInsideTheChildDoesNotGrowTheWrappedSize() {
        // BR (90,90) + (−20,−20) = (70,70): inside the child → union = child → 100×100, no shift.
        let child = CoreFixture.node("child", 100, 100), corner = CoreFixture.node("corner", 20, 20)
        let layout = CoreFixture.flatten(CornerLayoutSpec(child: child, corner: corner, location: .bottomRight,
                                                          offset: Point(x: -20, y: -20), wrapsCorner: true),
                                         in: Self.range)
        #expect(layout.size == Size(width: 100, height: 100))
        #expect(layout.frame(for: corner) == Rect(x: 70, y: 70, width: 20, height: 20))
    }

    @Test func wrappedSizeIsClampedButTheShiftIsNot() {
        // TL wrapped: union 110×110 → clamp to the max 105; both still shift by 10.
        let child = CoreFixture.node("child", 100, 100), corner = CoreFixture.node("corner", 20, 20)
        let layout = CoreFixture.flatten(CornerLayoutSpec(child: child, corner: corner, location: .topLeft,
                                                          wrapsCorner: true),
                                         in: CoreFixture.range(0, 0, 105, 105))
        #expect(layout.size == Size(width: 105, height: 105))
        #expect(layout.frame(for: child) == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(layout.frame(for: corner) == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func bothAreMeasuredWithTheFullRangeAndTheMaximumAsParent() {
        let child = CoreProbe("child", width: 100, height: 100), corner = CoreProbe("corner", width: 20, height: 20)
        _ = CornerLayoutSpec(child: child, corner: corner, location: .topLeft).layoutThatFits(Self.range)
        #expect(child.lastCall!.range == Self.range && corner.lastCall!.range == Self.range)
        #expect(child.lastCall!.parentSize == Size(width: 350, height: 350))
        #expect(corner.lastCall!.parentSize == Size(width: 350, height: 350))
        _ = CornerLayoutSpec(child: child, corner: corner, location: .topLeft)
            .layoutThatFits(CoreFixture.range(0, 0, .infinity, 300))
        #expect(corner.lastCall!.parentSize.width.isNaN && corner.lastCall!.parentSize.height == 300)
    }

    @Test func halfPixelCornerPositionsAreCeiledWhenFlattened() {
        // Corner 15.2 → ceiled 15.5; TL origin −7.75 raw; flattened ceilPx(−7.75) = ceil(−15.5 − 2ε)/2 = −7.5.
        let child = CoreFixture.node("child", 100, 100), corner = CoreFixture.node("corner", 15.2, 15.2)
        let spec = CornerLayoutSpec(child: child, corner: corner, location: .topLeft)
        #expect(spec.layoutThatFits(Self.range).sublayouts[1].position == Point(x: -7.75, y: -7.75))
        let layout = CoreFixture.flatten(spec, in: Self.range)
        #expect(layout.frame(for: corner) == Rect(x: -7.5, y: -7.5, width: 15.5, height: 15.5))
    }

    @Test func childSmallerThanTheRangeMinimumIsStretched() {
        // Child style 5×5 in [10,10]–[350,350]: disjoint → the range wins → 10×10; corner likewise 10×10.
        let child = CoreFixture.node("child", 5, 5), corner = CoreFixture.node("corner", 5, 5)
        let layout = CornerLayoutSpec(child: child, corner: corner, location: .bottomRight).layoutThatFits(Self.range)
        #expect(layout.size == Size(width: 10, height: 10))
        #expect(layout.sublayouts[1].position == Point(x: 5, y: 5))   // 10 − 10/2
    }
}
