// JSON-aware mutations of a parsed seed: keys deleted, duplicated and renamed, values of another type,
// numbers and strings at the edges of every range, emptied containers, deep nesting, very long strings,
// repeated elements and subtrees moved from elsewhere. Every choice comes from the caller's SplitMix64, so
// the same stream gives the same mutations.

/// Mutates JSON trees with one seeded random stream; `log` names each mutation applied (kind and JSON path).
public struct FuzzMutator {
    public enum Kind: String, CaseIterable, Sendable {
        case deleteMember, duplicateMember, renameKey, changeType, extremeNumber, nudgeNumber, oddString,
             longString, emptyContainer, deepNesting, repeatElement, transplant, swapElements
    }

    /// How often each kind is drawn, relative to the others: numbers and types most, as most of bench's
    /// checks are ranges and types.
    static let weights: [(Kind, Int)] = [
        (.deleteMember, 4), (.duplicateMember, 2), (.renameKey, 3), (.changeType, 5), (.extremeNumber, 7),
        (.nudgeNumber, 3), (.oddString, 4), (.longString, 1), (.emptyContainer, 2), (.deepNesting, 1),
        (.repeatElement, 2), (.transplant, 3), (.swapElements, 1),
    ]

    /// Above this many bytes (estimated) a growing mutation is drawn smaller: inputs stay quick to write
    /// and to read, far below FileInput's maximum, which has its own test.
    static let sizeBudget = 4 << 20

    public var random: SplitMix64
    /// Other documents of the family, from which `transplant` takes subtrees.
    let donors: [FuzzJSON]
    public internal(set) var log: [String] = []

    public init(random: SplitMix64, donors: [FuzzJSON]) {
        self.random = random
        self.donors = donors
    }

    /// Applies one mutation of a kind drawn by weight.
    public mutating func mutate(_ document: inout FuzzJSON) {
        let total = Self.weights.reduce(0) { $0 + $1.1 }
        var draw = random.below(total)
        var kind = Kind.changeType
        for (candidate, weight) in Self.weights {
            if draw < weight { kind = candidate; break }
            draw -= weight
        }
        apply(kind, to: &document)
    }

    /// Applies one mutation of `kind`; a kind with nothing to act on (no number, no object) changes a type.
    public mutating func apply(_ kind: Kind, to document: inout FuzzJSON) {
        let paths = document.allPaths
        func pick(_ filter: (FuzzJSON) -> Bool) -> FuzzJSON.Path? {
            let candidates = paths.filter { document[path: $0].map(filter) ?? false }
            return candidates.isEmpty ? nil : candidates[random.below(candidates.count)]
        }
        let anyPath = paths[random.below(paths.count)]
        switch kind {
        case .deleteMember:
            guard let path = pick({ $0.childCount > 0 }) else { return apply(.changeType, to: &document) }
            let index = random.below(document[path: path]!.childCount)
            log.append("delete \(document.jsonPath(path + [index]))")
            document.modify(at: path) { $0.removeChild(at: index) }
        case .duplicateMember:
            guard let path = pick({ $0.childCount > 0 }) else { return apply(.changeType, to: &document) }
            let index = random.below(document[path: path]!.childCount)
            log.append("duplicate \(document.jsonPath(path + [index]))")
            document.modify(at: path) { $0.duplicateChild(at: index) }
        case .renameKey:
            guard let path = pick({ if case .object(let m) = $0 { !m.isEmpty } else { false } }),
                  case .object(let members) = document[path: path]! else { return apply(.changeType, to: &document) }
            let index = random.below(members.count)
            let key = newKey(for: members[index].key, in: document)
            log.append("rename \(document.jsonPath(path + [index])) → \(JSONText.quoted(String(key.prefix(24))))")
            document.modify(at: path) {
                if case .object(var m) = $0 { m[index].key = key; $0 = .object(m) }
            }
        case .changeType:
            let value = otherTypeValue(than: document[path: anyPath]!)
            replace(at: anyPath, in: &document, with: value, what: "retype")
        case .extremeNumber:
            let path = pick({ if case .number = $0 { true } else { false } }) ?? anyPath
            let number = FuzzValues.numbers[random.below(FuzzValues.numbers.count)]
            replace(at: path, in: &document, with: .number(number), what: "number")
        case .nudgeNumber:
            guard let path = pick({ if case .number = $0 { true } else { false } }),
                  case .number(let text) = document[path: path]! else { return apply(.extremeNumber, to: &document) }
            replace(at: path, in: &document, with: .number(nudged(text)), what: "nudge")
        case .oddString:
            let path = pick({ if case .string = $0 { true } else { false } }) ?? anyPath
            let string = FuzzValues.strings[random.below(FuzzValues.strings.count)]
            replace(at: path, in: &document, with: .string(string), what: "string")
        case .longString:
            let path = pick({ if case .string = $0 { true } else { false } }) ?? anyPath
            replace(at: path, in: &document, with: .string(longString()), what: "long string")
        case .emptyContainer:
            let path = pick({ $0.isContainer }) ?? anyPath
            let empty: FuzzJSON = if case .object = document[path: path]! { .object([]) } else { .array([]) }
            replace(at: path, in: &document, with: empty, what: "empty")
        case .deepNesting:
            let depths = [2, 16, 100, 511, 512, 513, 1000, 2000]
            let depth = depths[random.below(depths.count)]
            let asObjects = random.below(2) == 0
            var value = document[path: anyPath]!
            for _ in 0..<depth { value = asObjects ? .object([.init("a", value)]) : .array([value]) }
            replace(at: anyPath, in: &document, with: value, what: "nest \(depth) \(asObjects ? "objects" : "arrays") around")
        case .repeatElement:
            guard let path = pick({ if case .array(let a) = $0 { !a.isEmpty } else { false } }),
                  case .array(let elements) = document[path: path]! else { return apply(.duplicateMember, to: &document) }
            let index = random.below(elements.count)
            let size = max(1, elements[index].text(pretty: false).utf8.count)
            let times = min([1, 2, 10, 100, 1000, 10000][random.below(6)], max(1, Self.sizeBudget / size))
            log.append("repeat \(document.jsonPath(path + [index])) \(times)×")
            document.modify(at: path) {
                var grown = elements
                grown.insert(contentsOf: repeatElement(elements[index], count: times), at: index)
                $0 = .array(grown)
            }
        case .transplant:
            let source = donors.isEmpty || random.below(2) == 0 ? document : donors[random.below(donors.count)]
            let sourcePaths = source.allPaths
            let value = source[path: sourcePaths[random.below(sourcePaths.count)]]!
            replace(at: anyPath, in: &document, with: value, what: "transplant into")
        case .swapElements:
            guard let path = pick({ $0.childCount > 1 }) else { return apply(.deleteMember, to: &document) }
            let count = document[path: path]!.childCount
            let (i, j) = (random.below(count), random.below(count))
            log.append("swap \(document.jsonPath(path + [i])) and [\(j)]")
            document.modify(at: path) { $0.swapChildren(i, j) }
        }
    }

