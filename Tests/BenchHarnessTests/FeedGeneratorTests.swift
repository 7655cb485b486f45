import LayoutCore
import Testing
import TextEngine
@testable import BenchHarness

/// The feed generator: the same seed gives the same texts, the same frames and the same deterministic
/// counters (also across thread counts); lengths and counts stay within the scenario's distributions; the
/// texts look like what they stand for.
@Suite struct FeedGeneratorTests {
    /// Every text of the cell, original and updated, as plain strings (AttributedText compares by content
    /// too, but strings make failures readable).
    static func strings(_ model: FeedCellModel) -> [String] {
        switch model {
        case .photo(let photo):
            return photo.texts.map(\.string) + [photo.updatedTime.string, photo.updatedLikes.string,
                                                photo.avatarURL.absoluteString, photo.photoURL.absoluteString]
        case .item(let item):
            return item.texts.map(\.string) + [item.updatedActionText.string, item.updatedPosterTime.string,
                                               item.posterImageURL.absoluteString, item.actorImageURL.absoluteString]
        }
    }

    @Test func sameSeedGivesTheSameTexts() {
        let a = FeedGenerator(seed: 777).feed(count: 300)
        let b = FeedGenerator(seed: 777).feed(count: 300)
        #expect(a.map(Self.strings) == b.map(Self.strings))
        // Each cell depends only on the seed and its index.
        for index in [0, 1, 150, 299] {
            #expect(Self.strings(FeedGenerator(seed: 777).cell(index: index)) == Self.strings(a[index]))
        }
        // Another seed gives another feed.
        let c = FeedGenerator(seed: 778).feed(count: 300)
        #expect(zip(a, c).filter { Self.strings($0.0) == Self.strings($0.1) }.count < 3)
    }

    /// The first cells of the default feed, pinned: a change to the generator's draws changes every
    /// scenario's numbers and must be deliberate.
    @Test func theDefaultFeedStartsWithTheseCells() {
        let feed = FeedGenerator().feed(count: 4)
        let kinds = feed.map { if case .photo = $0 { "photo" } else { "item" } }
        let first = Self.strings(feed[0])
        #expect(kinds.count == 4)
        #expect(first.count > 4)
        #expect(Self.strings(FeedGenerator().cell(index: 0)) == first)
        #expect(kinds == Self.pinnedKinds)
        #expect(Array(first.prefix(2)) == Self.pinnedFirstTexts)
    }

    static let pinnedKinds = ["photo", "photo", "photo", "photo"]
    static let pinnedFirstTexts = ["friends31_duis", "Duis Pariatu"]

