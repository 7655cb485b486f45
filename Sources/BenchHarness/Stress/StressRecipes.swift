// Texture's reported bug classes as named stress recipes (`bench stress --recipe NAME`). A recipe is a
// mix of operations for the worker lanes and for the main actor, and a shape for the trees they create;
// every recipe is checked against every invariant at quiescence (StressInvariants.swift), and each names
// the invariant its bug class would break first.

/// A named stress recipe.
public enum StressRecipe: String, CaseIterable, Codable, Sendable {
    /// Every operation, every node kind.
    case mixed
    /// Texture #463, #652, #75: a layout served from the cache after the content changed and
    /// setNeedsLayout was called — text and style changes on shared trees while many threads measure them
    /// and the main actor lays out loaded copies.
    case staleLayout = "stale-layout"
    /// Texture #362: re-layout for an unchanged size — layout passes, frame writes and setNeedsLayout that
    /// change no size; a settled tree must not measure again when laid out again.
    case unchangedSize = "unchanged-size"
    /// Texture #891, #774: a scroll node's content size after its content changed — scroll nodes managing
    /// their content size, measured at several widths from many threads while their texts change.
    case scrollContent = "scroll-content"
    /// Yoga #769: independent trees laid out concurrently while layout code shares process-wide counters —
    /// each worker creates, edits, measures and lays out only its own trees.
    case independentTrees = "independent-trees"
    /// Texture #552: a text measurement cache key raced — text nodes sharing a few texts, measured from
    /// many threads while their texts change among those same strings.
    case textCache = "text-cache"
    /// Texture #2061, #463: a parent and a child transitioning at once — nested ASM nodes transitioned
    /// (and superseded, and cancelled from workers) on the main actor while workers keep measuring them,
    /// changing their variants and writing their properties.
    case transitionRace = "transition-race"
    /// Texture #2549, #693: ASM subnode order and late insertion — ASM nodes whose variants keep changing
    /// which pool members they lay out and in which order, laid out on workers (unloaded) and on the main
    /// actor (loaded), with ASM switched off and on.
    case asmOrder = "asm-order"
    /// Texture's "invalid number of rows" (its list crash classes, Scenarios/regressions/README.md): batch updates from
    /// every lane racing each other and the data source while the main actor commits, scrolls and fetches.
    case tableBatchRace = "table-batch-race"
    /// Texture's cell measured for a stale constrained size: width changes (rotations) while batches and
    /// reloads are still measuring.
    case tableStaleSize = "table-stale-size"
    /// Texture's range update during an edit: scroll steps, commits and batch fetches on the main actor
    /// while background batches delete, move and reload the rows in range.
    case tableRangeEdit = "table-range-edit"

    /// The Texture/Yoga issues the recipe stands for.
    public var issues: String {
        switch self {
        case .mixed: "all of the below"
        case .staleLayout: "Texture #463, #652, #75"
        case .unchangedSize: "Texture #362"
        case .scrollContent: "Texture #891, #774"
        case .independentTrees: "Yoga #769"
        case .textCache: "Texture #552"
        case .transitionRace: "Texture #2061, #463"
        case .asmOrder: "Texture #2549, #693"
        case .tableBatchRace: "Texture: invalid number of rows (batch update vs data source)"
        case .tableStaleSize: "Texture: cell measured for a stale constrained size"
        case .tableRangeEdit: "Texture: range update during an edit"
        }
    }

    public var summary: String {
        switch self {
        case .mixed:
            "every operation and node kind at once"
        case .staleLayout:
            "stale layout after setNeedsLayout: texts and styles change on shared trees while they are measured"
        case .unchangedSize:
            "re-layout for an unchanged size: passes and frame writes that change no size"
        case .scrollContent:
            "scroll content size after content changes: scroll nodes measured at many widths"
        case .independentTrees:
            "independent trees laid out concurrently, sharing process-wide counters"
        case .textCache:
            "text cache key race: text nodes sharing texts, measured while their texts change"
        case .transitionRace:
            "parent and child transitioning at once, measured in the background meanwhile"
        case .asmOrder:
            "ASM subnode order and late insertion as variants change"
        case .tableBatchRace:
            "table batch updates from every lane racing the data source"
        case .tableStaleSize:
            "table width changes while rows are still measuring"
        case .tableRangeEdit:
            "table scrolls, commits and fetches while batches edit the rows in range"
        }
    }

    /// The invariant the recipe's bug class breaks first.
    public var targetInvariant: String {
        switch self {
        case .mixed, .staleLayout, .independentTrees, .textCache: StressInvariant.layoutCache.rawValue
        case .unchangedSize: StressInvariant.stableRelayout.rawValue
        case .scrollContent: StressInvariant.scrollContentSize.rawValue
        case .transitionRace, .asmOrder: StressInvariant.asmSubnodes.rawValue
        case .tableBatchRace: StressInvariant.tableRows.rawValue
        case .tableStaleSize: StressInvariant.tableMeasured.rawValue
        case .tableRangeEdit: StressInvariant.tableRanges.rawValue
        }
    }

