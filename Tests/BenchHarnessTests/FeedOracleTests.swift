import Foundation
import LayoutCore
import Testing
import TextEngine
@testable import BenchHarness

/// The feed's manual layout is the oracle for the engine: for every cell of a 200-cell feed, at the widths of
/// the common phones (and a narrow and a wide one), the engine's frames equal the hand-written arithmetic
/// exactly — fresh, from the cache, after an invalidation that changed texts, and after a second one that put
/// the original texts back. Two cells are also checked against values worked out independently of both.
@Suite struct FeedOracleTests {
    static let feed = FeedGenerator().feed(count: 200)

    /// Frames of `model`'s cell: fresh, cached, updated (invalidated), original again (invalidated twice).
    static func engineFrames(_ engine: NodeTreeFeedEngine, _ model: FeedCellModel,
                             width: Double) -> [(FeedCellFrames?, FeedCellFrames)] {
        let cell = engine.makeCell(model)
        let original = engine.manualFrames(model, width: width)
        let updated = FeedManualLayout.frames(model, width: width, updated: true, measurer: engine.measurer)
        engine.layout(cell, width: width)
        let fresh = engine.frames(of: cell, width: width)
        engine.layout(cell, width: width)
        let cached = engine.frames(of: cell, width: width)
        engine.invalidate(cell)
        engine.layout(cell, width: width)
        let invalidated = engine.frames(of: cell, width: width)
        #expect(engine.expectedFrames(of: cell, model: model, width: width) == updated)
        engine.invalidate(cell)
        engine.layout(cell, width: width)
        let back = engine.frames(of: cell, width: width)
        return [(fresh, original), (cached, original), (invalidated, updated), (back, original)]
    }

