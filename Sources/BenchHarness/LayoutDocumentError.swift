// Bad input to `bench layout` as a typed error: which file, where in it (a JSON path) and what is wrong.
// The harness only throws these; `bench` turns them into one line on stderr and exit code 2.

public enum LayoutDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable(file: String, reason: String)
    /// The file was read but is not a valid layout document; `path` is the JSON path of the offending
    /// value (`$.root.children[2].style.flexGrow`).
    case invalid(file: String, path: String, reason: Reason)

    public var file: String {
        switch self {
        case .unreadable(let file, _), .invalid(let file, _, _): return file
        }
    }

    /// The JSON path of the offending value, nil when the file could not be read.
    public var path: String? {
        switch self {
        case .unreadable: return nil
        case .invalid(_, let path, _): return path
        }
    }

    /// What is wrong, without the file and path.
    public var reasonText: String {
        switch self {
        case .unreadable(_, let reason): return "cannot read the file: \(reason)"
        case .invalid(_, _, let reason): return reason.description
        }
    }

    /// "FILE: $.path: reason" (or "FILE: cannot read the file: reason") — one line.
    public var description: String {
        if let path { return "\(file): \(path): \(reasonText)" }
        return "\(file): \(reasonText)"
    }

    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// Not JSON; line and column of the offending character.
        case invalidJSON(line: Int, column: Int, message: String)
        /// `expected` is a phrase ("a number or \"inf\""); `found` is `JSONValue.foundDescription`.
        case wrongType(expected: String, found: String)
        case unknownKey(String, context: String, allowed: [String])
        case missingKey(String, context: String)
        /// An element with no kind key.
        case noKind
        /// An element with two or more kind keys.
        case severalKinds([String])
        /// A value of the right type that is out of range or inconsistent, e.g. a ratio ≤ 0.
        case invalidValue(String)
        case duplicateName(String, firstPath: String)
        case unsupportedVersion(found: String)

        public var description: String {
            switch self {
            case .invalidJSON(let line, let column, let message):
                return "invalid JSON at line \(line), column \(column): \(message)"
            case .wrongType(let expected, let found):
                return "expected \(expected), found \(found)"
            case .unknownKey(let key, let context, let allowed):
                let list = allowed.isEmpty ? "it takes no keys" : "allowed: " + allowed.joined(separator: ", ")
                return "unknown key \(JSONText.quoted(key)) in \(context) (\(list))"
            case .missingKey(let key, let context):
                return "missing key \(JSONText.quoted(key)) in \(context)"
            case .noKind:
                return "an element needs exactly one kind key (one of "
                    + ElementKind.keys.joined(separator: ", ") + "), found none"
            case .severalKinds(let kinds):
                return "an element needs exactly one kind key, found \(kinds.count): "
                    + kinds.map(JSONText.quoted).joined(separator: ", ")
            case .invalidValue(let message):
                return message
            case .duplicateName(let name, let firstPath):
                return "duplicate node name \(JSONText.quoted(name)) (first used at \(firstPath)); "
                    + "an element may appear only once in a layout spec tree"
            case .unsupportedVersion(let found):
                return "unsupported version \(found) (this bench reads version \(LayoutDocument.version))"
            }
        }
    }
}
