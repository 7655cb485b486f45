import Foundation
import Testing
@testable import BenchHarness

/// The `feed` generator in scenario files: the shipped Scenarios/feed.json (the default scenario) decodes to
/// the generator's defaults, distributions and shares are read, and every kind of bad input is one message
/// naming the file, the exact JSON path and the reason.
@Suite struct FeedScenarioDecodingTests {
    /// A minimal valid feed scenario with `extra` members added (JSON text without braces).
    static func text(_ extra: String = "", widths: String = "[375]") -> String {
        var body = #""description": "tiny feed", "generator": "feed", "seed": 7, "cells": 10, "widths": \#(widths), "repetitions": 2"#
        if !extra.isEmpty { body += ", " + extra }
        return "{" + body + "}"
    }

    static func message(_ text: String) -> String? {
        do {
            _ = try Scenario.decode(text, file: testFile)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func shippedFeedScenarioIsTheGeneratorsDefaults() throws {
        let scenario = try Scenario.load(path: ScenarioDecodingTests.scenariosDirectory + "/feed.json")
        #expect(scenario.name == "feed")
        #expect(scenario.cells == 1000)
        #expect(scenario.widths == [375])
        #expect(scenario.threads == [.count(1), .cores])
        #expect(scenario.phases == LayoutPhase.allCases)
        #expect(scenario.warmup == 2)
        #expect(scenario.repetitions == 9)
        // The file spells out every distribution; each is the generator's default.
        #expect(scenario.generator == .feed(FeedGenerator(seed: 12345)))
        #expect(scenario.generator.name == "feed")
        #expect(scenario.seed == 12345)
    }

    @Test func defaultsApplyWithoutDistributions() throws {
        let scenario = try Scenario.decode(Self.text(), file: "dir/tiny-feed.json")
        #expect(scenario.name == "tiny-feed")
        #expect(scenario.generator == .feed(FeedGenerator(seed: 7)))
    }

    @Test func distributionsAndSharesAreRead() throws {
        let scenario = try Scenario.decode(Self.text(#"""
            "distributions": {"photoCells": {"percent": 100}, "locations": {"percent": 0},
                              "caption": {"min": 0, "span": 3}, "commentCount": {"min": 2, "span": 4, "skew": 8},
                              "contentDomain": {"min": 12, "span": 1}}
            """#, widths: "[120, 4096]"), file: testFile)
        guard case .feed(let generator) = scenario.generator else { Issue.record("generator"); return }
        #expect(generator.photoCells == FeedShare(percent: 100))
        #expect(generator.locations == FeedShare(percent: 0))
        #expect(generator.caption == FeedDistribution(min: 0, span: 3))
        #expect(generator.commentCount == FeedDistribution(min: 2, span: 4, skew: 8))
        #expect(generator.contentDomain == FeedDistribution(min: 12, span: 1))
        #expect(generator.userName == FeedGenerator().userName)
        #expect(scenario.widths == [120, 4096])
        // The feed-parity generator keeps its own keys.
        #expect(Self.message(#"{"description": "x", "generator": "feed-parity", "seed": 1, "cells": 1, "widths": [64], "repetitions": 1, "distributions": {"comments": {"min": 1, "span": 2}}}"#) == nil)
    }

    static let allowed = "photoCells, locations, userName, location, caption, commentCount, commentLength, likeCount, "
        + "action, posterName, posterHeadline, posterComment, contentTitle, contentDomain, actorComment"

    static let errors: [(String, String)] = [
        (text(#""distributions": {"comments": {"min": 1, "span": 2}}"#),
         #"test.json: $.distributions.comments: unknown key "comments" in the feed distributions (allowed: \#(allowed))"#),
        (text(#""distributions": []"#), "test.json: $.distributions: expected an object, found an empty array"),
        (text(#""distributions": {"caption": [0, 300]}"#),
         "test.json: $.distributions.caption: expected an object, found an array of 2"),
        (text(#""distributions": {"caption": {"span": 10}}"#),
         #"test.json: $.distributions.caption: missing key "min" in a feed distribution"#),
        (text(#""distributions": {"caption": {"min": 0}}"#),
         #"test.json: $.distributions.caption: missing key "span" in a feed distribution"#),
        (text(#""distributions": {"caption": {"min": 0, "span": 0}}"#),
         "test.json: $.distributions.caption.span: must be a whole number from 1 to 100000, found 0"),
        (text(#""distributions": {"caption": {"min": 0, "span": 10, "skew": 9}}"#),
         "test.json: $.distributions.caption.skew: must be a whole number from 1 to 8, found 9"),
        (text(#""distributions": {"caption": {"min": 0, "span": 10, "skew": "high"}}"#),
         #"test.json: $.distributions.caption.skew: expected a whole number, found "high""#),
        (text(#""distributions": {"caption": {"min": 0, "span": 10, "max": 20}}"#),
         #"test.json: $.distributions.caption.max: unknown key "max" in a feed distribution (allowed: min, span, skew)"#),
        (text(#""distributions": {"likeCount": {"min": -1, "span": 3}}"#),
         "test.json: $.distributions.likeCount.min: must be a whole number from 0 to 10000, found -1"),
        (text(#""distributions": {"userName": {"min": 0, "span": 10}}"#),
         "test.json: $.distributions.userName.min: must be at least 1: the cell always shows this text"),
        (text(#""distributions": {"posterComment": {"min": 0.5, "span": 10}}"#),
         "test.json: $.distributions.posterComment.min: must be a whole number from 0 to 10000, found 0.5"),
        (text(#""distributions": {"photoCells": {"percent": 101}}"#),
         "test.json: $.distributions.photoCells.percent: must be a whole number from 0 to 100, found 101"),
        (text(#""distributions": {"locations": {"percent": true}}"#),
         "test.json: $.distributions.locations.percent: expected a whole number, found true"),
        (text(#""distributions": {"locations": {}}"#),
         #"test.json: $.distributions.locations: missing key "percent" in a share"#),
        (text(#""distributions": {"photoCells": {"min": 1, "span": 2}}"#),
         #"test.json: $.distributions.photoCells.min: unknown key "min" in a share (allowed: percent)"#),
        (text(widths: "[375, 100]"),
         "test.json: $.widths[1]: the feed's cells need a width of at least 120 points, found 100"),
        (text(widths: "[375, 32]"), "test.json: $.widths[1]: must be a whole number of points from 64 to 4096, found 32"),
        (text().replacingOccurrences(of: #""feed""#, with: #""feeds""#),
         #"test.json: $.generator: expected one of "feed-parity", "feed", found "feeds""#),
    ]

    @Test(arguments: errors)
    func badInputGetsOneLineWithThePath(_ text: String, _ expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test func theCatalogListsTheFeed() throws {
        let catalog = ScenarioCatalog(directory: ScenarioDecodingTests.scenariosDirectory)
        #expect(catalog.names().contains("feed"))
        #expect(try catalog.load("feed").generator.name == "feed")
    }
}