    private mutating func replace(at path: FuzzJSON.Path, in document: inout FuzzJSON, with value: FuzzJSON,
                                  what: String) {
        log.append("\(what) \(document.jsonPath(path)): \(Self.brief(value))")
        document.modify(at: path) { $0 = value }
    }

    /// A key for a renamed member: a near miss of its own name, another key of the document, or an odd one.
    private mutating func newKey(for key: String, in document: FuzzJSON) -> String {
        switch random.below(4) {
        case 0: return key.isEmpty ? "x" : key.prefix(1).uppercased() + key.dropFirst()
        case 1: return key + ["x", "s", " ", "_", "\u{0}"][random.below(5)]
        case 2:
            var keys: [String] = []
            for path in document.allPaths {
                if case .object(let members) = document[path: path]! { keys += members.map(\.key) }
            }
            return keys.isEmpty ? "x" : keys[random.below(keys.count)]
        default: return FuzzValues.keys[random.below(FuzzValues.keys.count)]
        }
    }

    /// A value of another JSON type than `value` (a container sometimes wrapping the old value).
    private mutating func otherTypeValue(than value: FuzzJSON) -> FuzzJSON {
        while true {
            let candidate: FuzzJSON = switch random.below(8) {
            case 0: .null
            case 1: .bool(random.below(2) == 0)
            case 2: .number(FuzzValues.numbers[random.below(FuzzValues.numbers.count)])
            case 3: .string(FuzzValues.strings[random.below(FuzzValues.strings.count)])
            case 4: .array([])
            case 5: .array([value])
            case 6: .object([])
            default: .object([.init("value", value)])
            }
            if candidate.typeName != value.typeName { return candidate }
        }
    }

    /// A number near `text`: one more or less, doubled, negated, a thousand times, with a fraction.
    private mutating func nudged(_ text: String) -> String {
        guard let value = Double(text) else { return text + "0" }
        let nudges: [Double] = [value + 1, value - 1, value * 2, -value, value * 1000, value + 0.5, value / 3,
                                value * 1e6]
        // An overflow to infinity comes out as the string "inf": still JSON, and a case worth writing too.
        return JSONText.number(nudges[random.below(nudges.count)])
    }

    /// 256 B … 1 MiB of one repeated unit: ASCII, multi-byte UTF-8, escapes or spaces.
    private mutating func longString() -> String {
        let length = 1 << (8 + random.below(13))
        let units = ["a", "é", "🧵", "\\", "\"", " ", "\u{1}", "0"]
        let unit = units[random.below(units.count)]
        return String(repeating: unit, count: max(1, length / max(1, unit.utf8.count)))
    }

    /// A mutation log's short form of a value.
    static func brief(_ value: FuzzJSON) -> String {
        switch value {
        case .string(let s) where s.count > 24: "a string of \(s.count) characters"
        case .array(let a) where !a.isEmpty: "an array of \(a.count)"
        case .object(let m) where !m.isEmpty: "an object of \(m.count)"
        default: value.text(pretty: false)
        }
    }
}

// MARK: - Container edits

extension FuzzJSON {
    var childCount: Int {
        switch self {
        case .array(let a): a.count
        case .object(let m): m.count
        default: 0
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    mutating func removeChild(at index: Int) {
        switch self {
        case .array(var a): a.remove(at: index); self = .array(a)
        case .object(var m): m.remove(at: index); self = .object(m)
        default: break
        }
    }

    /// The element again right after it; for an object, the same key twice.
    mutating func duplicateChild(at index: Int) {
        switch self {
        case .array(var a): a.insert(a[index], at: index + 1); self = .array(a)
        case .object(var m): m.insert(m[index], at: index + 1); self = .object(m)
        default: break
        }
    }

    mutating func swapChildren(_ i: Int, _ j: Int) {
        switch self {
        case .array(var a): a.swapAt(i, j); self = .array(a)
        case .object(var m): m.swapAt(i, j); self = .object(m)
        default: break
        }
    }
}
