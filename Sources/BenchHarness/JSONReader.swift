import LayoutCore

// Typed readers over `JSONValue` for the hand-written decoders: each takes the value and its JSON path
// and either returns a Swift value or throws a `LayoutDocumentError` naming that exact path. Field
// rules (finite, not negative, …) are checked here too, so every message has the same shape.

struct JSONReader {
    /// The file named in every error.
    let file: String

    func fail(_ path: String, _ reason: LayoutDocumentError.Reason) -> LayoutDocumentError {
        .invalid(file: file, path: path, reason: reason)
    }

    func wrongType(_ path: String, expected: String, _ value: JSONValue) -> LayoutDocumentError {
        fail(path, .wrongType(expected: expected, found: value.foundDescription))
    }

    // MARK: Objects and arrays

    func object(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> JSONObject {
        guard case .object(let object) = value else { throw wrongType(path, expected: "an object", value) }
        return object
    }

    func array(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [JSONValue] {
        guard case .array(let array) = value else { throw wrongType(path, expected: "an array", value) }
        return array
    }

    /// Unknown keys are errors, never ignored; the first one in document order is reported at its own path.
    func checkKeys(_ object: JSONObject, at path: String, allowed: [String], context: String)
        throws(LayoutDocumentError)
    {
        for key in object.keys where !allowed.contains(key) {
            throw fail(JSONPath.appending(path, key: key), .unknownKey(key, context: context, allowed: allowed))
        }
    }

    func required(_ object: JSONObject, _ key: String, at path: String, context: String)
        throws(LayoutDocumentError) -> JSONValue
    {
        guard let value = object[key] else { throw fail(path, .missingKey(key, context: context)) }
        return value
    }

    // MARK: Scalars

    func string(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> String {
        guard case .string(let text) = value else { throw wrongType(path, expected: "a string", value) }
        return text
    }

    func bool(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType(path, expected: "true or false", value) }
        return flag
    }

    /// A JSON number or the string "inf" (+∞). `true` is not a number.
    func number(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Double {
        switch value {
        case .number(let n): return n
        case .string("inf"): return .infinity
        default: throw wrongType(path, expected: "a number or \"inf\"", value)
        }
    }

    /// A number that must be finite (any sign): spacing, ascender, positions, offsets.
    func finite(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Double {
        let n = try number(value, at: path)
        guard n.isFinite else { throw fail(path, .invalidValue("must be a finite number, found \(JSONText.number(n))")) }
        return n
    }

    /// A finite number ≥ 0: flex factors, exact and minimum sizes.
    func finiteNonNegative(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Double {
        let n = try number(value, at: path)
        guard n.isFinite, n >= 0 else {
            throw fail(path, .invalidValue("must be a finite number ≥ 0, found \(JSONText.number(n))"))
        }
        return n
    }

    /// A number ≥ 0 or "inf": maximum sizes.
    func nonNegative(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Double {
        let n = try number(value, at: path)
        guard n >= 0 else { throw fail(path, .invalidValue("must be ≥ 0 or \"inf\", found \(JSONText.number(n))")) }
        return n
    }

    /// A finite number > 0: a ratio, a font size, a line height multiple.
    func finitePositive(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Double {
        let n = try number(value, at: path)
        guard n.isFinite, n > 0 else {
            throw fail(path, .invalidValue("must be a finite number > 0, found \(JSONText.number(n))"))
        }
        return n
    }

    /// A whole number ≥ 0 (line counts), at most 1,000,000.
    func count(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Int {
        guard case .number(let n) = value else { throw wrongType(path, expected: "a whole number ≥ 0", value) }
        guard n >= 0, n <= 1_000_000, n == n.rounded(.towardZero) else {
            throw fail(path, .invalidValue("must be a whole number from 0 to 1000000, found \(JSONText.number(n))"))
        }
        return Int(n)
    }

    /// `[x, y]` of finite numbers.
    func point(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Point {
        let pair = try numberPair(value, at: path, what: "[x, y]")
        return Point(x: try finite(pair.0, at: JSONPath.appending(path, index: 0)),
                     y: try finite(pair.1, at: JSONPath.appending(path, index: 1)))
    }

    /// The two elements of a two-element array, unread.
    func numberPair(_ value: JSONValue, at path: String, what: String)
        throws(LayoutDocumentError) -> (JSONValue, JSONValue)
    {
        guard case .array(let array) = value, array.count == 2 else {
            throw wrongType(path, expected: "an array of 2 numbers \(what)", value)
        }
        return (array[0], array[1])
    }

    /// One of an enum's raw values, e.g. "spaceBetween".
    func choice<E: CaseIterable & RawRepresentable>(_ value: JSONValue, at path: String, _ type: E.Type)
        throws(LayoutDocumentError) -> E where E.RawValue == String
    {
        try choice(value, at: path, E.allCases.map { ($0.rawValue, $0) })
    }

    /// One of the names in `table`, e.g. the option sets' "minimumXY".
    func choice<T>(_ value: JSONValue, at path: String, _ table: [(String, T)]) throws(LayoutDocumentError) -> T {
        if case .string(let text) = value, let match = table.first(where: { $0.0 == text }) {
            return match.1
        }
        let names = table.map { JSONText.quoted($0.0) }.joined(separator: ", ")
        throw wrongType(path, expected: "one of \(names)", value)
    }

    // MARK: Dimensions

    /// A style dimension: a number of points, "N%" (0…100) or "auto". "inf" only where `allowInfinity`
    /// (maximum sizes, where it means the same as auto).
    func dimension(_ value: JSONValue, at path: String, allowInfinity: Bool) throws(LayoutDocumentError) -> Dimension {
        switch value {
        case .string("auto"):
            return .auto
        case .string(let text) where text.hasSuffix("%"):
            guard let percent = Self.decimal(text.dropLast()) else { break }
            guard percent <= 100 else {
                throw fail(path, .invalidValue("a percentage must be between 0% and 100%, found \(JSONText.quoted(text))"))
            }
            return .fraction(percent / 100)
        case .number, .string("inf"):
            let points = allowInfinity ? try nonNegative(value, at: path) : try finiteNonNegative(value, at: path)
            return .points(points)
        default:
            break
        }
        throw wrongType(path, expected: "a number, \"N%\" or \"auto\"", value)
    }

    /// Plain decimal digits with at most one point ("50", "12.5"); no sign, exponent or spaces.
    static func decimal(_ text: Substring) -> Double? {
        var sawDigit = false, sawPoint = false
        for c in text {
            if c.isASCII, c.isNumber {
                sawDigit = true
            } else if c == ".", !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
        }
        return sawDigit ? Double(text) : nil
    }
}

extension String {
    /// "a stack element", "an inset element".
    var withArticle: String {
        guard let first = first else { return self }
        return ("aeiou".contains(first) ? "an " : "a ") + self
    }
}
