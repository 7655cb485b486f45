// Decoding the `feed` generator's part of a scenario file (Scenario+Decoding.swift does the rest): the
// optional "distributions" object — shares {"percent": P} and whole-number distributions {"min", "span",
// "skew"} — and the widths the feed's cells support. Every error names the exact JSON path (Scenarios/
// README.md, "The feed generator").

extension FeedGenerator {
    /// The narrowest cell the feed lays out: below it the LayoutKit item's rows (two 50-point images with 8
    /// after them, padding 8) leave no room for their flexible texts, and Texture's stack then leaves them
    /// unflexed — layouts the manual layout does not reproduce.
    public static let minimumWidth = 120.0

    /// Bounds of a distribution's fields in a scenario file.
    public static let minRange = 0...10_000
    public static let spanRange = 1...100_000
}

extension ScenarioDecoder {
    /// The "feed" generator: the defaults of FeedGenerator with the file's distributions applied.
    func feedGenerator(_ object: JSONObject, seed: UInt32) throws(LayoutDocumentError) -> FeedGenerator {
        var generator = FeedGenerator(seed: seed)
        try forEachDistribution(in: object, allowed: FeedGenerator.distributionNames,
                                context: "the feed distributions") { entry, entryPath throws(LayoutDocumentError) in
            switch entry.key {
            case "photoCells": generator.photoCells = try feedShare(entry.value, at: entryPath)
            case "locations": generator.locations = try feedShare(entry.value, at: entryPath)
            default:
                generator[distribution: entry.key] = try feedDistribution(
                    entry.value, at: entryPath, nonEmpty: FeedGenerator.nonEmptyTexts.contains(entry.key))
            }
        }
        return generator
    }

    /// {"percent": 0…100}.
    func feedShare(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> FeedShare {
        let context = "a share"
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["percent"], context: context)
        let percent = try integer(try reader.required(object, "percent", at: path, context: context),
                                  at: JSONPath.appending(path, key: "percent"), in: 0...100)
        return FeedShare(percent: percent)
    }

    /// {"min": 0…10000 (1… for a text the cell always shows), "span": 1…100000, "skew": 1…8 (optional, 1)}.
    func feedDistribution(_ value: JSONValue, at path: String,
                          nonEmpty: Bool) throws(LayoutDocumentError) -> FeedDistribution {
        let context = "a feed distribution"
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["min", "span", "skew"], context: context)
        let minPath = JSONPath.appending(path, key: "min")
        let min = try integer(try reader.required(object, "min", at: path, context: context), at: minPath,
                              in: FeedGenerator.minRange)
        if nonEmpty && min == 0 {
            throw reader.fail(minPath, .invalidValue("must be at least 1: the cell always shows this text"))
        }
        let span = try integer(try reader.required(object, "span", at: path, context: context),
                               at: JSONPath.appending(path, key: "span"), in: FeedGenerator.spanRange)
        let skew = try object["skew"].map { value throws(LayoutDocumentError) in
            try integer(value, at: JSONPath.appending(path, key: "skew"), in: FeedDistribution.skewRange)
        } ?? 1
        return FeedDistribution(min: min, span: span, skew: skew)
    }

    /// The feed's cells need at least FeedGenerator.minimumWidth points.
    func checkFeedWidths(_ widths: [Double], at path: String) throws(LayoutDocumentError) {
        for (index, width) in widths.enumerated() where width < FeedGenerator.minimumWidth {
            throw reader.fail(JSONPath.appending(path, index: index), .invalidValue(
                "the feed's cells need a width of at least \(JSONText.number(FeedGenerator.minimumWidth)) points, "
                    + "found \(JSONText.number(width))"))
        }
    }
}
