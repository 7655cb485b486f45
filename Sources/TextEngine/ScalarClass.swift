// How the line breaker and the fallback-advance rule see each Unicode scalar.
//
// Text is walked by Unicode scalars decoded straight from UTF-8 (no String or Character values in the hot
// path). Grapheme clusters are not segmented in full; instead three cheap rules keep clusters whole where it
// matters — a character break never lands inside a cluster (`canBreak(before:)`), and scalars that only
// extend a cluster get no advance of their own when the font lacks them (see FontFace+Fallback.swift), so an
// emoji ZWJ sequence, a flag or a skin-tone modifier counts as one wide glyph and never traps.

/// What a scalar means to line breaking.
enum ScalarKind: UInt8 {
    /// An ordinary glyph: part of a word.
    case ordinary
    /// A break opportunity that hangs at the end of a line and never counts toward its width (U+0020, tab,
    /// the Unicode spaces except no-break ones, U+200B zero-width space).
    case space
    /// Part of a word, with a break opportunity after it (U+002D hyphen-minus, U+2010 hyphen, U+2012 figure
    /// dash, U+2013 en dash).
    case hyphen
    /// A mandatory break: "\n", U+2028 line separator, U+2029 paragraph separator.
    case newline
    /// Never drawn and zero width whatever the font says: C0/C1 controls (incl. "\r", so "\r\n" is one break),
    /// the default-ignorable format characters (ZWJ, ZWNJ, direction marks, variation selectors, BOM, soft
    /// hyphen, tags).
    case ignorable
}

enum ScalarClass {
    /// Kind of one scalar. ASCII is decided by a few compares (ordinary letters first: they are most of any
    /// text); everything else by a short range check.
    @inline(__always)
    static func kind(_ s: UInt32) -> ScalarKind {
        if s < 0x80 {
            if s > 0x20 && s != 0x2D && s != 0x7F { return .ordinary }
            if s == 0x20 || s == 0x09 { return .space }
            if s == 0x0A { return .newline }
            if s == 0x2D { return .hyphen }
            return .ignorable
        }
        return nonASCIIKind(s)
    }

    @inline(never)
    static func nonASCIIKind(_ s: UInt32) -> ScalarKind {
        switch s {
        case 0x80...0x9F, 0xAD: return .ignorable                       // C1 controls, soft hyphen
        case 0x2000...0x2006, 0x2008...0x200A, 0x200B, 0x205F, 0x3000: return .space
        case 0x2010, 0x2012, 0x2013: return .hyphen
        case 0x2028, 0x2029: return .newline
        case 0x200C...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F,
             0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF:
            return .ignorable
        default: return .ordinary
        }
    }

    static let zeroWidthJoiner: UInt32 = 0x200D

    @inline(__always)
    static func isRegionalIndicator(_ s: UInt32) -> Bool { s >= 0x1F1E6 && s <= 0x1F1FF }

    /// True for scalars that extend the preceding grapheme cluster: combining marks, ZWJ, variation
    /// selectors, emoji skin-tone modifiers, tag characters.
    static func isClusterExtender(_ s: UInt32) -> Bool {
        if s < 0x300 { return false }
        switch s {
        case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
            return true
        default:
            guard let scalar = Unicode.Scalar(s) else { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    /// East Asian wide/fullwidth and emoji-presentation scalars: a fallback font would draw them one em wide.
    static func isWide(_ s: UInt32) -> Bool {
        switch s {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            guard let scalar = Unicode.Scalar(s) else { return false }
            return scalar.properties.isEmojiPresentation
        }
    }
}

/// What the previous scalars mean for the next one: enough state to keep emoji ZWJ sequences and flag pairs
/// together without a full grapheme segmenter.
struct ClusterState {
    /// The previous scalar was U+200D: the next one joins its cluster.
    var afterJoiner = false
    /// An odd number of regional indicators precedes: the next one completes a flag.
    var oddRegionalIndicator = false

    /// May a line (character) break, or a truncation cut, fall just before `s`?
    @inline(__always)
    func canBreak(before s: UInt32) -> Bool {
        if afterJoiner { return false }
        if s < 0x300 { return true }
        if oddRegionalIndicator && ScalarClass.isRegionalIndicator(s) { return false }
        return !ScalarClass.isClusterExtender(s)
    }

    /// Does `s` continue the current cluster (so a missing glyph for it adds no width)?
    @inline(__always)
    func continuesCluster(_ s: UInt32) -> Bool {
        if afterJoiner { return true }
        if s < 0x300 { return false }
        if oddRegionalIndicator && ScalarClass.isRegionalIndicator(s) { return true }
        return ScalarClass.isClusterExtender(s)
    }

    @inline(__always)
    mutating func advance(past s: UInt32) {
        afterJoiner = s == ScalarClass.zeroWidthJoiner
        oddRegionalIndicator = ScalarClass.isRegionalIndicator(s) ? !oddRegionalIndicator : false
    }
}
