import Foundation
import LayoutCore
import NodeTree

// The scroll run, on the main actor (the scroll node is loaded and in a window, as on screen):
//
//   setup      per repetition, untimed: a new ScrollContentNode (ASM + automaticallyManagesContentSize) with
//              the initial rows, in a window of the viewport's size — directly ("host": "window") or under a
//              44-point header in a screen node's stack, taking the rest ("host": "stack") — laid out once
//   steps      each step:
//                a. untimed: the row list changes — a growing step appends `batch` new rows (a feed's next
//                   page), a shrinking one removes `batch` contiguous rows at a seeded position (deletions)
//                   — then setNeedsLayout on the scroll node
//                b. timed "measure": layoutThatFits(exactly the viewport) of the scroll node (or of the screen
//                   node, which measures it in its stack): the stack over the rows, new rows
//                   measured, the others from their caches (the pass reuses this pending layout)
//                c. timed "pass": window.layoutIfNeeded() — the scroll node's layout pass: ASM diff and
//                   commit (new rows' views load, removed ones leave), frames, view.contentSize in layout()
//                d. untimed check: the view's contentSize equals the applied layout's content size (its rows'
//                   extent, at least the viewport) and the hand-computed one (Σ row heights, at least the
//                   viewport) — Texture #891/#774, where the view got a stale or wrong content size
//   count      allocations (jemalloc) and layout cache misses per step, two identical passes
//
// Row k (the k-th row ever made in a repetition) has height rowHeight.min + SplitMix64((seed << 32) | k) %
// span, and removal positions come from one SplitMix64 seeded with the seed: every repetition and every run
// with the same seed makes the same steps.

public struct ScrollRunOptions {
    public var allocationCounter: (any AllocationCounting)?
    public var progress: ((String) -> Void)?

    public init(allocationCounter: (any AllocationCounting)? = nil, progress: ((String) -> Void)? = nil) {
        self.allocationCounter = allocationCounter
        self.progress = progress
    }
}

public struct ScrollMeasurements: Sendable {
    /// Nanoseconds per measured repetition: the median step of that repetition.
    public var measure: [Double] = []
    public var pass: [Double] = []
    public var step: [Double] = []
    /// Every measured step's nanoseconds, for the percentiles.
    public var allMeasure: [Double] = []
    public var allPass: [Double] = []
    public var allStep: [Double] = []
    /// Per step (deterministic): subnodes ASM inserted and removed, layout cache misses.
    public var insertedPerStep = 0.0
    public var removedPerStep = 0.0
    public var cacheMissesPerStep: Double?
    /// Allocations per step (measure + pass), nil when not counted.
    public var allocationsPerStep: Double?
    /// Steps (over every repetition, warm-ups and counted passes included) whose view contentSize was not
    /// the applied layout's or not the hand-computed one, and the first such step described.
    public var contentSizeMismatches = 0
    public var checkedSteps = 0
    public var firstMismatch: String?
    /// Rows after the last step, and the largest count on the way.
    public var finalRows = 0
    public var maxRows = 0
    public var notes: [String] = []

    public init() {}
}

/// What one step did, from the check.
public struct ScrollStepOutcome: Hashable, Sendable {
    public var rows: Int
    public var viewContentSize: Size
    public var appliedContentSize: Size
    public var expectedContentSize: Size
    public var inserted: Int
    public var removed: Int

    public var contentSizeMatches: Bool {
        viewContentSize == appliedContentSize && appliedContentSize == expectedContentSize
    }
}

@MainActor
public struct ScrollRunner {
    public let scenario: ScrollScenario
    public let options: ScrollRunOptions

    public init(scenario: ScrollScenario, options: ScrollRunOptions = ScrollRunOptions()) {
        self.scenario = scenario
        self.options = options
    }

    public func run() -> ScrollMeasurements {
        if PixelGrid.scale != 2 { PixelGrid.scale = 2 }
        var result = ScrollMeasurements()
        let total = scenario.warmup + scenario.repetitions
        for repetition in 0..<total {
            let measured = repetition >= scenario.warmup
            options.progress?(measured ? "repetition \(repetition - scenario.warmup + 1)/\(scenario.repetitions)"
                                       : "warm-up \(repetition + 1)/\(scenario.warmup)")
            let session = ScrollSession(scenario)
            var measure: [Double] = [], pass: [Double] = [], step: [Double] = []
            for index in 0..<scenario.steps {
                let timing = session.step(index)
                record(session.check(), step: index, into: &result)
                measure.append(Double(timing.measure))
                pass.append(Double(timing.pass))
                step.append(Double(timing.measure + timing.pass))
            }
            guard measured else { continue }
            result.measure.append(Statistics.median(measure))
            result.pass.append(Statistics.median(pass))
            result.step.append(Statistics.median(step))
            result.allMeasure += measure
            result.allPass += pass
            result.allStep += step
        }
        countedPasses(into: &result)
        return result
    }

