// Decoding a churn scenario (format in Scenarios/README.md, "Churn scenarios"): the same strictness as layout
// scenarios — unknown keys are errors at their own path, whole numbers may not have a fraction, every error is
// one line with the file, the JSON path and the reason.

extension ChurnScenario {
    static let topLevelKeys = ["version", "kind", "description", "seed", "sizes", "mixes", "inputs", "lcs", "asm",
                               "warmup", "repetitions"]
    static let mixKeys = ["name", "edits", "insert", "remove", "move"]
    static let lcsKeys = ["maxN", "slowN", "slowRepetitions", "slowWarmup"]
}

extension ScenarioDecoder {
    func churnScenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> ChurnScenario {
        let fields = try self.fields(json, allowed: ChurnScenario.topLevelKeys, context: "a churn scenario")
        let seed = try fields.integer("seed", in: 0...Int(UInt32.max))
        let sizes = try fields.required("sizes", sizeList)
        let mixes = try fields.required("mixes", mixList)
        let inputs = try fields.optionalInteger("inputs", in: ChurnScenario.inputRange, default: 8)
        let lcs = try fields.optional("lcs", lcsSettings) ?? LCSSettings()
        let asm = try fields.optional("asm", reader.bool) ?? true
        let (warmup, repetitions) = try fields.repetitions()

        return ChurnScenario(name: name, file: reader.file, contentHash: contentHash, description: fields.description,
                             seed: UInt32(seed), sizes: sizes, mixes: mixes, inputs: inputs, lcs: lcs, asm: asm,
                             warmup: warmup, repetitions: repetitions)
    }

    /// A non-empty array of list sizes without duplicates.
    func sizeList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [Int] {
        try distinctList(value, at: path, of: "list sizes", duplicate: { "size \($0)" }) {
            element, elementPath throws(LayoutDocumentError) in
            try integer(element, at: elementPath, in: ChurnScenario.sizeRange)
        }
    }

    /// A non-empty array of edit mixes with distinct names.
    func mixList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [EditMix] {
        let array = try nonEmptyArray(value, at: path, of: "edit mixes")
        var mixes: [EditMix] = []
        for (index, element) in array.enumerated() {
            let elementPath = JSONPath.appending(path, index: index)
            let mix = try editMix(element, at: elementPath)
            guard !mixes.contains(where: { $0.name == mix.name }) else {
                throw reader.fail(JSONPath.appending(elementPath, key: "name"),
                                  .invalidValue("duplicate mix name \(JSONText.quoted(mix.name))"))
            }
            mixes.append(mix)
        }
        return mixes
    }

    /// {"name": "mixed-1%", "edits": 0.01, "insert": 1, "remove": 1, "move": 1}; weights default to 0, at least
    /// one must be positive.
    func editMix(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> EditMix {
        let context = "an edit mix"
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ChurnScenario.mixKeys, context: context)
        let (nameValue, namePath) = try required(object, "name", at: path, context: context)
        let name = try reader.string(nameValue, at: namePath)
        guard !name.isEmpty, name.count <= 40 else {
            throw reader.fail(namePath, .invalidValue("a mix name needs 1 to 40 characters"))
        }
        let (editsValue, editsPath) = try required(object, "edits", at: path, context: context)
        let edits = try fraction(editsValue, at: editsPath, in: 0...1, what: "a fraction of n")
        guard edits > 0 else { throw reader.fail(editsPath, .invalidValue("must be more than 0 (a fraction of n)")) }
        var weights: [Double] = []
        for key in ["insert", "remove", "move"] {
            guard let weight = object[key] else {
                weights.append(0)
                continue
            }
            weights.append(try fraction(weight, at: JSONPath.appending(path, key: key), in: 0...1_000_000,
                                             what: "a relative weight"))
        }
        guard weights.contains(where: { $0 > 0 }) else {
            throw reader.fail(path, .invalidValue("an edit mix needs a positive weight for insert, remove or move"))
        }
        return EditMix(name: name, edits: edits, insert: weights[0], remove: weights[1], move: weights[2])
    }

    /// {"maxN": …, "slowN": …, "slowRepetitions": …, "slowWarmup": …}, each optional.
    func lcsSettings(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> LCSSettings {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ChurnScenario.lcsKeys, context: "the LCS settings")
        let defaults = LCSSettings()
        return LCSSettings(
            maxN: try optionalInteger(object, "maxN", at: path, in: ChurnScenario.lcsSizeRange, default: defaults.maxN),
            slowN: try optionalInteger(object, "slowN", at: path, in: ChurnScenario.sizeRange, default: defaults.slowN),
            slowRepetitions: try optionalInteger(object, "slowRepetitions", at: path, in: Scenario.repetitionRange,
                                                      default: defaults.slowRepetitions),
            slowWarmup: try optionalInteger(object, "slowWarmup", at: path, in: Scenario.warmupRange,
                                                 default: defaults.slowWarmup))
    }
}
