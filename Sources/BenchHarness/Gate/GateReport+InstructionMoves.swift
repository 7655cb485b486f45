// When an instruction metric fails the gate, say where: the functions whose inclusive instructions per
// cell changed most between the baseline's function profile and the run's
// (Instructions/FunctionProfile+Changes.swift), printed under the verdict.

/// Where one failing instruction metric's instructions moved.
public struct InstructionMoves: Hashable, Sendable {
    public var key: MetricKey
    public var phase: LayoutPhase
    public var changes: [FunctionChange]
    /// Why no functions are listed (no profile on one side), nil when they are.
    public var unavailable: String?
}

extension GateReport {
    /// Fills `instructionMoves` for every failing `layout.PHASE.instructionsPerCell` row, from the two
    /// profiles (either may be missing: then the row says why nothing is listed).
    public mutating func explainInstructions(baselineProfile: FunctionProfile?, runProfile: FunctionProfile?,
                                             missingReason: String) {
        instructionMoves = []
        for row in rows where row.verdict.fails && row.key.name.hasSuffix(".instructionsPerCell") {
            let phaseName = row.key.name.dropFirst("layout.".count).prefix { $0 != "." }
            guard let phase = LayoutPhase(rawValue: String(phaseName)) else { continue }
            let width = row.key.labels.width ?? 0
            guard let before = baselineProfile?.phase(phase, width: width),
                  let now = runProfile?.phase(phase, width: width) else {
                instructionMoves.append(InstructionMoves(key: row.key, phase: phase, changes: [],
                                                         unavailable: missingReason))
                continue
            }
            instructionMoves.append(InstructionMoves(key: row.key, phase: phase, changes: now.changes(since: before),
                                                     unavailable: nil))
        }
    }

    /// The lines under the verdict: per failing instruction metric, its five functions.
    func instructionMoveLines() -> [String] {
        var lines: [String] = []
        for moves in instructionMoves {
            lines.append("")
            lines.append("where \(moves.phase.title)'s instructions moved (per cell, inclusive, baseline → now; "
                + "callers whose change a callee explains left out):")
            if let unavailable = moves.unavailable {
                lines.append("  not available: \(unavailable)")
                continue
            }
            if moves.changes.isEmpty {
                lines.append("  no function kept in both profiles changed (each holds functions with ≥ 0.1 % of the phase)")
                continue
            }
            var table = TextTable(header: ["  function", "change", "baseline", "now", "own change"])
            for change in moves.changes {
                table.add(["  " + change.name, Self.signed(change.change), change.before.map(Self.plain) ?? "< 0.1 %",
                           change.now.map(Self.plain) ?? "< 0.1 %", Self.signed(change.selfChange)])
            }
            lines += table.render().split(separator: "\n").map(String.init)
        }
        return lines
    }

    static func plain(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 1) }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + NumberFormat.fixed(value, decimals: 1) }
}