    /// Runnable recipes (all of them, since automatic subnode management and transitions were merged).
    public static var runnable: [StressRecipe] { allCases }

    /// Resolves a `--recipe` value: unknown names are input errors.
    public static func named(_ name: String) throws(StressInputError) -> StressRecipe {
        guard let recipe = StressRecipe(rawValue: name) else {
            throw .badOption("--recipe", name, "unknown recipe; one of "
                                + runnable.map(\.rawValue).joined(separator: ", "))
        }
        return recipe
    }

    var profile: StressProfile { StressProfile(self) }
}

/// How a recipe drives the forest: operation weights per lane kind and the shape of created trees.
struct StressProfile: Sendable {
    /// Relative weights; a kind whose preconditions do not hold at the moment is skipped for another draw.
    var worker: [StressOperationKind: Double]
    var main: [StressOperationKind: Double]
    /// Shared trees each worker creates first.
    var sharedTreesPerWorker: Int
    /// Live node cap for the whole forest; above it creation stops and discards take over.
    var nodeCap: Int
    /// Tree shape.
    var maximumDepth: Int
    var maximumFanout: Int
    /// Probability that a created tree's root is a scroll node (else a cell).
    var scrollRootShare: Double
    /// Probability that an interior child is a scroll node.
    var scrollChildShare: Double
    /// Probability that a leaf is a text node (else a plain leaf).
    var textShare: Double
    /// The texts drawn from.
    var texts: [String]
    /// The ranges measured with.
    var ranges: [StressRange]
    /// Widths of main-actor layout passes.
    var mainWidths: [Double]
    /// Measurements pick a tree root with this probability (else any node).
    var rootMeasureShare: Double
    /// Workers only touch their own trees (independent-trees).
    var ownTreesOnly: Bool
    /// Style and text writes keep sizes as they are (unchanged-size).
    var sizePreservingWrites: Bool
    /// Probability that a created tree's root, or an interior child, is an `asm` node.
    var asmShare: Double
    /// An `asm` node's pool: 1…this many members.
    var maximumPool: Int
    /// Above this many rows table batches only delete.
    var tableRowCap = 200

    static let defaultTexts = [
        "", "Hi", "Hello, world", "The quick brown fox jumps over the lazy dog",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore",
        "👍🏽 ok", String(repeating: "long caption ", count: 12),
    ]

    static let defaultRanges: [StressRange] = [
        StressRange(width: 375), StressRange(width: 320), StressRange(width: 414), StressRange(width: 200),
        StressRange(minWidth: 0, minHeight: 0, maxWidth: 375, maxHeight: 600),
        StressRange(minWidth: 375, minHeight: 200, maxWidth: 375, maxHeight: 200),
        StressRange(minWidth: 0, minHeight: 0, maxWidth: .infinity, maxHeight: .infinity),
    ]

