import Foundation
import Testing
@testable import BenchHarness

// Stress scripts as files: what is written reads back equal, and every kind of bad file is one error naming
// the file, the JSON path and the reason.

@Suite struct StressScriptTests {
    static let file = "script.json"

    /// One step of every operation kind.
    static let everyOperation: [StressStep] = {
        let root = StressBlueprint(id: 1, kind: .cell, stack: StressStack(direction: .horizontal, spacing: 4,
                                                                           justifyContent: .spaceBetween,
                                                                           alignItems: .center, inset: 8),
                                   children: [StressBlueprint(id: 2, kind: .text, style: StressStyle(flexGrow: 1), text: "Hi 👍🏽"),
                                              StressBlueprint(id: 3, kind: .scroll, children: [
                                                  StressBlueprint(id: 4, kind: .leaf,
                                                                  style: StressStyle(width: 40, height: 20, alignSelf: .center)),
                                              ])])
        let ops: [(Int, StressOperation)] = [
            (1, .create(root: root, shared: false)),
            (1, .create(root: StressBlueprint(id: 5, kind: .container), shared: true)),
            (2, .setStyle(node: 2, style: StressStyle(width: 10, flexShrink: 1, spacingBefore: 4))),
            (2, .setText(node: 2, text: "quote \" and backslash \\")),
            (2, .setStack(node: 3, stack: StressStack())),
            (2, .setNeedsLayout(node: 4)),
            (2, .measure(node: 1, range: StressRange(minWidth: 0, minHeight: 0, maxWidth: .infinity, maxHeight: .infinity))),
            (2, .setProperty(node: 4, write: .alpha(0.5))),
            (1, .setProperty(node: 1, write: .frame(x: 0, y: 0, width: 375, height: 600))),
            (1, .invalidate(node: 4)),
            (1, .insert(node: 5, parent: 3, index: 1)),
            (1, .remove(node: 5)),
            (1, .replace(node: 4, with: 5)),
            (1, .layoutPass(root: 1, width: 375, height: 600)),
            (1, .handOff(root: 1)),
            (0, .load(root: 1)),
            (0, .mainLayout(root: 1, width: 320)),
            (0, .read(node: 2)),
            (0, .flush),
            (0, .detach(node: 3)),
            (0, .attach(root: 3, parent: 1, index: 0)),
            (1, .discard(root: 4)),
            (1, .create(root: StressBlueprint(id: 10, kind: .asm, stack: StressStack(spacing: 2), children: [
                StressBlueprint(id: 11, kind: .leaf), StressBlueprint(id: 12, kind: .text, text: "pool"),
            ]), shared: true)),
            (2, .setVariant(node: 10, variant: 7)),
            (0, .setAutomaticallyManagesSubnodes(node: 10, on: false)),
            (0, .transition(node: 10, animated: true, variant: 3, supersedingVariant: 4)),
            (0, .transition(node: 10, animated: false, variant: nil, supersedingVariant: nil)),
            (2, .cancelTransition(node: 10)),
        ]
        return ops.enumerated().map { StressStep(seq: $0.offset * 2, lane: $0.element.0, op: $0.element.1) }
    }()

