import Foundation
import LayoutCore
import NodeTree
import Testing
import TextEngine
@testable import BenchHarness

/// The feed's photo cell is an ASM cell (no addSubnode calls): applying a layout makes its subnodes the
/// layout's nodes. When the location arrives late — ASDKgram's reverse-geocoding callback, on another thread,
/// sets the text and calls setNeedsLayout — the next applied layout inserts the location node right after the
/// user name, and every subnode gets the manual layout's frame for the cell with that location.
@Suite struct FeedPhotoCellASMTests {
    static let width = 375.0
    static let place = AttributedText("Lorem Ipsum, Dolor Sit", attributes: FeedText.photoRegular)

    /// The first photo of the default feed without a location, and the same photo with `place`.
    static func models() -> (without: FeedPhotoModel, with: FeedPhotoModel) {
        let photo = FeedGenerator().feed(count: 50).lazy.compactMap { model -> FeedPhotoModel? in
            if case .photo(let photo) = model, photo.location == nil, photo.caption != nil { return photo }
            return nil
        }.first!
        let located = FeedPhotoModel(
            avatarURL: photo.avatarURL, photoURL: photo.photoURL, userName: photo.userName, location: place,
            time: photo.time, likes: photo.likes, caption: photo.caption, commentCount: photo.commentCount,
            viewAllComments: photo.viewAllComments, comments: photo.comments, updatedTime: photo.updatedTime,
            updatedLikes: photo.updatedLikes)
        return (photo, located)
    }

    /// Measures the cell at the table width, gives it that size and runs its layout pass (what a table does
    /// with a cell it displays).
    static func measureAndApply(_ cell: FeedCellNode) {
        let size = cell.layoutThatFits(SizeRange(width: width)).size
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
    }

    static func expectFramesOf(_ cell: FeedPhotoCellNode, equal manual: FeedCellFrames) {
        #expect(cell.frame.size == manual.size)
        #expect(cell.subnodes.count == manual.count)
        for (index, node) in cell.subnodes.enumerated() where index < manual.count {
            #expect(node.frame == manual[index], "subnode \(index): \(node)")
        }
    }

    @Test func aLocationThatArrivesLaterIsInsertedByASM() {
        PixelGrid.scale = 2
        let (without, with) = Self.models()
        let engine = NodeTreeFeedEngine()
        let cell = FeedPhotoCellNode(without, measurer: engine.measurer)
        #expect(cell.automaticallyManagesSubnodes)
        #expect(cell.subnodes.isEmpty)  // nothing added by hand

        Self.measureAndApply(cell)
        let before = [cell.avatar, cell.userName, cell.time, cell.photo, cell.likes, cell.caption]
            + (cell.viewAllComments.map { [$0] } ?? []) + cell.comments
        #expect(cell.subnodes.map(ObjectIdentifier.init) == before.map(ObjectIdentifier.init))
        #expect(cell.location.supernode == nil)
        Self.expectFramesOf(cell, equal: engine.manualFrames(.photo(without), width: Self.width))
        let insertions = cell.layoutStatistics.automaticInsertions
        #expect(insertions == before.count)

        // The geocoder calls back on its own thread.
        let done = DispatchSemaphore(value: 0)
        Thread {
            cell.locationDidResolve(Self.place)
            done.signal()
        }.start()
        done.wait()

        Self.measureAndApply(cell)
        let after = [cell.avatar, cell.userName, cell.location] + before.dropFirst(2)
        #expect(cell.subnodes.map(ObjectIdentifier.init) == after.map(ObjectIdentifier.init))
        #expect(cell.location.supernode === cell)
        #expect(cell.layoutStatistics.automaticInsertions == insertions + 1)
        #expect(cell.layoutStatistics.automaticRemovals == 0)
        Self.expectFramesOf(cell, equal: engine.manualFrames(.photo(with), width: Self.width))
        #expect(cell.layoutNodes.map(ObjectIdentifier.init) == after.map(ObjectIdentifier.init))
    }

    /// The same with the cell's views loaded, on the main actor: the location's view is loaded and takes its
    /// place among the cell's subviews.
    @MainActor @Test func aLocationThatArrivesLaterGetsItsViewOnTheMainActor() {
        PixelGrid.scale = 2
        let (without, with) = Self.models()
        let engine = NodeTreeFeedEngine()
        let cell = FeedPhotoCellNode(without, measurer: engine.measurer)
        let host = PlatformView(frame: Rect(x: 0, y: 0, width: Self.width, height: 2_000))
        let size = cell.layoutThatFits(SizeRange(width: Self.width)).size
        host.addSubview(cell.view)
        cell.frame = Rect(origin: .zero, size: size)
        host.layoutIfNeeded()
        #expect(!cell.location.isNodeLoaded)
        #expect(cell.view.subviews.compactMap(\.node).map(ObjectIdentifier.init)
            == cell.subnodes.map(ObjectIdentifier.init))

        cell.locationDidResolve(Self.place)
        cell.frame = Rect(origin: .zero, size: cell.layoutThatFits(SizeRange(width: Self.width)).size)
        host.layoutIfNeeded()
        #expect(cell.location.isNodeLoaded)
        #expect(cell.subnodes[2] === cell.location)
        #expect(cell.view.subviews.compactMap(\.node).map(ObjectIdentifier.init)
            == cell.subnodes.map(ObjectIdentifier.init))
        Self.expectFramesOf(cell, equal: engine.manualFrames(.photo(with), width: Self.width))
    }

    /// An empty caption is no subnode either; the feed item (all 15 leaves always shown) gets them all.
    @Test func onlyTheLeavesInTheLayoutBecomeSubnodes() {
        PixelGrid.scale = 2
        let engine = NodeTreeFeedEngine()
        var generator = FeedGenerator(seed: 5)
        generator.caption = FeedDistribution(min: 0, span: 1)  // no captions
        for model in generator.feed(count: 12) {
            let cell = engine.makeCell(model)
            Self.measureAndApply(cell)
            #expect(cell.subnodes.map(ObjectIdentifier.init) == cell.layoutNodes.map(ObjectIdentifier.init))
            #expect(cell.subnodes.count + 1 == model.nodeCount)
            if let photo = cell as? FeedPhotoCellNode {
                #expect(photo.caption.supernode == nil)
            } else {
                #expect(cell.subnodes.count == 15)
            }
        }
    }
}
