// The values the mutations write: numbers and strings at the edges of what bench's readers accept, and the
// bytes that break a JSON reader. Each list is fixed, so a seed names the same input on every machine.

enum FuzzValues {
    /// Numbers as raw JSON text: zeros, signs, fractions where whole numbers are due, the edges of 32- and
    /// 64-bit integers and of a Double's precision, the largest and smallest Doubles, overflowing
    /// exponents, and text that is not a JSON number at all.
    static let numbers: [String] = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "2", "0.5", "-0.5", "2.5", "1e-7", "0.1",
        "7", "64", "120", "255", "256", "1000", "1001", "4096", "4097", "10000", "65535", "65536",
        "100000", "1000000", "1000001", "10000000",
        "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
        "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890123456789",
        "1e15", "1e16", "1e300", "1e308", "-1e308", "1.7976931348623157e308", "1e309", "-1e309", "1e400",
        "1e-320", "5e-324", "-5e-324", "1e-400", "1E2", "1e+2", "1.0", "1.5e3",
        "01", "-", "1.", ".5", "+1", "1e", "0x10", "NaN", "Infinity", "-Infinity",
    ]

    /// Strings where numbers, names, enums, paths and dimensions are expected.
    static let strings: [String] = [
        "", " ", "nan", "NaN", "inf", "-inf", "Infinity", "+inf", "infinity", "auto", "AUTO", "cores", "0", "-1",
        "1e308", "1e400", "50%", "0%", "100%", "101%", "-5%", "1e400%", "nan%", "%", "12.5%", "100 %",
        "true", "null", "\u{0}", "a\u{0}b", "\u{7F}", "\u{FEFF}", "\u{FFFD}", "é", "日本語", "🧵🧵", "\u{202E}rtl",
        "\\", "\"", "\n", "../../../../etc/passwd", "/dev/zero", "/dev/null", "/", "/proc/self/exe",
        "Scenarios/ci.json", "ci", "feed", "DejaVu Sans", "Noto", "horizontal", "vertical", "stretch",
        "release", "debug", "fnv1a64:0000000000000000", "fnv1a64:", "sha256:zz", "2026-13-45T99:99:99Z",
    ]

    /// Key names: near misses of real keys come from the document itself (FuzzMutator); these are the odd ones.
    static let keys: [String] = [
        "", " ", "__proto__", "constructor", "$", "$.root", "\u{0}", "é", "🧵", "version", "kind", "name",
        "value", "values", "children", "child", "style", "metrics", "steps", "op", "seq", "lane",
    ]

    /// Single bytes that matter to a JSON reader or to UTF-8.
    static let bytes: [UInt8] = [
        0x00, 0x01, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x27, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x31,
        0x39, 0x3A, 0x45, 0x5B, 0x5C, 0x5D, 0x65, 0x6E, 0x74, 0x75, 0x7B, 0x7D, 0x7F, 0x80, 0xBF, 0xC0, 0xC1,
        0xC3, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
    ]

    /// Byte sequences that are not valid UTF-8 or not valid JSON escapes.
    static let byteRuns: [[UInt8]] = [
        [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE],
        Array("\\u".utf8), Array("\\uD800".utf8), Array("\\uDC00\\uD800".utf8), Array("\\u0000".utf8),
        Array("\\x41".utf8), Array("/*".utf8), Array("//".utf8), Array(",]".utf8), Array(",}".utf8),
        Array("{\"\":".utf8), Array("[[[[[[[[".utf8), Array("]]]]".utf8), Array("\"\"\"".utf8), Array("1e99999".utf8),
    ]
}
