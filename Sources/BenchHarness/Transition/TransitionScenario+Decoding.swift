// Decoding a transition scenario (Scenarios/README.md, "Transition scenarios"), as strict as the other kinds.

extension TransitionScenario {
    static let topLevelKeys = ["version", "kind", "description", "transition", "seed", "cells", "widths",
                               "transitions", "warmup", "repetitions"]
}

extension ScenarioDecoder {
    func transitionScenario(_ json: JSONValue, name: String, contentHash: String) throws(LayoutDocumentError) -> TransitionScenario {
        let fields = try self.fields(json, allowed: TransitionScenario.topLevelKeys, context: "a transition scenario")
        let transition = try fields.choice("transition", TransitionKind.self)
        let seed = try fields.seed()
        let cells = try fields.optionalInteger("cells", in: TransitionScenario.cellRange, default: 1)
        let widths = try fields.required("widths", widthList)
        let widthsPath = fields.path("widths")
        guard widths.count == transition.widthCount else {
            let expected = transition.widthCount == 1 ? "one width (the form's)"
                : "two widths (from and to, e.g. [375, 667])"
            throw reader.fail(widthsPath, .invalidValue(
                "the \(transition.rawValue) transition takes \(expected), found \(widths.count)"))
        }
        let transitions = try fields.integer("transitions", in: TransitionScenario.transitionRange)
        let (warmup, repetitions) = try fields.repetitions()

        return TransitionScenario(name: name, file: reader.file, contentHash: contentHash, description: fields.description,
                                  transition: transition, seed: seed, cells: cells, widths: widths,
                                  transitions: transitions, warmup: warmup, repetitions: repetitions)
    }
}
