import LayoutCore

// One phase, once, synchronously on the calling thread, for instruction counts under valgrind
// (callgrind cannot follow an async main or a thread pool's parked workers usefully). Only the phase
// itself runs inside `benchMeasuredRegion` (symbol `loom_bench_measured_region`), so
//
//     valgrind --tool=callgrind --toggle-collect=loom_bench_measured_region \
//         .build/release/bench run --scenario feed-parity --single-pass fresh
//
// counts exactly that pass; Ir ÷ cells is instructions per cell (Results/README.md). `bench instructions`
// and the gate count it with a dump on entering and on leaving it instead (Instructions/CallgrindRun.swift).
//
// Before the measured cells are even made, the same phase runs once over a separate set of cells made from
// the same models: the process's one-time work — lazy symbol binding, generic metadata instantiated from
// mangled names, the thread's spec arena and scratch growing to size — happens there, outside the region.
// Without it a 100-cell fresh pass counted thousands of dynamic-linker and demangler calls as if the cells
// made them.

public struct SinglePassOutcome: Sendable {
    public var phase: LayoutPhase
    public var cells: Int
    public var width: Double
    public var wallNanoseconds: UInt64
    public var measureCalls: Int?
}

public enum SinglePassError: Error, Equatable, CustomStringConvertible {
    case phaseUnavailable(LayoutPhase, reason: String)

    public var description: String {
        switch self {
        case .phaseUnavailable(let phase, let reason): return "\(phase.rawValue) cannot run: \(reason)"
        }
    }
}

public enum SinglePass {
    /// Runs `phase` once over the scenario's cells at `width` (default: its first width). Setup the phase
    /// needs (creating cells, a first layout, invalidation) runs outside the measured region.
    public static func run<Engine: CellLayoutEngine>(_ phase: LayoutPhase, scenario: Scenario, engine: Engine,
                                                     width: Double? = nil) throws(SinglePassError) -> SinglePassOutcome {
        if phase.needsLayoutCache, let reason = engine.layoutCacheUnavailableReason {
            throw .phaseUnavailable(phase, reason: reason)
        }
        if PixelGrid.scale != 2 { PixelGrid.scale = 2 }
        let width = width ?? scenario.widths[0]
        let models = engine.models(for: scenario)
        let count = models.count
        warmUp(phase, models: models, engine: engine, width: width)
        var cells: [Engine.Cell] = []
        cells.reserveCapacity(count)
        var manual = [Engine.Frames?](repeating: nil, count: count)

        if phase != .create && phase != .manual {
            for model in models { cells.append(engine.makeCell(model)) }
        }
        if phase == .cached || phase == .invalidated {
            for cell in cells { engine.layout(cell, width: width) }
        }
        if phase == .invalidated {
            for cell in cells { engine.invalidate(cell) }
        }
        engine.prepare(for: phase)
        let textBefore = engine.textMeasurementCounters()
        let callsBefore = cells.reduce(0) { $0 + engine.measureCalls(of: $1) }

        // The cells a layout phase lays out, as unretained references the loop borrows each cell through:
        // `cells` keeps them alive until after the region. Loaded from an array, each cell would be retained
        // and released around its layout call (the optimizer cannot see that the call leaves the array alone):
        // the harness's work, not the layout's, which a caller holding its node pays only if it copies it.
        let laidOut = cells.map { Unmanaged.passUnretained($0) }
        let start = CPUClock.wallNanoseconds()
        benchMeasuredRegion {
            switch phase {
            case .create:
                for model in models { cells.append(engine.makeCell(model)) }
            case .fresh, .cached, .invalidated:
                layOut(laidOut, engine: engine, width: width)
            case .manual:
                for i in 0..<count { manual[i] = engine.manualFrames(models[i], width: width) }
            }
        }
        let elapsed = CPUClock.wallNanoseconds() - start
        var calls = phase == .create || phase == .manual
            ? nil : cells.reduce(0) { $0 + engine.measureCalls(of: $1) } - callsBefore
        if calls != nil, let textBefore, let text = engine.textMeasurementCounters()?.since(textBefore) {
            calls = text.calls
        }
        withExtendedLifetime((cells, manual)) {}
        return SinglePassOutcome(phase: phase, cells: count, width: width, wallNanoseconds: elapsed, measureCalls: calls)
    }

    /// `phase` once over throw-away cells of the same models, with the same preparation, so that the
    /// measured pass starts with the process's one-time work done. The cells are released before the
    /// measured cells are made (their memory goes back to the allocator, as between a feed's passes).
    static func warmUp<Engine: CellLayoutEngine>(_ phase: LayoutPhase, models: [Engine.Model], engine: Engine,
                                                 width: Double) {
        if phase == .manual {
            engine.prepare(for: .manual)
            var frames: [Engine.Frames] = []
            frames.reserveCapacity(models.count)
            for model in models { frames.append(engine.manualFrames(model, width: width)) }
            withExtendedLifetime(frames) {}
            return
        }
        let cells = models.map { engine.makeCell($0) }
        guard phase != .create else { return }
        let laidOut = cells.map { Unmanaged.passUnretained($0) }
        withExtendedLifetime(cells) {
            engine.prepare(for: .fresh)
            layOut(laidOut, engine: engine, width: width)
            if phase == .cached || phase == .invalidated {
                engine.prepare(for: .cached)
                layOut(laidOut, engine: engine, width: width)
            }
            if phase == .invalidated {
                for cell in cells { engine.invalidate(cell) }
                engine.prepare(for: .invalidated)
                layOut(laidOut, engine: engine, width: width)
            }
        }
    }

    /// Lays out every cell at `width`, borrowing each through its unretained reference: the caller keeps the
    /// cells alive. The measured region and the warm-up share it, so the warm-up also does the loop's own
    /// one-time work (in a debug build, the generic metadata it instantiates under the runtime's locks).
    static func layOut<Engine: CellLayoutEngine>(_ cells: [Unmanaged<Engine.Cell>], engine: Engine, width: Double) {
        for cell in cells { cell._withUnsafeGuaranteedRef { engine.layout($0, width: width) } }
    }
}

/// The region callgrind counts (--toggle-collect, --dump-before and --dump-after name it). Never inlined,
/// so the symbol exists in release builds; its symbol name is fixed because callgrind's --dump-before and
/// --dump-after match a whole name, not a pattern, and a Swift mangled name changes with the signature.
@inline(never)
@_silgen_name("loom_bench_measured_region")
public func benchMeasuredRegion(_ body: () -> Void) {
    body()
}
