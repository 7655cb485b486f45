import LayoutCore
import TextEngine

// Decoding a layout document (format in Scenarios/layout/README.md) by hand over `JSONValue`, so every
// error names the exact JSON path of the value at fault. Elements are decoded in document key order, so
// a duplicate node name is reported where it appears the second time in the text.

extension LayoutDocument {
    /// The name errors give to standard input.
    public static let standardInputName = "<stdin>"

    /// Decodes a document from the bytes of a JSON file; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> LayoutDocument {
        let json = try JSONParser.parse(bytes, file: file)
        return try decode(json, file: file)
    }

    public static func decode(_ text: String, file: String) throws(LayoutDocumentError) -> LayoutDocument {
        try decode(Array(text.utf8), file: file)
    }

    public static func decode(_ json: JSONValue, file: String) throws(LayoutDocumentError) -> LayoutDocument {
        var decoder = LayoutDocumentDecoder(reader: JSONReader(file: file))
        return try decoder.document(json)
    }

    /// Reads and decodes `path`, or standard input when `path` is "-".
    public static func load(path: String) throws(LayoutDocumentError) -> LayoutDocument {
        if path == "-" {
            let bytes = try FileInput.readStandardInput(name: standardInputName)
            return try decode(bytes, file: standardInputName)
        }
        return try decode(try FileInput.read(path: path), file: path)
    }
}

struct LayoutDocumentDecoder {
    let reader: JSONReader
    /// Each node name and the path of its "node" key, to reject a second use.
    var namePaths: [String: String] = [:]

    static let documentKeys = ["version", "name", "description", "scale", "sizeRange", "root"]

    /// The keys an element of each kind requires besides its kind key.
    static func companionKeys(of kind: String) -> [String] {
        switch kind {
        case "stack", "absolute", "wrapper": return ["children"]
        case "inset", "overlay", "background", "center", "relative", "ratio": return ["child"]
        case "corner": return ["child", "cornerElement"]
        case "text": return ["name"]
        default: return []  // node, spacer
        }
    }

    /// The keys an element of each kind may have besides its kind key, its companions and "style".
    static func optionalKeys(of kind: String) -> [String] {
        kind == "text" ? ["font", "maxLines", "truncationToken"] : []
    }

    static let allElementKeys = ElementKind.keys
        + ["style", "child", "children", "cornerElement", "name", "font", "maxLines", "truncationToken"]

    // MARK: The document

    mutating func document(_ json: JSONValue) throws(LayoutDocumentError) -> LayoutDocument {
        let path = JSONPath.root
        let object = try reader.object(json, at: path)
        // The version first: a newer file should be told it is newer, not that its new keys are unknown.
        if let version = object["version"] {
            let versionPath = JSONPath.appending(path, key: "version")
            guard case .number(let n) = version else {
                throw reader.wrongType(versionPath, expected: "the number \(LayoutDocument.version)", version)
            }
            guard n == Double(LayoutDocument.version) else {
                throw reader.fail(versionPath, .unsupportedVersion(found: JSONText.number(n)))
            }
        }
        try reader.checkKeys(object, at: path, allowed: Self.documentKeys, context: "the document")

        var name: String?, description: String?, scale = LayoutDocument.defaultScale
        if let value = object["name"] {
            name = try reader.string(value, at: JSONPath.appending(path, key: "name"))
        }
        if let value = object["description"] {
            description = try reader.string(value, at: JSONPath.appending(path, key: "description"))
        }
        if let value = object["scale"] {
            let scalePath = JSONPath.appending(path, key: "scale")
            scale = try reader.number(value, at: scalePath)
            guard LayoutDocument.scaleRange.contains(scale) else {
                let range = LayoutDocument.scaleRange
                throw reader.fail(scalePath, .invalidValue("must be a number from \(JSONText.number(range.lowerBound)) to "
                    + "\(JSONText.number(range.upperBound)) (the screen scale), found \(JSONText.number(scale))"))
            }
        }
        let range = try reader.required(object, "sizeRange", at: path, context: "the document")
        let sizeRange = try sizeRange(range, at: JSONPath.appending(path, key: "sizeRange"))
        let rootValue = try reader.required(object, "root", at: path, context: "the document")
        let root = try element(rootValue, at: JSONPath.appending(path, key: "root"))
        return LayoutDocument(name: name, description: description, scale: scale, sizeRange: sizeRange, root: root)
    }

