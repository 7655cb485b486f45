// Immutable attributed text: one string and the runs of attributes that cover it.
//
// Immutability is what makes the measurement cache safe: Texture issue #552 was a TSan report on building the
// cache key from an attributed string another thread could still mutate. Here a text is a value whose string,
// runs, resolved fonts and content hash are all fixed by `init`, so a key built from it is built from
// immutable values before the cache is touched.

/// Measurement numbers of one run, resolved once when the text is built.
struct RunMetrics: Sendable {
    let face: FontFace
    /// Points per design unit: size / unitsPerEm.
    let scale: Double
    /// (ascender − descender + lineGap) × scale × lineHeightMultiple.
    let lineHeight: Double
    /// descender × scale: ≤ 0, distance from the baseline down to the bottom of the line.
    let descender: Double
    let kerning: Bool

    init(face: FontFace, attributes: TextAttributes) {
        let size = attributes.size.isFinite && attributes.size > 0 ? attributes.size : 0
        let multiple = attributes.lineHeightMultiple.isFinite && attributes.lineHeightMultiple > 0
            ? attributes.lineHeightMultiple : 1
        self.face = face
        scale = face.scale(forPointSize: size)
        lineHeight = face.lineHeight(pointSize: size, lineHeightMultiple: multiple)
        descender = Double(min(0, face.descender)) * scale
        kerning = attributes.kerning
    }
}

/// A range of the text's UTF-8 bytes with one set of attributes.
public struct TextRun: Hashable, Sendable {
    /// UTF-8 offsets into `AttributedText.string`.
    public let range: Range<Int>
    public let attributes: TextAttributes
    let metrics: RunMetrics

    /// The face the attributes resolved to when the text was built.
    public var face: FontFace { metrics.face }

    public static func == (a: TextRun, b: TextRun) -> Bool {
        a.range == b.range && a.metrics.face === b.metrics.face && a.attributes == b.attributes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(attributes)
        hasher.combine(ObjectIdentifier(metrics.face))
    }
}

public struct AttributedText: Hashable, Sendable, CustomStringConvertible {
    /// One immutable object per text: copying a text is one retain, and two copies of the same text compare
    /// equal by identity before any byte is looked at (the cache's hit path relies on both).
    final class Storage: Sendable {
        let string: String
        let runs: [TextRun]
        /// FastHash of the UTF-8 bytes, run boundaries, attributes and faces: the text's part of a cache key.
        let contentHash: UInt64

        init(string: String, runs: [TextRun], contentHash: UInt64) {
            self.string = string
            self.runs = runs
            self.contentHash = contentHash
        }
    }

    let storage: Storage

    public var string: String { storage.string }
    /// Non-empty runs in order, covering `string` exactly; neighbours never have equal attributes.
    public var runs: [TextRun] { storage.runs }
    var contentHash: UInt64 { storage.contentHash }

    /// One run of `string` with `attributes`; the font is resolved now through `registry`.
    public init(_ string: String, attributes: TextAttributes = TextAttributes(),
                registry: FontRegistry = .shared)
    {
        self.init([(string, attributes)], registry: registry)
    }

    /// Pieces concatenated in order, each with its attributes (empty pieces are dropped, equal neighbours
    /// merged).
    public init(_ pieces: [(String, TextAttributes)], registry: FontRegistry = .shared) {
        var resolved: [(TextAttributes, FontFace)] = []
        func face(for attributes: TextAttributes) -> FontFace {
            if let hit = resolved.first(where: { $0.0 == attributes }) { return hit.1 }
            let face = registry.resolveFace(for: attributes)
            resolved.append((attributes, face))
            return face
        }
        var string = ""
        var runs: [TextRun] = []
        for (piece, attributes) in pieces where !piece.isEmpty {
            let start = string.utf8.count
            string += piece
            let end = string.utf8.count
            let f = face(for: attributes)
            runs.append(TextRun(range: start..<end, attributes: attributes,
                                metrics: RunMetrics(face: f, attributes: attributes)))
        }
        self.init(validatedString: string, runs: runs)
    }

    /// Joins texts, keeping each run's already resolved font.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        let shift = lhs.string.utf8.count
        let shifted = rhs.runs.map {
            TextRun(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift),
                    attributes: $0.attributes, metrics: $0.metrics)
        }
        return AttributedText(validatedString: lhs.string + rhs.string, runs: lhs.runs + shifted)
    }

    /// Runs must be non-empty, in order and cover `string`; equal neighbours are merged here.
    private init(validatedString: String, runs: [TextRun]) {
        var string = validatedString
        string.makeContiguousUTF8()  // measurement reads the bytes in place
        var merged: [TextRun] = []
        merged.reserveCapacity(runs.count)
        for run in runs {
            if let last = merged.last, last.attributes == run.attributes, last.face === run.face,
               last.range.upperBound == run.range.lowerBound
            {
                merged[merged.count - 1] = TextRun(range: last.range.lowerBound..<run.range.upperBound,
                                                   attributes: last.attributes, metrics: last.metrics)
            } else {
                merged.append(run)
            }
        }
        var h = FastHash.hash(string)
        for run in merged {
            h = FastHash.combine(h, UInt64(run.range.upperBound))
            h = FastHash.combine(h, UInt64(bitPattern: Int64(run.attributes.hashValue)))
            h = FastHash.combine(h, UInt64(UInt(bitPattern: ObjectIdentifier(run.face).hashValue)))
        }
        storage = Storage(string: string, runs: merged, contentHash: FastHash.finalize(h))
    }

    public var isEmpty: Bool { storage.runs.isEmpty }

    /// The characters of a line range (UTF-8 offsets, as in `TextLine.range`).
    public func text(in utf8Range: Range<Int>) -> Substring {
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: max(0, min(utf8Range.lowerBound, utf8.count)))
        let upper = utf8.index(utf8.startIndex, offsetBy: max(0, min(utf8Range.upperBound, utf8.count)))
        return string[lower..<upper]
    }

    /// Attributes of the run containing the byte at `utf8Offset` (the last run for the end offset).
    public func attributes(atUTF8Offset utf8Offset: Int) -> TextAttributes? {
        runs.first(where: { $0.range.contains(utf8Offset) })?.attributes ?? runs.last?.attributes
    }

    public static func == (a: AttributedText, b: AttributedText) -> Bool {
        a.storage === b.storage
            || (a.contentHash == b.contentHash && a.string == b.string && a.runs == b.runs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentHash)
    }

    public var description: String { "AttributedText(\(string.debugDescription), \(runs.count) run(s))" }
}
