import BenchHarness

// `bench list` lines for every kind of scenario file.

extension ListCommand {
    static func summary(_ file: ScenarioFile) -> String {
        switch file {
        case .layout(let scenario):
            return summary(scenario)
        case .churn(let scenario):
            let sizes = scenario.sizes.map(String.init).joined(separator: ",")
            let mixes = scenario.mixes.map(\.name).joined(separator: ",")
            return "churn, n \(sizes), mixes \(mixes), \(scenario.inputs) inputs, "
                + "\(scenario.repetitions) reps + \(scenario.warmup) warm-up — \(scenario.description)"
        case .transition(let scenario):
            let widths = scenario.widths.map { String(Int($0)) }.joined(separator: "→")
            return "transition \(scenario.transition.rawValue), \(scenario.cells) × \(scenario.transitions) transitions, "
                + "width \(widths), \(scenario.repetitions) reps + \(scenario.warmup) warm-up — \(scenario.description)"
        case .tree(let scenario):
            let widths = scenario.widths.map { String(Int($0)) }.joined(separator: ",")
            let threads = scenario.threads.map(\.description).joined(separator: ",")
            let what = scenario.shape == .deep ? "\(scenario.nodes) nested stacks" : "\(scenario.nodes) children in one stack"
            return "tree \(scenario.shape.rawValue), \(what), \(scenario.trees) tree\(scenario.trees == 1 ? "" : "s"), "
                + "width \(widths), threads \(threads), \(scenario.repetitions) reps + \(scenario.warmup) warm-up — "
                + scenario.description
        case .scroll(let scenario):
            let host = scenario.host == .stack ? " (in a stack under a header)" : ""
            return "scroll, \(Int(scenario.viewportWidth))×\(Int(scenario.viewportHeight)) viewport\(host), \(scenario.rows) rows "
                + "± \(scenario.batch) per step (runs of \(scenario.run)), \(scenario.steps) steps, "
                + "\(scenario.repetitions) reps + \(scenario.warmup) warm-up — \(scenario.description)"
        }
    }
}
