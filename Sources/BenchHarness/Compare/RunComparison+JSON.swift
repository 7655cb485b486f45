// `bench compare --json`: the comparisons as JSON, for scripts. Keys in a fixed order (JSONValue objects
// keep it); numbers as Swift's shortest round-tripping form, absent statistics as null.

extension RunComparison {
    /// One document for every comparison of a `bench compare` call (each file after the first against it).
    public static func json(_ comparisons: [RunComparison], alpha: Double,
                            threshold: Double = RunComparison.defaultThreshold) -> String {
        JSONPrettyPrinter.print(.object(JSONObject([
            .init(key: "alpha", value: .number(alpha)),
            .init(key: "threshold", value: .number(threshold)),
            .init(key: "comparisons", value: .array(comparisons.map { $0.jsonValue() })),
        ]))) + "\n"
    }

    func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "a", value: .string(baselineFile)),
            .init(key: "b", value: .string(candidateFile)),
            .init(key: "rounds", value: rounds.map { .number(Double($0)) } ?? .null),
            .init(key: "notes", value: .array(notes.map { .string($0) })),
            .init(key: "metrics", value: .array(rows.map { $0.jsonValue() })),
            .init(key: "onlyInA", value: .array(onlyInBaseline.map { .string($0) })),
            .init(key: "onlyInB", value: .array(onlyInCandidate.map { .string($0) })),
            .init(key: "regressions", value: .number(Double(regressions.count))),
        ]))
    }
}

extension ComparisonRow {
    func jsonValue() -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        var labelEntries: [JSONObject.Entry] = []
        if let threads = labels.threads { labelEntries.append(.init(key: "threads", value: .number(Double(threads)))) }
        if let width = labels.width { labelEntries.append(.init(key: "width", value: .number(width))) }
        if let mix = labels.mix { labelEntries.append(.init(key: "mix", value: .string(mix))) }
        return .object(JSONObject([
            .init(key: "name", value: .string(name)),
            .init(key: "labels", value: .object(JSONObject(labelEntries))),
            .init(key: "unit", value: .string(unit)),
            .init(key: "lowerIsBetter", value: .bool(lowerIsBetter)),
            .init(key: "deterministic", value: .bool(deterministic)),
            .init(key: "a", value: .object(JSONObject([
                .init(key: "median", value: .number(baseline.median)),
                .init(key: "count", value: .number(Double(baseline.count))),
            ]))),
            .init(key: "b", value: .object(JSONObject([
                .init(key: "median", value: .number(candidate.median)),
                .init(key: "count", value: .number(Double(candidate.count))),
            ]))),
            .init(key: "ratio", value: number(estimate?.ratio)),
            .init(key: "interval", value: estimate?.lower != nil
                ? .array([number(estimate?.lower), number(estimate?.upper)]) : .null),
            .init(key: "u", value: number(test?.u)),
            .init(key: "pValue", value: number(test?.pValue)),
            .init(key: "method", value: test.map { .string($0.method.rawValue) } ?? .null),
            .init(key: "verdict", value: .string(verdictText)),
            .init(key: "regression", value: .bool(isRegression)),
            .init(key: "reason", value: reason.map { .string($0) } ?? .null),
        ]))
    }
}
