import LayoutCore
import NodeTree
import Testing
@testable import BenchHarness

/// The transition scenarios run: the sign-up form's prepared context has the documentation example's inserted and
/// removed field, every measured transition toggles exactly one field in and one out, rotation inserts and removes
/// the landscape-only text, and the result JSON has the metric names Results/README.md promises.
@Suite struct TransitionSignupScenarioTests {
    static func scenario(_ transition: TransitionKind, cells: Int = 1, transitions: Int = 4) -> TransitionScenario {
        TransitionScenario(name: transition.rawValue, file: "\(transition.rawValue).json",
                           contentHash: "fnv1a64:0000000000000000", description: "test", transition: transition,
                           seed: 12345, cells: cells, widths: transition == .signup ? [375] : [375, 667],
                           transitions: transitions, warmup: 1, repetitions: 2)
    }

    @MainActor @Test func signupContextInsertsTheShownFieldAndRemovesTheOther() {
        let form = SignupFormNode()
        let window = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.addSubview(form.view)
        form.frame = Rect(x: 0, y: 0, width: 375, height: TransitionScenario.signupHeight)
        window.layoutIfNeeded()
        #expect(ChurnRunner.identical(form.subnodes, [form.nameField, form.buttonNode]))

        form.fieldState = .age
        let context = form.prepareLayoutTransition()
        #expect(ChurnRunner.identical(context.insertedSubnodes, [form.ageField]))
        #expect(ChurnRunner.identical(context.removedSubnodes, [form.nameField]))
        #expect(context.changes.movedSubnodes.isEmpty)
        #expect(context.finalFrame(for: form.ageField) == Rect(x: 15, y: 15, width: 200, height: 30))
        #expect(ChurnRunner.identical(form.subnodes, [form.nameField, form.buttonNode]), "prepared, not applied")

        // Applied unanimated, as the runner does between timed transitions; then back.
        form.transitionLayout(animated: false)
        #expect(ChurnRunner.identical(form.subnodes, [form.ageField, form.buttonNode]))
        form.fieldState = .name
        let back = form.prepareLayoutTransition()
        #expect(ChurnRunner.identical(back.insertedSubnodes, [form.nameField]))
        #expect(ChurnRunner.identical(back.removedSubnodes, [form.ageField]))
    }

    @MainActor @Test func signupRunTogglesOneFieldPerTransition() throws {
        let scenario = Self.scenario(.signup, cells: 2, transitions: 3)
        let measurements = TransitionRunner(scenario: scenario, options: TransitionRunOptions(allocationCounter: FakeCounter())).run()
        #expect(measurements.series.count == 1)
        let series = measurements.series[0]
        #expect(series.transitions == 2 * 3 * 2, "cells × transitions × measured repetitions")
        #expect(series.inserted == series.transitions && series.removed == series.transitions && series.moved == 0)
        #expect(series.total.count == 2 && series.allTotal.count == series.transitions)
        #expect(zip(series.allTotal, zip(series.allMeasure, zip(series.allDiff, series.allContext)))
                    .allSatisfy { $0 == $1.0 + $1.1.0 + $1.1.1 }, "total = measure + diff + context")
        #expect(series.allocations == 1, "one fake allocation per reading")

        let document = ResultDocument.make(transition: scenario, measurements: measurements,
                                           provenance: ResultDocumentTests.provenance, timingsValid: false)
        let decoded = try ResultDocument.decode(document.json(), file: "result.json")
        #expect(decoded == document && decoded.scenario.kind == .transition)
        let names = Set(decoded.metrics.map(\.name))
        for name in ["transition.signup.microseconds", "transition.signup.measureMicroseconds",
                     "transition.signup.diffMicroseconds", "transition.signup.contextMicroseconds",
                     "transition.signup.p90Microseconds", "transition.signup.measureP90Microseconds",
                     "transition.signup.callMicroseconds", "transition.signup.insertedSubnodes",
                     "transition.signup.removedSubnodes", "transition.signup.movedSubnodes",
                     "transition.signup.allocations"] {
            #expect(names.contains(name), "missing \(name)")
        }
        #expect(decoded.metrics.first("transition.signup.insertedSubnodes", mix: nil)?.value == 1)
        #expect(decoded.metrics.first("transition.signup.insertedSubnodes", mix: nil)?.deterministic == true)
        #expect(decoded.metrics.first("transition.signup.microseconds", mix: nil)?.unit == "µs")
        let table = TableReport.render(decoded)
        #expect(table == TableReport.render(document))
        #expect(table.contains("name ↔ age field (12 transitions)"))
        #expect(table.contains("subnodes per transition: 1 inserted, 1 removed, 0 moved; 1 allocations"))
    }

    @MainActor @Test func rotationInsertsAndRemovesTheLandscapeText() throws {
        let scenario = Self.scenario(.rotation, cells: 3, transitions: 2)
        let measurements = TransitionRunner(scenario: scenario).run()
        #expect(measurements.series.map(\.title) == ["375 → 667", "667 → 375"])
        #expect(measurements.series.map(\.targetWidth) == [667, 375])
        let (toLandscape, toPortrait) = (measurements.series[0], measurements.series[1])
        #expect(toLandscape.transitions == 3 * 2 && toPortrait.transitions == 3 * 2)
        // Landscape shows `details` (inserted) and puts the photo first (one move); portrait removes it again.
        #expect(toLandscape.inserted == toLandscape.transitions && toLandscape.removed == 0)
        #expect(toPortrait.removed == toPortrait.transitions && toPortrait.inserted == 0)
        #expect(toLandscape.moved == toLandscape.transitions && toPortrait.moved == toPortrait.transitions)

        let document = ResultDocument.make(transition: scenario, measurements: measurements,
                                           provenance: ResultDocumentTests.provenance, timingsValid: false)
        #expect(document.metrics.first("transition.rotation.microseconds", mix: nil, width: 667) != nil)
        #expect(document.metrics.first("transition.rotation.microseconds", mix: nil, width: 375) != nil)
        let table = TableReport.render(document)
        #expect(table.contains("375 → 667 (6 transitions)") && table.contains("667 → 375 (6 transitions)"))
        #expect(table.contains("allocations not counted"))
    }

    @MainActor @Test func rotationCellLaysOutBothWays() {
        let cell = RotationCellNode(RotationCellModel.make(seed: 12345, index: 0))
        let portrait = cell.layoutThatFits(SizeRange(width: 375))
        #expect(portrait.size.width == 375)
        #expect(portrait.frame(for: cell.photo).size == Size(width: 375, height: 375))
        #expect(portrait.frame(for: cell.details).isNull)
        let landscape = cell.layoutThatFits(SizeRange(width: 667))
        #expect(landscape.frame(for: cell.photo) == Rect(x: 8, y: 8, width: 240, height: 240))
        #expect(!landscape.frame(for: cell.details).isNull)
        #expect(RotationCellModel.make(seed: 12345, index: 3) == RotationCellModel.make(seed: 12345, index: 3))
        #expect(RotationCellModel.make(seed: 12345, index: 3) != RotationCellModel.make(seed: 12346, index: 3))
    }
}
