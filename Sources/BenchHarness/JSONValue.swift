// A small JSON value type for the hand-written decoders of Loom's input files. It keeps what
// Foundation's JSONSerialization loses on Linux: the order of an object's keys, and the difference
// between `true` and the number 1 (a Bool is never a number here).

public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, integral or not, as a Double (the parser rejects numbers out of its range).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// How an error message names a value that was not what the reader expected:
    /// `"big"`, `true`, `null`, `12.5`, `an object`, `an array of 3`.
    public var foundDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONText.number(n)
        case .string(let s):
            let limit = 40
            let shown = s.count > limit ? String(s.prefix(limit)) + "…" : s
            return JSONText.quoted(shown)
        case .array(let a): return a.isEmpty ? "an empty array" : "an array of \(a.count)"
        case .object: return "an object"
        }
    }
}

/// A JSON object with its keys in document order. The parser rejects duplicate keys, so a key names at
/// most one entry.
public struct JSONObject: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
    }

    public var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }

    public subscript(key: String) -> JSONValue? {
        entries.first { $0.key == key }?.value
    }
}

/// Paths in error messages, in JSONPath's dot/bracket notation: `$.root.children[2].style.flexGrow`.
/// A key that is not a plain identifier is written in brackets: `$["odd key"]`.
public enum JSONPath {
    public static let root = "$"

    public static func appending(_ path: String, key: String) -> String {
        isIdentifier(key) ? "\(path).\(key)" : "\(path)[\(JSONText.quoted(key))]"
    }

    public static func appending(_ path: String, index: Int) -> String {
        "\(path)[\(index)]"
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || isASCIILetter(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
    }

    private static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }
}

/// JSON text for the writers: numbers and quoted strings.
public enum JSONText {
    /// An integral value as an integer (`37`, not `37.0`), anything else in Swift's shortest
    /// round-tripping form (`36.5`, `0.1`, `1e-07`). -0 prints as 0. JSON has no infinity or NaN, so they
    /// print as the strings Loom's input files use for them: `"inf"`, `"-inf"`, `"nan"`.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "\"nan\"" }
        if value.isInfinite { return value > 0 ? "\"inf\"" : "\"-inf\"" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // Swift's shortest round-tripping form; large integral values come out as "9007199254740992.0".
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest kept as is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
