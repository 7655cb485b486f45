// One loaded font: every number measurement needs, copied out of FreeType into immutable tables.
//
// Why an eager immutable table rather than a lock-protected, lazily filled one: FreeType's library and face
// objects are not thread-safe, and a lock taken per glyph lookup would cost more than the whole measurement
// of a short text is allowed to. Loading everything up front — the Unicode
// cmap (a flat 64 Ki-entry array for the BMP, a dictionary for the rare supplementary planes), the advance of
// every glyph in design units, and the 'kern' pairs — takes a few milliseconds once per font and about 150 KB
// (DejaVu Sans: 6,253 glyphs, 2,727 kern pairs). After `init` nothing is mutated, so any number of threads
// measure with plain loads and no FreeType call ever runs concurrently with another on the same objects.

/// An immutable, thread-safe table of one font's metrics in design units.
public final class FontFace: @unchecked Sendable {
    /// The file the face was loaded from, as given ("" for the built-in fallback face).
    public let path: String
    public let familyName: String
    public let styleName: String
    /// Design units per em (2048 for DejaVu Sans).
    public let unitsPerEm: Int
    /// FreeType's `FT_Face.ascender`: distance from the baseline to the top of the line, design units (> 0).
    public let ascender: Int
    /// FreeType's `FT_Face.descender`: distance from the baseline to the bottom of the line, design units
    /// (negative below the baseline).
    public let descender: Int
    /// `FT_Face.height − (ascender − descender)`: the hhea line gap for TrueType fonts (0 for DejaVu Sans).
    public let lineGap: Int
    public let glyphCount: Int
    /// True for the synthetic face used when no font file could be loaded at all.
    public let isBuiltinFallback: Bool

    // The hot tables are raw memory owned by the face (allocated in init, freed in deinit): the line breaker
    // reads them through these pointers, so measuring never retains or bounds-checks an array per character.
    // Every glyph index stored in them is < max(1, glyphCount), checked in init.

    /// Glyph index per BMP scalar (0 = the font has no glyph). 65,536 entries.
    let bmpGlyphs: UnsafeMutablePointer<UInt16>
    /// Glyph index per scalar above U+FFFF.
    let supplementaryGlyphs: [UInt32: UInt16]
    /// Horizontal advance per glyph index, design units, unhinted (hmtx). max(1, glyphCount) entries.
    let advances: UnsafeMutablePointer<UInt16>
    /// 'kern' pairs grouped by left glyph: pairs of `left` are `kernRight[kernStart[left] ..< kernStart[left + 1]]`
    /// (sorted by right glyph) with values in `kernValue`. Empty when the font has no usable 'kern' table.
    let kernStart: [Int32]
    let kernRight: [UInt16]
    let kernValue: [Int16]

    /// The advance of glyph 0 (.notdef): the fallback for characters the font lacks (see FontFace+Fallback).
    let notdefAdvance: Int

    /// The line breaker's fast path: for each ASCII code, the advance of an ordinary glyph the font has, or
    /// `FontFace.notOrdinaryASCII` for spaces, hyphens, controls and missing glyphs (those take the general
    /// path, whose rules depend on the neighbouring scalars). 128 entries.
    let asciiAdvances: UnsafeMutablePointer<UInt16>
    static let notOrdinaryASCII = UInt16.max
    /// The advance of U+0020 with the fallback rule applied (the fast path's spaces).
    let spaceAdvance: Int

