// The per-function summary of a run's instruction counts (profile.json beside a run's result.json, and
// NAME.profile.json beside a baseline): for each phase measured under callgrind, the functions that hold
// at least 0.1 % of the phase's instructions inclusively, with their inclusive and self instructions and
// which of them they call. It is what `bench check` compares when an instruction metric fails, to say where
// the instructions moved (FunctionProfile+Changes.swift); the raw callgrind files are not kept.

public struct FunctionProfile: Hashable, Sendable {
    public static let currentSchemaVersion = 1
    /// A function is kept when its inclusive instructions are at least this share of its phase's total.
    public static let keptShare = 0.001
    /// At most this many functions per phase.
    public static let keptLimit = 400

    public var schemaVersion: Int
    public var phases: [Phase]

    public init(schemaVersion: Int = FunctionProfile.currentSchemaVersion, phases: [Phase]) {
        self.schemaVersion = schemaVersion
        self.phases = phases
    }

    public struct Phase: Hashable, Sendable {
        public var phase: LayoutPhase
        /// The cell width of the pass.
        public var width: Double
        public var cells: Int
        /// All instructions of the pass, system objects included.
        public var instructions: UInt64
        public var functions: [Function]

        public init(phase: LayoutPhase, width: Double, cells: Int, instructions: UInt64, functions: [Function]) {
            self.phase = phase
            self.width = width
            self.cells = cells
            self.instructions = instructions
            self.functions = functions
        }
    }

    public struct Function: Hashable, Sendable {
        /// The symbol as callgrind wrote it (the identity across runs).
        public var symbol: String
        /// A readable short name (SymbolNames.display).
        public var name: String
        public var inclusive: UInt64
        public var exclusive: UInt64
        /// Symbols of kept functions it calls.
        public var callees: [String]

        public init(symbol: String, name: String, inclusive: UInt64, exclusive: UInt64, callees: [String]) {
            self.symbol = symbol
            self.name = name
            self.inclusive = inclusive
            self.exclusive = exclusive
            self.callees = callees
        }
    }

    public func phase(_ phase: LayoutPhase, width: Double) -> Phase? {
        phases.first { $0.phase == phase && $0.width == width }
    }
}

extension FunctionProfile.Phase {
    /// The summary of one pass's callgrind profile.
    public init(phase: LayoutPhase, width: Double, cells: Int, profile: CallgrindProfile) {
        let total = profile.total("Ir")
        let threshold = UInt64((Double(total) * FunctionProfile.keptShare).rounded(.up))
        let kept = profile.functions.filter { $0.value.inclusiveInstructions >= max(1, threshold) }
            .sorted { ($0.value.inclusiveInstructions, $1.key) > ($1.value.inclusiveInstructions, $0.key) }
            .prefix(FunctionProfile.keptLimit)
        let keptNames = Set(kept.map(\.key))
        let functions = kept.map { entry in
            FunctionProfile.Function(symbol: entry.key, name: SymbolNames.display(entry.key),
                                     inclusive: entry.value.inclusiveInstructions,
                                     exclusive: entry.value.selfCost.first ?? 0,
                                     callees: entry.value.callees.filter(keptNames.contains).sorted())
        }
        self.init(phase: phase, width: width, cells: cells, instructions: total, functions: functions)
    }
}

// MARK: JSON

