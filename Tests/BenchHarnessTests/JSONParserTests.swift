import Testing
@testable import BenchHarness

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"n": null, "t": true, "f": false, "i": 37, "d": -36.5e1, "s": "x", "a": [1, []], "o": {}}"#)
        #expect(value == .object(JSONObject([
            .init(key: "n", value: .null), .init(key: "t", value: .bool(true)), .init(key: "f", value: .bool(false)),
            .init(key: "i", value: .number(37)), .init(key: "d", value: .number(-365)),
            .init(key: "s", value: .string("x")), .init(key: "a", value: .array([.number(1), .array([])])),
            .init(key: "o", value: .object(JSONObject())),
        ])))
    }

    @Test func keepsKeyOrder() throws {
        guard case .object(let object) = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == .number(2))
        #expect(object["b"] == nil)
    }

    @Test func booleansAreNotNumbers() throws {
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("1") == .number(1))
        #expect(try JSONParser.parse("true") != .number(1))
    }

    @Test func decodesStringEscapes() throws {
        #expect(try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try JSONParser.parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONParser.parse("\"é😀\"") == .string("é😀"))
    }

    @Test func skipsByteOrderMarkAndWhitespace() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" \n\t 5 \r\n".utf8)) == .number(5))
    }

    @Test(arguments: [
        // (text, path, line, column, message)
        ("", "$", 1, 1, "expected a value, found end of input"),
        ("{", "$", 1, 2, "expected a key in double quotes, found end of input"),
        (#"{"a": 1 "b": 2}"#, "$", 1, 9, "expected ',' or '}' after a member, found '\"'"),
        (#"{"a": [1, 2,]}"#, "$.a[2]", 1, 13, "expected a value, found ']'"),
        (#"{"a": {"b": [tru]}}"#, "$.a.b[0]", 1, 14, "expected a value, found tru (strings need double quotes)"),
        ("{\"a\":\n  {\"b\": inf}}", "$.a.b", 2, 9, "expected a value, found inf (strings need double quotes)"),
        (#"{"a": 1, "a": 2}"#, "$", 1, 10, "duplicate key \"a\""),
        (#"{"a" 1}"#, "$.a", 1, 6, "expected ':' after the key, found '1'"),
        ("[01]", "$[0]", 1, 3, "a number must not have leading zeros"),
        ("[1.]", "$[0]", 1, 4, "expected a digit after a decimal point, found ']'"),
        ("[-]", "$[0]", 1, 3, "expected a digit after '-', found ']'"),
        ("[1e400]", "$[0]", 1, 7, "the number 1e400 is out of range"),
        ("[1] 2", "$", 1, 5, "unexpected '2' after the end of the document"),
        ("\"abc", "$", 1, 5, "unterminated string"),
        ("\"a\tb\"", "$", 1, 3, "a control character (byte 0x9) inside a string must be escaped"),
        (#"["\x"]"#, "$[0]", 1, 4, "invalid escape '\\x' in a string"),
        (#"["\ud83d"]"#, "$[0]", 1, 9, "a \\u escape for a high surrogate must be followed by a low surrogate"),
        (#"{"k": 'v'}"#, "$.k", 1, 7, "expected a value, found '''"),
    ] as [(String, String, Int, Int, String)])
    func reportsSyntaxErrors(text: String, path: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(path: path, line: line, column: column, message: message)) {
            try JSONParser.parse(text)
        }
    }

    /// One object of `count` distinct keys "k0" … on one line, then `extra` members.
    static func manyKeys(_ count: Int, extra: String = "") -> String {
        "{\"inner\": {" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + extra + "}}"
    }

    // The duplicate check used to compare each key with every earlier one: 50,000 keys took 45 s in a debug
    // build, so 100,000 (four times the work) overran the time limit; hashed, they parse in well under it.
    @Test(.timeLimit(.minutes(1))) func aHundredThousandDistinctKeysParse() throws {
        guard case .object(let root) = try JSONParser.parse(Self.manyKeys(100_000)),
              case .object(let inner)? = root["inner"] else {
            Issue.record("not an object")
            return
        }
        #expect(inner.entries.count == 100_000)
        #expect(inner.entries.last?.key == "k99999" && inner["k99999"] == .number(99_999))
    }

    @Test(.timeLimit(.minutes(1))) func aDuplicateAfterManyKeysIsReportedWhereItIs() throws {
        let text = Self.manyKeys(100_000, extra: ", \"k0\": 1")
        // The column of the duplicate's opening quote: the text before it, plus one.
        let column = text.count - #""k0": 1}}"#.count + 1
        #expect(throws: JSONSyntaxError(path: "$.inner", line: 1, column: column, message: "duplicate key \"k0\"")) {
            try JSONParser.parse(text)
        }
        // Below the size where the keys are hashed, the same message.
        #expect(throws: JSONSyntaxError(path: "$.inner", line: 1, column: 57, message: "duplicate key \"k3\"")) {
            try JSONParser.parse(Self.manyKeys(5, extra: ", \"k3\": 1"))
        }
    }

    @Test func columnsCountScalarsNotBytes() {
        #expect(throws: JSONSyntaxError(path: "$[1]", line: 1, column: 7, message: "expected a value, found ']'")) {
            try JSONParser.parse("[\"é\", ]")
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        #expect(throws: JSONSyntaxError(path: "$", line: 1, column: 3, message: "a string is not valid UTF-8")) {
            try JSONParser.parse([0x22, 0xFF, 0x22])
        }
    }

    @Test func limitsNesting() throws {
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try JSONParser.parse(deepest)
        let tooDeep = "[" + deepest + "]"
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(tooDeep) }
    }

    @Test func describesFoundValues() {
        #expect(JSONValue.string("big").foundDescription == "\"big\"")
        #expect(JSONValue.bool(true).foundDescription == "true")
        #expect(JSONValue.null.foundDescription == "null")
        #expect(JSONValue.number(12.5).foundDescription == "12.5")
        #expect(JSONValue.number(3).foundDescription == "3")
        #expect(JSONValue.array([.null, .null, .null]).foundDescription == "an array of 3")
        #expect(JSONValue.array([]).foundDescription == "an empty array")
        #expect(JSONValue.object(JSONObject()).foundDescription == "an object")
        #expect(JSONValue.string(String(repeating: "x", count: 50)).foundDescription
            == "\"" + String(repeating: "x", count: 40) + "…\"")
    }

    @Test func buildsPaths() {
        #expect(JSONPath.appending("$", key: "root") == "$.root")
        #expect(JSONPath.appending("$.root", key: "children") == "$.root.children")
        #expect(JSONPath.appending("$.root.children", index: 2) == "$.root.children[2]")
        #expect(JSONPath.appending("$", key: "odd key") == "$[\"odd key\"]")
        #expect(JSONPath.appending("$", key: "2x") == "$[\"2x\"]")
        #expect(JSONPath.appending("$", key: "") == "$[\"\"]")
    }
}
