// Decoding a churn scenario (format in Scenarios/README.md, "Churn scenarios"): the same strictness as layout
// scenarios — unknown keys are errors at their own path, whole numbers may not have a fraction, every error is
// one line with the file, the JSON path and the reason.

extension ChurnScenario {
    static let topLevelKeys = ["version", "kind", "description", "seed", "sizes", "mixes", "inputs", "lcs", "asm",
                               "warmup", "repetitions"]
    static let mixKeys = ["name", "edits", "insert", "remove", "move"]
    static let lcsKeys = ["maxN", "slowN", "slowRepetitions", "slowWarmup"]
}

struct ChurnScenarioDecoder {
    let reader: JSONReader
    var base: ScenarioDecoder { ScenarioDecoder(reader: reader) }

    func scenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> ChurnScenario {
        let root = JSONPath.root
        let context = "a churn scenario"
        let object = try reader.object(json, at: root)
        try reader.checkKeys(object, at: root, allowed: ChurnScenario.topLevelKeys, context: context)
        try base.checkVersion(object)

        let (descriptionValue, descriptionPath) = try base.required(object, "description", at: root, context: context)
        let description = try reader.string(descriptionValue, at: descriptionPath)
        let (seedValue, seedPath) = try base.required(object, "seed", at: root, context: context)
        let seed = try base.integer(seedValue, at: seedPath, in: 0...Int(UInt32.max))
        let (sizesValue, sizesPath) = try base.required(object, "sizes", at: root, context: context)
        let sizes = try sizeList(sizesValue, at: sizesPath)
        let (mixesValue, mixesPath) = try base.required(object, "mixes", at: root, context: context)
        let mixes = try mixList(mixesValue, at: mixesPath)
        let inputs = try base.optionalInteger(object, "inputs", at: root, in: ChurnScenario.inputRange, default: 8)
        let lcs = try object["lcs"].map { value throws(LayoutDocumentError) in
            try lcsSettings(value, at: JSONPath.appending(root, key: "lcs"))
        } ?? LCSSettings()
        let asm = try object["asm"].map { value throws(LayoutDocumentError) in
            try reader.bool(value, at: JSONPath.appending(root, key: "asm"))
        } ?? true
        let warmup = try base.optionalInteger(object, "warmup", at: root, in: Scenario.warmupRange, default: 1)
        let (repetitionsValue, repetitionsPath) = try base.required(object, "repetitions", at: root, context: context)
        let repetitions = try base.integer(repetitionsValue, at: repetitionsPath, in: Scenario.repetitionRange)

        return ChurnScenario(name: name, file: reader.file, contentHash: contentHash, description: description,
                             seed: UInt32(seed), sizes: sizes, mixes: mixes, inputs: inputs, lcs: lcs, asm: asm,
                             warmup: warmup, repetitions: repetitions)
    }

    /// A non-empty array of list sizes without duplicates.
    func sizeList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [Int] {
        let array = try base.nonEmptyArray(value, at: path, of: "list sizes")
        var sizes: [Int] = []
        for (index, element) in array.enumerated() {
            let elementPath = JSONPath.appending(path, index: index)
            let size = try base.integer(element, at: elementPath, in: ChurnScenario.sizeRange)
            guard !sizes.contains(size) else { throw reader.fail(elementPath, .invalidValue("duplicate size \(size)")) }
            sizes.append(size)
        }
        return sizes
    }

    /// A non-empty array of edit mixes with distinct names.
    func mixList(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> [EditMix] {
        let array = try base.nonEmptyArray(value, at: path, of: "edit mixes")
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
        let (nameValue, namePath) = try base.required(object, "name", at: path, context: context)
        let name = try reader.string(nameValue, at: namePath)
        guard !name.isEmpty, name.count <= 40 else {
            throw reader.fail(namePath, .invalidValue("a mix name needs 1 to 40 characters"))
        }
        let (editsValue, editsPath) = try base.required(object, "edits", at: path, context: context)
        let edits = try base.fraction(editsValue, at: editsPath, in: 0...1, what: "a fraction of n")
        guard edits > 0 else { throw reader.fail(editsPath, .invalidValue("must be more than 0 (a fraction of n)")) }
        var weights: [Double] = []
        for key in ["insert", "remove", "move"] {
            guard let weight = object[key] else {
                weights.append(0)
                continue
            }
            weights.append(try base.fraction(weight, at: JSONPath.appending(path, key: key), in: 0...1_000_000,
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
            maxN: try base.optionalInteger(object, "maxN", at: path, in: ChurnScenario.lcsSizeRange, default: defaults.maxN),
            slowN: try base.optionalInteger(object, "slowN", at: path, in: ChurnScenario.sizeRange, default: defaults.slowN),
            slowRepetitions: try base.optionalInteger(object, "slowRepetitions", at: path, in: Scenario.repetitionRange,
                                                      default: defaults.slowRepetitions),
            slowWarmup: try base.optionalInteger(object, "slowWarmup", at: path, in: Scenario.warmupRange,
                                                 default: defaults.slowWarmup))
    }
}
