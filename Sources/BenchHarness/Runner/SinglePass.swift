import LayoutCore

// One phase, once, synchronously on the calling thread, for instruction counts under valgrind
// (callgrind cannot follow an async main or a thread pool's parked workers usefully). Only the phase
// itself runs inside `benchMeasuredRegion`, so
//
//     valgrind --tool=callgrind --toggle-collect='*benchMeasuredRegion*' \
//         .build/release/bench run --scenario feed-parity --single-pass fresh
//
// counts exactly that pass; Ir ÷ cells is instructions per cell (Results/README.md).

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

        let start = CPUClock.wallNanoseconds()
        benchMeasuredRegion {
            switch phase {
            case .create:
                for model in models { cells.append(engine.makeCell(model)) }
            case .fresh, .cached, .invalidated:
                for cell in cells { engine.layout(cell, width: width) }
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
}

/// The region callgrind's --toggle-collect='*benchMeasuredRegion*' counts. Never inlined, so the symbol
/// exists in release builds.
@inline(never)
public func benchMeasuredRegion(_ body: () -> Void) {
    body()
}
