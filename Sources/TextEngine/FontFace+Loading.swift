import CFreeType
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Loading a TrueType/OpenType file through FreeType into an immutable FontFace.
//
// Every FreeType call of the module is in this file. Each load creates its own FT_Library and face and
// destroys both before returning: FreeType allows separate libraries on separate threads, so two fonts may
// load at the same time without a global lock, and no FreeType object outlives the load (measurement only
// reads the tables copied out here).

/// Why a font could not be loaded.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    case fileNotFound(path: String)
    /// A FreeType call failed: which step and its FT_Error code.
    case freeType(path: String, step: String, code: Int32)
    /// Bitmap-only fonts have no design-unit advances to scale.
    case notScalable(path: String)
    case noUnicodeCharacterMap(path: String)
    case unknownFamily(name: String, weight: FontWeight)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file not found or unreadable: \(path)"
        case .freeType(let path, let step, let code): "FreeType \(step) failed with error \(code) for \(path)"
        case .notScalable(let path): "font is not scalable (bitmap-only): \(path)"
        case .noUnicodeCharacterMap(let path): "font has no Unicode character map: \(path)"
        case .unknownFamily(let name, let weight): "no font registered for family \"\(name)\" weight \(weight)"
        }
    }
}

extension FontFace {
    /// Loads face 0 of the font file at `path`. Runs FreeType only on this thread, only during the call.
    public static func load(path: String) throws(FontError) -> FontFace {
        guard access(path, R_OK) == 0 else { throw .fileNotFound(path: path) }

        var libraryHandle: FT_Library?
        let libraryError = FT_Init_FreeType(&libraryHandle)
        guard libraryError == 0, let library = libraryHandle else {
            throw .freeType(path: path, step: "FT_Init_FreeType", code: libraryError)
        }
        defer { FT_Done_FreeType(library) }

        var faceHandle: FT_Face?
        let faceError = FT_New_Face(library, path, 0, &faceHandle)
        guard faceError == 0, let face = faceHandle else {
            throw .freeType(path: path, step: "FT_New_Face", code: faceError)
        }
        defer { FT_Done_Face(face) }

        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else { throw .notScalable(path: path) }

        let metrics = readVerticalMetrics(face)
        let (bmp, supplementary) = try readUnicodeCharacterMap(face, path: path)
        let advances = try readAdvances(face, path: path)
        let kernPairs = flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 ? readKerningPairs(face) : []

        return FontFace(
            path: path,
            familyName: face.pointee.family_name.map { String(cString: $0) } ?? "",
            styleName: face.pointee.style_name.map { String(cString: $0) } ?? "",
            unitsPerEm: Int(face.pointee.units_per_EM), ascender: metrics.ascender,
            descender: metrics.descender, lineGap: metrics.lineGap, bmpGlyphs: bmp,
            supplementaryGlyphs: supplementary, advances: advances, kernPairs: kernPairs)
    }

    // MARK: Load steps

    /// Ascender, descender and line gap in design units, as FreeType derives them for scalable fonts: from
    /// hhea (falling back to OS/2 when hhea is empty); the gap is `height − (ascender − descender)`.
    private static func readVerticalMetrics(_ face: FT_Face) -> (ascender: Int, descender: Int, lineGap: Int) {
        let ascender = Int(face.pointee.ascender)
        let descender = Int(face.pointee.descender)
        let height = Int(face.pointee.height)
        return (ascender, descender, max(0, height - (ascender - descender)))
    }

