import Foundation
import Testing
@testable import BenchHarness

/// The per-function summary the gate keeps beside a baseline (Instructions/FunctionProfile.swift), its JSON,
/// where instructions moved between two summaries (FunctionProfile+Changes.swift), and readable names.
@Suite struct FunctionProfileTests {
    typealias Function = FunctionProfile.Function

    static func phase(_ functions: [Function], cells: Int = 100) -> FunctionProfile.Phase {
        FunctionProfile.Phase(phase: .fresh, width: 375, cells: cells, instructions: 1_000_000, functions: functions)
    }

    /// region → engine.layout → node.layout (recursive via the spec) → stack → {line, leaf}.
    static func chain(line: UInt64, leaf: UInt64 = 20_000, lineCalls: Bool = false) -> [Function] {
        let stack = 10_000 + line + leaf
        let node = 2 * (5_000 + stack)   // a child's layout inside its parent's: counted twice inclusively
        return [
            Function(symbol: "region", name: "region", inclusive: node + 1_000, exclusive: 1_000, callees: ["engine"]),
            Function(symbol: "engine", name: "engine", inclusive: node, exclusive: 0, callees: ["node"]),
            Function(symbol: "node", name: "DisplayNode.layoutThatFits", inclusive: node, exclusive: 5_000,
                     callees: ["stack", "node"]),
            Function(symbol: "stack", name: "Stack.layout", inclusive: stack, exclusive: 10_000,
                     callees: lineCalls ? ["line", "leaf"] : ["line", "leaf"]),
            Function(symbol: "line", name: "Stack.layoutDefaultLine", inclusive: line, exclusive: line, callees: []),
            Function(symbol: "leaf", name: "Leaf.measure", inclusive: leaf, exclusive: leaf, callees: []),
        ]
    }

    @Test func theChangedFunctionIsNamedNotItsCallers() {
        let before = Self.phase(Self.chain(line: 30_000))
        let now = Self.phase(Self.chain(line: 78_000))   // +480 per cell in the line's own code
        let changes = now.changes(since: before)
        #expect(changes.first?.name == "Stack.layoutDefaultLine")
        #expect(changes.first?.change == 480)
        #expect(changes.first?.selfChange == 480)
        #expect(changes.first?.before == 300)
        #expect(changes.first?.now == 780)
        // Every caller moved by as much or more (the recursive node twice), but a callee explains it.
        #expect(!changes.contains { ["region", "engine", "node", "stack"].contains($0.symbol) }, "\(changes)")
    }

    @Test func aCallerWhoseOwnCodeChangedIsListedToo() {
        var nowFunctions = Self.chain(line: 78_000)
        nowFunctions[3].exclusive += 40_000       // the stack's own code grew as well
        nowFunctions[3].inclusive += 40_000
        let changes = Self.phase(nowFunctions).changes(since: Self.phase(Self.chain(line: 30_000)))
        #expect(Set(changes.map(\.symbol)).isSuperset(of: ["line", "stack"]), "\(changes)")
    }

    @Test func aFunctionOnOneSideOnlyIsNewOrGone() {
        var nowFunctions = Self.chain(line: 30_000)
        nowFunctions.append(Function(symbol: "extra", name: "Extra.work", inclusive: 9_000, exclusive: 9_000, callees: []))
        nowFunctions.removeAll { $0.symbol == "leaf" }
        let changes = Self.phase(nowFunctions).changes(since: Self.phase(Self.chain(line: 30_000)), limit: 10)
        let extra = changes.first { $0.symbol == "extra" }
        #expect(extra?.before == nil && extra?.now == 90)
        let leaf = changes.first { $0.symbol == "leaf" }
        #expect(leaf?.before == 200 && leaf?.now == nil && leaf?.change == -200)
    }

