// A callgrind output file (valgrind's "callgrind format", version 1) read into what the harness needs:
// the event totals, and per function its object file, its own (self) cost, its inclusive instructions and
// how often it was called. Only the parts of the format callgrind writes are read: header lines (`events:`,
// `summary:`, `totals:`), position specifications (`ob=`, `fl=`, `fi=`, `fe=`, `fn=`, `cob=`, `cfi=`,
// `cfl=`, `cfn=`, `calls=`), name compression (`fn=(12) name` defines id 12, `fn=(12)` refers to it) and
// cost lines (positions — absolute, `+N`, `-N` or `*` — then the event counts, trailing zeros omitted).
//
// Inclusive cost is a function's self cost plus the costs of the calls made from it, as callgrind_annotate
// computes it, except that a function's calls of itself are not added again (their cost is already in its
// self cost). Indirect recursion still counts twice (a child node's layoutThatFits inside its parent's, via
// the specs): consistent between two runs, so fine for finding what changed, but not a share of the total.

public struct CallgrindProfile: Sendable {
    /// Event names in file order, e.g. ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"].
    public var events: [String]
    /// The file's `summary:` (or `totals:`) line, by event name; the sum of all self costs without one.
    public var totals: [String: UInt64]
    /// The `desc: Trigger:` line: why callgrind wrote the file ("--dump-after=…", "Program termination").
    public var trigger: String?
    /// Every function with a cost or a call in the file, by its name as callgrind wrote it (C++ and Rust
    /// names demangled by valgrind, Swift names mangled).
    public var functions: [String: Function]

    public struct Function: Sendable, Equatable {
        /// The object file the function's code is in (the path callgrind printed).
        public var object: String
        /// Events counted in the function itself, by event index.
        public var selfCost: [UInt64]
        /// Instructions of the function and everything it called.
        public var inclusiveInstructions: UInt64
        /// Calls of this function from collected code.
        public var calls: UInt64
        /// The functions it called.
        public var callees: Set<String>
    }

    public func total(_ event: String) -> UInt64 { totals[event] ?? 0 }

    /// The self cost of `function` in `event`, 0 when either is unknown.
    public func selfCost(_ event: String, of function: String) -> UInt64 {
        guard let index = events.firstIndex(of: event), let f = functions[function], index < f.selfCost.count else {
            return 0
        }
        return f.selfCost[index]
    }
}

public struct CallgrindFormatError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public var description: String { "callgrind output line \(line): \(reason)" }
}

extension CallgrindProfile {
    /// Reads a callgrind output file's text.
    public static func parse(_ text: String) throws(CallgrindFormatError) -> CallgrindProfile {
        var parser = CallgrindParser()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            try parser.read(line.hasSuffix("\r") ? line.dropLast() : line, line: number)
        }
        return try parser.finish()
    }
}

/// The reading state: the current object and function, the pending call's target, the name tables.
struct CallgrindParser {
    var events: [String] = []
    var summary: [UInt64]?
    var trigger: String?
    var positionCount = 1
    var functions: [String: CallgrindProfile.Function] = [:]

    // Name compression tables, one per kind (objects, files, functions).
    var objectNames: [Int: String] = [:]
    var fileNames: [Int: String] = [:]
    var functionNames: [Int: String] = [:]

    var object = "???"
    var function: String?
    var calleeObject: String?
    var calleeFunction: String?
    /// After a `calls=` line: the callee, whose inclusive cost the next cost line gives.
    var pendingCall: (callee: String, count: UInt64)?

