// Decoding a transition scenario (Scenarios/README.md, "Transition scenarios"), as strict as the other kinds.

extension TransitionScenario {
    static let topLevelKeys = ["version", "kind", "description", "transition", "seed", "cells", "widths",
                               "transitions", "warmup", "repetitions"]
}

struct TransitionScenarioDecoder {
    let reader: JSONReader
    var base: ScenarioDecoder { ScenarioDecoder(reader: reader) }

    func scenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> TransitionScenario {
        let root = JSONPath.root
        let context = "a transition scenario"
        let object = try reader.object(json, at: root)
        try reader.checkKeys(object, at: root, allowed: TransitionScenario.topLevelKeys, context: context)
        try base.checkVersion(object)

        let (descriptionValue, descriptionPath) = try base.required(object, "description", at: root, context: context)
        let description = try reader.string(descriptionValue, at: descriptionPath)
        let (transitionValue, transitionPath) = try base.required(object, "transition", at: root, context: context)
        let transition = try reader.choice(transitionValue, at: transitionPath, TransitionKind.self)
        let seed = try base.optionalInteger(object, "seed", at: root, in: 0...Int(UInt32.max), default: 0)
        let cells = try base.optionalInteger(object, "cells", at: root, in: TransitionScenario.cellRange, default: 1)
        let (widthsValue, widthsPath) = try base.required(object, "widths", at: root, context: context)
        let widths = try base.widthList(widthsValue, at: widthsPath)
        guard widths.count == transition.widthCount else {
            let expected = transition.widthCount == 1 ? "one width (the form's)"
                : "two widths (from and to, e.g. [375, 667])"
            throw reader.fail(widthsPath, .invalidValue(
                "the \(transition.rawValue) transition takes \(expected), found \(widths.count)"))
        }
        let (transitionsValue, transitionsPath) = try base.required(object, "transitions", at: root, context: context)
        let transitions = try base.integer(transitionsValue, at: transitionsPath, in: TransitionScenario.transitionRange)
        let warmup = try base.optionalInteger(object, "warmup", at: root, in: Scenario.warmupRange, default: 1)
        let (repetitionsValue, repetitionsPath) = try base.required(object, "repetitions", at: root, context: context)
        let repetitions = try base.integer(repetitionsValue, at: repetitionsPath, in: Scenario.repetitionRange)

        return TransitionScenario(name: name, file: reader.file, contentHash: contentHash, description: description,
                                  transition: transition, seed: UInt32(seed), cells: cells, widths: widths,
                                  transitions: transitions, warmup: warmup, repetitions: repetitions)
    }
}
