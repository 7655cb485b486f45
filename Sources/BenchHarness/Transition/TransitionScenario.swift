// A transition scenario (Scenarios/README.md, "Transition scenarios"): how long the layout transition API
// takes to compute a transition — measure the new layout, diff the subnodes, build the TransitionContext —
// without animation time, through `prepareLayoutTransition(to:animated:)`. Two transitions:
//
//   signup    the seeds' sign-up form (Layout Transition API doc): name/age EditableTextNode fields and a
//             ButtonNode in an inset stack; each transition toggles fieldState (one field in, one out)
//   rotation  feed cells (ASM CellNodes with texts and images) between two widths, portrait and landscape;
//             the landscape spec lays the cell out side by side and shows one more text
//
// Decoding is in TransitionScenario+Decoding.swift, the run in TransitionRunner.swift.

public enum TransitionKind: String, Hashable, Sendable, CaseIterable {
    case signup, rotation

    /// How many widths the transition needs.
    public var widthCount: Int {
        switch self {
        case .signup: return 1
        case .rotation: return 2
        }
    }
}

public struct TransitionScenario: Hashable, Sendable {
    public var name: String
    public var file: String
    public var contentHash: String
    public var description: String
    public var transition: TransitionKind
    /// Seeds the cells' texts (rotation); recorded but unused by the sign-up form.
    public var seed: UInt32
    /// Forms (signup) or feed cells (rotation) that transition, each in turn.
    public var cells: Int
    /// signup: the form's width; rotation: the two widths it alternates between (first → second → first …).
    public var widths: [Double]
    /// Transitions per cell per repetition (alternating directions).
    public var transitions: Int
    public var warmup: Int
    public var repetitions: Int

    public init(name: String, file: String, contentHash: String, description: String, transition: TransitionKind,
                seed: UInt32 = 0, cells: Int = 1, widths: [Double], transitions: Int, warmup: Int = 1,
                repetitions: Int) {
        self.name = name
        self.file = file
        self.contentHash = contentHash
        self.description = description
        self.transition = transition
        self.seed = seed
        self.cells = cells
        self.widths = widths
        self.transitions = transitions
        self.warmup = warmup
        self.repetitions = repetitions
    }

    public static let cellRange = 1...10_000
    public static let transitionRange = 1...100_000
    /// The sign-up form's height (the seeds' example: a 60-point form in a 375 × 667 window).
    public static let signupHeight = 60.0
}
