// A baseline as JSON (Results/README.md "Gate" documents the schema): keys in a fixed order, printed
// by the result's pretty printer except that each metric takes exactly one line, so a re-recorded
// baseline's diff shows the metrics that changed, one line each.

extension Baseline {
    public func json() -> String {
        guard case .object(let object) = jsonValue() else { return "" }
        var out = "{\n"
        for (index, entry) in object.entries.enumerated() {
            out += "  " + JSONText.quoted(entry.key) + ": "
            if entry.key == "metrics", case .array(let metrics) = entry.value, !metrics.isEmpty {
                out += "[\n" + metrics.map { "    " + JSONPrettyPrinter.compact($0) }.joined(separator: ",\n") + "\n  ]"
            } else {
                // Nested lines of the pretty-printed value, one level deeper (strings hold no raw newline).
                out += JSONPrettyPrinter.print(entry.value).split(separator: "\n", omittingEmptySubsequences: false)
                    .joined(separator: "\n  ")
            }
            out += index == object.entries.count - 1 ? "\n" : ",\n"
        }
        return out + "}\n"
    }

    public func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "schemaVersion", value: .number(Double(schemaVersion))),
            .init(key: "scenario", value: scenario.jsonValue()),
            .init(key: "engine", value: .string(engine)),
            .init(key: "timingsValid", value: .bool(timingsValid)),
            .init(key: "provenance", value: provenance.jsonValue()),
            .init(key: "result", value: result.map { .string($0) } ?? .null),
        ] + (profile.map { [.init(key: "profile", value: .string($0))] } ?? []) + [
            .init(key: "metrics", value: .array(metrics.map { $0.jsonValue() })),
        ]))
    }
}

extension BaselineScenario {
    func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "name", value: .string(name)),
            .init(key: "file", value: .string(file)),
            .init(key: "contentHash", value: .string(contentHash)),
            .init(key: "seed", value: .number(Double(seed))),
            .init(key: "cells", value: .number(Double(cells))),
            .init(key: "widths", value: .array(widths.map { .number($0) })),
            .init(key: "threads", value: .array(threads.map { .number(Double($0)) })),
            .init(key: "warmup", value: .number(Double(warmup))),
            .init(key: "repetitions", value: .number(Double(repetitions))),
        ]))
    }
}

extension BaselineMetric {
    func jsonValue() -> JSONValue {
        var labelEntries: [JSONObject.Entry] = []
        if let threads = labels.threads { labelEntries.append(.init(key: "threads", value: .number(Double(threads)))) }
        if let width = labels.width { labelEntries.append(.init(key: "width", value: .number(width))) }
        var entries: [JSONObject.Entry] = [
            .init(key: "name", value: .string(name)),
            .init(key: "labels", value: .object(JSONObject(labelEntries))),
            .init(key: "unit", value: .string(unit)),
            .init(key: "value", value: .number(value)),
            .init(key: "lowerIsBetter", value: .bool(lowerIsBetter)),
            .init(key: "gate", value: .string(gate.kind)),
        ]
        switch gate {
        case .counter(let tolerance):
            entries.append(.init(key: "tolerance", value: .object(JSONObject([
                .init(key: "relative", value: .number(tolerance.relative)),
                .init(key: "absolute", value: .number(tolerance.absolute)),
            ]))))
        case .ratio(let band):
            var bounds: [JSONObject.Entry] = []
            for (key, bound) in [("minFactor", band.minFactor), ("maxFactor", band.maxFactor), ("min", band.min),
                                 ("max", band.max)] {
                if let bound { bounds.append(.init(key: key, value: .number(bound))) }
            }
            entries.append(.init(key: "band", value: .object(JSONObject(bounds))))
        case .reported(let reason):
            entries.append(.init(key: "reason", value: .string(reason)))
        }
        if pinned { entries.append(.init(key: "pinned", value: .bool(true))) }
        return .object(JSONObject(entries))
    }
}
