// The JSON tree the fuzzer mutates. Unlike JSONValue it can hold what a valid document never does and
// what the mutations need to write: a number as raw text (`1e400`, `-0`, `18446744073709551616`, which a
// Double would round or refuse) and an object with the same key twice (JSONValue's parser rejects that,
// which is exactly what the fuzzer wants to exercise).

/// A JSON value as the fuzzer writes it.
public indirect enum FuzzJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text, written as is (it may be out of every range, or not even a valid number).
    case number(String)
    case string(String)
    case array([FuzzJSON])
    case object([Member])

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: FuzzJSON

        public init(_ key: String, _ value: FuzzJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The tree of a parsed document (numbers in JSONText's shortest form).
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(JSONText.number(n))
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(FuzzJSON.init))
        case .object(let o): self = .object(o.entries.map { Member($0.key, FuzzJSON($0.value)) })
        }
    }

    /// Parses a seed file; nil when it is not JSON (its bytes are then mutated as bytes only).
    public static func parse(_ bytes: [UInt8]) -> FuzzJSON? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return FuzzJSON(value)
    }

    /// The document's text: pretty (two-space indents, one member or element a line) or on one line.
    public func text(pretty: Bool) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        if pretty { out += "\n" }
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let text): out += text
        case .string(let s): out += JSONText.quoted(s)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                element.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                out += JSONText.quoted(member.key)
                out += indent == nil ? ":" : ": "
                member.value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n"
        // Deeply nested mutants would otherwise be mostly indentation: cap it.
        out += String(repeating: "  ", count: min(indent, 16))
    }
}

// MARK: - Paths into the tree

extension FuzzJSON {
    /// One step from a container to a child: a member's index in an object, or an element's in an array.
    public typealias Path = [Int]

    /// Every value's path, the root's (`[]`) first, depth-first in document order.
    public var allPaths: [Path] {
        var paths: [Path] = []
        collectPaths(prefix: [], into: &paths)
        return paths
    }

    private func collectPaths(prefix: Path, into paths: inout [Path]) {
        paths.append(prefix)
        switch self {
        case .array(let elements):
            for (i, element) in elements.enumerated() { element.collectPaths(prefix: prefix + [i], into: &paths) }
        case .object(let members):
            for (i, member) in members.enumerated() { member.value.collectPaths(prefix: prefix + [i], into: &paths) }
        default: break
        }
    }

    /// The value at `path` (nil when the path does not lead anywhere).
    public subscript(path path: Path) -> FuzzJSON? {
        var value = self
        for step in path {
            switch value {
            case .array(let elements) where elements.indices.contains(step): value = elements[step]
            case .object(let members) where members.indices.contains(step): value = members[step].value
            default: return nil
            }
        }
        return value
    }

    /// Calls `change` on the value at `path`; nothing happens when the path does not lead anywhere.
    public mutating func modify(at path: Path, _ change: (inout FuzzJSON) -> Void) {
        modify(at: path[...], change)
    }

    private mutating func modify(at path: ArraySlice<Int>, _ change: (inout FuzzJSON) -> Void) {
        guard let step = path.first else {
            change(&self)
            return
        }
        switch self {
        case .array(var elements) where elements.indices.contains(step):
            self = .null  // drop the second reference, so the element is changed in place
            elements[step].modify(at: path.dropFirst(), change)
            self = .array(elements)
        case .object(var members) where members.indices.contains(step):
            self = .null
            members[step].value.modify(at: path.dropFirst(), change)
            self = .object(members)
        default:
            break
        }
    }

    /// The JSONPath of `path` as error messages write it (`$.root.children[2]`), for the mutation log.
    public func jsonPath(_ path: Path) -> String {
        var text = JSONPath.root
        var value = self
        for step in path {
            switch value {
            case .array(let elements) where elements.indices.contains(step):
                text = JSONPath.appending(text, index: step)
                value = elements[step]
            case .object(let members) where members.indices.contains(step):
                let key = members[step].key
                text = JSONPath.appending(text, key: key.count > 24 ? String(key.prefix(24)) + "…" : key)
                value = members[step].value
            default:
                return text
            }
        }
        return text
    }

    public var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
