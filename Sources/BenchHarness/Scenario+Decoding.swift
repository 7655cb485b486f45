// Decoding a scenario file by hand over `JSONValue` with the layout documents' JSONReader, so every
// error is one line naming the file, the exact JSON path and the reason (bench: exit code 2). Unknown
// keys are errors. The format is documented in Scenarios/README.md; keep the two in step.

extension Scenario {
    /// Bounds that keep a run finite and its arithmetic exact.
    public static let cellRange = 1...1_000_000
    public static let widthRange = 64.0...4096.0
    public static let threadRange = 1...256
    public static let warmupRange = 0...1_000
    public static let repetitionRange = 1...10_000
    public static let lengthMinRange = 1...10_000
    public static let lengthSpanRange = 1...100_000

    static let topLevelKeys = ["version", "description", "generator", "seed", "cells", "distributions", "widths",
                               "threads", "phases", "warmup", "repetitions", "mainActor"]
    static let distributionKeys = ["userName", "location", "comments"]

    /// Decodes the bytes of `file`; `name` defaults to the file name without directory and ".json".
    public static func decode(_ bytes: [UInt8], file: String, name: String? = nil) throws(LayoutDocumentError) -> Scenario {
        let json = try JSONParser.parse(bytes, file: file)
        let decoder = ScenarioDecoder(reader: JSONReader(file: file))
        return try decoder.scenario(json, name: name ?? ScenarioCatalog.scenarioName(ofFile: file),
                                    contentHash: ContentHash.fnv1a64(bytes))
    }

    public static func decode(_ text: String, file: String, name: String? = nil) throws(LayoutDocumentError) -> Scenario {
        try decode(Array(text.utf8), file: file, name: name)
    }

    /// Reads and decodes the file at `path`.
    public static func load(path: String) throws(LayoutDocumentError) -> Scenario {
        try decode(try FileInput.read(path: path), file: path)
    }
}

struct ScenarioDecoder {
    let reader: JSONReader

    func scenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> Scenario {
        let fields = try self.fields(json, allowed: Scenario.topLevelKeys, context: "a scenario")
        let object = fields.object

        let generatorName = try fields.required("generator") { value, path throws(LayoutDocumentError) in
            try reader.choice(value, at: path, [("feed-parity", "feed-parity"), ("feed", "feed")])
        }
        let seed = UInt32(try fields.integer("seed", in: 0...Int(UInt32.max)))
        let generator = generatorName == "feed"
            ? FeedGeneratorKind.feed(try feedGenerator(object, seed: seed))  // Feed/FeedScenarioDecoding.swift
            : FeedGeneratorKind.feedParity(try feedParityGenerator(object, seed: seed))

        let cells = try fields.integer("cells", in: Scenario.cellRange)

        let widths = try fields.required("widths", widthList)
        if case .feed = generator { try checkFeedWidths(widths, at: fields.path("widths")) }

        let threads = try fields.optional("threads", threadList) ?? [.count(1), .cores]
        let phases = try fields.optional("phases", phaseList) ?? LayoutPhase.allCases
        let (warmup, repetitions) = try fields.repetitions()

        // Runner/MainActorBatches.swift decodes it.
        let mainActor = try fields.optional("mainActor") { value, path throws(LayoutDocumentError) in
            try mainActorSettings(value, at: path, generator: generator)
        }

        return Scenario(name: name, file: reader.file, contentHash: contentHash, description: fields.description,
                        generator: generator, cells: cells, widths: widths, threads: threads, phases: phases,
                        warmup: warmup, repetitions: repetitions, mainActor: mainActor)
    }

    /// The optional "distributions" object of the feed-parity generator.
    func feedParityGenerator(_ object: JSONObject, seed: UInt32) throws(LayoutDocumentError) -> FeedParityGenerator {
        var generator = FeedParityGenerator(seed: seed)
        try forEachDistribution(in: object, allowed: Scenario.distributionKeys,
                                context: "the feed-parity distributions") { entry, path throws(LayoutDocumentError) in
            let distribution = try lengthDistribution(entry.value, at: path)
            switch entry.key {
            case "userName": generator.userName = distribution
            case "location": generator.location = distribution
            default: generator.comments = distribution
            }
        }
        return generator
    }

