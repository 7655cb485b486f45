import Foundation

/// An independent reader of the TrueType tables the tests check the engine against: plain byte reading of
/// 'head', 'hhea', 'hmtx', 'cmap' (format 4) and 'kern' (format 0), sharing no code with TextEngine and never
/// calling FreeType.
struct TrueTypeReader {
    let bytes: [UInt8]
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        bytes = [UInt8](data)
        var tables: [String: (Int, Int)] = [:]
        let count = Int(Self.u16(bytes, 4))
        for i in 0..<count {
            let record = 12 + 16 * i
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = (Int(Self.u32(bytes, record + 8)), Int(Self.u32(bytes, record + 12)))
        }
        self.tables = tables
    }

    static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }
    static func i16(_ b: [UInt8], _ at: Int) -> Int16 { Int16(bitPattern: u16(b, at)) }
    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    var unitsPerEm: Int { Int(Self.u16(bytes, tables["head"]!.offset + 18)) }
    var ascender: Int { Int(Self.i16(bytes, tables["hhea"]!.offset + 4)) }
    var descender: Int { Int(Self.i16(bytes, tables["hhea"]!.offset + 6)) }
    var lineGap: Int { Int(Self.i16(bytes, tables["hhea"]!.offset + 8)) }
    var numberOfHMetrics: Int { Int(Self.u16(bytes, tables["hhea"]!.offset + 34)) }

    /// hmtx advance of a glyph (glyphs past numberOfHMetrics repeat the last advance).
    func advance(glyph: Int) -> Int {
        let index = min(glyph, numberOfHMetrics - 1)
        return Int(Self.u16(bytes, tables["hmtx"]!.offset + 4 * index))
    }

    /// Glyph for a BMP code point from the (3,1) format-4 subtable, 0 when unmapped.
    func glyph(for codePoint: UInt32) -> Int {
        let cmap = tables["cmap"]!.offset
        let subtableCount = Int(Self.u16(bytes, cmap + 2))
        for i in 0..<subtableCount {
            let record = cmap + 4 + 8 * i
            let platform = Self.u16(bytes, record), encoding = Self.u16(bytes, record + 2)
            let start = cmap + Int(Self.u32(bytes, record + 4))
            guard platform == 3, encoding == 1, Self.u16(bytes, start) == 4 else { continue }
            let segX2 = Int(Self.u16(bytes, start + 6))
            let ends = start + 14, starts = ends + segX2 + 2, deltas = starts + segX2, rangeOffsets = deltas + segX2
            for seg in 0..<(segX2 / 2) {
                let end = UInt32(Self.u16(bytes, ends + 2 * seg))
                let first = UInt32(Self.u16(bytes, starts + 2 * seg))
                guard codePoint <= end else { continue }
                guard codePoint >= first else { return 0 }
                let delta = Int(Self.i16(bytes, deltas + 2 * seg))
                let rangeOffset = Int(Self.u16(bytes, rangeOffsets + 2 * seg))
                if rangeOffset == 0 { return (Int(codePoint) + delta) & 0xFFFF }
                let at = rangeOffsets + 2 * seg + rangeOffset + 2 * Int(codePoint - first)
                let g = Int(Self.u16(bytes, at))
                return g == 0 ? 0 : (g + delta) & 0xFFFF
            }
            return 0
        }
        return 0
    }

    /// Sum of the advances of a string's scalars in design units (all must be in the BMP).
    func designWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + advance(glyph: glyph(for: $1.value)) }
    }

    /// Width in points at `size`: design units × size / unitsPerEm.
    func width(_ s: String, size: Double) -> Double {
        Double(designWidth(s)) * size / Double(unitsPerEm)
    }

    /// Value of a kerning pair in the first horizontal format-0 'kern' subtable, 0 when absent.
    func kerning(left: Int, right: Int) -> Int {
        guard let kern = tables["kern"]?.offset else { return 0 }
        let pairCount = Int(Self.u16(bytes, kern + 4 + 6))
        let pairs = kern + 4 + 14
        for i in 0..<pairCount where Int(Self.u16(bytes, pairs + 6 * i)) == left {
            if Int(Self.u16(bytes, pairs + 6 * i + 2)) == right { return Int(Self.i16(bytes, pairs + 6 * i + 4)) }
        }
        return 0
    }
}

enum Fonts {
    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let regular = try! TrueTypeReader(path: regularPath)
    static let bold = try! TrueTypeReader(path: boldPath)
}