    /// {"min": [w, h], "max": [w, h]}: minimums finite and ≥ 0, maximums ≥ 0 or "inf", min ≤ max.
    func sizeRange(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> SizeRange {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["min", "max"], context: "the sizeRange")
        let minPath = JSONPath.appending(path, key: "min"), maxPath = JSONPath.appending(path, key: "max")
        let minPair = try reader.numberPair(try reader.required(object, "min", at: path, context: "the sizeRange"),
                                            at: minPath, what: "[width, height]")
        let maxPair = try reader.numberPair(try reader.required(object, "max", at: path, context: "the sizeRange"),
                                            at: maxPath, what: "[width, height]")
        let min = Size(width: try reader.finiteNonNegative(minPair.0, at: JSONPath.appending(minPath, index: 0)),
                       height: try reader.finiteNonNegative(minPair.1, at: JSONPath.appending(minPath, index: 1)))
        let max = Size(width: try reader.nonNegative(maxPair.0, at: JSONPath.appending(maxPath, index: 0)),
                       height: try reader.nonNegative(maxPair.1, at: JSONPath.appending(maxPath, index: 1)))
        for (axis, lo, hi) in [("width", min.width, max.width), ("height", min.height, max.height)] where lo > hi {
            throw reader.fail(path, .invalidValue(
                "the minimum \(axis) \(JSONText.number(lo)) is greater than the maximum \(axis) \(JSONText.number(hi))"))
        }
        return SizeRange(min: min, max: max)
    }

    // MARK: Elements

