// Where a phase's instructions moved between two runs: the functions whose inclusive instructions changed
// most, per cell, for the gate's failure message ("fresh +6 %" becomes "StackLayout.layoutDefaultLine
// +480 per cell").
//
// Ranking by inclusive change alone would list the callers of the change first — every function between
// the measured region and the changed code moves by the same amount. So a function is left out when it did
// not change much itself (its own instructions account for less than a quarter of its change) and one of the
// functions it calls, directly or not, moved the same way by at least half as much: that callee is where
// to look. Half, not all, because a function reached twice through indirect recursion (a child node's
// layout inside its parent's) counts a change twice inclusively.

public struct FunctionChange: Hashable, Sendable {
    public var symbol: String
    public var name: String
    /// Inclusive instructions per cell, before and now (nil: below the kept share on that side).
    public var before: Double?
    public var now: Double?
    /// Self instructions per cell, before and now (0 when not kept).
    public var selfBefore: Double
    public var selfNow: Double

    public var change: Double { (now ?? 0) - (before ?? 0) }
    public var selfChange: Double { selfNow - selfBefore }
}

extension FunctionProfile.Phase {
    /// The `limit` functions whose inclusive instructions per cell changed most from `baseline` to this
    /// profile, callers whose change a callee explains left out.
    public func changes(since baseline: FunctionProfile.Phase, limit: Int = 5) -> [FunctionChange] {
        let nowCells = Double(max(1, cells)), beforeCells = Double(max(1, baseline.cells))
        var bySymbol: [String: FunctionChange] = [:]
        var calleesOf: [String: Set<String>] = [:]
        for function in baseline.functions {
            bySymbol[function.symbol] = FunctionChange(symbol: function.symbol, name: function.name,
                                                       before: Double(function.inclusive) / beforeCells, now: nil,
                                                       selfBefore: Double(function.exclusive) / beforeCells, selfNow: 0)
            calleesOf[function.symbol, default: []].formUnion(function.callees)
        }
        for function in functions {
            var change = bySymbol[function.symbol] ?? FunctionChange(symbol: function.symbol, name: function.name,
                                                                     before: nil, now: nil, selfBefore: 0, selfNow: 0)
            change.name = function.name
            change.now = Double(function.inclusive) / nowCells
            change.selfNow = Double(function.exclusive) / nowCells
            bySymbol[function.symbol] = change
            calleesOf[function.symbol, default: []].formUnion(function.callees)
        }
        let moved = bySymbol.values.filter { abs($0.change) >= 0.005 }
            .sorted { (abs($0.change), $1.symbol) > (abs($1.change), $0.symbol) }
        var shown: [FunctionChange] = []
        for candidate in moved where !Self.explainedByCallee(candidate, bySymbol: bySymbol, calleesOf: calleesOf) {
            shown.append(candidate)
            if shown.count == limit { break }
        }
        return shown
    }

    static func explainedByCallee(_ function: FunctionChange, bySymbol: [String: FunctionChange],
                                  calleesOf: [String: Set<String>]) -> Bool {
        if abs(function.selfChange) >= 0.25 * abs(function.change) { return false }
        var seen: Set<String> = [function.symbol]
        var queue = Array(calleesOf[function.symbol] ?? [])
        while let symbol = queue.popLast() {
            guard seen.insert(symbol).inserted else { continue }
            if let callee = bySymbol[symbol], (callee.change > 0) == (function.change > 0),
               abs(callee.change) >= 0.5 * abs(function.change) {
                return true
            }
            queue += calleesOf[symbol] ?? []
        }
        return false
    }
}