    /// Checks one step's outcome; counts a mismatch.
    private func record(_ outcome: ScrollStepOutcome, step: Int, into result: inout ScrollMeasurements) {
        result.checkedSteps += 1
        result.finalRows = outcome.rows
        result.maxRows = max(result.maxRows, outcome.rows)
        guard !outcome.contentSizeMatches else { return }
        result.contentSizeMismatches += 1
        if result.firstMismatch == nil {
            result.firstMismatch = "step \(step) (\(outcome.rows) rows): view contentSize \(outcome.viewContentSize), "
                + "applied layout's \(outcome.appliedContentSize), by hand \(outcome.expectedContentSize)"
        }
    }

    /// Two identical untimed repetitions counting allocations and cache misses around (measure + pass), and
    /// the subnode changes; the second's counts are reported, a note says if they differ.
    private func countedPasses(into result: inout ScrollMeasurements) {
        options.progress?("counted passes")
        var passes: [(allocations: UInt64?, misses: Int, inserted: Int, removed: Int)] = []
        for _ in 0..<2 {
            let session = ScrollSession(scenario)
            let counter = options.allocationCounter
            var allocations: UInt64 = 0, misses = 0, inserted = 0, removed = 0
            for index in 0..<scenario.steps {
                session.change(index)
                let missesBefore = session.cacheMisses()
                let before = counter?.read()
                session.measureAndPass()
                if let before, let after = counter?.read() { allocations &+= after.since(before).allocations }
                misses += session.cacheMisses() - missesBefore
                let outcome = session.check()
                record(outcome, step: index, into: &result)
                inserted += outcome.inserted
                removed += outcome.removed
            }
            passes.append((counter == nil ? nil : allocations, misses, inserted, removed))
        }
        let steps = Double(scenario.steps)
        let second = passes[1]
        result.allocationsPerStep = second.allocations.map { Double($0) / steps }
        result.cacheMissesPerStep = Double(second.misses) / steps
        result.insertedPerStep = Double(second.inserted) / steps
        result.removedPerStep = Double(second.removed) / steps
        if passes[0].allocations != second.allocations || passes[0].misses != second.misses {
            result.notes.append("the two counted passes differed (allocations \(passes[0].allocations.map(String.init) ?? "–") "
                + "then \(second.allocations.map(String.init) ?? "–"), cache misses \(passes[0].misses) then \(second.misses)); "
                + "the second is reported")
        }
    }
}

/// One repetition's scroll node, window and rows.
@MainActor
final class ScrollSession {
    let scenario: ScrollScenario
    let window: PlatformView
    let node: ScrollContentNode
    /// Rows made so far (the next row's index) and the stream of removal positions.
    private var made = 0
    private var positions: SplitMix64
    private var subnodesBefore: Set<ObjectIdentifier> = []

    /// What is measured and laid out: the scroll node itself, or the screen node holding it.
    let root: DisplayNode
    /// The scroll node's own visible height (the viewport's, less the header when hosted in a stack).
    let scrollHeight: Double

    init(_ scenario: ScrollScenario) {
        self.scenario = scenario
        positions = SplitMix64(seed: UInt64(scenario.seed))
        let viewport = Rect(x: 0, y: 0, width: scenario.viewportWidth, height: scenario.viewportHeight)
        window = PlatformView(frame: viewport)
        node = ScrollContentNode()
        switch scenario.host {
        case .window:
            root = node
            scrollHeight = scenario.viewportHeight
        case .stack:
            // A screen as apps build it: a header above the scroll node, which takes the rest (flexGrow).
            root = ScrollScreenNode(scroll: node)
            scrollHeight = scenario.viewportHeight - ScrollScreenNode.headerHeight
        }
        var rows: [ScrollRow] = []
        for _ in 0..<scenario.rows { rows.append(makeRow()) }
        node.rows = rows
        window.addSubview(root.view)
        root.frame = viewport
        window.layoutIfNeeded()
    }

