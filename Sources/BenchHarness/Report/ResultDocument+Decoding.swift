// Reading a result back (`bench report RESULT.json`, the round-trip test): the same strictness as
// scenarios — unknown keys and wrong types are errors with the file and JSON path.

extension ResultDocument: StrictJSONDocument {
    public static func decode(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> ResultDocument {
        let json = try JSONParser.parse(bytes, file: file)
        return try ResultDecoder(reader: JSONReader(file: file)).document(json)
    }
}

struct ResultDecoder {
    let reader: JSONReader

    static func integer(_ reader: JSONReader, _ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Int {
        let n = try reader.finite(value, at: path)
        guard n == n.rounded(), abs(n) < 9e15 else {
            throw reader.fail(path, .invalidValue("must be a whole number, found \(JSONText.number(n))"))
        }
        return Int(n)
    }

    func document(_ json: JSONValue) throws(LayoutDocumentError) -> ResultDocument {
        let fields = try JSONFields(reader, json, at: JSONPath.root, context: "a result", keys: [
            "schemaVersion", "scenario", "engine", "timingsValid", "manualRounds", "provenance", "metrics", "latency",
            "unavailable", "frameChecks", "notes"])
        let version = try fields.integer("schemaVersion")
        guard version == ResultDocument.currentSchemaVersion else {
            throw reader.fail(JSONPath.appending(JSONPath.root, key: "schemaVersion"), .invalidValue(
                "unsupported schema version \(version) (this bench reads \(ResultDocument.currentSchemaVersion))"))
        }
        // Read in document order, so the first problem in the text is the one reported.
        let (scenarioValue, scenarioPath) = try fields.entry("scenario")
        let scenario = try scenario(scenarioValue, at: scenarioPath)
        let engine = try fields.string("engine")
        let timingsValid = try fields.bool("timingsValid")
        let manualRounds = try fields.integer("manualRounds")
        let (provenanceValue, provenancePath) = try fields.entry("provenance")
        let provenance = try provenance(provenanceValue, at: provenancePath)
        var metrics: [Metric] = []
        for (value, path) in try fields.array("metrics") { metrics.append(try metric(value, at: path)) }
        var latency: [LatencyDistribution] = []
        for (value, path) in try fields.array("latency") { latency.append(try distribution(value, at: path)) }
        var unavailable: [UnavailablePhase] = []
        for (value, path) in try fields.array("unavailable") {
            let item = try JSONFields(reader, value, at: path, context: "an unavailable phase", keys: ["phase", "reason"])
            unavailable.append(UnavailablePhase(phase: try phase(try item.entry("phase")), reason: try item.string("reason")))
        }
        var frameChecks: [FrameCheck] = []
        for (value, path) in try fields.array("frameChecks") {
            let item = try JSONFields(reader, value, at: path, context: "a frame check",
                                  keys: ["width", "cells", "mismatches", "firstMismatch"])
            frameChecks.append(FrameCheck(width: try item.number("width"), cells: try item.integer("cells"),
                                          mismatches: try item.integer("mismatches"),
                                          firstMismatch: try item.optionalString("firstMismatch")))
        }
        var notes: [String] = []
        for (value, path) in try fields.array("notes") { notes.append(try reader.string(value, at: path)) }
        return ResultDocument(schemaVersion: version, scenario: scenario, engine: engine, provenance: provenance,
                              timingsValid: timingsValid, manualRounds: manualRounds, metrics: metrics, latency: latency,
                              unavailable: unavailable, frameChecks: frameChecks, notes: notes)
    }

    func phase(_ field: (JSONValue, String)) throws(LayoutDocumentError) -> LayoutPhase {
        try reader.choice(field.0, at: field.1, LayoutPhase.self)
    }

    func scenario(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> ScenarioSummary {
        let fields = try JSONFields(reader, value, at: path, context: "the scenario summary", keys: [
            "kind", "name", "file", "contentHash", "description", "generator", "seed", "cells", "widths", "threads", "phases",
            "warmup", "repetitions"])
        var widths: [Double] = []
        for (value, path) in try fields.array("widths") { widths.append(try reader.finite(value, at: path)) }
        var threads: [Int] = []
        for (value, path) in try fields.array("threads") { threads.append(try Self.integer(reader, value, at: path)) }
        var phases: [LayoutPhase] = []
        for field in try fields.array("phases") { phases.append(try phase(field)) }
        let seed = try fields.integer("seed")
        guard let seed32 = UInt32(exactly: seed) else {
            throw reader.fail(JSONPath.appending(path, key: "seed"), .invalidValue("must be from 0 to 4294967295"))
        }
        var kind = ScenarioKind.layout
        if let value = fields.object["kind"] {
            kind = try reader.choice(value, at: JSONPath.appending(path, key: "kind"), ScenarioKind.self)
        }
        return ScenarioSummary(name: try fields.string("name"), file: try fields.string("file"),
                               contentHash: try fields.string("contentHash"), description: try fields.string("description"),
                               generator: try fields.string("generator"), seed: seed32, cells: try fields.integer("cells"),
                               widths: widths, threads: threads, phases: phases, warmup: try fields.integer("warmup"),
                               repetitions: try fields.integer("repetitions"), kind: kind)
    }

    func provenance(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Provenance {
        let fields = try JSONFields(reader, value, at: path, context: "the provenance", keys: [
            "gitCommit", "gitDirty", "swiftCompiler", "buildConfiguration", "jemalloc", "allocator", "machine",
            "timestamp", "arguments", "instructionCounter"])
        let (machineValue, machinePath) = try fields.entry("machine")
        let machine = try JSONFields(reader, machineValue, at: machinePath, context: "the machine", keys: [
            "system", "release", "architecture", "cpuModel", "cpuSignature", "cores", "memoryBytes"])
        var counter: InstructionCounter?
        if fields.object["instructionCounter"] != nil {
            let (counterValue, counterPath) = try fields.entry("instructionCounter")
            let counterFields = try JSONFields(reader, counterValue, at: counterPath, context: "the instruction counter",
                                           keys: ["valgrind", "cache"])
            counter = InstructionCounter(valgrind: try counterFields.string("valgrind"),
                                         cache: try counterFields.string("cache"))
        }
        var arguments: [String] = []
        for (value, path) in try fields.array("arguments") { arguments.append(try reader.string(value, at: path)) }
        return Provenance(
            gitCommit: try fields.optionalString("gitCommit"), gitDirty: try fields.optionalBool("gitDirty"),
            swiftCompiler: try fields.string("swiftCompiler"), buildConfiguration: try fields.string("buildConfiguration"),
            jemalloc: try fields.bool("jemalloc"), allocator: try fields.optionalString("allocator"),
            machine: Provenance.Machine(system: try machine.string("system"), release: try machine.string("release"),
                                        architecture: try machine.string("architecture"),
                                        cpuModel: try machine.optionalString("cpuModel"), cores: try machine.integer("cores"),
                                        memoryBytes: UInt64(max(0, try machine.number("memoryBytes"))),
                                        cpuSignature: machine.object["cpuSignature"] != nil
                                            ? try machine.string("cpuSignature") : nil),
            timestamp: try fields.string("timestamp"), arguments: arguments, instructionCounter: counter)
    }

    func metric(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> Metric {
        let fields = try JSONFields(reader, value, at: path, context: "a metric", keys: [
            "name", "labels", "unit", "value", "samples", "lowerIsBetter", "deterministic"])
        let (labelsValue, labelsPath) = try fields.entry("labels")
        let labelFields = try JSONFields(reader, labelsValue, at: labelsPath, context: "metric labels", keys: ["threads", "width", "mix"])
        var labels = MetricLabels()
        if labelFields.object["threads"] != nil { labels.threads = try labelFields.integer("threads") }
        if labelFields.object["width"] != nil { labels.width = try labelFields.number("width") }
        if labelFields.object["mix"] != nil { labels.mix = try labelFields.string("mix") }
        let (samplesValue, samplesPath) = try fields.entry("samples")
        let samples = try JSONFields(reader, samplesValue, at: samplesPath, context: "a samples summary",
                                 keys: ["min", "median", "max", "count", "values"])
        let summary = SampleSummary(min: try samples.number("min"), median: try samples.number("median"),
                                    max: try samples.number("max"), count: try samples.integer("count"))
        var values: [Double]?
        // Optional: results written before the per-repetition values were kept have none.
        if samples.object["values"] != nil {
            var list: [Double] = []
            for (value, path) in try samples.array("values") { list.append(try reader.finite(value, at: path)) }
            guard list.count == summary.count else {
                throw reader.fail(JSONPath.appending(samplesPath, key: "values"), .invalidValue(
                    "has \(list.count) values but count is \(summary.count)"))
            }
            values = list
        }
        return Metric(name: try fields.string("name"), unit: try fields.string("unit"), value: try fields.number("value"),
                      labels: labels,
                      samples: SampleSummary(min: summary.min, median: summary.median, max: summary.max,
                                             count: summary.count, values: values),
                      lowerIsBetter: try fields.bool("lowerIsBetter"), deterministic: try fields.bool("deterministic"))
    }

    func distribution(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> LatencyDistribution {
        let fields = try JSONFields(reader, value, at: path, context: "a latency distribution",
                                keys: ["phase", "threads", "width", "count", "percentiles"])
        var percentiles: [PercentileValue] = []
        for (value, path) in try fields.array("percentiles") {
            let pair = try reader.numberPair(value, at: path, what: "[percentile, nanoseconds]")
            percentiles.append(PercentileValue(percentile: try reader.finite(pair.0, at: JSONPath.appending(path, index: 0)),
                                               nanoseconds: try reader.finite(pair.1, at: JSONPath.appending(path, index: 1))))
        }
        return LatencyDistribution(phase: try phase(try fields.entry("phase")), threads: try fields.integer("threads"),
                                   width: try fields.number("width"), count: try fields.integer("count"),
                                   percentiles: percentiles)
    }
}