    mutating func element(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> ElementDescription {
        guard case .object(let object) = value else {
            throw reader.wrongType(path, expected: "an element (an object with one kind key)", value)
        }
        let kinds = object.keys.filter { ElementKind.keys.contains($0) }
        if kinds.count > 1 { throw reader.fail(path, .severalKinds(kinds)) }
        guard let kind = kinds.first else {
            // A key the format does not know at all explains a missing kind best (a typo like "stak").
            if let unknown = object.keys.first(where: { !Self.allElementKeys.contains($0) }) {
                throw reader.fail(JSONPath.appending(path, key: unknown),
                                  .unknownKey(unknown, context: "an element", allowed: ElementKind.keys + ["style"]))
            }
            throw reader.fail(path, .noKind)
        }
        let context = "\(kind) element".withArticle
        let companions = Self.companionKeys(of: kind)
        try reader.checkKeys(object, at: path, allowed: [kind, "style"] + companions + Self.optionalKeys(of: kind),
                             context: context)
        for key in companions where object[key] == nil {
            throw reader.fail(path, .missingKey(key, context: context))
        }

        var parts = ElementParts()
        for entry in object.entries {
            let entryPath = JSONPath.appending(path, key: entry.key)
            switch entry.key {
            case "style":
                if kind == "text" { try checkTextStyle(entry.value, at: entryPath) }
                parts.style = try style(entry.value, at: entryPath)
            case "child": parts.child = try element(entry.value, at: entryPath)
            case "cornerElement": parts.corner = try element(entry.value, at: entryPath)
            case "children": parts.children = try elements(entry.value, at: entryPath)
            case "name": parts.name = try nodeName(entry.value, at: entryPath)
            case "font": parts.font = try font(entry.value, at: entryPath)
            case "maxLines": parts.maximumNumberOfLines = try reader.count(entry.value, at: entryPath)
            case "truncationToken": parts.truncationToken = try reader.string(entry.value, at: entryPath)
            default: parts.kind = try kindValue(kind, entry.value, at: entryPath)
            }
        }
        return ElementDescription(parts.assemble(kind: kind), style: parts.style)
    }

    /// A text element's baseline offsets come from its font; a style that sets them is rejected rather than
    /// silently overridden.
    func checkTextStyle(_ value: JSONValue, at path: String) throws(LayoutDocumentError) {
        guard case .object(let object) = value else { return }  // style() reports the wrong type
        for key in object.keys where key == "ascender" || key == "descender" {
            throw reader.fail(JSONPath.appending(path, key: key), .invalidValue(
                "a text element's ascender and descender come from its font (the first line's baseline and the "
                    + "last line's descender); remove \(JSONText.quoted(key))"))
        }
    }

    mutating func elements(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [ElementDescription] {
        let array = try reader.array(value, at: path)
        var elements: [ElementDescription] = []
        elements.reserveCapacity(array.count)
        for (index, child) in array.enumerated() {
            elements.append(try element(child, at: JSONPath.appending(path, index: index)))
        }
        return elements
    }

    /// The value of the kind key: a name, an options object, a ratio or (overlay, background) an element.
    mutating func kindValue(_ kind: String, _ value: JSONValue, at path: String) throws(LayoutDocumentError) -> KindValue {
        switch kind {
        case "node": return .node(try nodeName(value, at: path))
        case "text": return .text(try reader.string(value, at: path))
        case "stack": return .stack(try stackOptions(value, at: path))
        case "inset": return .inset(try insets(value, at: path))
        case "overlay", "background": return .element(try element(value, at: path))
        case "center": return .center(try centerOptions(value, at: path))
        case "relative": return .relative(try relativeOptions(value, at: path))
        case "ratio": return .ratio(try reader.finitePositive(value, at: path))
        case "absolute": return .absolute(try absoluteSizing(value, at: path))
        case "wrapper", "spacer":
            let object = try reader.object(value, at: path)
            try reader.checkKeys(object, at: path, allowed: [], context: "the \(kind) options")
            return .none
        case "corner": return .corner(try cornerOptions(value, at: path))
        default: preconditionFailure("kind key \(kind) has no decoder")
        }
    }

    mutating func nodeName(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> String {
        let name = try reader.string(value, at: path)
        guard !name.isEmpty else { throw reader.fail(path, .invalidValue("a node name must not be empty")) }
        if let first = namePaths[name] { throw reader.fail(path, .duplicateName(name, firstPath: first)) }
        namePaths[name] = path
        return name
    }
}

/// The parts of one element gathered in document key order, then assembled into its kind.
struct ElementParts {
    var kind: KindValue = .none
    var style = LayoutElementStyle()
    var child: ElementDescription?
    var corner: ElementDescription?
    var children: [ElementDescription] = []
    // Text elements.
    var name: String?
    var font = TextAttributes()
    var maximumNumberOfLines = 0
    var truncationToken = TextMeasurer.defaultTruncationToken

    /// Every required key was checked before the parts were read, so each child is present here.
    func assemble(kind key: String) -> ElementKind {
        switch kind {
        case .node(let name): return .node(name: name)
        case .text(let string):
            return .text(TextLeaf(name: name!, string: string, attributes: font,
                                  maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken))
        case .stack(let options): return .stack(options, children: children)
        case .inset(let insets): return .inset(insets, child: child!)
        case .element(let element):
            return key == "overlay" ? .overlay(element, child: child!) : .background(element, child: child!)
        case .center(let options): return .center(options, child: child!)
        case .relative(let options): return .relative(options, child: child!)
        case .ratio(let ratio): return .ratio(ratio, child: child!)
        case .absolute(let sizing): return .absolute(sizing, children: children)
        case .corner(let options): return .corner(options, child: child!, corner: corner!)
        case .none: return key == "wrapper" ? .wrapper(children: children) : .spacer
        }
    }
}

enum KindValue {
    case none
    case node(String)
    case text(String)
    case stack(StackOptions)
    case inset(EdgeInsets)
    case element(ElementDescription)
    case center(CenterOptions)
    case relative(RelativeOptions)
    case ratio(Double)
    case absolute(AbsoluteLayoutSpecSizing)
    case corner(CornerOptions)
}
