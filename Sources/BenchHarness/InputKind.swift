// Which of bench's file kinds a JSON file is, from its top-level keys alone — so that a file given to the
// wrong subcommand (a layout document passed as a scenario, a result passed as a baseline) gets a hint naming
// the subcommand that reads it, instead of the first unknown key its decoder trips over.
//
// Only the keys that one kind alone writes are used: every kind has "version" or "name" or "description", so
// those say nothing.

public enum InputKind: String, Sendable, CaseIterable {
    case scenario
    case layoutDocument
    case result
    case baseline
    case stressScript

    /// "a scenario file", "a layout document" …
    public var phrase: String {
        switch self {
        case .scenario: return "a scenario file"
        case .layoutDocument: return "a layout document"
        case .result: return "a result file"
        case .baseline: return "a baseline"
        case .stressScript: return "a stress script"
        }
    }

    /// The command that reads this kind, with FILE for the path.
    public var command: String {
        switch self {
        case .scenario: return "bench run --scenario FILE"
        case .layoutDocument: return "bench layout FILE"
        case .result: return "bench report FILE"
        case .baseline: return "bench check --baseline FILE"
        case .stressScript: return "bench stress --replay FILE"
        }
    }

    /// The kind the keys of this JSON document say it is; nil when they say nothing certain.
    public static func detect(_ json: JSONValue) -> InputKind? {
        guard case .object(let object) = json else { return nil }
        let keys = Set(object.keys)
        if case .string(let format)? = object["format"], format == StressScript.formatName { return .stressScript }
        if keys.contains("steps") && keys.contains("recipe") { return .stressScript }
        if keys.contains("schemaVersion") && keys.contains("metrics") {
            return keys.contains("result") || keys.contains("profile") ? .baseline : .result
        }
        if keys.contains("root") && (keys.contains("sizeRange") || !keys.contains("generator")) { return .layoutDocument }
        if keys.contains("generator") || keys.contains("repetitions") || keys.contains("kind") { return .scenario }
        return nil
    }

    /// The kind of the file at `path`, when it is JSON whose keys say so (nil for standard input, an unreadable
    /// file or anything else).
    public static func detect(path: String) -> InputKind? {
        guard path != "-", let bytes = try? FileInput.read(path: path),
              let json = try? JSONParser.parse(bytes) else { return nil }
        return detect(json)
    }
}

extension LayoutDocumentError {
    /// This error, or — when the file decoded as JSON but is another kind of bench file than `expected` — one
    /// naming what the file is and the command that reads it. Errors that say the file is unreadable or not
    /// JSON are kept: the kind does not explain them.
    public func hinted(expecting expected: InputKind) -> LayoutDocumentError {
        guard case .invalid(let file, _, let reason) = self else { return self }
        if case .invalidJSON = reason { return self }
        guard let actual = InputKind.detect(path: file), actual != expected else { return self }
        return .invalid(file: file, path: JSONPath.root, reason: .invalidValue(
            "this is \(actual.phrase), not \(expected.phrase); use `\(actual.command.replacingOccurrences(of: "FILE", with: file))`"))
    }
}
