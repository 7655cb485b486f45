// Advances of scalars, including the rule for characters the font has no glyph for.
//
// The fallback rule (chosen so that CJK and emoji text measures plausibly and never traps):
//   1. controls, line breaks and default-ignorable format characters (ZWJ, variation selectors, direction
//      marks, BOM, tags, soft hyphen): 0 — they are never drawn as a glyph of their own;
//   2. a missing scalar that continues a grapheme cluster (after a ZWJ, a combining mark, a skin-tone
//      modifier, the second regional indicator of a flag): 0 — the cluster is drawn as one glyph;
//   3. a missing space character: the advance of U+0020 (U+200B zero-width space: 0);
//   4. a missing East Asian wide/fullwidth or emoji-presentation scalar: one em (unitsPerEm), the advance every
//      CJK and colour-emoji fallback font gives them;
//   5. anything else missing: the advance of glyph 0, .notdef (1,229/2,048 em in DejaVu Sans), i.e. the box
//      FreeType would draw.
// Characters the font has get their own glyph's advance, whatever their class.

extension FontFace {
    /// Glyph (0 when none) and advance in design units of scalar `s`, given what precedes it.
    @inline(__always)
    func advanceUnits(_ s: UInt32, kind: ScalarKind, cluster: ClusterState) -> (glyph: UInt16, units: Int) {
        if kind == .ignorable || kind == .newline { return (0, 0) }
        let g = glyph(s)
        if g != 0 { return (g, Int(advances[Int(g)])) }
        return (0, fallbackUnits(s, kind: kind, cluster: cluster))
    }

    /// Rules 2–5 above, for a scalar with no glyph in this font.
    @inline(never)
    func fallbackUnits(_ s: UInt32, kind: ScalarKind, cluster: ClusterState) -> Int {
        if cluster.continuesCluster(s) { return 0 }
        if kind == .space {
            if s == 0x200B { return 0 }
            let space = glyph(0x20)
            return space != 0 ? Int(advances[Int(space)]) : unitsPerEm / 4
        }
        if ScalarClass.isWide(s) { return unitsPerEm }
        return notdefAdvance
    }

    /// A face with no glyphs and fixed metrics (1000 units per em, ascender 800, descender −200, .notdef and
    /// every other character half an em wide, wide characters one em), used only when not even the default
    /// font file can be loaded — so measurement still never traps and the result says so
    /// (`FontFace.isBuiltinFallback`, `FontRegistry.fallbackCount`).
    public static let builtinFallback = FontFace(
        path: "", familyName: "Loom Fallback", styleName: "Regular", unitsPerEm: 1000, ascender: 800,
        descender: -200, lineGap: 0, bmpGlyphs: [UInt16](repeating: 0, count: 0x10000), supplementaryGlyphs: [:],
        advances: [500], kernPairs: [], isBuiltinFallback: true)
}