    @Test func atMostTheLimitInOrderOfTheChange() {
        func function(_ index: Int, grownBy growth: Int) -> Function {
            let count = UInt64(1_000 + growth)
            return Function(symbol: "f\(index)", name: "f\(index)", inclusive: count, exclusive: count, callees: [])
        }
        let before = Self.phase((1...8).map { function($0, grownBy: 0) })
        let now = Self.phase((1...8).map { function($0, grownBy: 100 * $0) })
        let changes = now.changes(since: before)
        let symbols: [String] = changes.map { $0.symbol }
        #expect(symbols == ["f8", "f7", "f6", "f5", "f4"])
        #expect(now.changes(since: now).isEmpty)
    }

    @Test func summaryKeepsTheFunctionsAboveTheShare() throws {
        var lines = ["events: Ir", "summary: 100000", "ob=/bin/bench", "fn=big", "1 98000", "cfn=small", "calls=1 0",
                     "1 1900", "cfn=tiny", "calls=1 0", "1 99"]
        lines += ["fn=small", "1 1900", "fn=tiny", "1 99"]
        let profile = try CallgrindProfile.parse(lines.joined(separator: "\n"))
        let phase = FunctionProfile.Phase(phase: .cached, width: 320, cells: 50, profile: profile)
        // 0.1 % of 100,000 is 100: tiny (99) is left out, and so is the call edge to it.
        #expect(phase.functions.map(\.symbol) == ["big", "small"])
        #expect(phase.functions[0].callees == ["small"])
        #expect(phase.functions[0].inclusive == 99_999 && phase.functions[0].exclusive == 98_000)
        #expect(phase.instructions == 100_000)
    }

    @Test func jsonRoundTripsAndRejectsUnknownKeys() throws {
        let profile = FunctionProfile(phases: [Self.phase(Self.chain(line: 30_000)),
                                               FunctionProfile.Phase(phase: .create, width: 320, cells: 3,
                                                                     instructions: 9_007_199_254_740_992, functions: [])])
        let decoded = try FunctionProfile.decode(Array(profile.json().utf8), file: "p.json")
        #expect(decoded == profile)
        #expect(decoded.phase(.create, width: 320)?.cells == 3)
        #expect(decoded.phase(.create, width: 375) == nil)
        let bad = profile.json().replacingOccurrences(of: "\"self\":", with: "\"own\":")
        #expect(throws: LayoutDocumentError.self) { try FunctionProfile.decode(Array(bad.utf8), file: "p.json") }
    }

    @Test func swiftSymbolsReadAsTheirShortNames() {
        #expect(SymbolNames.display("$s8NodeTree07DisplayA0C14layoutThatFits_10parentSize10LayoutCore0I0VAF0H5RangeV_AF0H0VtF")
                == "NodeTree.DisplayNode.layoutThatFits(_:parentSize:)")
        #expect(SymbolNames.display("$s12BenchHarness10SinglePassO14runSpecialized_8scenario6engine5widthAA0cD7OutcomeVAA11LayoutPhaseO_AA8ScenarioVAA24NodeTreeFeedParityEngineVSdSgtAA0cD5ErrorOYKFZ")
                == "static BenchHarness.SinglePass.runSpecialized(_:scenario:engine:width:) throws")
        // Not Swift: kept as written.
        #expect(SymbolNames.display("(below main)") == "(below main)")
        #expect(SymbolNames.display("pthread_spin_trylock@@GLIBC_2.34") == "pthread_spin_trylock@@GLIBC_2.34")
        #expect(SymbolNames.simplified("closure #1 (Swift.Int) -> () in Foo.bar(x: Swift.Int, _: [Swift.String]) -> Swift.Int")
                == "closure #1 (_:) in Foo.bar(x:_:)")
        #expect(SymbolNames.simplified("generic specialization <Foo.A> of Foo.run<A>(_: A) -> ()")
                == "generic specialization  of Foo.run(_:)")
        #expect(SymbolNames.shortenedPrefixes("generic specialization  of function signature specialization  of Foo.bar()")
                == "specialized specialized Foo.bar()")
        let long = String(repeating: "x", count: 300)
        #expect(SymbolNames.display(long).count == SymbolNames.displayLimit)
    }
}
