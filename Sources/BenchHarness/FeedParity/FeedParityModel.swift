// The feed-parity feed (Scenarios/README.md): 1,000 cells whose tree and text measure can be rebuilt in
// any flexbox engine, so numbers measured here can be compared with Yoga, taffy or a browser. A cell is
// plain data — three text lengths — generated from its index and the scenario's seed with 32-bit
// wrapping arithmetic that any language reproduces bit for bit.

/// One cell of the feed: the lengths, in characters, of its three texts.
public struct FeedParityCellModel: Hashable, Sendable {
    public var index: Int
    public var userNameLength: Int
    public var locationLength: Int
    public var commentsLength: Int
}

/// A text length distribution: `min + (h >> shift) % span` characters, where h is the cell's hash and
/// the shift is fixed per text (user name 0, location 8, comments 16).
public struct TextLengthDistribution: Hashable, Sendable {
    public var min: Int
    public var span: Int

    public init(min: Int, span: Int) {
        precondition(min >= 1 && span >= 1, "a text length distribution needs min ≥ 1 and span ≥ 1 (\(min), \(span))")
        self.min = min
        self.span = span
    }

    /// The length for hash `h` shifted right by `shift` bits.
    @inlinable public func length(hash h: UInt32, shift: UInt32) -> Int {
        min + Int((h >> shift) % UInt32(truncatingIfNeeded: span))
    }

    /// The largest length this distribution gives.
    public var max: Int { min + span - 1 }
}

/// The generator named "feed-parity" in scenario files.
public struct FeedParityGenerator: Hashable, Sendable {
    /// The defaults: user name 6…17, location 5…60, comments 20…219 characters, seed 12345.
    public static let defaultSeed: UInt32 = 12345
    public static let defaultUserName = TextLengthDistribution(min: 6, span: 12)
    public static let defaultLocation = TextLengthDistribution(min: 5, span: 56)
    public static let defaultComments = TextLengthDistribution(min: 20, span: 200)

    public var seed: UInt32
    public var userName: TextLengthDistribution
    public var location: TextLengthDistribution
    public var comments: TextLengthDistribution

    public init(seed: UInt32 = FeedParityGenerator.defaultSeed,
                userName: TextLengthDistribution = FeedParityGenerator.defaultUserName,
                location: TextLengthDistribution = FeedParityGenerator.defaultLocation,
                comments: TextLengthDistribution = FeedParityGenerator.defaultComments) {
        self.seed = seed
        self.userName = userName
        self.location = location
        self.comments = comments
    }

    /// The 32-bit finalizer of the format (a "lowbias32" hash): x ^= x >> 16; x *= 0x7feb352d;
    /// x ^= x >> 15; x *= 0x846ca68b; x ^= x >> 16, all wrapping.
    @inlinable public static func mix(_ value: UInt32) -> UInt32 {
        var x = value
        x ^= x >> 16
        x &*= 0x7feb_352d
        x ^= x >> 15
        x &*= 0x846c_a68b
        x ^= x >> 16
        return x
    }

    /// h = mix(i × 2654435761 + seed), 32-bit wrapping (i is taken modulo 2³²).
    @inlinable public func hash(index: Int) -> UInt32 {
        Self.mix(UInt32(truncatingIfNeeded: index) &* 2_654_435_761 &+ seed)
    }

    public func cell(index: Int) -> FeedParityCellModel {
        let h = hash(index: index)
        return FeedParityCellModel(index: index,
                                   userNameLength: userName.length(hash: h, shift: 0),
                                   locationLength: location.length(hash: h, shift: 8),
                                   commentsLength: comments.length(hash: h, shift: 16))
    }

    public func feed(count: Int) -> [FeedParityCellModel] {
        (0..<count).map(cell(index:))
    }
}

/// The synthetic text measure of the format: every character is 7 points wide and a line is 17 points
/// tall. width = min(available, chars × 7); height = 17 × ceil(chars × 7 / available), except that an
/// infinite available width gives one line (17), where the formula would give 0.
public enum SyntheticText {
    public static let characterWidth: Double = 7
    public static let lineHeight: Double = 17

    @inlinable public static func size(characters: Int, availableWidth available: Double) -> (width: Double, height: Double) {
        let natural = Double(characters) * characterWidth
        if available.isInfinite { return (natural, lineHeight) }
        let width = natural < available ? natural : available
        return (width, lineHeight * (natural / available).rounded(.up))
    }
}