    @Test func lengthsAndCountsFollowTheDistributions() {
        let generator = FeedGenerator(seed: 4242)
        let feed = generator.feed(count: 1000)
        var photos = 0, locations = 0, captions = 0
        for model in feed {
            switch model {
            case .photo(let photo):
                photos += 1
                #expect((generator.userName.min...generator.userName.max).contains(photo.userName.string.count))
                if let location = photo.location {
                    locations += 1
                    #expect((generator.location.min...generator.location.max).contains(location.string.count))
                }
                if let caption = photo.caption {
                    captions += 1
                    #expect((1...generator.caption.max).contains(caption.string.count))
                }
                #expect((generator.commentCount.min...generator.commentCount.max).contains(photo.commentCount))
                #expect(photo.comments.count == min(photo.commentCount, FeedPhotoModel.inlineComments))
                #expect((photo.viewAllComments != nil) == (photo.commentCount > FeedPhotoModel.inlineComments))
                if let viewAll = photo.viewAllComments {
                    #expect(viewAll.string == "View all \(FeedText.grouped(photo.commentCount)) comments")
                }
                for comment in photo.comments {
                    // The commenter in bold, then " " and the comment.
                    #expect(comment.runs.count == 2)
                    #expect(comment.runs[0].attributes.weight == .bold)
                    let body = comment.string.count - comment.runs[0].range.count - 1
                    #expect((generator.commentLength.min...generator.commentLength.max).contains(body))
                }
                #expect(photo.likes.string.hasSuffix(" likes") || photo.likes.string == "1 like")
                #expect(photo.updatedLikes != photo.likes && photo.updatedTime != photo.time)
            case .item(let item):
                #expect((generator.action.min...generator.action.max).contains(item.actionText.string.count))
                #expect(item.updatedActionText.string.count == item.actionText.string.count)
                #expect(item.updatedActionText != item.actionText)
                #expect((generator.posterName.min...generator.posterName.max).contains(item.posterName.string.count))
                #expect((generator.posterHeadline.min...generator.posterHeadline.max)
                    .contains(item.posterHeadline.string.count))
                #expect((generator.posterComment.min...generator.posterComment.max)
                    .contains(item.posterComment.string.count))
                #expect((generator.contentTitle.min...generator.contentTitle.max).contains(item.contentTitle.string.count))
                #expect((generator.contentDomain.min...generator.contentDomain.max)
                    .contains(item.contentDomain.string.count))
                #expect((generator.actorComment.min...generator.actorComment.max).contains(item.actorComment.string.count))
                #expect([item.options.string, item.like.string, item.comment.string, item.share.string]
                    == ["...", "Like", "Comment", "Share"])
            }
            for text in model.texts {
                #expect(text.string.allSatisfy { $0.isASCII })
                #expect(!text.string.hasPrefix(" ") && !text.string.hasSuffix(" "))
            }
        }
        // Half photo cells, 70 % of them with a location, and almost all captions non-empty.
        #expect((430...570).contains(photos))
        #expect((Double(locations) / Double(photos)) > 0.62 && (Double(locations) / Double(photos)) < 0.78)
        #expect(captions > photos * 95 / 100)
    }

    @Test func distributionsAndShares() {
        var random = FeedRandom(seed: 1, index: 0)
        let uniform = FeedDistribution(min: 10, span: 100)
        let skewed = FeedDistribution(min: 10, span: 100, skew: 3)
        var uniformSum = 0, skewedSum = 0
        for _ in 0..<10_000 {
            let u = uniform.draw(&random), s = skewed.draw(&random)
            #expect((10...109).contains(u) && (10...109).contains(s))
            uniformSum += u
            skewedSum += s
        }
        // Means: uniform 59.5; the smallest of 3 draws 10 + 99/4 ≈ 34.75.
        #expect(abs(Double(uniformSum) / 10_000 - 59.5) < 2)
        #expect(abs(Double(skewedSum) / 10_000 - 34.75) < 2)
        #expect(!(0..<100).contains { _ in FeedShare(percent: 0).draw(&random) })
        #expect((0..<100).allSatisfy { _ in FeedShare(percent: 100).draw(&random) })
        #expect(FeedText.grouped(1_234_567) == "1,234,567" && FeedText.grouped(999) == "999")
        #expect(FeedText.likes(1) == "1 like" && FeedText.likes(2_500) == "2,500 likes")
    }

    @Test func textsHaveExactlyTheDrawnLength() {
        var random = FeedRandom(seed: 9, index: 3)
        for length in [1, 2, 5, 9, 10, 17, 64, 300] {
            #expect(FeedText.sentence(length: length, &random).count == length)
            #expect(FeedText.handle(length: length, &random).count == length)
            #expect(FeedText.title(length: length, commas: true, &random).count == length)
            #expect(FeedText.domain(length: length, &random).count == length)
        }
        #expect(FeedText.domain(length: 20, &random).hasPrefix("www."))
        #expect(FeedText.domain(length: 20, &random).hasSuffix(".com"))
    }

    // MARK: The same seed gives the same frames and counters

    static func scenario(cells: Int = 60, seed: UInt32 = 12345, widths: [Double] = [375],
                         phases: [LayoutPhase] = LayoutPhase.allCases) -> Scenario {
        Scenario(name: "feed-test", file: "feed-test.json", contentHash: "fnv1a64:0000000000000000",
                 description: "test", generator: .feed(FeedGenerator(seed: seed)), cells: cells, widths: widths,
                 threads: [.count(1)], phases: phases, warmup: 1, repetitions: 1)
    }

    static func run(_ scenario: Scenario, threads: [Int]) -> RunMeasurements {
        LayoutRunner(engine: NodeTreeFeedEngine(), scenario: scenario,
                     options: LayoutRunOptions(threadCounts: threads)).run()
    }

    @Test func sameSeedGivesTheSameFramesAndCounters() {
        PixelGrid.scale = 2
        let scenario = Self.scenario(widths: [375, 320])
        let first = Self.run(scenario, threads: [1, 2])
        let second = Self.run(scenario, threads: [2])
        #expect(first.frameChecks == second.frameChecks)
        #expect(first.frameChecks.allSatisfy { $0.mismatches == 0 && $0.cells == 60 })
        #expect(first.counted == second.counted)
        #expect(first.notes.isEmpty, "\(first.notes)")
        #expect(first.nodesPerCell == second.nodesPerCell)

        // The text measurement counters are there, and measure calls are their sum.
        for phase in [LayoutPhase.fresh, .invalidated] {
            let counted = first.counted.first { $0.phase == phase && $0.width == 375 }
            let hits = counted?.textCacheHits ?? -1, misses = counted?.textCacheMisses ?? -1
            #expect(hits >= 0 && misses > 0)
            #expect(counted?.measureCalls == hits + misses)
        }
        // Cached re-layout measures nothing: every cell answers from its own layout cache.
        let cached = first.counted.first { $0.phase == .cached && $0.width == 375 }
        #expect(cached?.measureCalls == 0 && cached?.textCacheMisses == 0 && cached?.cacheHits == 60)

        // The frames themselves, from two engines with their own caches, and the manual layout's.
        let a = NodeTreeFeedEngine(), b = NodeTreeFeedEngine()
        for model in FeedGenerator().feed(count: 60) {
            let cellA = a.makeCell(model), cellB = b.makeCell(model)
            a.layout(cellA, width: 414)
            b.layout(cellB, width: 414)
            #expect(a.frames(of: cellA, width: 414) == b.frames(of: cellB, width: 414))
            #expect(a.frames(of: cellA, width: 414) == b.manualFrames(model, width: 414))
        }
    }

    @Test func freshAndManualPassesStartWithAColdTextCache() {
        let engine = NodeTreeFeedEngine()
        let models = FeedGenerator().feed(count: 10)
        let cells = models.map(engine.makeCell)
        engine.prepare(for: .fresh)
        for cell in cells { engine.layout(cell, width: 375) }
        let afterFresh = engine.textMeasurementCounters()!
        #expect(afterFresh.misses > 0 && afterFresh.evictions == 0)
        #expect(engine.textCache.statistics.count == afterFresh.misses)
        engine.prepare(for: .cached)
        #expect(engine.textCache.statistics.count == afterFresh.misses)  // cached keeps what fresh left
        engine.prepare(for: .manual)
        #expect(engine.textCache.statistics.count == 0)
        // The manual layout measures fewer texts than the engine (no second measurement to stretch).
        for model in models { _ = engine.manualFrames(model, width: 375) }
        let manual = engine.textMeasurementCounters()!.since(afterFresh)
        #expect(manual.misses > 0 && manual.calls <= afterFresh.calls)
        #expect(engine.manualCellsPerPass == 1)
    }

    @Test func nodesPerCellIsTheMeanOverTheFeed() {
        let models = FeedGenerator().feed(count: 100)
        let engine = NodeTreeFeedEngine()
        let mean = engine.nodesPerCell(of: models)
        #expect(mean > 10 && mean <= 16)
        let counted = models.map { model -> Int in
            let cell = engine.makeCell(model)
            engine.layout(cell, width: 375)
            return cell.layoutThatFits(SizeRange(width: 375)).sublayouts.count + 1
        }
        #expect(Double(counted.reduce(0, +)) / 100 == mean)
    }
}