    /// Calls `body` with each entry of the top level's optional "distributions" object and its path, once the
    /// object's keys are checked against `allowed`; nothing when the key is absent.
    func forEachDistribution(in object: JSONObject, allowed: [String], context: String,
                             _ body: (JSONObject.Entry, String) throws(LayoutDocumentError) -> Void)
        throws(LayoutDocumentError)
    {
        guard let value = object["distributions"] else { return }
        let path = JSONPath.appending(JSONPath.root, key: "distributions")
        let distributions = try reader.object(value, at: path)
        try reader.checkKeys(distributions, at: path, allowed: allowed, context: context)
        for entry in distributions.entries {
            try body(entry, JSONPath.appending(path, key: entry.key))
        }
    }

    /// {"min": characters ≥ 1, "span": distinct lengths ≥ 1}.
    func lengthDistribution(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> TextLengthDistribution {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["min", "span"], context: "a text length distribution")
        let context = "a text length distribution"
        let min = try integer(try reader.required(object, "min", at: path, context: context),
                              at: JSONPath.appending(path, key: "min"), in: Scenario.lengthMinRange)
        let span = try integer(try reader.required(object, "span", at: path, context: context),
                               at: JSONPath.appending(path, key: "span"), in: Scenario.lengthSpanRange)
        return TextLengthDistribution(min: min, span: span)
    }

    /// A non-empty array of whole widths in points, without duplicates.
    func widthList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [Double] {
        let range = Int(Scenario.widthRange.lowerBound)...Int(Scenario.widthRange.upperBound)
        return try distinctList(value, at: path, of: "widths", duplicate: { "width \(JSONText.number($0))" }) {
            element, elementPath throws(LayoutDocumentError) in
            Double(try integer(element, at: elementPath, in: range, what: "a whole number of points"))
        }
    }

    /// A non-empty array of thread counts (whole numbers) and "cores".
    func threadList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [ThreadCount] {
        try distinctList(value, at: path, of: "thread counts", duplicate: { "thread count \($0)" }) {
            element, elementPath throws(LayoutDocumentError) in
            switch element {
            case .string("cores"):
                return .cores
            case .number:
                return .count(try integer(element, at: elementPath, in: Scenario.threadRange))
            default:
                throw reader.wrongType(elementPath, expected: "a thread count or \"cores\"", element)
            }
        }
    }

    /// A non-empty array of phase names, without duplicates.
    func phaseList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [LayoutPhase] {
        try distinctList(value, at: path, of: "phases", duplicate: { "phase \(JSONText.quoted($0.rawValue))" }) {
            element, elementPath throws(LayoutDocumentError) in
            try reader.choice(element, at: elementPath, LayoutPhase.self)
        }
    }

    /// A non-empty array of `what`, each entry read by `entry` (given its value and path), without duplicates:
    /// a repeated entry is an error at its path, "duplicate " + `duplicate(entry)`.
    func distinctList<T: Equatable>(_ value: JSONValue, at path: String, of what: String,
                                    duplicate: (T) -> String,
                                    _ entry: (JSONValue, String) throws(LayoutDocumentError) -> T)
        throws(LayoutDocumentError) -> [T]
    {
        let array = try nonEmptyArray(value, at: path, of: what)
        var entries: [T] = []
        for (index, element) in array.enumerated() {
            let elementPath = JSONPath.appending(path, index: index)
            let decoded = try entry(element, elementPath)
            guard !entries.contains(decoded) else {
                throw reader.fail(elementPath, .invalidValue("duplicate " + duplicate(decoded)))
            }
            entries.append(decoded)
        }
        return entries
    }

    func nonEmptyArray(_ value: JSONValue, at path: String, of what: String) throws(LayoutDocumentError) -> [JSONValue] {
        let array = try reader.array(value, at: path)
        guard !array.isEmpty else { throw reader.fail(path, .invalidValue("needs at least one entry (\(what))")) }
        return array
    }

    /// A JSON number that is a whole number within `range`.
    func integer(_ value: JSONValue, at path: String, in range: ClosedRange<Int>,
                 what: String = "a whole number") throws(LayoutDocumentError) -> Int {
        guard case .number(let n) = value else { throw reader.wrongType(path, expected: what, value) }
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw reader.fail(path, .invalidValue(
                "must be \(what) from \(range.lowerBound) to \(range.upperBound), found \(JSONText.number(n))"))
        }
        return Int(n)
    }
}

/// FNV-1a, 64-bit, over a file's bytes: cheap, dependency-free and stable across platforms.
public enum ContentHash {
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
