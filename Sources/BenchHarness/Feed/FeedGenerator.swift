import Foundation
import TextEngine

// The generator named "feed" in scenario files (Scenarios/README.md, "The feed generator"). Cell i is made
// from its own random stream — SplitMix64 started at (seed << 32) | i — so any cell can be generated alone and
// the same seed always gives the same feed: the same texts, hence the same measurements and frames.
//
// Per cell, in this order: the kind (photoCells share), then the kind's draws (FeedGenerator+Cells.swift).
// Lengths and counts come from the scenario's distributions; texts are word-based lorem-like text from a fixed
// word list (FeedText.swift), cut to exactly the drawn length.

/// A whole-number distribution: `min` plus the smallest of `skew` uniform draws from 0..<span. skew 1 is
/// uniform over min…min+span−1; larger skews make short values more common (2: a falling triangle) — what
/// real captions and comment counts look like. Integer-only, so any language reproduces it exactly.
public struct FeedDistribution: Hashable, Sendable, CustomStringConvertible {
    public var min: Int
    public var span: Int
    public var skew: Int

    public static let skewRange = 1...8

    public init(min: Int, span: Int, skew: Int = 1) {
        precondition(min >= 0 && span >= 1 && FeedDistribution.skewRange.contains(skew),
                     "a feed distribution needs min ≥ 0, span ≥ 1 and skew 1…8 (\(min), \(span), \(skew))")
        self.min = min
        self.span = span
        self.skew = skew
    }

    /// The largest value this distribution gives.
    public var max: Int { min + span - 1 }

    func draw(_ random: inout FeedRandom) -> Int {
        var smallest = span
        for _ in 0..<skew { smallest = Swift.min(smallest, random.below(span)) }
        return min + smallest
    }

    public var description: String { "\(min)…\(max)" + (skew == 1 ? "" : " (skew \(skew))") }
}

/// A yes/no choice made `percent` times in 100.
public struct FeedShare: Hashable, Sendable {
    public var percent: Int

    public init(percent: Int) {
        precondition((0...100).contains(percent), "a share is 0…100 percent, got \(percent)")
        self.percent = percent
    }

    func draw(_ random: inout FeedRandom) -> Bool { random.below(100) < percent }
}

/// SplitMix64: each cell's random stream.
struct FeedRandom {
    private var state: UInt64

    init(seed: UInt32, index: Int) {
        state = (UInt64(seed) << 32) | UInt64(UInt32(truncatingIfNeeded: index))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n ≥ 1).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

public struct FeedGenerator: Hashable, Sendable {
    public static let defaultSeed: UInt32 = 12345

    public var seed: UInt32
    /// Which cells are ASDKgram photo cells (the rest are LayoutKit feed items).
    public var photoCells = FeedShare(percent: 50)
    /// Which photos have a location.
    public var locations = FeedShare(percent: 70)

    // Photo cell
    public var userName = FeedDistribution(min: 4, span: 15)                 // 4…18 characters
    public var location = FeedDistribution(min: 8, span: 33)                 // 8…40
    public var caption = FeedDistribution(min: 0, span: 301, skew: 2)        // 0…300, mostly short
    public var commentCount = FeedDistribution(min: 0, span: 24, skew: 3)    // comments on a photo, 0…23
    public var commentLength = FeedDistribution(min: 8, span: 113, skew: 2)  // one comment's text, 8…120
    public var likeCount = FeedDistribution(min: 0, span: 5000, skew: 3)     // 0…4999 likes

    // LayoutKit feed item
    public var action = FeedDistribution(min: 12, span: 49)                  // 12…60
    public var posterName = FeedDistribution(min: 6, span: 25)               // 6…30
    public var posterHeadline = FeedDistribution(min: 10, span: 81)          // 10…90
    public var posterComment = FeedDistribution(min: 1, span: 300, skew: 2)  // 1…300
    public var contentTitle = FeedDistribution(min: 10, span: 91)            // 10…100
    public var contentDomain = FeedDistribution(min: 8, span: 23)            // 8…30
    public var actorComment = FeedDistribution(min: 1, span: 200, skew: 2)   // 1…200

    public init(seed: UInt32 = FeedGenerator.defaultSeed) {
        self.seed = seed
    }

    /// The scenario keys of the distributions, in the order of the README (decoding and error messages).
    public static let distributionNames = [
        "photoCells", "locations", "userName", "location", "caption", "commentCount", "commentLength", "likeCount",
        "action", "posterName", "posterHeadline", "posterComment", "contentTitle", "contentDomain", "actorComment",
    ]
    /// The entries that are shares ({"percent": P}); the others are {"min", "span", "skew"}.
    public static let shareNames: Set<String> = ["photoCells", "locations"]
    /// Texts the item always shows: their lengths may not be 0.
    public static let nonEmptyTexts: Set<String> = [
        "userName", "location", "commentLength", "action", "posterName", "posterHeadline", "posterComment",
        "contentTitle", "contentDomain", "actorComment",
    ]

    /// The distribution named `name` (one of `distributionNames` that is not a share).
    public subscript(distribution name: String) -> FeedDistribution {
        get { self[keyPath: Self.keyPath(name)] }
        set { self[keyPath: Self.keyPath(name)] = newValue }
    }

    private static func keyPath(_ name: String) -> WritableKeyPath<FeedGenerator, FeedDistribution> {
        switch name {
        case "userName": return \.userName
        case "location": return \.location
        case "caption": return \.caption
        case "commentCount": return \.commentCount
        case "commentLength": return \.commentLength
        case "likeCount": return \.likeCount
        case "action": return \.action
        case "posterName": return \.posterName
        case "posterHeadline": return \.posterHeadline
        case "posterComment": return \.posterComment
        case "contentTitle": return \.contentTitle
        case "contentDomain": return \.contentDomain
        case "actorComment": return \.actorComment
        default: preconditionFailure("no feed distribution named \(name)")
        }
    }

    public func cell(index: Int) -> FeedCellModel {
        var random = FeedRandom(seed: seed, index: index)
        if photoCells.draw(&random) {
            return .photo(photoModel(index: index, &random))
        }
        return .item(itemModel(index: index, &random))
    }

    public func feed(count: Int) -> [FeedCellModel] {
        (0..<count).map(cell(index:))
    }
}
