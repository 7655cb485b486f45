import Foundation

// Any scenario file, by its "kind": a layout scenario (no "kind", or "kind": "layout" — Scenario.swift, the
// feed-parity layout runs), a churn scenario (subnode diffs, Churn/ChurnScenario.swift) or a transition
// scenario (transition computation, Transition/TransitionScenario.swift), a tree scenario (deep and wide
// trees through the layout runner, Tree/TreeScenario.swift) or a scroll scenario (a ScrollNode's content
// growing and shrinking, Scroll/ScrollScenario.swift). `bench run`, `list` and
// `validate` read files through this; the layout decoder itself is untouched, so a layout file decodes
// exactly as before. Scenarios/README.md documents every kind.

public enum ScenarioKind: String, Hashable, Sendable, CaseIterable {
    case layout, churn, transition
    /// Deep and wide trees through the layout runner (Tree/TreeScenario.swift).
    case tree
    /// A ScrollNode whose ASM content grows and shrinks (Scroll/ScrollScenario.swift).
    case scroll
}

public enum ScenarioFile: Hashable, Sendable {
    case layout(Scenario)
    case churn(ChurnScenario)
    case transition(TransitionScenario)
    case tree(TreeScenario)
    case scroll(ScrollScenario)

    public var kind: ScenarioKind {
        switch self {
        case .layout: return .layout
        case .churn: return .churn
        case .transition: return .transition
        case .tree: return .tree
        case .scroll: return .scroll
        }
    }

    public var name: String {
        switch self {
        case .layout(let scenario): return scenario.name
        case .churn(let scenario): return scenario.name
        case .transition(let scenario): return scenario.name
        case .tree(let scenario): return scenario.name
        case .scroll(let scenario): return scenario.name
        }
    }

    /// Decodes the bytes of `file`: reads "kind" first and hands the document to that kind's decoder.
    public static func decode(_ bytes: [UInt8], file: String, name: String? = nil) throws(LayoutDocumentError) -> ScenarioFile {
        let json = try JSONParser.parse(bytes, file: file)
        let reader = JSONReader(file: file)
        let scenarioName = name ?? ScenarioCatalog.scenarioName(ofFile: file)
        let contentHash = ContentHash.fnv1a64(bytes)
        var kind = ScenarioKind.layout
        var layoutJSON = json
        if case .object(let object) = json, let value = object["kind"] {
            kind = try reader.choice(value, at: JSONPath.appending(JSONPath.root, key: "kind"), ScenarioKind.self)
            // The layout decoder predates "kind": give it the document without the key.
            layoutJSON = .object(JSONObject(object.entries.filter { $0.key != "kind" }))
        }
        let decoder = ScenarioDecoder(reader: reader)
        switch kind {
        case .layout: return .layout(try decoder.scenario(layoutJSON, name: scenarioName, contentHash: contentHash))
        case .churn: return .churn(try decoder.churnScenario(json, name: scenarioName, contentHash: contentHash))
        case .transition:
            return .transition(try decoder.transitionScenario(json, name: scenarioName, contentHash: contentHash))
        case .tree: return .tree(try decoder.treeScenario(json, name: scenarioName, contentHash: contentHash))
        case .scroll: return .scroll(try decoder.scrollScenario(json, name: scenarioName, contentHash: contentHash))
        }
    }

    public static func decode(_ text: String, file: String, name: String? = nil) throws(LayoutDocumentError) -> ScenarioFile {
        try decode(Array(text.utf8), file: file, name: name)
    }

    /// Reads and decodes the file at `path`.
    public static func load(path: String) throws(LayoutDocumentError) -> ScenarioFile {
        try decode(try FileInput.read(path: path), file: path)
    }
}

extension ScenarioCatalog {
    /// `load(_:)` for a scenario of any kind: a name (Scenarios/NAME.json) or a path. An unknown name is
    /// reported as an unreadable file whose reason lists the scenarios there are.
    public func loadFile(_ nameOrPath: String) throws(LayoutDocumentError) -> ScenarioFile {
        let path = path(for: nameOrPath)
        if path != nameOrPath && !FileManager.default.fileExists(atPath: path) {
            let available = names()
            let list = available.isEmpty ? "there are none in \(directory)" : "available: " + available.joined(separator: ", ")
            throw .unreadable(file: path, reason: "no scenario named \(JSONText.quoted(nameOrPath)) (\(list))")
        }
        return try ScenarioFile.load(path: path)
    }
}

/// Helpers the churn and transition decoders share with the layout one.
extension ScenarioDecoder {
    /// The optional "version" key: only `Scenario.version`.
    func checkVersion(_ object: JSONObject) throws(LayoutDocumentError) {
        guard let version = object["version"] else { return }
        let path = JSONPath.appending(JSONPath.root, key: "version")
        guard case .number(let n) = version, n == Double(Scenario.version) else {
            throw reader.fail(path, .invalidValue(
                "unsupported version \(version.foundDescription) (this bench reads scenario version \(Scenario.version))"))
        }
    }

    /// A required key of `object` at `path`: the value and its path.
    func required(_ object: JSONObject, _ key: String, at path: String, context: String)
        throws(LayoutDocumentError) -> (JSONValue, String)
    {
        (try reader.required(object, key, at: path, context: context), JSONPath.appending(path, key: key))
    }

    /// An optional whole number within `range`, or `defaultValue`.
    func optionalInteger(_ object: JSONObject, _ key: String, at path: String, in range: ClosedRange<Int>,
                         default defaultValue: Int) throws(LayoutDocumentError) -> Int {
        guard let value = object[key] else { return defaultValue }
        return try integer(value, at: JSONPath.appending(path, key: key), in: range)
    }

    /// A finite number within `range` (any fraction).
    func fraction(_ value: JSONValue, at path: String, in range: ClosedRange<Double>, what: String)
        throws(LayoutDocumentError) -> Double
    {
        guard case .number(let n) = value else { throw reader.wrongType(path, expected: what, value) }
        guard n >= range.lowerBound, n <= range.upperBound else {
            throw reader.fail(path, .invalidValue(
                "must be \(what) from \(JSONText.number(range.lowerBound)) to \(JSONText.number(range.upperBound)), "
                    + "found \(JSONText.number(n))"))
        }
        return n
    }
}
