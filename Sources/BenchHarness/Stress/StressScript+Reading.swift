import Foundation

// Reading a stress script: the strict JSON parse first (a syntax error's line and column), shape checks
// Codable would report poorly, Codable decoding with its errors turned into one line naming the JSON path,
// then validation of what the steps mean.

extension StressScript {
    /// Reads, parses, decodes and validates a script file.
    public static func load(path: String) throws(StressInputError) -> StressScript {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path: path)
        } catch {
            if case .unreadable(_, let reason) = error { throw .unreadable(file: path, reason: reason) }
            throw .unreadable(file: path, reason: error.reasonText)
        }
        return try decode(bytes, file: path)
    }

    public static func decode(_ text: String, file: String) throws(StressInputError) -> StressScript {
        try decode(Array(text.utf8), file: file)
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(StressInputError) -> StressScript {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(bytes)
        } catch {
            throw .invalidScript(file: file, path: error.path,
                                 reason: "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        try precheck(tree, file: file)
        let script: StressScript
        do {
            script = try decoder.decode(StressScript.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, tree: tree, file: file)
        } catch {
            throw .invalidScript(file: file, path: JSONPath.root, reason: "\(error)")
        }
        try script.validate(file: file)
        return script
    }

    /// Shape checks Codable would report poorly: the top level, and each step's operation being an object
    /// with exactly one known operation name.
    private static func precheck(_ tree: JSONValue, file: String) throws(StressInputError) {
        func fail(_ path: String, _ reason: String) -> StressInputError {
            .invalidScript(file: file, path: path, reason: reason)
        }
        guard case .object(let top) = tree else {
            throw fail(JSONPath.root, "expected an object (a stress script), found \(tree.foundDescription)")
        }
        guard let steps = top["steps"] else { throw fail(JSONPath.root, "missing key \"steps\" in a stress script") }
        guard case .array(let list) = steps else {
            throw fail("$.steps", "expected an array of steps, found \(steps.foundDescription)")
        }
        let names = StressOperationKind.allCases.map(\.rawValue)
        for (i, step) in list.enumerated() {
            let stepPath = JSONPath.appending("$.steps", index: i)
            guard case .object(let object) = step else {
                throw fail(stepPath, "expected a step object, found \(step.foundDescription)")
            }
            for key in object.keys where !["seq", "lane", "op"].contains(key) {
                throw fail(JSONPath.appending(stepPath, key: key), "unknown key \"\(key)\" in a step (allowed: seq, lane, op)")
            }
            let opPath = stepPath + ".op"
            guard let op = object["op"] else { throw fail(stepPath, "missing key \"op\" in a step") }
            switch op {
            case .object(let operation):
                guard operation.keys.count == 1, let name = operation.keys.first else {
                    throw fail(opPath, "an operation is an object with exactly one key (its name), found "
                                   + "\(operation.keys.count) keys")
                }
                guard names.contains(name) else {
                    throw fail(JSONPath.appending(opPath, key: name),
                               "unknown operation \"\(name)\" (one of \(names.joined(separator: ", ")))")
                }
                if let allowed = StressOperationKind.strictKeys[name], case .object(let operands)? = operation[name] {
                    for key in operands.keys.sorted() where !allowed.contains(key) {
                        throw fail(JSONPath.appending(JSONPath.appending(opPath, key: name), key: key),
                                   "unknown key \"\(key)\" in \"\(name)\" (allowed: "
                                       + allowed.sorted().joined(separator: ", ") + ")")
                    }
                }
            default:
                throw fail(opPath, "expected an operation object such as {\"measure\": {…}}, found "
                               + op.foundDescription)
            }
        }
    }

    /// Meaning checks after decoding.
    private func validate(file: String) throws(StressInputError) {
        func fail(_ path: String, _ reason: String) -> StressInputError {
            .invalidScript(file: file, path: path, reason: reason)
        }
        guard format == Self.formatName else {
            throw fail("$.format", "expected \"\(Self.formatName)\", found \"\(format)\"")
        }
        guard version == Self.currentVersion else {
            throw fail("$.version", "unsupported version \(version) (this bench reads version \(Self.currentVersion))")
        }
        if let threads, !(1...StressOptions.maximumThreads).contains(threads) {
            throw fail("$.threads", "must be between 1 and \(StressOptions.maximumThreads), found \(threads)")
        }
        func checkVariant(_ variant: Int, _ path: String) throws(StressInputError) {
            guard StressASMNode.variantRange.contains(variant) else {
                throw fail(path, "must be an integer from 0 to \(StressASMNode.maximumVariant), found \(variant)")
            }
        }
        var previous: Int?
        for (i, step) in steps.enumerated() {
            let path = JSONPath.appending("$.steps", index: i)
            if let previous, step.seq <= previous {
                throw fail(path + ".seq", "sequence numbers must increase, found \(step.seq) after \(previous)")
            }
            previous = step.seq
            guard (0...StressOptions.maximumThreads).contains(step.lane) else {
                throw fail(path + ".lane", "must be 0 (the main actor) or a worker lane 1…\(StressOptions.maximumThreads), "
                               + "found \(step.lane)")
            }
            let name = step.op.kind.rawValue
            if step.op.isMainActorOnly && step.lane != 0 {
                throw fail(path + ".lane", "\"\(name)\" runs on the main actor only (lane 0), found lane \(step.lane)")
            }
            if step.op.isWorkerOnly && step.lane == 0 {
                throw fail(path + ".lane", "\"\(name)\" runs on a worker lane (1 or more), found lane 0")
            }
            let opPath = path + ".op." + name
            switch step.op {
            case .measure(_, let range):
                guard range.isValid else {
                    throw fail(opPath + ".range", "not a valid size range (finite minima ≥ 0, maxima ≥ minima)")
                }
            case .create(let root, _):
                try Self.validate(root, path: opPath + ".root", file: file)
            case .layoutPass(_, let width, let height):
                guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                    throw fail(opPath, "width and height must be finite numbers ≥ 0")
                }
            case .mainLayout(_, let width):
                guard width.isFinite, width > 0 else { throw fail(opPath + ".width", "must be a finite number > 0") }
            case .setVariant(_, let variant):
                try checkVariant(variant, opPath + ".variant")
            case .transition(_, _, let variant, let superseding):
                if let variant { try checkVariant(variant, opPath + ".variant") }
                if let superseding { try checkVariant(superseding, opPath + ".supersedingVariant") }
            case .setProperty(_, .frame(let x, let y, let width, let height)):
                guard [x, y, width, height].allSatisfy(\.isFinite) else {
                    throw fail(opPath + ".write", "a frame must be finite")
                }
            default:
                break
            }
        }
    }

    private static func validate(_ blueprint: StressBlueprint, path: String, file: String) throws(StressInputError) {
        let ids = blueprint.allIDs
        if Set(ids).count != ids.count {
            throw .invalidScript(file: file, path: path, reason: "node ids must be unique within a created tree")
        }
        if !blueprint.kind.takesChildren, let children = blueprint.children, !children.isEmpty {
            throw .invalidScript(file: file, path: path + ".children",
                                 reason: "a \(blueprint.kind.rawValue) node takes no children")
        }
        for (i, child) in (blueprint.children ?? []).enumerated() {
            try validate(child, path: JSONPath.appending(path + ".children", index: i), file: file)
        }
    }

    // MARK: - Decoding errors

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf",
                                                                        negativeInfinity: "-inf", nan: "nan")
        return decoder
    }()

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(JSONPath.root) { path, key in
            if let index = key.intValue { return JSONPath.appending(path, index: index) }
            return JSONPath.appending(path, key: key.stringValue)
        }
    }

    /// The value at a coding path in the parsed tree (for "found …").
    private static func value(at codingPath: [any CodingKey], in tree: JSONValue) -> JSONValue? {
        var current = tree
        for key in codingPath {
            switch current {
            case .array(let list):
                guard let index = key.intValue, list.indices.contains(index) else { return nil }
                current = list[index]
            case .object(let object):
                guard let next = object[key.stringValue] else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is UInt64.Type: "an integer"
        case is Double.Type: "a number or \"inf\""
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    private static func describe(_ error: DecodingError, tree: JSONValue, file: String) -> StressInputError {
        switch error {
        case .typeMismatch(let type, let context):
            let found = value(at: context.codingPath, in: tree)?.foundDescription ?? "something else"
            return .invalidScript(file: file, path: path(context.codingPath),
                                  reason: "expected \(expected(type)), found \(found)")
        case .valueNotFound(let type, let context):
            return .invalidScript(file: file, path: path(context.codingPath),
                                  reason: "expected \(expected(type)), found null")
        case .keyNotFound(let key, let context):
            return .invalidScript(file: file, path: path(context.codingPath),
                                  reason: "missing key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            // Foundation reports a number that does not fit an integer field (1.5 for a node id) as invalid
            // JSON at the root; the text already parsed, so find the field instead.
            if context.codingPath.isEmpty, let (path, found) = nonIntegerInIntegerField(tree) {
                return .invalidScript(file: file, path: path, reason: "expected an integer, found \(found)")
            }
            var reason = context.debugDescription
            if reason.hasPrefix("Cannot initialize"), let found = value(at: context.codingPath, in: tree) {
                reason = "unknown value \(found.foundDescription)"
            }
            return .invalidScript(file: file, path: path(context.codingPath), reason: oneLine(reason))
        @unknown default:
            return .invalidScript(file: file, path: JSONPath.root, reason: oneLine("\(error)"))
        }
    }

    /// A decoder's own message may quote the file's text as it is; an error is one line, so control
    /// characters are written as JSON escapes.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        let quoted = JSONText.quoted(text)
        return String(quoted.dropFirst().dropLast())
    }

    /// Fields that hold integers (ids, indexes, sequence numbers, lanes, variants).
    private static let integerKeys: Set<String> = ["seq", "lane", "node", "parent", "index", "root", "with", "id",
                                                   "variant", "supersedingVariant", "seed", "threads", "operations",
                                                   "version", "shrunkFrom"]

    /// The first integer field (depth-first, in document order) holding a number that is not an integer.
    private static func nonIntegerInIntegerField(_ value: JSONValue, path: String = JSONPath.root) -> (String, String)? {
        switch value {
        case .object(let object):
            for entry in object.entries {
                let (key, child) = (entry.key, entry.value)
                let childPath = JSONPath.appending(path, key: key)
                if integerKeys.contains(key), case .number(let n) = child, n.rounded() != n || !n.isFinite {
                    return (childPath, child.foundDescription)
                }
                if let found = nonIntegerInIntegerField(child, path: childPath) { return found }
            }
        case .array(let list):
            for (i, child) in list.enumerated() {
                if let found = nonIntegerInIntegerField(child, path: JSONPath.appending(path, index: i)) { return found }
            }
        default:
            break
        }
        return nil
    }
}
