// An object of a JSON document being read strictly (results, baselines): its keys checked on opening, then
// typed fields by key, each error naming the file and the field's JSON path (bench: exit code 2).

struct JSONFields {
    let reader: JSONReader
    let object: JSONObject
    let path: String
    /// What the object is, for a missing key's message ("a metric").
    let context: String

    init(_ reader: JSONReader, _ value: JSONValue, at path: String, context: String, keys: [String])
        throws(LayoutDocumentError)
    {
        self.reader = reader
        self.path = path
        self.context = context
        object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: keys, context: context)
    }

    /// The path of `key` in this object.
    func at(_ key: String) -> String { JSONPath.appending(path, key: key) }

    /// A required key's value.
    func value(_ key: String) throws(LayoutDocumentError) -> JSONValue {
        try reader.required(object, key, at: path, context: context)
    }

    /// A required key's value and path.
    func entry(_ key: String) throws(LayoutDocumentError) -> (JSONValue, String) {
        (try value(key), at(key))
    }

    /// A required key read by `read`; nil when its value is null and `nullable`.
    private func read<T>(_ key: String, nullable: Bool = false,
                         _ read: (JSONValue, String) throws(LayoutDocumentError) -> T) throws(LayoutDocumentError) -> T? {
        let (value, at) = try entry(key)
        if nullable && value == .null { return nil }
        return try read(value, at)
    }

    func string(_ key: String) throws(LayoutDocumentError) -> String {
        try read(key, reader.string)!
    }

    func optionalString(_ key: String) throws(LayoutDocumentError) -> String? {
        try read(key, nullable: true, reader.string)
    }

    func bool(_ key: String) throws(LayoutDocumentError) -> Bool {
        try read(key, reader.bool)!
    }

    func optionalBool(_ key: String) throws(LayoutDocumentError) -> Bool? {
        try read(key, nullable: true, reader.bool)
    }

    /// A finite number.
    func number(_ key: String) throws(LayoutDocumentError) -> Double {
        try read(key, reader.finite)!
    }

    func integer(_ key: String) throws(LayoutDocumentError) -> Int {
        try read(key) { value, at throws(LayoutDocumentError) in try ResultDecoder.integer(reader, value, at: at) }!
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(LayoutDocumentError) -> Int {
        let n = try integer(key)
        guard range.contains(n) else {
            throw reader.fail(at(key), .invalidValue("must be from \(range.lowerBound) to \(range.upperBound), found \(n)"))
        }
        return n
    }

    /// A required array's elements, each with its path.
    func array(_ key: String) throws(LayoutDocumentError) -> [(JSONValue, String)] {
        let (value, at) = try entry(key)
        return try reader.array(value, at: at).enumerated().map { ($1, JSONPath.appending(at, index: $0)) }
    }
}

/// A document bench reads from a JSON file strictly: every error names the file and the JSON path.
public protocol StrictJSONDocument {
    static func decode(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> Self
}

extension StrictJSONDocument {
    public static func decode(_ text: String, file: String) throws(LayoutDocumentError) -> Self {
        try decode(Array(text.utf8), file: file)
    }

    /// Reads and decodes the file at `path`.
    public static func load(path: String) throws(LayoutDocumentError) -> Self {
        try decode(try FileInput.read(path: path), file: path)
    }
}