    @Test(arguments: [320.0, 375, 414, 120, 200, 768])
    func engineEqualsManualForEveryCell(width: Double) {
        PixelGrid.scale = 2
        let engine = NodeTreeFeedEngine()
        var mismatches = 0
        for (index, model) in Self.feed.enumerated() {
            for (step, (engineFrames, manual)) in Self.engineFrames(engine, model, width: width).enumerated()
            where engineFrames != manual {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("cell \(index) at width \(width), step \(step): engine \(String(describing: engineFrames)); manual \(manual)")
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The same with distributions that make the rare shapes common: photo cells only, half without a
    /// location, captions of 0–3 characters (a quarter empty), 0–11 comments, long user names.
    @Test(arguments: [320.0, 375])
    func engineEqualsManualForOddDistributions(width: Double) {
        PixelGrid.scale = 2
        let engine = NodeTreeFeedEngine()
        var generator = FeedGenerator(seed: 99)
        generator.photoCells = FeedShare(percent: 100)
        generator.locations = FeedShare(percent: 50)
        generator.caption = FeedDistribution(min: 0, span: 4)
        generator.commentCount = FeedDistribution(min: 0, span: 12)
        generator.userName = FeedDistribution(min: 20, span: 30)
        let feed = generator.feed(count: 100)
        #expect(feed.contains { if case .photo(let photo) = $0 { photo.caption == nil } else { false } })
        var mismatches = 0
        for (index, model) in feed.enumerated() {
            for (step, (engineFrames, manual)) in Self.engineFrames(engine, model, width: width).enumerated()
            where engineFrames != manual {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("cell \(index) at width \(width), step \(step): engine \(String(describing: engineFrames)); manual \(manual)")
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// Both kinds of cell, both branches of the photo header (its name column grows and shrinks) and every
    /// optional part of the photo cell but an empty caption (0.7 % of photos at the default distribution:
    /// the test above has them) occur in the 200 cells, so the comparison above covers them.
    @Test func theFeedCoversEveryShapeOfCell() {
        PixelGrid.scale = 2
        let photos = Self.feed.compactMap { if case .photo(let photo) = $0 { photo } else { nil } }
        #expect(photos.count > 60 && photos.count < 140)
        #expect(photos.contains { $0.location == nil } && photos.contains { $0.location != nil })
        #expect(photos.contains { $0.viewAllComments != nil } && photos.contains { $0.comments.isEmpty })
        #expect(photos.contains { $0.comments.count == FeedPhotoModel.inlineComments })
        // At 320 some name columns are too wide for the header row and shrink; at 768 none is.
        let measurer = TextMeasurer.uncached
        func columnShrinks(_ photo: FeedPhotoModel, width: Double) -> Bool {
            let column = max(measurer.measure(photo.userName, maxWidth: .infinity).size.width,
                             photo.location.map { measurer.measure($0, maxWidth: .infinity, maximumNumberOfLines: 1).size.width } ?? 0)
            let time = measurer.measure(photo.time, maxWidth: .infinity).size.width
            return 10 + 40 + column + time > width - 20
        }
        #expect(photos.contains { columnShrinks($0, width: 320) })
        #expect(photos.contains { !columnShrinks($0, width: 320) })
        #expect(!photos.contains { columnShrinks($0, width: 768) })
    }

    /// A photo cell worked out by hand from TextEngine's measurements (not from either layout): a user name
    /// and a location that fit, the time at the right edge, a 375-point photo and a two-text footer.
    @Test func aPhotoCellByHand() {
        PixelGrid.scale = 2
        let regular = TextAttributes(size: 14), bold = TextAttributes(size: 14, weight: .bold)
        let url = URL(string: "https://loom.invalid/x.jpg")!
        let model = FeedPhotoModel(
            avatarURL: url, photoURL: url, userName: AttributedText("lorem_ipsum", attributes: bold),
            location: AttributedText("Dolor Sit", attributes: regular), time: AttributedText("3h", attributes: regular),
            likes: AttributedText("12 likes", attributes: regular), caption: nil, commentCount: 1,
            viewAllComments: nil, comments: [AttributedText("Amet consectetur", attributes: regular)],
            updatedTime: AttributedText("4h", attributes: regular), updatedLikes: AttributedText("13 likes", attributes: regular))
        let measurer = TextMeasurer.uncached
        func size(_ text: AttributedText, _ width: Double = .infinity) -> Size {
            measurer.measure(text, maxWidth: width).size
        }
        let name = size(model.userName), location = size(model.location!), time = size(model.time)
        // One 14-pt DejaVu line: (1901 + 483) / 2048 × 14 = 16.30 → 16.5 at scale 2.
        #expect(name.height == 16.5 && location.height == 16.5 && time.height == 16.5)
        let column = max(name.width, location.width)
        let expected = FeedCellFrames(kind: .photo, size: Size(width: 375, height: 50 + 375 + 5 + 16.5 + 5 + 16.5 + 5), frames: [
            Rect(x: 10, y: 10, width: 30, height: 30),                           // avatar: the row is 50 tall
            Rect(x: 50, y: 8.5, width: column, height: 16.5),                    // (50 − 33) / 2 = 8.5
            Rect(x: 50, y: 25, width: column, height: 16.5),
            Rect(x: 365 - time.width, y: 16.5, width: time.width, height: 16.5),  // floorPx(33.5 / 2) = 16.5
            Rect(x: 0, y: 50, width: 375, height: 375),
            Rect(x: 10, y: 430, width: 355, height: 16.5),
            Rect(x: 10, y: 451.5, width: 355, height: 16.5),
        ])
        let engine = NodeTreeFeedEngine()
        #expect(engine.manualFrames(.photo(model), width: 375) == expected)
        let cell = engine.makeCell(.photo(model))
        engine.layout(cell, width: 375)
        #expect(engine.frames(of: cell, width: 375) == expected)
    }

    /// A feed item by hand: the rows' arithmetic of FeedItemCell.swift's structure at width 375 (row width 359).
    @Test func aFeedItemByHand() {
        PixelGrid.scale = 2
        guard case .item(let item) = Self.feed.first(where: { if case .item = $0 { true } else { false } }) else {
            Issue.record("no feed item in the feed")
            return
        }
        let measurer = TextMeasurer.uncached
        func height(_ text: AttributedText, _ width: Double) -> Double { measurer.measure(text, maxWidth: width).size.height }
        let engine = NodeTreeFeedEngine()
        let cell = engine.makeCell(.item(item))
        engine.layout(cell, width: 375)
        guard let frames = engine.frames(of: cell, width: 375) else { Issue.record("no frames"); return }
        #expect(frames.count == 15)
        let dots = measurer.measure(item.options, maxWidth: .infinity).size
        // Top bar: the action fills the row less the "...".
        #expect(frames[0] == Rect(x: 8, y: 8, width: 359 - dots.width, height: height(item.actionText, 359 - dots.width)))
        #expect(frames[1].origin == Point(x: 8 + 359 - dots.width, y: 8))
        // Mini profile: the poster column is 359 − 58 = 301 wide, 58 right of the image.
        #expect(frames[3].origin.x == 66 && frames[3].width == 301)
        #expect(frames[2].size == Size(width: 50, height: 50))
        // Content image: 359 × floorPx(200 / 350 × 359) = 359 × 205 (205.14 floored to the half point).
        #expect(frames[7].size == Size(width: 359, height: 205))
        #expect(frames[7].origin.y == frames[6].maxY)
        // Social row 4 below the domain; "Share" ends at the row's right edge; comment row 2 below.
        #expect(frames[10].origin == Point(x: 8, y: frames[9].maxY + 4))
        #expect(frames[12].maxX == 367)
        #expect(frames[13].origin == Point(x: 8, y: frames[12].maxY + 2))
        #expect(frames[14].origin.x == 66 && frames[14].width == 301)
        #expect(frames[14].height == max(50, height(item.actorComment, 301)))
        #expect(frames.size == Size(width: 375, height: max(frames[13].maxY, frames[14].maxY) + 8))
        #expect(frames == engine.manualFrames(.item(item), width: 375))
    }
}
