import Foundation

// A stress script: the operations of a run as executed (lane and global sequence number each), plus where
// they came from and what failed. Every failing stress run writes one to Scenarios/regressions/ (shrunk
// when sequential replay reproduces the failure); `bench stress --replay FILE` and the regression tests
// replay them. Scenarios/regressions/README.md describes the format.
//
// JSON through Codable, with two additions for bad input: the text is first parsed by the harness's strict
// JSON parser (line and column of a syntax error), and every error — syntax, shape or meaning — is one
// `StressInputError.invalidScript` naming the file, the JSON path and the reason.

/// What failed when the script was saved.
public struct StressScriptFailure: Codable, Equatable, Sendable {
    public var invariant: String
    public var message: String

    public init(invariant: String, message: String) {
        self.invariant = invariant
        self.message = message
    }
}

public struct StressScript: Codable, Equatable, Sendable {
    public static let formatName = "loom-stress-script"
    public static let currentVersion = 1

    public var format: String = StressScript.formatName
    public var version: Int = StressScript.currentVersion
    public var name: String?
    /// How the script was made: the command line of the failing run, or "hand-written: …".
    public var origin: String?
    public var recipe: StressRecipe = .mixed
    public var seed: UInt64?
    public var threads: Int?
    public var operations: Int?
    /// The fault the run injected (StressFault); replays inject it too.
    public var fault: StressFault?
    public var failure: StressScriptFailure?
    /// False when replaying the recorded operations one at a time did not fail: the failure needed the
    /// run's real interleaving, and the script was saved unshrunk.
    public var reproducedSequentially: Bool?
    /// Steps before shrinking.
    public var shrunkFrom: Int?
    /// An open bug this script reproduces (the regression tests then expect the failure).
    public var knownIssue: String?
    public var steps: [StressStep]

    public init(recipe: StressRecipe = .mixed, steps: [StressStep]) {
        self.recipe = recipe
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, name, origin, recipe, seed, threads, operations, fault, failure
        case reproducedSequentially, shrunkFrom, knownIssue, steps
    }

    /// Only "steps" is required; "format" and "version" default to this format and version 1, "recipe" to
    /// mixed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(String.self, forKey: .format) ?? Self.formatName
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        name = try c.decodeIfPresent(String.self, forKey: .name)
        origin = try c.decodeIfPresent(String.self, forKey: .origin)
        recipe = try c.decodeIfPresent(StressRecipe.self, forKey: .recipe) ?? .mixed
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
        threads = try c.decodeIfPresent(Int.self, forKey: .threads)
        operations = try c.decodeIfPresent(Int.self, forKey: .operations)
        fault = try c.decodeIfPresent(StressFault.self, forKey: .fault)
        failure = try c.decodeIfPresent(StressScriptFailure.self, forKey: .failure)
        reproducedSequentially = try c.decodeIfPresent(Bool.self, forKey: .reproducedSequentially)
        shrunkFrom = try c.decodeIfPresent(Int.self, forKey: .shrunkFrom)
        knownIssue = try c.decodeIfPresent(String.self, forKey: .knownIssue)
        steps = try c.decode([StressStep].self, forKey: .steps)
    }
}
