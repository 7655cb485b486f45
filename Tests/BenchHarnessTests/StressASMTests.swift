import Foundation
import NodeTree
import Testing
@testable import BenchHarness

// The `asm` stress node and its operations, step by step: which pool members a variant lays out, that ASM
// (not the runner) makes them the subnodes — on a worker's unloaded tree and on the main actor — and that
// switching ASM off keeps what ASM left.

@MainActor @Suite struct StressASMTests {
    @Test(arguments: [
        (0, 4, [1, 2, 3], 0),       // member 0 left out
        (5, 4, [3, 2, 1], 2),       // rotated by 1, reversed, 0 left out; two nested
        (9, 4, [2, 3, 0], 0),       // 1 left out: 0 comes back (late insertion)
        (20, 4, [3, 1, 0], 2),
        (33, 4, [1, 2, 3, 0], 0),   // nothing left out
        (7, 0, [], 0),
    ])
    func aVariantSelectsPoolMembers(_ variant: Int, _ count: Int, _ members: [Int], _ nested: Int) {
        let selection = StressASMNode.selection(variant: variant, count: count)
        #expect(selection.members == members)
        #expect(selection.nested == nested)
    }

    @Test func everyVariantSelectsDistinctMembers() {
        for count in 1...7 {
            for variant in 0..<200 {
                let members = StressASMNode.selection(variant: variant, count: count).members
                #expect(Set(members).count == members.count && members.allSatisfy { (0..<count).contains($0) })
                #expect(members.count >= count - 1)
            }
        }
    }

    @Test func theLargestVariantsSelectWithoutOverflow() async {
        // (index + v) overflowed into a negative pool index here (out of bounds, unchecked in release; a trap
        // in this debug build, hence a child process). Expected values from the definition in exact integer
        // arithmetic: for n = 5, v mod 5 = 2, v / 5 is odd (reversed), (v / 5 / 2) mod 6 = 0 is left out.
        await #expect(processExitsWith: .success) {
            let selections = [5, 4, 7].map { StressASMNode.selection(variant: .max, count: $0) }
            guard selections.map(\.members) == [[1, 4, 3, 2], [2, 1, 3], [6, 5, 3, 2, 1, 0]],
                  selections.allSatisfy({ $0.nested == 1 }) else { exit(1) }
        }
    }

    @Test func aVariantAboveTheMaximumIsSkippedAndTheNodeStillMeasures() throws {
        // A script made in code skips decoding's check: the executor refuses the variant itself. A shared
        // tree, so the main actor's lane may change its variant and transition it.
        let forest = StressForest(recipe: .asmOrder, fault: nil, counter: LiveNodeCounter())
        let create = StressOperation.create(root: StressBlueprint(id: 1, kind: .asm, children: [
            StressBlueprint(id: 2, kind: .leaf), StressBlueprint(id: 3, kind: .leaf),
        ]), shared: true)
        guard case .resolved = forest.execute(create, lane: 1, claim: .given(0)) else {
            Issue.record("create skipped")
            return
        }
        guard case .resolved = forest.execute(.setVariant(node: 1, variant: 4), lane: 0, claim: .given(1)) else {
            Issue.record("a variant in range was skipped")
            return
        }
        let refused: [StressOperation] = [
            .setVariant(node: 1, variant: .max),
            .setVariant(node: 1, variant: StressASMNode.maximumVariant + 1),
            .transition(node: 1, animated: false, variant: .max, supersedingVariant: nil),
            .transition(node: 1, animated: false, variant: nil, supersedingVariant: .max),
        ]
        for (offset, op) in refused.enumerated() {
            // Executed, the next measure would index the pool out of bounds: stop before it.
            guard case .skipped = forest.execute(op, lane: 0, claim: .given(2 + offset)) else {
                Issue.record("\(op) was executed")
                return
            }
        }
        let measure = StressOperation.measure(node: 1, range: StressRange(width: 375))
        #expect({ if case .resolved = forest.execute(measure, lane: 1, claim: .given(9)) { true } else { false } }())
        #expect((forest.node(1) as? StressASMNode)?.variant == 4)
    }

    func ids(_ nodes: [DisplayNode]) -> [Int] { nodes.compactMap { ($0 as? any StressNode)?.stressID } }

    /// The hand-written asm-order script one step at a time (lanes executed in order on this thread, which
    /// the node tree allows for unloaded trees): subnodes and views follow the variants.
    @Test func subnodesFollowTheVariantsOnTheWorkerAndTheMainActor() throws {
        let path = StressTestSupport.regressionsDirectory.appendingPathComponent("asm-order-variants-and-late-insertion.json").path
        let script = try StressScript.load(path: path)
        let forest = StressForest(recipe: .asmOrder, fault: nil, counter: LiveNodeCounter())
        var after: [Int: [Int]] = [:]
        for step in script.steps {
            guard case .resolved = forest.execute(step.op, lane: step.lane, claim: .given(step.seq)) else {
                Issue.record("step \(step.seq) skipped")
                continue
            }
            after[step.seq] = ids(forest.node(2)!.subnodes)
        }
        #expect(after[1] == [4, 5, 6])          // variant 0, first layout pass on the worker
        #expect(after[4] == [6, 5, 4])          // variant 5: moves
        #expect(after[7] == [5, 6, 3])          // variant 9: 4 removed, 3 inserted late
        #expect(after[10] == [5, 6, 3])         // loaded: views follow
        #expect(after[14] == [6, 4, 3])         // variant 20, applied on the main actor after the flush
        #expect(after[17] == [6, 4, 3])         // ASM off: variant 33 changes nothing, the spec lays out these
        #expect(after[20] == [4, 5, 6, 3])      // ASM on again: variant 33
        do {
            let asm = forest.node(2)!
            #expect(asm.view.subviews.map { $0.node }.elementsEqual(asm.subnodes, by: { $0 === $1 }))
        }
        let failed = StressInvariants.checkAtQuiescence(forest).filter { !$0.holds }
        #expect(failed.isEmpty, "\(failed)")
    }
}