    init(_ recipe: StressRecipe) {
        worker = [
            .create: 4, .setStyle: 7, .setText: 9, .setStack: 3, .setNeedsLayout: 5, .invalidate: 2,
            .measure: 24, .insert: 6, .remove: 3, .replace: 1.5, .layoutPass: 4, .setProperty: 8,
            .handOff: 1.5, .discard: 1,
        ]
        main = [
            .load: 3, .attach: 3, .detach: 1.5, .mainLayout: 10, .flush: 6, .read: 5, .measure: 5,
            .setText: 3, .setStyle: 3, .setNeedsLayout: 3, .setProperty: 5, .discard: 1,
        ]
        sharedTreesPerWorker = 2
        nodeCap = 2500
        maximumDepth = 3
        maximumFanout = 4
        scrollRootShare = 0.15
        scrollChildShare = 0.15
        textShare = 0.6
        texts = Self.defaultTexts
        ranges = Self.defaultRanges
        mainWidths = [375, 320, 414]
        rootMeasureShare = 0.4
        ownTreesOnly = false
        sizePreservingWrites = false
        asmShare = 0
        maximumPool = 5

        switch recipe {
        case .mixed:
            // ASM and transitions in moderate proportion (about 5% of the workers' weights, 8% of the main
            // actor's), so the other bug classes keep most of the run.
            asmShare = 0.12
            worker.merge([.setVariant: 3, .setAutomaticallyManagesSubnodes: 0.5, .cancelTransition: 0.5]) { $1 }
            main.merge([.transition: 3, .setVariant: 1, .cancelTransition: 0.5]) { $1 }
            // The table in small proportion too, so every mixed run also edits and scrolls a list.
            worker.merge([.tableBatch: 1.5, .tableReload: 0.1]) { $1 }
            main.merge([.tableScroll: 1.5, .tableCommit: 2, .tableWidth: 0.3, .tableFetch: 0.5,
                        .tableBatch: 0.5]) { $1 }
        case .tableBatchRace:
            worker = [.tableBatch: 20, .tableReload: 0.5, .create: 1, .measure: 4, .setText: 2]
            main = [.tableBatch: 4, .tableCommit: 8, .tableScroll: 4, .tableFetch: 2, .tableWidth: 0.5, .flush: 1]
        case .tableStaleSize:
            worker = [.tableBatch: 10, .tableReload: 2, .create: 1, .measure: 4]
            main = [.tableWidth: 6, .tableCommit: 6, .tableScroll: 2, .tableBatch: 2, .tableFetch: 1]
        case .tableRangeEdit:
            worker = [.tableBatch: 16, .tableReload: 0.3, .create: 1, .measure: 4]
            main = [.tableScroll: 10, .tableCommit: 8, .tableFetch: 3, .tableBatch: 2, .tableWidth: 0.5]
            tableRowCap = 120
        case .asmOrder:
            worker = [.create: 3, .setVariant: 25, .setAutomaticallyManagesSubnodes: 3, .measure: 25,
                      .layoutPass: 10, .setText: 6, .setStyle: 4, .setNeedsLayout: 3, .insert: 3, .remove: 2,
                      .handOff: 2, .discard: 1, .setProperty: 3]
            main = [.load: 4, .attach: 2, .detach: 1, .mainLayout: 25, .flush: 10, .setVariant: 12,
                    .setAutomaticallyManagesSubnodes: 2, .measure: 5, .read: 3, .transition: 3]
            asmShare = 0.5
            maximumPool = 7
            scrollRootShare = 0.1
        case .transitionRace:
            worker = [.create: 2, .measure: 35, .setVariant: 12, .cancelTransition: 6, .setText: 8,
                      .setStyle: 4, .setNeedsLayout: 6, .setProperty: 6, .handOff: 3, .layoutPass: 2]
            main = [.load: 5, .transition: 25, .cancelTransition: 4, .mainLayout: 12, .flush: 8,
                    .setVariant: 4, .measure: 5, .read: 3]
            asmShare = 0.6
            maximumDepth = 4
            scrollRootShare = 0
            rootMeasureShare = 0.5
        case .staleLayout:
            worker = [.create: 1, .setStyle: 10, .setText: 25, .setStack: 4, .setNeedsLayout: 10,
                      .measure: 40, .setProperty: 3, .layoutPass: 2, .insert: 2, .remove: 1, .handOff: 1]
            main = [.load: 3, .mainLayout: 25, .flush: 12, .setText: 10, .setStyle: 4, .measure: 10,
                    .setNeedsLayout: 8, .read: 4]
            sharedTreesPerWorker = 3
            scrollRootShare = 0
            scrollChildShare = 0.05
            textShare = 0.8
            rootMeasureShare = 0.7
        case .unchangedSize:
            worker = [.create: 1, .setNeedsLayout: 20, .invalidate: 5, .measure: 30, .setText: 10,
                      .setStyle: 5, .setProperty: 10, .layoutPass: 10, .handOff: 2]
            main = [.load: 4, .mainLayout: 30, .flush: 10, .setNeedsLayout: 15, .setProperty: 10, .read: 6,
                    .measure: 5]
            mainWidths = [375]
            ranges = [StressRange(width: 375)]
            sizePreservingWrites = true
        case .scrollContent:
            worker = [.create: 2, .setText: 25, .setStyle: 8, .setNeedsLayout: 6, .measure: 40, .insert: 3,
                      .remove: 2, .handOff: 2, .setProperty: 3]
            main = [.load: 4, .attach: 2, .mainLayout: 25, .flush: 12, .setText: 8, .measure: 10, .read: 4]
            scrollRootShare = 0.7
            scrollChildShare = 0.4
            textShare = 0.85
            rootMeasureShare = 0.8
        case .independentTrees:
            worker = [.create: 12, .measure: 35, .layoutPass: 15, .setText: 10, .setStyle: 6, .setStack: 3,
                      .insert: 8, .remove: 4, .replace: 2, .invalidate: 3, .discard: 4]
            main = [.flush: 1, .read: 1]
            sharedTreesPerWorker = 0
            ownTreesOnly = true
        case .textCache:
            worker = [.create: 1, .setText: 40, .measure: 45, .setNeedsLayout: 4, .handOff: 1]
            main = [.load: 3, .mainLayout: 20, .flush: 10, .setText: 10, .measure: 15]
            sharedTreesPerWorker = 3
            scrollRootShare = 0
            scrollChildShare = 0
            textShare = 1
            maximumFanout = 6
            maximumDepth = 2
            texts = ["Shared text", "Shared text, a little longer", "👍🏽 shared"]
            ranges = [StressRange(width: 375), StressRange(width: 120), StressRange(width: 60)]
            rootMeasureShare = 0.3
        }
    }
}