    /// The next row, its height drawn from its own stream.
    private func makeRow() -> ScrollRow {
        var random = SplitMix64(seed: (UInt64(scenario.seed) << 32) | UInt64(UInt32(truncatingIfNeeded: made)))
        made += 1
        return ScrollRow(height: Double(scenario.rowHeightMin) + Double(random.next() % UInt64(scenario.rowHeightSpan)))
    }

    /// a. The row list change of step `index` (untimed), then setNeedsLayout.
    func change(_ index: Int) {
        subnodesBefore = Set(node.subnodes.map(ObjectIdentifier.init))
        var rows = node.rows
        if scenario.grows(step: index) {
            for _ in 0..<scenario.batch { rows.append(makeRow()) }
        } else if !rows.isEmpty {
            let count = min(scenario.batch, rows.count)
            let start = Int(positions.next() % UInt64(rows.count - count + 1))
            rows.removeSubrange(start..<(start + count))
        }
        node.rows = rows
        node.setNeedsLayout()
    }

    /// b + c: the measurement and the layout pass.
    func measureAndPass() {
        _ = root.layoutThatFits(SizeRange(exactly: Size(width: scenario.viewportWidth, height: scenario.viewportHeight)))
        window.layoutIfNeeded()
    }

    /// One step, timed: a (untimed), b, c.
    func step(_ index: Int) -> (measure: UInt64, pass: UInt64) {
        change(index)
        let start = CPUClock.wallNanoseconds()
        _ = root.layoutThatFits(SizeRange(exactly: Size(width: scenario.viewportWidth, height: scenario.viewportHeight)))
        let measured = CPUClock.wallNanoseconds()
        window.layoutIfNeeded()
        let passed = CPUClock.wallNanoseconds()
        return (measured &- start, passed &- measured)
    }

    /// d. The view's content size against the applied layout's and the hand-computed one.
    func check() -> ScrollStepOutcome {
        let viewport = Size(width: scenario.viewportWidth, height: scrollHeight)
        let rows = node.rows
        let expected = Size(width: viewport.width, height: max(viewport.height, rows.reduce(0) { $0 + $1.height }))
        var extent = 0.0
        for sublayout in node.calculatedLayout?.sublayouts ?? [] { extent = max(extent, sublayout.frame.maxY) }
        let applied = Size(width: viewport.width, height: max(viewport.height, extent))
        let after = node.subnodes.map(ObjectIdentifier.init)
        let inserted = after.filter { !subnodesBefore.contains($0) }.count
        let removed = subnodesBefore.count - (after.count - inserted)
        return ScrollStepOutcome(rows: rows.count, viewContentSize: node.view.contentSize, appliedContentSize: applied,
                                 expectedContentSize: expected, inserted: inserted, removed: removed)
    }

    /// Layout cache misses of the scroll node and its rows so far.
    func cacheMisses() -> Int {
        node.layoutStatistics.cacheMisses + node.rows.reduce(0) { $0 + $1.layoutStatistics.cacheMisses }
    }
}

/// A screen node: a header above the scroll node, which grows into the rest (ASM, vertical stack).
final class ScrollScreenNode: DisplayNode, @unchecked Sendable {
    static let headerHeight = 44.0
    let header = DisplayNode()
    let scroll: ScrollContentNode

    init(scroll: ScrollContentNode) {
        self.scroll = scroll
        super.init()
        header.style.height = .points(Self.headerHeight)
        scroll.style.flexGrow = 1
        scroll.style.flexShrink = 1
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        StackLayoutSpec.vertical(children: [header, scroll])
    }
}

/// A row: a leaf of fixed height that stretches to the scroll node's width.
final class ScrollRow: DisplayNode, @unchecked Sendable {
    let height: Double

    init(height: Double) {
        self.height = height
        super.init()
        style.height = .points(height)
    }
}

/// The seeds' ScrollNode example: ASM and automaticallyManagesContentSize, a vertical stack of its rows.
final class ScrollContentNode: ScrollNode, @unchecked Sendable {
    private let lock = NSLock()
    private var storedRows: [ScrollRow] = []

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        automaticallyManagesContentSize = true
    }

    /// The rows the next layout shows (read by layoutSpecThatFits on any thread, under the lock).
    var rows: [ScrollRow] {
        get { lock.withLock { storedRows } }
        set { lock.withLock { storedRows = newValue } }
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        StackLayoutSpec.vertical(children: rows)
    }
}