    mutating func read(_ line: Substring, line number: Int) throws(CallgrindFormatError) {
        if line.isEmpty || line.hasPrefix("#") { return }
        if let pending = pendingCall {
            pendingCall = nil
            let costs = try costLine(line, line: number)
            try record(call: pending.callee, count: pending.count, costs: costs, line: number)
            return
        }
        guard let first = line.first else { return }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
            try record(selfCost: try costLine(line, line: number), line: number)
            return
        }
        guard let split = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
            throw CallgrindFormatError(line: number, reason: "neither a cost line nor a specification: \(line.prefix(60))")
        }
        let key = line[..<split]
        let value = line[line.index(after: split)...]
        if line[split] == ":" {
            try header(String(key), value.trimming(" "), line: number)
            return
        }
        switch key {
        case "ob": object = Self.name(value, table: &objectNames)
        case "fl", "fi", "fe": _ = Self.name(value, table: &fileNames)
        case "fn":
            let name = Self.name(value, table: &functionNames)
            function = name
            touch(name, object: object)
        case "cob": calleeObject = Self.name(value, table: &objectNames)
        case "cfi", "cfl": _ = Self.name(value, table: &fileNames)
        case "cfn": calleeFunction = Self.name(value, table: &functionNames)
        case "calls":
            guard let callee = calleeFunction else {
                throw CallgrindFormatError(line: number, reason: "calls= without a preceding cfn=")
            }
            guard let countText = value.split(separator: " ").first, let count = UInt64(countText) else {
                throw CallgrindFormatError(line: number, reason: "calls= needs a count: \(value.prefix(40))")
            }
            touch(callee, object: calleeObject ?? object)
            pendingCall = (callee, count)
            calleeObject = nil
            calleeFunction = nil
        case "jump", "jcnd":
            // Only with --collect-jumps; their cost line is not a cost of the function.
            pendingCall = nil
        default:
            // Other specifications (e.g. "totals" written with "=" by another tool) carry nothing we use.
            break
        }
    }

    mutating func header(_ key: String, _ value: String, line number: Int) throws(CallgrindFormatError) {
        switch key {
        case "events":
            events = value.split(separator: " ").map(String.init)
        case "positions":
            positionCount = max(1, value.split(separator: " ").count)
        case "summary", "totals":
            var numbers: [UInt64] = []
            for part in value.split(separator: " ") {
                guard let n = UInt64(part) else {
                    throw CallgrindFormatError(line: number, reason: "\(key): \(part) is not a count")
                }
                numbers.append(n)
            }
            summary = numbers
        case "desc":
            if value.hasPrefix("Trigger:") { trigger = value.dropFirst("Trigger:".count).trimming(" ") }
        default:
            break
        }
    }

    /// The event counts of a cost line (positions skipped), padded with zeros to the events' count.
    func costLine(_ line: Substring, line number: Int) throws(CallgrindFormatError) -> [UInt64] {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= positionCount else {
            throw CallgrindFormatError(line: number, reason: "a cost line needs \(positionCount) position(s)")
        }
        var costs = [UInt64](repeating: 0, count: max(events.count, parts.count - positionCount))
        for (index, part) in parts.dropFirst(positionCount).enumerated() {
            guard let n = UInt64(part) else {
                throw CallgrindFormatError(line: number, reason: "\(part) is not a count")
            }
            costs[index] = n
        }
        return costs
    }

    mutating func record(selfCost costs: [UInt64], line number: Int) throws(CallgrindFormatError) {
        guard let function else { throw CallgrindFormatError(line: number, reason: "a cost line before any fn=") }
        var entry = functions[function]!
        if entry.selfCost.count < costs.count {
            entry.selfCost += [UInt64](repeating: 0, count: costs.count - entry.selfCost.count)
        }
        for (index, cost) in costs.enumerated() { entry.selfCost[index] += cost }
        entry.inclusiveInstructions += costs.first ?? 0
        functions[function] = entry
    }

    mutating func record(call callee: String, count: UInt64, costs: [UInt64], line number: Int)
        throws(CallgrindFormatError)
    {
        guard let function else { throw CallgrindFormatError(line: number, reason: "a call before any fn=") }
        if callee != function {
            functions[function]!.inclusiveInstructions += costs.first ?? 0
            functions[function]!.callees.insert(callee)
        }
        functions[callee]!.calls += count
    }

    mutating func touch(_ name: String, object: String) {
        if functions[name] == nil {
            functions[name] = CallgrindProfile.Function(object: object, selfCost: [], inclusiveInstructions: 0, calls: 0,
                                                         callees: [])
        }
    }

    func finish() throws(CallgrindFormatError) -> CallgrindProfile {
        if events.isEmpty { throw CallgrindFormatError(line: 0, reason: "no events: line (not a callgrind output file)") }
        var totals: [String: UInt64] = [:]
        if let summary {
            for (index, event) in events.enumerated() { totals[event] = index < summary.count ? summary[index] : 0 }
        } else {
            for (index, event) in events.enumerated() {
                totals[event] = functions.values.reduce(0) { $0 + (index < $1.selfCost.count ? $1.selfCost[index] : 0) }
            }
        }
        return CallgrindProfile(events: events, totals: totals, trigger: trigger, functions: functions)
    }

    /// A compressed or plain name: "(12) name" defines 12, "(12)" refers to it, "name" is itself.
    static func name(_ value: Substring, table: inout [Int: String]) -> String {
        guard value.hasPrefix("("), let close = value.firstIndex(of: ")"),
              let id = Int(value[value.index(after: value.startIndex)..<close]) else {
            return String(value)
        }
        let rest = value[value.index(after: close)...].trimming(" ")
        if rest.isEmpty { return table[id] ?? "(\(id))" }
        table[id] = rest
        return rest
    }
}
