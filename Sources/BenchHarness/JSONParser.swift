// A strict RFC 8259 parser into `JSONValue`. Written by hand (rather than JSONSerialization) so that
// booleans stay booleans, object keys keep their order, duplicate keys are caught, and a syntax error
// reports the JSON path of the value being read as well as its line and column.

/// Why a text is not JSON: where (the path of the innermost value being read, and the line and column
/// of the offending character, both from 1; columns count Unicode scalars) and what was wrong.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(path): invalid JSON at line \(line), column \(column): \(message)" }
}

public enum JSONParser {
    /// Arrays and objects nested deeper than this are rejected (the parser and the decoders recurse).
    public static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        reader.skipByteOrderMark()
        reader.skipWhitespace()
        let value = try reader.value(path: JSONPath.root, depth: 0)
        reader.skipWhitespace()
        if !reader.atEnd {
            throw reader.error(JSONPath.root, "unexpected \(reader.currentDescription) after the end of the document")
        }
        return value
    }

    /// Parses the bytes of `file`, turning a syntax error into the one-line error every `bench` input
    /// reports (the file, the JSON path reached, line and column).
    public static func parse(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> JSONValue {
        do {
            return try parse(bytes)
        } catch {
            throw .invalid(file: file, path: error.path,
                           reason: .invalidJSON(line: error.line, column: error.column, message: error.message))
        }
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Up to this many keys an object's duplicate check scans its keys; past it, it hashes them.
    static let keysScannedLinearly = 8

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// "end of input", "'}'", "byte 0xC3".
    var currentDescription: String {
        guard let byte = current else { return "end of input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case 0x20: return "a space"
        case 0x0A: return "a line break"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    func error(_ path: String, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(path: path, line: line, column: column, message: message)
    }

    mutating func advance() {
        guard let byte = current else { return }
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {  // UTF-8 continuation bytes do not start a new column
            column += 1
        }
    }

    mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    mutating func expect(_ byte: UInt8, _ path: String, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else { throw error(path, "expected \(what), found \(currentDescription)") }
        advance()
    }

    mutating func value(path: String, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error(path, "expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object(path: path, depth: depth + 1))
        case UInt8(ascii: "["): return .array(try array(path: path, depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(path: path))
        default:
            if isLetter(byte) { return try literal(path: path) }
            throw error(path, "expected a value, found \(currentDescription)")
        }
    }

    mutating func object(path: String, depth: Int) throws(JSONSyntaxError) -> JSONObject {
        if depth > JSONParser.maximumDepth {
            throw error(path, "nested deeper than \(JSONParser.maximumDepth) levels")
        }
        advance()  // {
        var object = JSONObject()
        // Duplicate keys: a scan of the earlier keys while the object is small (most are), a set of them
        // from then on, so an object of n keys costs O(n) and not O(n²): a scenario file with a very large
        // object must not stall the parser.
        var keysSeen: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return object
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(path, "expected a key in double quotes, found \(currentDescription)")
            }
            let keyLine = line, keyColumn = column
            let key = try string(path: path)
            if keysSeen == nil && object.entries.count >= Self.keysScannedLinearly {
                keysSeen = Set(object.entries.lazy.map(\.key))
            }
            if keysSeen?.contains(key) ?? object.entries.contains(where: { $0.key == key }) {
                throw JSONSyntaxError(path: path, line: keyLine, column: keyColumn,
                                      message: "duplicate key \(JSONText.quoted(key))")
            }
            skipWhitespace()
            let memberPath = JSONPath.appending(path, key: key)
            try expect(UInt8(ascii: ":"), memberPath, "':' after the key")
            skipWhitespace()
            let member = try value(path: memberPath, depth: depth)
            object.entries.append(JSONObject.Entry(key: key, value: member))
            keysSeen?.insert(key)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            if current == UInt8(ascii: "}") {
                advance()
                return object
            }
            throw error(path, "expected ',' or '}' after a member, found \(currentDescription)")
        }
    }

    mutating func array(path: String, depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        if depth > JSONParser.maximumDepth {
            throw error(path, "nested deeper than \(JSONParser.maximumDepth) levels")
        }
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try value(path: JSONPath.appending(path, index: elements.count), depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            if current == UInt8(ascii: "]") {
                advance()
                return elements
            }
            throw error(path, "expected ',' or ']' after an element, found \(currentDescription)")
        }
    }

    /// A string starting at the opening quote. Escapes per RFC 8259, including surrogate pairs.
    mutating func string(path: String) throws(JSONSyntaxError) -> String {
        advance()  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error(path, "unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error(path, "a string is not valid UTF-8")
                }
                advance()
                return text
            case UInt8(ascii: "\\"):
                advance()
                try escape(into: &utf8, path: path)
            case 0..<0x20:
                throw error(path, "a control character (\(currentDescription)) inside a string must be escaped")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    mutating func escape(into utf8: inout [UInt8], path: String) throws(JSONSyntaxError) {
        guard let byte = current else { throw error(path, "unterminated string") }
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error(path, "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
        advance()
        var scalarValue = try hex4(path: path)
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
            else { throw error(path, "a \\u escape for a high surrogate must be followed by a low surrogate") }
            advance()
            advance()
            let low = try hex4(path: path)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(path, "a \\u escape for a high surrogate must be followed by a low surrogate")
            }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error(path, "a \\u escape for a low surrogate without a high surrogate before it")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error(path, "invalid \\u escape") }
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    mutating func hex4(path: String) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw error(path, "expected 4 hexadecimal digits after \\u, found \(currentDescription)")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number(path: String) throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let byte = current, isDigit(byte) {
                throw error(path, "a number must not have leading zeros")
            }
        } else {
            try digits(path: path, after: "'-'")
        }
        if current == UInt8(ascii: ".") {
            advance()
            try digits(path: path, after: "a decimal point")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            try digits(path: path, after: "an exponent")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(path, "the number \(text) is out of range")
        }
        return value
    }

    mutating func digits(path: String, after what: String) throws(JSONSyntaxError) {
        guard let first = current, isDigit(first) else {
            throw error(path, "expected a digit after \(what), found \(currentDescription)")
        }
        while let byte = current, isDigit(byte) { advance() }
    }

    /// true, false, null — anything else made of letters (inf, True, …) is named in the error.
    mutating func literal(path: String) throws(JSONSyntaxError) -> JSONValue {
        let startLine = line, startColumn = column
        let start = index
        while let byte = current, isLetter(byte) { advance() }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            throw JSONSyntaxError(path: path, line: startLine, column: startColumn,
                                  message: "expected a value, found \(word) (strings need double quotes)")
        }
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
}
