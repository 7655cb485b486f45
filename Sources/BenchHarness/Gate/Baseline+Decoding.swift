// Reading a baseline back (`bench check --baseline FILE`): as strict as results and scenarios — unknown
// keys, wrong types, a gate without its tolerance or band, a negative tolerance, an empty band, a metric
// listed twice are errors naming the file and the exact JSON path (bench: exit code 2).

extension Baseline: StrictJSONDocument {
    public static func decode(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> Baseline {
        let json = try JSONParser.parse(bytes, file: file)
        return try BaselineDecoder(reader: JSONReader(file: file)).baseline(json)
    }
}

struct BaselineDecoder {
    let reader: JSONReader

    static let metricKeys = ["name", "labels", "unit", "value", "lowerIsBetter", "gate", "tolerance", "band", "reason",
                             "pinned"]
    /// The key each gate kind needs (the other two are not allowed with it).
    static let gateKeys = [("counter", "tolerance"), ("ratio", "band"), ("none", "reason")]

    func baseline(_ json: JSONValue) throws(LayoutDocumentError) -> Baseline {
        let fields = try JSONFields(reader, json, at: JSONPath.root, context: "a baseline", keys: [
            "schemaVersion", "scenario", "engine", "timingsValid", "provenance", "result", "profile", "metrics"])
        let version = try ResultDecoder.integer(reader, try fields.value("schemaVersion"), at: fields.at("schemaVersion"))
        guard version == Baseline.currentSchemaVersion else {
            throw reader.fail(fields.at("schemaVersion"), .invalidValue(
                "unsupported schema version \(version) (this bench reads \(Baseline.currentSchemaVersion))"))
        }
        let scenario = try scenario(try fields.value("scenario"), at: fields.at("scenario"))
        let engine = try fields.string("engine")
        let timingsValid = try fields.bool("timingsValid")
        let provenance = try ResultDecoder(reader: reader).provenance(try fields.value("provenance"),
                                                                      at: fields.at("provenance"))
        let resultValue = try fields.value("result")
        let result = resultValue == .null ? nil : try reader.string(resultValue, at: fields.at("result"))
        let profile = fields.object["profile"] != nil ? try fields.string("profile") : nil
        var metrics: [BaselineMetric] = []
        var firstPath: [MetricKey: String] = [:]
        for (value, path) in try fields.array("metrics") {
            let metric = try metric(value, at: path)
            if let first = firstPath[metric.key] {
                throw reader.fail(path, .invalidValue("\(metric.key) is listed twice (first at \(first))"))
            }
            firstPath[metric.key] = path
            metrics.append(metric)
        }
        return Baseline(schemaVersion: version, scenario: scenario, engine: engine, timingsValid: timingsValid,
                        provenance: provenance, result: result, metrics: metrics, profile: profile)
    }

    func scenario(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> BaselineScenario {
        let fields = try JSONFields(reader, value, at: path, context: "the baseline's scenario", keys: [
            "name", "file", "contentHash", "seed", "cells", "widths", "threads", "warmup", "repetitions"])
        let name = try fields.string("name")
        let file = try fields.string("file")
        let contentHash = try fields.string("contentHash")
        let seed = try fields.integer("seed", in: 0...Int(UInt32.max))
        let cells = try fields.integer("cells", in: Scenario.cellRange)
        var widths: [Double] = []
        for (value, path) in try fields.array("widths") { widths.append(try reader.finite(value, at: path)) }
        var threads: [Int] = []
        for (value, path) in try fields.array("threads") {
            let count = try ResultDecoder.integer(reader, value, at: path)
            guard Scenario.threadRange.contains(count) else {
                throw reader.fail(path, .invalidValue("must be a thread count from 1 to \(Scenario.threadRange.upperBound)"))
            }
            threads.append(count)
        }
        if threads.isEmpty { throw reader.fail(fields.at("threads"), .invalidValue("needs at least one thread count")) }
        return BaselineScenario(name: name, file: file, contentHash: contentHash, seed: UInt32(seed), cells: cells,
                                widths: widths, threads: threads,
                                warmup: try fields.integer("warmup", in: Scenario.warmupRange),
                                repetitions: try fields.integer("repetitions", in: Scenario.repetitionRange))
    }

    func metric(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> BaselineMetric {
        let fields = try JSONFields(reader, value, at: path, context: "a baseline metric", keys: Self.metricKeys)
        let name = try fields.string("name")
        let labelFields = try JSONFields(reader, try fields.value("labels"), at: fields.at("labels"),
                                           context: "metric labels", keys: ["threads", "width"])
        var labels = MetricLabels()
        if labelFields.object["threads"] != nil { labels.threads = try labelFields.integer("threads", in: Scenario.threadRange) }
        if labelFields.object["width"] != nil { labels.width = try labelFields.number("width") }
        let unit = try fields.string("unit")
        let value = try fields.number("value")
        let lowerIsBetter = try fields.bool("lowerIsBetter")
        let kind = try reader.choice(try fields.value("gate"), at: fields.at("gate"), Self.gateKeys.map { ($0.0, $0) })
        // The gate's own key must be there; the other gates' keys must not.
        for (otherKind, key) in Self.gateKeys where otherKind != kind.0 && fields.object[key] != nil {
            throw reader.fail(fields.at(key), .invalidValue(
                "a \(JSONText.quoted(kind.0)) gate takes \(JSONText.quoted(kind.1)), not \(JSONText.quoted(key))"))
        }
        let gateValue = try fields.value(kind.1)
        let gatePath = fields.at(kind.1)
        let gate: MetricGate
        switch kind.0 {
        case "counter": gate = .counter(try tolerance(gateValue, at: gatePath))
        case "ratio": gate = .ratio(try band(gateValue, at: gatePath))
        default: gate = .reported(reason: try reader.string(gateValue, at: gatePath))
        }
        let pinned = fields.object["pinned"] != nil ? try fields.bool("pinned") : false
        return BaselineMetric(name: name, labels: labels, unit: unit, value: value, lowerIsBetter: lowerIsBetter, gate: gate,
                              pinned: pinned)
    }

    func tolerance(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Tolerance {
        let fields = try JSONFields(reader, value, at: path, context: "a tolerance", keys: ["relative", "absolute"])
        var tolerance = Tolerance()
        if fields.object["relative"] != nil {
            tolerance.relative = try reader.finiteNonNegative(try fields.value("relative"), at: fields.at("relative"))
        }
        if fields.object["absolute"] != nil {
            tolerance.absolute = try reader.finiteNonNegative(try fields.value("absolute"), at: fields.at("absolute"))
        }
        return tolerance
    }

    func band(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Band {
        let keys = ["minFactor", "maxFactor", "min", "max"]
        let fields = try JSONFields(reader, value, at: path, context: "a band", keys: keys)
        var bounds: [String: Double] = [:]
        for key in keys where fields.object[key] != nil {
            bounds[key] = try reader.finiteNonNegative(try fields.value(key), at: fields.at(key))
        }
        if bounds.isEmpty {
            throw reader.fail(path, .invalidValue("a band needs at least one of minFactor, maxFactor, min, max"))
        }
        for (low, high) in [("minFactor", "maxFactor"), ("min", "max")] {
            if let lowValue = bounds[low], let highValue = bounds[high], lowValue > highValue {
                throw reader.fail(fields.at(high), .invalidValue(
                    "must be ≥ \(low) (\(JSONText.number(lowValue))), found \(JSONText.number(highValue))"))
            }
        }
        return Band(minFactor: bounds["minFactor"], maxFactor: bounds["maxFactor"], min: bounds["min"], max: bounds["max"])
    }
}
