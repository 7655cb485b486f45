import Foundation

// Writing a stress script: the header one key per line and one step per line, so that a saved regression
// reads (and diffs) step by step.

extension StressScript {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf",
                                                                      negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    private static func json<T: Encodable>(_ value: T) -> String {
        String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// The file text: the header one key per line, then one step per line.
    public var text: String {
        var lines: [String] = []
        func field<T: Encodable>(_ key: String, _ value: T?) {
            if let value { lines.append("  \"\(key)\": \(Self.json(value))") }
        }
        field("format", format)
        field("version", version)
        field("name", name)
        field("origin", origin)
        field("recipe", recipe)
        field("seed", seed)
        field("threads", threads)
        field("operations", operations)
        field("fault", fault)
        field("failure", failure)
        field("reproducedSequentially", reproducedSequentially)
        field("shrunkFrom", shrunkFrom)
        field("knownIssue", knownIssue)
        let stepLines = steps.map { step in
            "    {\"seq\": \(step.seq), \"lane\": \(step.lane), \"op\": \(Self.json(step.op))}"
        }
        lines.append("  \"steps\": [" + (stepLines.isEmpty ? "]" : "\n" + stepLines.joined(separator: ",\n") + "\n  ]"))
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Writes the script as `directory/baseName.json` (or `baseName-2.json`, … if taken) and returns the
    /// path.
    public func save(inDirectory directory: String, baseName: String) throws -> String {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var candidate = "\(directory)/\(baseName).json"
        var n = 2
        while manager.fileExists(atPath: candidate) {
            candidate = "\(directory)/\(baseName)-\(n).json"
            n += 1
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: candidate))
        return candidate
    }
}
