// The top level of a scenario file as every kind's decoder reads it: the object, its keys checked against
// the kind's, its version and the "description" every kind has read once (ScenarioDecoder.fields), then one
// field at a time by key. A missing key's error names what the file should be ("a churn scenario"); every
// error names the key's JSON path.

struct ScenarioFields {
    let base: ScenarioDecoder
    let object: JSONObject
    /// What the top level is, for a missing key's message.
    let context: String
    /// The required "description".
    var description = ""

    var reader: JSONReader { base.reader }

    /// The JSON path of a top-level key.
    func path(_ key: String) -> String { JSONPath.appending(JSONPath.root, key: key) }

    /// A required key: its value and path.
    func required(_ key: String) throws(LayoutDocumentError) -> (JSONValue, String) {
        try base.required(object, key, at: JSONPath.root, context: context)
    }

    /// A required key decoded by `decode`, which gets its value and path.
    func required<T>(_ key: String, _ decode: (JSONValue, String) throws(LayoutDocumentError) -> T)
        throws(LayoutDocumentError) -> T
    {
        let (value, path) = try required(key)
        return try decode(value, path)
    }

    /// An optional key decoded by `decode`, or nil when absent.
    func optional<T>(_ key: String, _ decode: (JSONValue, String) throws(LayoutDocumentError) -> T)
        throws(LayoutDocumentError) -> T?
    {
        guard let value = object[key] else { return nil }
        return try decode(value, path(key))
    }

    func string(_ key: String) throws(LayoutDocumentError) -> String {
        try required(key, reader.string)
    }

    /// A required whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(LayoutDocumentError) -> Int {
        try required(key) { value, path throws(LayoutDocumentError) in try base.integer(value, at: path, in: range) }
    }

    /// An optional whole number within `range`, or `defaultValue`.
    func optionalInteger(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int)
        throws(LayoutDocumentError) -> Int
    {
        try base.optionalInteger(object, key, at: JSONPath.root, in: range, default: defaultValue)
    }

    /// A required name of one of `E`'s cases.
    func choice<E: CaseIterable & RawRepresentable>(_ key: String, _ type: E.Type) throws(LayoutDocumentError) -> E
        where E.RawValue == String
    {
        try required(key) { value, path throws(LayoutDocumentError) in try reader.choice(value, at: path, type) }
    }

    /// The optional "seed": a 32-bit whole number, 0 when absent.
    func seed() throws(LayoutDocumentError) -> UInt32 {
        UInt32(try optionalInteger("seed", in: 0...Int(UInt32.max), default: 0))
    }

    /// The optional "warmup" (1 when absent) and the required "repetitions" every kind has.
    func repetitions() throws(LayoutDocumentError) -> (warmup: Int, repetitions: Int) {
        let warmup = try optionalInteger("warmup", in: Scenario.warmupRange, default: 1)
        return (warmup, try integer("repetitions", in: Scenario.repetitionRange))
    }
}

extension ScenarioDecoder {
    /// Opens the top level of a scenario file of one kind: an object with only `keys`, of this version, with
    /// a description.
    func fields(_ json: JSONValue, allowed keys: [String], context: String) throws(LayoutDocumentError) -> ScenarioFields {
        let object = try reader.object(json, at: JSONPath.root)
        try reader.checkKeys(object, at: JSONPath.root, allowed: keys, context: context)
        try checkVersion(object)
        var fields = ScenarioFields(base: self, object: object, context: context)
        fields.description = try fields.string("description")
        return fields
    }
}
