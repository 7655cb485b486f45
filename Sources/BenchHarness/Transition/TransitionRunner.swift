import LayoutCore
import NodeTree

// The transition run, on the main actor (transitions are applied there):
//
//   setup      the forms or cells, hosted in a window and laid out (the "from" layout exists)
//   repeat     `warmup` unreported repetitions, then `repetitions` measured ones; in each, every form or cell
//              makes `transitions` transitions in turn, alternating direction:
//                a. the state change — signup: fieldState toggles; rotation: the other width's range
//                b. timed: prepareLayoutTransition(to:) — measure, subnode diff and TransitionContext, nothing
//                   applied; the context's `timings` split it, a clock around the call gives the call's time
//                c. untimed: transitionLayout(to:animated: false) applies it (insertions, frames, removals),
//                   so the next transition starts from the new layout — no animation time anywhere
//              a repetition's value is the median over its transitions; p90s are over all measured ones
//   count      allocations per prepareLayoutTransition (when a counter is given), two identical passes
//
// Subnode changes per transition (inserted, removed, moved) are deterministic and reported as counters.

public struct TransitionRunOptions {
    public var allocationCounter: (any AllocationCounting)?
    public var progress: ((String) -> Void)?

    public init(allocationCounter: (any AllocationCounting)? = nil, progress: ((String) -> Void)? = nil) {
        self.allocationCounter = allocationCounter
        self.progress = progress
    }
}

/// The transitions of one direction (rotation: by target width) or of both (signup: toggles are alike).
public struct TransitionSeries: Sendable {
    public var title: String
    /// The width the transitions go to (rotation); nil when both directions are pooled.
    public var targetWidth: Double?
    /// Nanoseconds; per measured repetition, the median over its transitions.
    public var measure: [Double] = []
    public var diff: [Double] = []
    public var context: [Double] = []
    public var total: [Double] = []
    public var call: [Double] = []
    /// Every measured transition's nanoseconds, for the p90s.
    public var allMeasure: [Double] = []
    public var allDiff: [Double] = []
    public var allContext: [Double] = []
    public var allTotal: [Double] = []
    /// Subnode changes summed over the measured transitions, and how many there were.
    public var inserted = 0, removed = 0, moved = 0, transitions = 0
    /// Allocations per prepareLayoutTransition, nil when not counted.
    public var allocations: Double?

    public init(title: String, targetWidth: Double?) {
        self.title = title
        self.targetWidth = targetWidth
    }
}

public struct TransitionMeasurements: Sendable {
    public var series: [TransitionSeries] = []
    public var allocator: String?
    public var notes: [String] = []

    public init() {}
}

/// One transition: the state change and the range to prepare and apply.
@MainActor
private struct TransitionStep {
    let node: DisplayNode
    let range: SizeRange?
    let seriesIndex: Int
    let change: () -> Void
}

@MainActor
public struct TransitionRunner {
    public let scenario: TransitionScenario
    public let options: TransitionRunOptions

    public init(scenario: TransitionScenario, options: TransitionRunOptions = TransitionRunOptions()) {
        self.scenario = scenario
        self.options = options
    }

    public func run() -> TransitionMeasurements {
        if PixelGrid.scale != 2 { PixelGrid.scale = 2 }
        switch scenario.transition {
        case .signup: return run(SignupSubjects(scenario))
        case .rotation: return run(RotationSubjects(scenario))
        }
    }

    private func run(_ subjects: some TransitionSubjects) -> TransitionMeasurements {
        var result = TransitionMeasurements()
        result.allocator = options.allocationCounter?.allocatorDescription
        var series = subjects.seriesTitles.map { TransitionSeries(title: $0.0, targetWidth: $0.1) }

        let total = scenario.warmup + scenario.repetitions
        for repetition in 0..<total {
            let measured = repetition >= scenario.warmup
            options.progress?(scenario.name + (measured
                ? ": repetition \(repetition - scenario.warmup + 1)/\(scenario.repetitions)"
                : ": warm-up \(repetition + 1)/\(scenario.warmup)"))
            var samples = subjects.seriesTitles.map { _ in RepetitionSamples() }
            for cell in 0..<scenario.cells {
                for _ in 0..<scenario.transitions {
                    let step = subjects.nextStep(cell: cell)
                    step.change()
                    let start = CPUClock.wallNanoseconds()
                    let context = step.node.prepareLayoutTransition(to: step.range)
                    let call = CPUClock.wallNanoseconds() &- start
                    samples[step.seriesIndex].add(context, call: call)
                    if let range = step.range {
                        step.node.transitionLayout(to: range, animated: false)
                    } else {
                        step.node.transitionLayout(animated: false)
                    }
                }
            }
            guard measured else { continue }
            for index in series.indices { samples[index].record(into: &series[index]) }
        }

        if let counter = options.allocationCounter {
            options.progress?(scenario.name + ": counting allocations")
            var passes: [[UInt64]] = []
            for _ in 0..<2 {
                var allocations = [UInt64](repeating: 0, count: series.count)
                var counts = [Int](repeating: 0, count: series.count)
                for cell in 0..<scenario.cells {
                    for _ in 0..<scenario.transitions {
                        let step = subjects.nextStep(cell: cell)
                        step.change()
                        let before = counter.read()
                        let context = step.node.prepareLayoutTransition(to: step.range)
                        allocations[step.seriesIndex] &+= counter.read().since(before).allocations
                        counts[step.seriesIndex] += 1
                        _ = context
                        if let range = step.range {
                            step.node.transitionLayout(to: range, animated: false)
                        } else {
                            step.node.transitionLayout(animated: false)
                        }
                    }
                }
                for index in series.indices where counts[index] > 0 {
                    series[index].allocations = Double(allocations[index]) / Double(counts[index])
                }
                passes.append(allocations)
            }
            if passes[0] != passes[1] {
                result.notes.append("allocations differed between two identical counted passes "
                    + "(\(passes[0]) then \(passes[1])); the second is reported")
            }
        }
        result.series = series
        result.notes += subjects.notes
        return result
    }
}