extension FunctionProfile {
    public func json() -> String {
        var out = "{\n  \"schemaVersion\": \(schemaVersion),\n  \"phases\": ["
        for (index, phase) in phases.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"phase\": \(JSONText.quoted(phase.phase.rawValue)), \"width\": \(JSONText.number(phase.width)), "
                + "\"cells\": \(phase.cells), "
                + "\"instructions\": \(phase.instructions), \"functions\": ["
            out += phase.functions.map { function in
                "\n      " + JSONPrettyPrinter.compact(.object(JSONObject([
                    .init(key: "symbol", value: .string(function.symbol)),
                    .init(key: "name", value: .string(function.name)),
                    .init(key: "inclusive", value: .number(Double(function.inclusive))),
                    .init(key: "self", value: .number(Double(function.exclusive))),
                    .init(key: "callees", value: .array(function.callees.map { .string($0) })),
                ])))
            }.joined(separator: ",")
            out += "\n    ]}"
        }
        return out + "\n  ]\n}\n"
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(LayoutDocumentError) -> FunctionProfile {
        let json = try JSONParser.parse(bytes, file: file)
        let reader = JSONReader(file: file)
        let root = try reader.object(json, at: JSONPath.root)
        try reader.checkKeys(root, at: JSONPath.root, allowed: ["schemaVersion", "phases"], context: "a function profile")
        let versionPath = JSONPath.appending(JSONPath.root, key: "schemaVersion")
        let version = try reader.count(try reader.required(root, "schemaVersion", at: JSONPath.root, context: "a function profile"),
                                       at: versionPath)
        guard version == currentSchemaVersion else {
            throw reader.fail(versionPath, .invalidValue(
                "unsupported schema version \(version) (this bench reads \(currentSchemaVersion))"))
        }
        let phasesPath = JSONPath.appending(JSONPath.root, key: "phases")
        var phases: [Phase] = []
        for (index, value) in try reader.array(try reader.required(root, "phases", at: JSONPath.root,
                                                                    context: "a function profile"), at: phasesPath).enumerated() {
            phases.append(try decodePhase(value, at: JSONPath.appending(phasesPath, index: index), reader: reader))
        }
        return FunctionProfile(schemaVersion: version, phases: phases)
    }

    static func decodePhase(_ value: JSONValue, at path: String, reader: JSONReader) throws(LayoutDocumentError) -> Phase {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["phase", "width", "cells", "instructions", "functions"],
                             context: "a profile phase")
        func field(_ key: String) throws(LayoutDocumentError) -> JSONValue {
            try reader.required(object, key, at: path, context: "a profile phase")
        }
        let phase = try reader.choice(try field("phase"), at: JSONPath.appending(path, key: "phase"), LayoutPhase.self)
        let width = try reader.finitePositive(try field("width"), at: JSONPath.appending(path, key: "width"))
        let cells = try reader.count(try field("cells"), at: JSONPath.appending(path, key: "cells"))
        let instructions = try wholeNumber(try field("instructions"), at: JSONPath.appending(path, key: "instructions"),
                                           reader: reader)
        let functionsPath = JSONPath.appending(path, key: "functions")
        var functions: [Function] = []
        for (index, item) in try reader.array(try field("functions"), at: functionsPath).enumerated() {
            let itemPath = JSONPath.appending(functionsPath, index: index)
            let entry = try reader.object(item, at: itemPath)
            try reader.checkKeys(entry, at: itemPath, allowed: ["symbol", "name", "inclusive", "self", "callees"],
                                 context: "a profile function")
            func value(_ key: String) throws(LayoutDocumentError) -> (JSONValue, String) {
                (try reader.required(entry, key, at: itemPath, context: "a profile function"),
                 JSONPath.appending(itemPath, key: key))
            }
            let (symbolValue, symbolPath) = try value("symbol")
            let (nameValue, namePath) = try value("name")
            let (inclusiveValue, inclusivePath) = try value("inclusive")
            let (selfValue, selfPath) = try value("self")
            let (calleesValue, calleesPath) = try value("callees")
            var callees: [String] = []
            for (calleeIndex, callee) in try reader.array(calleesValue, at: calleesPath).enumerated() {
                callees.append(try reader.string(callee, at: JSONPath.appending(calleesPath, index: calleeIndex)))
            }
            functions.append(Function(symbol: try reader.string(symbolValue, at: symbolPath),
                                      name: try reader.string(nameValue, at: namePath),
                                      inclusive: try wholeNumber(inclusiveValue, at: inclusivePath, reader: reader),
                                      exclusive: try wholeNumber(selfValue, at: selfPath, reader: reader), callees: callees))
        }
        return Phase(phase: phase, width: width, cells: cells, instructions: instructions, functions: functions)
    }

    /// An instruction count: a whole number from 0 to 2^53 (exact in a JSON number).
    static func wholeNumber(_ value: JSONValue, at path: String, reader: JSONReader) throws(LayoutDocumentError) -> UInt64 {
        let n = try reader.number(value, at: path)
        guard n >= 0, n <= 9_007_199_254_740_992, n == n.rounded(.towardZero) else {
            throw reader.fail(path, .invalidValue("must be a whole number from 0 to 2^53, found \(JSONText.number(n))"))
        }
        return UInt64(n)
    }

    public static func load(path: String) throws(LayoutDocumentError) -> FunctionProfile {
        try decode(try FileInput.read(path: path), file: path)
    }
}