    init(path: String, familyName: String, styleName: String, unitsPerEm: Int, ascender: Int, descender: Int,
         lineGap: Int, bmpGlyphs: [UInt16], supplementaryGlyphs: [UInt32: UInt16], advances: [UInt16],
         kernPairs: [(left: UInt16, right: UInt16, value: Int16)], isBuiltinFallback: Bool = false)
    {
        precondition(bmpGlyphs.count == 0x10000, "the BMP table needs 65,536 entries, got \(bmpGlyphs.count)")
        precondition(unitsPerEm > 0, "unitsPerEm must be positive, got \(unitsPerEm)")
        self.path = path
        self.familyName = familyName
        self.styleName = styleName
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.glyphCount = advances.count
        self.isBuiltinFallback = isBuiltinFallback
        // A cmap entry pointing past the advance table would read out of bounds later: drop it here.
        let glyphLimit = advances.count
        let bmp = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
        for (i, g) in bmpGlyphs.enumerated() { (bmp + i).initialize(to: Int(g) < glyphLimit ? g : 0) }
        self.bmpGlyphs = bmp
        self.supplementaryGlyphs = supplementaryGlyphs.filter { Int($0.value) < glyphLimit }
        let advanceTable = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, glyphLimit))
        advanceTable.initialize(to: 0)
        for (i, a) in advances.enumerated() { (advanceTable + i).initialize(to: a) }
        self.advances = advanceTable
        self.notdefAdvance = advances.isEmpty ? unitsPerEm / 2 : Int(advances[0])
        let ascii = UnsafeMutablePointer<UInt16>.allocate(capacity: 128)
        for code in 0..<128 {
            let glyph = bmp[code]
            let ordinary = ScalarClass.kind(UInt32(code)) == .ordinary && glyph != 0
            (ascii + code).initialize(to: ordinary ? min(advanceTable[Int(glyph)], FontFace.notOrdinaryASCII - 1)
                                                   : FontFace.notOrdinaryASCII)
        }
        self.asciiAdvances = ascii
        (kernStart, kernRight, kernValue) = FontFace.groupKernPairs(kernPairs, glyphCount: glyphLimit)
        let space = bmp[0x20]
        spaceAdvance = space != 0 ? Int(advanceTable[Int(space)]) : unitsPerEm / 4  // FontFace+Fallback rule 3
    }

    deinit {
        bmpGlyphs.deallocate()
        advances.deallocate()
        asciiAdvances.deallocate()
    }

    // MARK: Lookups (all lock-free: the tables never change after init)

    /// Glyph index for a scalar, 0 when the font has none.
    @inline(__always)
    func glyph(_ scalar: UInt32) -> UInt16 {
        if scalar < 0x10000 { return bmpGlyphs[Int(scalar)] }
        return supplementaryGlyphs.isEmpty ? 0 : (supplementaryGlyphs[scalar] ?? 0)
    }

    /// Kerning between two glyphs in design units ('kern' table, as FT_Get_Kerning reports it unscaled).
    @inline(__always)
    func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        if kernStart.isEmpty || left == 0 || right == 0 { return 0 }
        var lo = Int(kernStart[Int(left)])
        var hi = Int(kernStart[Int(left) + 1])
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let r = kernRight[mid]
            if r == right { return Int(kernValue[mid]) }
            if r < right { lo = mid + 1 } else { hi = mid }
        }
        return 0
    }

    /// Points per design unit at `pointSize`: advance × size / unitsPerEm.
    @inline(__always)
    public func scale(forPointSize pointSize: Double) -> Double {
        pointSize / Double(unitsPerEm)
    }

    // MARK: Public inspection API (tests, TextNode, tools)

    /// The glyph index the font maps `scalar` to, or nil when it has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> Int? {
        let g = glyph(scalar.value)
        return g == 0 ? nil : Int(g)
    }

    /// Unhinted advance of a glyph index in design units (0 for an index outside the font).
    public func advance(ofGlyph glyph: Int) -> Int {
        glyph >= 0 && glyph < glyphCount ? Int(advances[glyph]) : 0
    }

    /// Advance of a lone scalar in design units, with the fallback rule for characters the font lacks.
    public func advance(for scalar: Unicode.Scalar) -> Int {
        advanceUnits(scalar.value, kind: ScalarClass.kind(scalar.value), cluster: ClusterState()).units
    }

    /// 'kern' pair value in design units between two glyph indices (0 when none).
    public func kerning(betweenGlyph left: Int, andGlyph right: Int) -> Int {
        guard left > 0, right > 0, left < glyphCount, right < glyphCount else { return 0 }
        return kerning(UInt16(left), UInt16(right))
    }

    /// Number of kerning pairs read from the 'kern' table at load time.
    public var kerningPairCount: Int { kernValue.count }

    /// Line height in points: (ascender − descender + lineGap) × pointSize / unitsPerEm × lineHeightMultiple.
    public func lineHeight(pointSize: Double, lineHeightMultiple: Double = 1) -> Double {
        Double(ascender - descender + lineGap) * scale(forPointSize: pointSize) * lineHeightMultiple
    }

    // MARK: Load-time helpers

    /// Sorts and groups kern pairs by left glyph (CSR layout), dropping zero values, duplicates (first wins,
    /// as in FreeType's binary search over a sorted table) and indices outside the font.
    private static func groupKernPairs(_ pairs: [(left: UInt16, right: UInt16, value: Int16)], glyphCount: Int)
        -> ([Int32], [UInt16], [Int16])
    {
        let usable = pairs.filter { $0.value != 0 && Int($0.left) < glyphCount && Int($0.right) < glyphCount }
        guard !usable.isEmpty else { return ([], [], []) }
        // Stable order by (left, right): enumerated() keeps the table order among duplicates.
        let sorted = usable.enumerated().sorted {
            ($0.element.left, $0.element.right, $0.offset) < ($1.element.left, $1.element.right, $1.offset)
        }.map(\.element)
        var start = [Int32](repeating: 0, count: glyphCount + 1)
        var right: [UInt16] = []
        var value: [Int16] = []
        right.reserveCapacity(sorted.count)
        value.reserveCapacity(sorted.count)
        var previous: (UInt16, UInt16)? = nil
        for p in sorted {
            if let prev = previous, prev == (p.left, p.right) { continue }
            previous = (p.left, p.right)
            start[Int(p.left) + 1] += 1
            right.append(p.right)
            value.append(p.value)
        }
        for i in 0..<glyphCount { start[i + 1] += start[i] }
        return (start, right, value)
    }
}
