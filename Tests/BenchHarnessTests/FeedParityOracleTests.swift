import LayoutCore
import Testing
@testable import BenchHarness

/// The manual layout is the oracle for both engines: for every cell of the feed, at widths that exercise
/// both the growing and the shrinking header, each engine's frames must equal the hand-written arithmetic
/// exactly — fresh, from the cache, and after invalidation. Two cells are also worked out by hand.
@Suite struct FeedParityOracleTests {
    static func engineFrames<Engine: FeedParityEngine>(_ engine: Engine, _ model: FeedParityCellModel,
                                                      width: Double) -> [FeedParityFrames?] {
        let cell = engine.makeCell(model)
        engine.layout(cell, width: width)
        let fresh = engine.frames(of: cell, width: width)
        engine.layout(cell, width: width)
        let again = engine.frames(of: cell, width: width)
        engine.invalidate(cell)
        engine.layout(cell, width: width)
        return [fresh, again, engine.frames(of: cell, width: width)]
    }

    static func engineFrames(_ kind: FeedParityEngineKind, _ model: FeedParityCellModel, width: Double) -> [FeedParityFrames?] {
        switch kind {
        case .nodetree: return engineFrames(NodeTreeFeedParityEngine(), model, width: width)
        case .layoutcore: return engineFrames(LayoutCoreFeedParityEngine(), model, width: width)
        }
    }

    @Test(arguments: FeedParityEngineKind.allCases, [64.0, 100, 180, 320, 375, 414, 768, 1024])
    func engineEqualsManualForEveryCell(kind: FeedParityEngineKind, width: Double) {
        PixelGrid.scale = 2
        var mismatches = 0
        for model in FeedParityGenerator().feed(count: 1000) {
            let manual = FeedParityManualLayout.frames(model, width: width)
            let engine = Self.engineFrames(kind, model, width: width).first { $0 != manual }.map { $0 } ?? manual
            if engine != manual {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("\(kind) cell \(model.index) at width \(width): engine \(String(describing: engine)), manual \(manual)")
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// At 180 points some headers fit and some shrink, so both branches of the header are compared.
    @Test func theFeedHasGrowingAndShrinkingHeadersAt180() {
        let models = FeedParityGenerator().feed(count: 1000)
        let shrinking = models.filter { 38 + 7 * Double(max($0.userNameLength, $0.locationLength)) > 180 - 16 }
        #expect(!shrinking.isEmpty)
        #expect(shrinking.count < models.count)
    }

    /// Cell 0 (name 9, location 17, comments 186 characters) at 375: the header grows.
    @Test(arguments: FeedParityEngineKind.allCases)
    func cellZeroAt375ByHand(kind: FeedParityEngineKind) {
        PixelGrid.scale = 2
        let model = FeedParityGenerator().cell(index: 0)
        let expected = FeedParityFrames(
            size: Size(width: 375, height: 505),
            avatar: Rect(x: 8, y: 8, width: 30, height: 30),
            userName: Rect(x: 46, y: 6, width: 119, height: 17),      // stretched to the location's 119
            location: Rect(x: 46, y: 23, width: 119, height: 17),
            photo: Rect(x: 0, y: 46, width: 375, height: 375),
            comments: Rect(x: 8, y: 429, width: 359, height: 68))     // ceil(1302 / 359) = 4 lines
        #expect(FeedParityManualLayout.frames(model, width: 375) == expected)
        #expect(Self.engineFrames(kind, model, width: 375) == [expected, expected, expected])
    }

    /// The same cell at 100: the column shrinks to 46, the texts wrap (2 and 3 lines), and the avatar is
    /// centred on a half point (floorPx(19.5) at scale 2).
    @Test(arguments: FeedParityEngineKind.allCases)
    func cellZeroAt100ByHand(kind: FeedParityEngineKind) {
        PixelGrid.scale = 2
        let model = FeedParityGenerator().cell(index: 0)
        let expected = FeedParityFrames(
            size: Size(width: 100, height: 473),
            avatar: Rect(x: 8, y: 27.5, width: 30, height: 30),
            userName: Rect(x: 46, y: 0, width: 46, height: 34),
            location: Rect(x: 46, y: 34, width: 46, height: 51),
            photo: Rect(x: 0, y: 85, width: 100, height: 100),
            comments: Rect(x: 8, y: 193, width: 84, height: 272))
        #expect(FeedParityManualLayout.frames(model, width: 100) == expected)
        #expect(Self.engineFrames(kind, model, width: 100) == [expected, expected, expected])
    }

    @Test func measureCallsAreCountedPerCell() {
        let model = FeedParityGenerator().cell(index: 0)
        let engine = LayoutCoreFeedParityEngine()
        let cell = engine.makeCell(model)
        #expect(engine.measureCalls(of: cell) == 0)
        engine.layout(cell, width: 375)
        // name and location at ∞, the shorter name stretched to 119, comments once.
        #expect(engine.measureCalls(of: cell) == 4)
        #expect(engine.cacheCounts(of: cell) == nil)
    }

    /// NodeTree: the same 4 measurements fresh; none from the cache; after setNeedsLayout on the cell the
    /// leaves answer what their one-slot pending cache still holds.
    @Test func nodeTreeCachesAndCountsMeasurements() {
        let model = FeedParityGenerator().cell(index: 0)
        let engine = NodeTreeFeedParityEngine()
        let cell = engine.makeCell(model)
        engine.layout(cell, width: 375)
        #expect(engine.measureCalls(of: cell) == 4)
        // Cell, avatar and photo once each; name twice (∞, then stretched), location and comments once.
        #expect(engine.cacheCounts(of: cell)! == (hits: 0, misses: 7))
        engine.layout(cell, width: 375)
        #expect(engine.measureCalls(of: cell) == 4)
        #expect(engine.cacheCounts(of: cell)! == (hits: 1, misses: 7))
        engine.invalidate(cell)
        engine.layout(cell, width: 375)
        // The name's cache holds the stretched range, so its ∞ measurement misses again and its stretch
        // then misses too; everything else hits.
        #expect(engine.measureCalls(of: cell) == 6)
        #expect(engine.cacheCounts(of: cell)! == (hits: 5, misses: 10))
    }
}