    /// The whole Unicode cmap: BMP scalars into a flat array, the rest into a dictionary.
    private static func readUnicodeCharacterMap(_ face: FT_Face, path: String) throws(FontError)
        -> ([UInt16], [UInt32: UInt16])
    {
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else { throw .noUnicodeCharacterMap(path: path) }
        var bmp = [UInt16](repeating: 0, count: 0x10000)
        var supplementary: [UInt32: UInt16] = [:]
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            if glyph <= FT_UInt(UInt16.max) {
                if code < 0x10000 {
                    bmp[Int(code)] = UInt16(glyph)
                } else if code <= 0x10FFFF {
                    supplementary[UInt32(code)] = UInt16(glyph)
                }
            }
            code = FT_Get_Next_Char(face, code, &glyph)
        }
        return (bmp, supplementary)
    }

    /// Unhinted advances of every glyph in design units (FT_LOAD_NO_SCALE reads hmtx without scaling).
    private static func readAdvances(_ face: FT_Face, path: String) throws(FontError) -> [UInt16] {
        let count = Int(face.pointee.num_glyphs)
        guard count > 0 else { return [] }
        var raw = [FT_Fixed](repeating: 0, count: count)
        let error = raw.withUnsafeMutableBufferPointer {
            FT_Get_Advances(face, 0, FT_UInt(count), FT_Int32(FT_LOAD_NO_SCALE), $0.baseAddress)
        }
        guard error == 0 else { throw .freeType(path: path, step: "FT_Get_Advances", code: error) }
        return raw.map { UInt16(clamping: $0) }
    }

    /// Kerning pairs of the 'kern' table. FreeType has no call that lists pairs, so the pair list comes from
    /// the raw table (FT_Load_Sfnt_Table, Microsoft version 0, format 0 horizontal subtables) and each pair's
    /// value from FT_Get_Kerning(FT_KERNING_UNSCALED), i.e. exactly what FreeType would apply.
    private static func readKerningPairs(_ face: FT_Face) -> [(left: UInt16, right: UInt16, value: Int16)] {
        let kernTag: FT_ULong = 0x6B65_726E  // 'kern'
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, kernTag, 0, nil, &length) == 0, length >= 4 else { return [] }
        var table = [UInt8](repeating: 0, count: Int(length))
        let loadError = table.withUnsafeMutableBufferPointer {
            FT_Load_Sfnt_Table(face, kernTag, 0, $0.baseAddress, &length)
        }
        guard loadError == 0 else { return [] }

        var pairs: [(left: UInt16, right: UInt16, value: Int16)] = []
        for (left, right) in kernTablePairList(table) {
            var vector = FT_Vector()
            guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_UNSCALED.rawValue),
                                 &vector) == 0
            else { continue }
            if let value = Int16(exactly: vector.x), value != 0 { pairs.append((left, right, value)) }
        }
        return pairs
    }

    /// (left, right) glyph pairs of every horizontal format-0 subtable of a version-0 'kern' table.
    static func kernTablePairList(_ table: [UInt8]) -> [(UInt16, UInt16)] {
        func u16(_ at: Int) -> Int { at + 1 < table.count ? Int(table[at]) << 8 | Int(table[at + 1]) : 0 }
        guard u16(0) == 0 else { return [] }  // Apple's version-1 table: FreeType ignores it too
        var result: [(UInt16, UInt16)] = []
        var offset = 4
        for _ in 0..<u16(2) {
            guard offset + 14 <= table.count else { break }
            let declaredLength = u16(offset + 2)
            let coverage = u16(offset + 4)
            let isFormat0 = coverage >> 8 == 0
            let isHorizontal = coverage & 1 != 0
            let isMinimumOrCrossStream = coverage & 0x6 != 0
            let pairCount = u16(offset + 6)
            if isFormat0 && isHorizontal && !isMinimumOrCrossStream {
                var at = offset + 14
                for _ in 0..<pairCount where at + 6 <= table.count {
                    result.append((UInt16(u16(at)), UInt16(u16(at + 2))))
                    at += 6
                }
            }
            // The 16-bit length overflows for big subtables: trust the pair count for format 0.
            offset += isFormat0 ? max(declaredLength, 14 + 6 * pairCount) : max(declaredLength, 6)
        }
        return result
    }
}