    @Test func aWrittenScriptReadsBackEqual() throws {
        var script = StressScript(recipe: .scrollContent, steps: Self.everyOperation)
        script.name = "round trip"
        script.origin = "bench stress --threads 2"
        script.seed = 18_446_744_073_709_551_615
        script.threads = 2
        script.operations = 100
        script.fault = .staleAncestors
        script.failure = StressScriptFailure(invariant: "layout-cache", message: "cell 1 …")
        script.reproducedSequentially = true
        script.shrunkFrom = 100
        script.knownIssue = "none"
        let text = script.text
        #expect(try StressScript.decode(text, file: Self.file) == script)
        // One step per line, infinity as "inf".
        let stepLines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"seq\": ") }
        #expect(stepLines.count == Self.everyOperation.count)
        #expect(text.contains(#""maxWidth":"inf""#))
        #expect(text.contains(#"{"seq": 36, "lane": 0, "op": {"flush":{}}}"#))
    }

    @Test func savingNeverOverwrites() throws {
        let directory = try StressTestSupport.temporaryDirectory()
        defer { StressTestSupport.remove(directory) }
        let script = StressScript(steps: Array(Self.everyOperation.prefix(2)))
        let first = try script.save(inDirectory: directory.path + "/nested", baseName: "name")
        let second = try script.save(inDirectory: directory.path + "/nested", baseName: "name")
        #expect(first.hasSuffix("/nested/name.json"))
        #expect(second.hasSuffix("/nested/name-2.json"))
        #expect(try StressScript.load(path: second) == script)
    }

    // MARK: - Bad files

    static func error(_ text: String) -> String? {
        do {
            _ = try StressScript.decode(text, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    static func steps(_ body: String) -> String { #"{"steps": [\#(body)]}"# }

    static let measureOp = #"{"measure": {"node": 1, "range": {"minWidth": 0, "minHeight": 0, "maxWidth": 375, "maxHeight": "inf"}}}"#

    @Test func aMinimalScriptDecodes() throws {
        let script = try StressScript.decode(Self.steps(#"{"seq": 0, "lane": 2, "op": \#(Self.measureOp)}"#), file: Self.file)
        #expect(script.recipe == .mixed)
        #expect(script.steps == [StressStep(seq: 0, lane: 2, op: .measure(node: 1, range: StressRange(width: 375)
            .with { $0.minWidth = 0 }))])
    }

    @Test(arguments: [
        (#"{"steps": ["#, "script.json: $.steps[0]: invalid JSON at line 1, column 12: "),
        ("[]", "script.json: $: expected an object (a stress script), found an empty array"),
        ("{}", #"script.json: $: missing key "steps" in a stress script"#),
        (#"{"steps": {}}"#, "script.json: $.steps: expected an array of steps, found an object"),
        (steps("3"), "script.json: $.steps[0]: expected a step object, found 3"),
        (steps(#"{"seq": 0, "lane": 1, "op": {"measure": {}}, "thread": 2}"#),
         #"script.json: $.steps[0].thread: unknown key "thread" in a step (allowed: seq, lane, op)"#),
        (steps(#"{"seq": 0, "lane": 1}"#), #"script.json: $.steps[0]: missing key "op" in a step"#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"explode": {}}}"#),
         #"script.json: $.steps[0].op.explode: unknown operation "explode" (one of setStyle"#),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1}}}"#),
         #"script.json: $.steps[0].op.transition: missing key "animated""#),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1, "animated": true, "superseding": 2}}}"#),
         #"script.json: $.steps[0].op.transition.superseding: unknown key "superseding" in "transition" (allowed: animated, node, supersedingVariant, variant)"#),
        (steps(#"{"seq": 0, "lane": 3, "op": {"transition": {"node": 1, "animated": true}}}"#),
         #"script.json: $.steps[0].lane: "transition" runs on the main actor only (lane 0), found lane 3"#),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1, "animated": "yes"}}}"#),
         #"script.json: $.steps[0].op.transition.animated: expected true or false, found "yes""#),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1, "animated": false, "supersedingVariant": -2}}}"#),
         "script.json: $.steps[0].op.transition.supersedingVariant: must be an integer from 0 to 1000000, found -2"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setVariant": {"node": 1, "variant": -1}}}"#),
         "script.json: $.steps[0].op.setVariant.variant: must be an integer from 0 to 1000000, found -1"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setVariant": {"node": 1, "variant": 9223372036854775807}}}"#),
         "script.json: $.steps[0].op.setVariant.variant: must be an integer from 0 to 1000000, found 9223372036854775807"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setVariant": {"node": 1, "variant": 1000001}}}"#),
         "script.json: $.steps[0].op.setVariant.variant: must be an integer from 0 to 1000000, found 1000001"),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1, "animated": true, "variant": 9223372036854775807}}}"#),
         "script.json: $.steps[0].op.transition.variant: must be an integer from 0 to 1000000, found 9223372036854775807"),
        (steps(#"{"seq": 0, "lane": 0, "op": {"transition": {"node": 1, "animated": true, "variant": 2, "supersedingVariant": 9223372036854775807}}}"#),
         "script.json: $.steps[0].op.transition.supersedingVariant: must be an integer from 0 to 1000000, found 9223372036854775807"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setVariant": {"node": 1, "variant": 1.5}}}"#),
         "script.json: $.steps[0].op.setVariant.variant: expected an integer, found 1.5"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"measure": {"node": 2.5, "range": {"minWidth": 0, "minHeight": 0, "maxWidth": 1, "maxHeight": 1}}}}"#),
         "script.json: $.steps[0].op.measure.node: expected an integer, found 2.5"),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setAutomaticallyManagesSubnodes": {"node": 1}}}"#),
         #"script.json: $.steps[0].op.setAutomaticallyManagesSubnodes: missing key "on""#),
        (steps(#"{"seq": 0, "lane": 2, "op": {"setAutomaticallyManagesSubnodes": {"node": 1, "on": true, "off": false}}}"#),
         #"script.json: $.steps[0].op.setAutomaticallyManagesSubnodes.off: unknown key "off" in "setAutomaticallyManagesSubnodes" (allowed: node, on)"#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"cancelTransition": {}}}"#),
         #"script.json: $.steps[0].op.cancelTransition: missing key "node""#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"create": {"root": {"id": 1, "kind": "leaf", "children": [{"id": 2, "kind": "asm"}]}, "shared": false}}}"#),
         "script.json: $.steps[0].op.create.root.children: a leaf node takes no children"),
        (steps(#"{"seq": 0, "lane": 0, "op": {"flush": {}, "read": {"node": 1}}}"#),
         "script.json: $.steps[0].op: an operation is an object with exactly one key (its name), found 2 keys"),
        (steps(#"{"seq": 0, "lane": 0, "op": "flush"}"#),
         #"script.json: $.steps[0].op: expected an operation object such as {"measure": {…}}, found "flush""#),
        (steps(#"{"seq": "x", "lane": 1, "op": \#(measureOp)}"#),
         #"script.json: $.steps[0].seq: expected an integer, found "x""#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"measure": {"node": 1}}}"#),
         #"script.json: $.steps[0].op.measure: missing key "range""#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"measure": {"node": 1, "range": {"minWidth": 0, "minHeight": 0, "maxWidth": true, "maxHeight": 1}}}}"#),
         #"script.json: $.steps[0].op.measure.range.maxWidth: expected a number or "inf", found true"#),
        (steps(#"{"seq": 0, "lane": 1, "op": {"setStack": {"node": 1, "stack": {"direction": "diagonal"}}}}"#),
         #"script.json: $.steps[0].op.setStack.stack.direction: expected one of "vertical", "horizontal", found "diagonal""#),
        // A control character in a value is written escaped: the error stays one line (bench fuzz, seed 424).
        (steps(#"{"seq": 0, "lane": 1, "op": {"setStack": {"node": 1, "stack": {"justifyContent": "\n"}}}}"#),
         #"script.json: $.steps[0].op.setStack.stack.justifyContent: expected one of "start", "center", "end", "spaceBetween", "spaceAround", found "\n""#),
        (steps(#"{"seq": 0, "lane": 2, "op": {"flush": {}}}"#),
         #"script.json: $.steps[0].lane: "flush" runs on the main actor only (lane 0), found lane 2"#),
        (steps(#"{"seq": 0, "lane": 0, "op": {"create": {"root": {"id": 1, "kind": "leaf"}, "shared": false}}}"#),
         #"script.json: $.steps[0].lane: "create" runs on a worker lane (1 or more), found lane 0"#),
        (steps(#"{"seq": 0, "lane": 65, "op": {"flush": {}}}"#),
         "script.json: $.steps[0].lane: must be 0 (the main actor) or a worker lane 1…64, found 65"),
        (steps(#"{"seq": 1, "lane": 0, "op": {"flush": {}}}, {"seq": 1, "lane": 0, "op": {"flush": {}}}"#),
         "script.json: $.steps[1].seq: sequence numbers must increase, found 1 after 1"),
        (steps(#"{"seq": 0, "lane": 1, "op": {"measure": {"node": 1, "range": {"minWidth": 10, "minHeight": 0, "maxWidth": 5, "maxHeight": 1}}}}"#),
         "script.json: $.steps[0].op.measure.range: not a valid size range (finite minima ≥ 0, maxima ≥ minima)"),
        (steps(#"{"seq": 0, "lane": 1, "op": {"create": {"root": {"id": 1, "kind": "text", "children": [{"id": 2, "kind": "leaf"}]}, "shared": false}}}"#),
         "script.json: $.steps[0].op.create.root.children: a text node takes no children"),
        (steps(#"{"seq": 0, "lane": 1, "op": {"create": {"root": {"id": 1, "kind": "cell", "children": [{"id": 1, "kind": "leaf"}]}, "shared": false}}}"#),
         "script.json: $.steps[0].op.create.root: node ids must be unique within a created tree"),
        (steps(#"{"seq": 0, "lane": 1, "op": {"create": {"root": {"id": 1, "kind": "button"}, "shared": false}}}"#),
         #"script.json: $.steps[0].op.create.root.kind: unknown value "button""#),
        (#"{"version": 2, "steps": []}"#, "script.json: $.version: unsupported version 2 (this bench reads version 1)"),
        (#"{"format": "layout", "steps": []}"#, #"script.json: $.format: expected "loom-stress-script", found "layout""#),
        (#"{"recipe": "transition", "steps": []}"#, #"script.json: $.recipe: unknown value "transition""#),
    ])
    func aBadScriptIsOneLineWithThePath(_ text: String, _ expected: String) {
        let message = Self.error(text)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    @Test func anUnreadableFileNamesTheFileAndTheReason() {
        let path = "/nonexistent/loom/script.json"
        #expect(throws: StressInputError.unreadable(file: path, reason: "No such file or directory")) {
            try StressScript.load(path: path)
        }
    }
}

extension StressRange {
    fileprivate func with(_ change: (inout StressRange) -> Void) -> StressRange {
        var copy = self
        change(&copy)
        return copy
    }
}
