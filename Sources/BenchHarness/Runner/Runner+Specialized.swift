// The `bench` executable is another module, so a `LayoutRunner` or `SinglePass` it calls with an engine runs
// unspecialized: every timed cell's layout went through the engine's witness table, and every cell, model and
// manual frame was read and written through generic value witnesses and metadata lookups — harness work
// timed with the cell, in every phase. For the manual layout it was most of the time (the frames themselves
// a small part of it), so the floor looked much slower than it is and engine ÷ manual looked smaller.
// These entry points are made in this module for the concrete engines, so the optimizer compiles specialized
// copies of the whole run; `bench` calls only these.

extension LayoutRunner where Engine == NodeTreeFeedParityEngine {
    /// `run()`, specialized for the NodeTree feed-parity engine.
    public func runSpecialized() -> RunMeasurements { run() }
}

extension LayoutRunner where Engine == LayoutCoreFeedParityEngine {
    /// `run()`, specialized for the LayoutCore feed-parity engine.
    public func runSpecialized() -> RunMeasurements { run() }
}

extension LayoutRunner where Engine == NodeTreeFeedEngine {
    /// `run()`, specialized for the real feed's engine.
    public func runSpecialized() -> RunMeasurements { run() }
}

extension LayoutRunner where Engine == NodeTreeTreeEngine {
    /// `run()`, specialized for the deep and wide tree scenarios' engine.
    public func runSpecialized() -> RunMeasurements { run() }
}

extension SinglePass {
    /// `run(_:scenario:engine:width:)`, specialized for the NodeTree feed-parity engine.
    public static func runSpecialized(_ phase: LayoutPhase, scenario: Scenario, engine: NodeTreeFeedParityEngine,
                                      width: Double?) throws(SinglePassError) -> SinglePassOutcome {
        try run(phase, scenario: scenario, engine: engine, width: width)
    }

    /// `run(_:scenario:engine:width:)`, specialized for the LayoutCore feed-parity engine.
    public static func runSpecialized(_ phase: LayoutPhase, scenario: Scenario, engine: LayoutCoreFeedParityEngine,
                                      width: Double?) throws(SinglePassError) -> SinglePassOutcome {
        try run(phase, scenario: scenario, engine: engine, width: width)
    }

    /// `run(_:scenario:engine:width:)`, specialized for the real feed's engine.
    public static func runSpecialized(_ phase: LayoutPhase, scenario: Scenario, engine: NodeTreeFeedEngine,
                                      width: Double?) throws(SinglePassError) -> SinglePassOutcome {
        try run(phase, scenario: scenario, engine: engine, width: width)
    }
}
