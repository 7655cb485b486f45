// A result as JSON (schema in Results/README.md): built as an ordered `JSONValue` tree, so keys come out
// in a fixed, documented order, and printed with small objects and arrays on one line. Numbers use
// Swift's shortest round-tripping form, so decoding gives back the same Doubles.

extension ResultDocument {
    public func json() -> String {
        JSONPrettyPrinter.print(jsonValue()) + "\n"
    }

    public func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "schemaVersion", value: .number(Double(schemaVersion))),
            .init(key: "scenario", value: scenario.jsonValue()),
            .init(key: "engine", value: .string(engine)),
            .init(key: "timingsValid", value: .bool(timingsValid)),
            .init(key: "manualRounds", value: .number(Double(manualRounds))),
            .init(key: "provenance", value: provenance.jsonValue()),
            .init(key: "metrics", value: .array(metrics.map { $0.jsonValue() })),
            .init(key: "latency", value: .array(latency.map { $0.jsonValue() })),
            .init(key: "unavailable", value: .array(unavailable.map { item in
                .object(JSONObject([.init(key: "phase", value: .string(item.phase.rawValue)),
                                    .init(key: "reason", value: .string(item.reason))]))
            })),
            .init(key: "frameChecks", value: .array(frameChecks.map { $0.jsonValue() })),
            .init(key: "notes", value: .array(notes.map { .string($0) })),
        ]))
    }
}

extension ScenarioSummary {
    func jsonValue() -> JSONValue {
        var kindEntry: [JSONObject.Entry] = []
        if kind != .layout { kindEntry.append(.init(key: "kind", value: .string(kind.rawValue))) }
        return .object(JSONObject(kindEntry + [
            .init(key: "name", value: .string(name)),
            .init(key: "file", value: .string(file)),
            .init(key: "contentHash", value: .string(contentHash)),
            .init(key: "description", value: .string(description)),
            .init(key: "generator", value: .string(generator)),
            .init(key: "seed", value: .number(Double(seed))),
            .init(key: "cells", value: .number(Double(cells))),
            .init(key: "widths", value: .array(widths.map { .number($0) })),
            .init(key: "threads", value: .array(threads.map { .number(Double($0)) })),
            .init(key: "phases", value: .array(phases.map { .string($0.rawValue) })),
            .init(key: "warmup", value: .number(Double(warmup))),
            .init(key: "repetitions", value: .number(Double(repetitions))),
        ]))
    }
}

extension Provenance {
    /// The optional keys (the CPU signature, the instruction counter) are written only when known, so a
    /// result without instruction counts reads as before.
    func jsonValue() -> JSONValue {
        var machineEntries: [JSONObject.Entry] = [
            .init(key: "system", value: .string(machine.system)),
            .init(key: "release", value: .string(machine.release)),
            .init(key: "architecture", value: .string(machine.architecture)),
            .init(key: "cpuModel", value: machine.cpuModel.map { .string($0) } ?? .null),
        ]
        if let signature = machine.cpuSignature { machineEntries.append(.init(key: "cpuSignature", value: .string(signature))) }
        machineEntries += [
            .init(key: "cores", value: .number(Double(machine.cores))),
            .init(key: "memoryBytes", value: .number(Double(machine.memoryBytes))),
        ]
        var entries: [JSONObject.Entry] = [
            .init(key: "gitCommit", value: gitCommit.map { .string($0) } ?? .null),
            .init(key: "gitDirty", value: gitDirty.map { .bool($0) } ?? .null),
            .init(key: "swiftCompiler", value: .string(swiftCompiler)),
            .init(key: "buildConfiguration", value: .string(buildConfiguration)),
            .init(key: "jemalloc", value: .bool(jemalloc)),
            .init(key: "allocator", value: allocator.map { .string($0) } ?? .null),
            .init(key: "machine", value: .object(JSONObject(machineEntries))),
            .init(key: "timestamp", value: .string(timestamp)),
            .init(key: "arguments", value: .array(arguments.map { .string($0) })),
        ]
        if let counter = instructionCounter {
            entries.append(.init(key: "instructionCounter", value: .object(JSONObject([
                .init(key: "valgrind", value: .string(counter.valgrind)),
                .init(key: "cache", value: .string(counter.cache)),
            ]))))
        }
        return .object(JSONObject(entries))
    }
}

extension Metric {
    func jsonValue() -> JSONValue {
        var labelEntries: [JSONObject.Entry] = []
        if let threads = labels.threads { labelEntries.append(.init(key: "threads", value: .number(Double(threads)))) }
        if let width = labels.width { labelEntries.append(.init(key: "width", value: .number(width))) }
        if let mix = labels.mix { labelEntries.append(.init(key: "mix", value: .string(mix))) }
        var sampleEntries: [JSONObject.Entry] = [
            .init(key: "min", value: .number(samples.min)),
            .init(key: "median", value: .number(samples.median)),
            .init(key: "max", value: .number(samples.max)),
            .init(key: "count", value: .number(Double(samples.count))),
        ]
        // Only when kept (timings of more than one repetition), so counters stay on one line.
        if let values = samples.values {
            sampleEntries.append(.init(key: "values", value: .array(values.map { .number($0) })))
        }
        return .object(JSONObject([
            .init(key: "name", value: .string(name)),
            .init(key: "labels", value: .object(JSONObject(labelEntries))),
            .init(key: "unit", value: .string(unit)),
            .init(key: "value", value: .number(value)),
            .init(key: "samples", value: .object(JSONObject(sampleEntries))),
            .init(key: "lowerIsBetter", value: .bool(lowerIsBetter)),
            .init(key: "deterministic", value: .bool(deterministic)),
        ]))
    }
}

extension LatencyDistribution {
    func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "phase", value: .string(phase.rawValue)),
            .init(key: "threads", value: .number(Double(threads))),
            .init(key: "width", value: .number(width)),
            .init(key: "count", value: .number(Double(count))),
            .init(key: "percentiles", value: .array(percentiles.map { entry in
                .array([.number(entry.percentile), .number(entry.nanoseconds)])
            })),
        ]))
    }
}

extension FrameCheck {
    func jsonValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "width", value: .number(width)),
            .init(key: "cells", value: .number(Double(cells))),
            .init(key: "mismatches", value: .number(Double(mismatches))),
            .init(key: "firstMismatch", value: firstMismatch.map { .string($0) } ?? .null),
        ]))
    }
}

/// JSON text with two-space indentation; a value whose one-line form fits in `lineLimit` characters
/// stays on one line.
public enum JSONPrettyPrinter {
    public static let lineLimit = 100

    public static func print(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    public static func compact(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONText.number(number)
        case .string(let text): return JSONText.quoted(text)
        case .array(let array): return "[" + array.map(compact).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.entries.map { JSONText.quoted($0.key) + ": " + compact($0.value) }
                .joined(separator: ", ") + "}"
        }
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let oneLine = compact(value)
        if oneLine.count + indent * 2 <= lineLimit {
            out += oneLine
            return
        }
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .array(let array):
            out += "[\n"
            for (index, element) in array.enumerated() {
                out += inner
                write(element, indent: indent + 1, into: &out)
                out += index == array.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let object):
            out += "{\n"
            for (index, entry) in object.entries.enumerated() {
                out += inner + JSONText.quoted(entry.key) + ": "
                write(entry.value, indent: indent + 1, into: &out)
                out += index == object.entries.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        default:
            out += oneLine
        }
    }
}