/// One repetition's transitions of one series.
private struct RepetitionSamples {
    var measure: [Double] = [], diff: [Double] = [], context: [Double] = [], total: [Double] = []
    var call: [Double] = []
    var inserted = 0, removed = 0, moved = 0

    mutating func add(_ transition: TransitionContext, call nanoseconds: UInt64) {
        let timings = transition.timings
        measure.append(Double(timings.measurementNanoseconds))
        diff.append(Double(timings.diffNanoseconds))
        context.append(Double(timings.contextNanoseconds))
        total.append(Double(timings.totalNanoseconds))
        call.append(Double(nanoseconds))
        inserted += transition.insertedSubnodes.count
        removed += transition.removedSubnodes.count
        moved += transition.changes.movedSubnodes.count
    }

    func record(into series: inout TransitionSeries) {
        guard !total.isEmpty else { return }
        series.measure.append(Statistics.median(measure))
        series.diff.append(Statistics.median(diff))
        series.context.append(Statistics.median(context))
        series.total.append(Statistics.median(total))
        series.call.append(Statistics.median(call))
        series.allMeasure += measure
        series.allDiff += diff
        series.allContext += context
        series.allTotal += total
        series.inserted += inserted
        series.removed += removed
        series.moved += moved
        series.transitions += total.count
    }
}

// MARK: - What transitions

@MainActor
private protocol TransitionSubjects {
    /// (title, target width) per series.
    var seriesTitles: [(String, Double?)] { get }
    /// The next transition of `cell` (each call flips its direction).
    func nextStep(cell: Int) -> TransitionStep
    var notes: [String] { get }
}

/// Sign-up forms in a window, each toggling between its name and age field.
@MainActor
private final class SignupSubjects: TransitionSubjects {
    let window: PlatformView
    let forms: [SignupFormNode]

    init(_ scenario: TransitionScenario) {
        let width = scenario.widths[0]
        let height = TransitionScenario.signupHeight
        window = PlatformView(frame: Rect(x: 0, y: 0, width: width, height: max(667, height * Double(scenario.cells))))
        forms = (0..<scenario.cells).map { _ in SignupFormNode() }
        for (index, form) in forms.enumerated() {
            window.addSubview(form.view)
            form.frame = Rect(x: 0, y: Double(index) * height, width: width, height: height)
        }
        window.layoutIfNeeded()
    }

    var seriesTitles: [(String, Double?)] { [("name ↔ age field", nil)] }

    func nextStep(cell: Int) -> TransitionStep {
        let form = forms[cell]
        return TransitionStep(node: form, range: nil, seriesIndex: 0) { form.fieldState = form.fieldState.toggled }
    }

    var notes: [String] {
        ["the seeds' sign-up form at its layout-pass range (\(JSONText.number(forms.first?.frame.width ?? 0)) × "
            + "\(JSONText.number(TransitionScenario.signupHeight))); each transition toggles fieldState; "
            + "children's measurements are cached after the first toggles (steady state)"]
    }
}

/// Feed cells in a window, each rotating between the two widths.
@MainActor
private final class RotationSubjects: TransitionSubjects {
    let window: PlatformView
    let cells: [RotationCellNode]
    let widths: [Double]
    /// Index into `widths` of each cell's current width.
    var current: [Int]

    init(_ scenario: TransitionScenario) {
        widths = scenario.widths
        window = PlatformView(frame: Rect(x: 0, y: 0, width: max(widths[0], widths[1]), height: 100_000))
        cells = (0..<scenario.cells).map { RotationCellNode(RotationCellModel.make(seed: scenario.seed, index: $0)) }
        current = Array(repeating: 0, count: cells.count)
        var y = 0.0
        for cell in cells {
            let size = cell.layoutThatFits(SizeRange(width: widths[0])).size
            window.addSubview(cell.view)
            cell.frame = Rect(origin: Point(x: 0, y: y), size: size)
            y += size.height
        }
        window.layoutIfNeeded()
    }

    var seriesTitles: [(String, Double?)] {
        [("\(JSONText.number(widths[0])) → \(JSONText.number(widths[1]))", widths[1]),
         ("\(JSONText.number(widths[1])) → \(JSONText.number(widths[0]))", widths[0])]
    }

    func nextStep(cell: Int) -> TransitionStep {
        let target = 1 - current[cell]
        current[cell] = target
        return TransitionStep(node: cells[cell], range: SizeRange(width: widths[target]), seriesIndex: target == 1 ? 0 : 1) {}
    }

    var notes: [String] {
        ["feed cells (ASM CellNode: avatar, photo, name, location, caption; details only at width ≥ "
            + "\(JSONText.number(RotationCellNode.landscapeFromWidth))) transitioning to an exact width and a free "
            + "height; texts are measured by TextEngine (DejaVu Sans), whose text layout cache serves repeated widths"]
    }
}
