import Dispatch
import LayoutCore
import NodeTree

// What must hold once every lane has stopped (quiescence), checked on the main actor in this order:
//
//   0. final flush    every transition animation runs to completion (its removals land), then
//                     PendingStateController.shared.flush() (unless the skip-final-flush fault)
//   1. settle         the window's layout pass (and each detached loaded root's), so every loaded tree
//                     had its pass after its last change
//   2. hierarchy      supernode/subnode links agree, no duplicates, no cycles; every node is registered and
//                     exactly the roots are roots
//   3. views          a loaded node's subviews are its subnodes' views, in order; subnodes of a loaded node
//                     are loaded
//   4. pending-state  no loaded node has view state waiting for a flush
//   5. layout-settled no loaded view still needs layout
//   6. applied-layout every laid-out node's applied layout is current, fits its bounds (or asked for a resize;
//                     a transition's layout under a zero-size supernode excepted: nothing lays that node out
//                     again) and gave each subnode its frame
//      asm-subnodes   every ASM node's subnodes are its applied layout's nodes in flattened order, and a
//                     loaded one's subviews mirror them (StressInvariants+ASM.swift)
//      visible-frames every frame of a settled tree equals the frame a fresh single-threaded layout pass of a
//                     copy of the tree gives
//   7. stable-relayout       laying a settled tree out again measures nothing and moves nothing (Texture #362);
//                            once, a root may apply its newer measurement for another range (Texture #792)
//   8. scroll-content-size   a content-managing scroll node's view has the content size of its applied layout
//                            (after 7, so a pass that reuses the applied layout is covered too)
//   9. layout-cache   every layout a node still holds as current equals a fresh, single-threaded layout of a
//                     copy of its final state (same range, same parent size), down to every frame
//  10. measure-results       every measurement during the run returned the node's layout with a valid size
//  11. released       after the forest is dropped, the live-node count returns to zero
//
// Before all of these, the table's (StressInvariants+Table.swift): its queued commits land first, then
// table-rows, table-measured, table-ranges, table-views, and table-released once the table is dropped.
//
// Trees whose layout did not settle (5) are left out of 6–8, which presuppose a settled tree.

/// The invariants, by the name reports and scripts use.
public enum StressInvariant: String, CaseIterable, Codable, Sendable {
    case hierarchy
    case views
    case pendingState = "pending-state"
    case layoutSettled = "layout-settled"
    case appliedLayout = "applied-layout"
    case asmSubnodes = "asm-subnodes"
    case visibleFrames = "visible-frames"
    case scrollContentSize = "scroll-content-size"
    case stableRelayout = "stable-relayout"
    case layoutCache = "layout-cache"
    case measureResults = "measure-results"
    case released
    case tableRows = "table-rows"
    case tableMeasured = "table-measured"
    case tableRanges = "table-ranges"
    case tableViews = "table-views"
    case tableReleased = "table-released"

    /// The stress table's invariants (StressInvariants+Table.swift).
    public var isTable: Bool { rawValue.hasPrefix("table-") }

    public var summary: String {
        switch self {
        case .hierarchy: "supernode/subnode links agree, no cycles"
        case .views: "loaded views mirror the subnodes in order"
        case .pendingState: "no pending view state after the final flush"
        case .layoutSettled: "no view needs layout after the final pass"
        case .appliedLayout: "applied layouts are current and set the subnode frames"
        case .asmSubnodes: "ASM subnodes are the applied layout's nodes in order"
        case .visibleFrames: "every frame equals a fresh single-threaded layout pass"
        case .scrollContentSize: "scroll content size matches the applied layout"
        case .stableRelayout: "a settled tree laid out again measures nothing"
        case .layoutCache: "every current cached layout equals a fresh single-threaded layout"
        case .measureResults: "every measurement returned a valid layout of the node"
        case .released: "every node released when the forest is dropped"
        case .tableRows: "committed rows equal the data source's counts and order"
        case .tableMeasured: "every committed row measured at its current constrained size"
        case .tableRanges: "interface states match the viewport and the range tuning"
        case .tableViews: "no table cell loaded its view off the main actor"
        case .tableReleased: "every table cell released after the table is"
        }
    }
}

/// The outcome of one invariant.
public struct StressInvariantResult: Sendable, Equatable {
    public var invariant: StressInvariant
    /// How many things were checked (nodes, layouts, measurements…).
    public var checked = 0
    public var violationCount = 0
    /// The first few violations, one line each.
    public var violations: [String] = []
    /// Observations that are not violations (e.g. tolerated Texture behaviour), one line each.
    public var notes: [String] = []

    public var holds: Bool { violationCount == 0 }

    public init(invariant: StressInvariant) { self.invariant = invariant }
}

/// Collects checks and violations per invariant.
struct StressInvariantCollector {
    static let keptViolations = 8
    private(set) var results: [StressInvariant: StressInvariantResult] = [:]

    init() {
        for invariant in StressInvariant.allCases { results[invariant] = StressInvariantResult(invariant: invariant) }
    }

    mutating func checked(_ invariant: StressInvariant, _ count: Int = 1) {
        results[invariant]!.checked += count
    }

    mutating func violation(_ invariant: StressInvariant, _ message: @autoclosure () -> String) {
        results[invariant]!.violationCount += 1
        if results[invariant]!.violations.count < Self.keptViolations {
            results[invariant]!.violations.append(message())
        }
    }

    mutating func note(_ invariant: StressInvariant, _ message: String) {
        results[invariant]!.notes.append(message)
    }

    var ordered: [StressInvariantResult] { StressInvariant.allCases.map { results[$0]! } }
}

enum StressInvariants {
    /// Steps 0–11. Drops the forest (step 11): afterwards it is empty.
    @MainActor static func checkAtQuiescence(_ forest: StressForest) -> [StressInvariantResult] {
        var c = StressInvariantCollector()
        checkTable(forest, &c)
        checkForest(forest, &c)

        // 11. Drop everything; the nodes go now unless something still holds them. (The checks above ran
        // in their own function, so none of their references is still on this stack.)
        let alive = forest.counter.count
        forest.dropAll()
        checkReleased(forest.counter, alive: alive, &c)
        return c.ordered
    }

    /// Steps 0–10.
    @MainActor private static func checkForest(_ forest: StressForest, _ c: inout StressInvariantCollector) {
        // 0–1. Finish the animations, flush, then settle every loaded tree.
        forest.finishTransitions()
        if forest.fault != .skipFinalFlush { PendingStateController.shared.flush() }
        let roots = forest.allRoots
        forest.window.layoutIfNeeded()
        for (root, info) in roots where info.owner == .main && !info.hosted && !info.inInbox && root.isNodeLoaded {
            root.view.layoutIfNeeded()
        }
        let nodes = forest.allNodes
        // Loaded pool members ASM took out of a layout, and what is below them: views in no window and
        // under no view, which nothing lays out until ASM puts them back (their view then still says it
        // needs layout, so that pass lays them out). Not checked by layout-settled.
        let outOfLayout = outOfLayoutSubtrees(nodes, forest)
        if forest.fault == .asmEditBehindBack { editBehindASMsBack(nodes) }

        checkHierarchy(nodes, roots: roots, forest: forest, &c)
        checkViews(nodes, roots: roots, forest: forest, &c)

        // Loaded trees, for 4–8: hosted ones are laid out by the window, detached ones by their root view.
        // A tree whose layout did not settle (5) is left out of 6 and 8, which presuppose a settled tree.
        let loaded = nodes.filter { $0.isNodeLoaded }
        var laidOut: [any StressNode] = []
        var laidOutRoots: [any StressNode] = []
        var unsettled = 0
        for (root, info) in roots where info.hosted || (info.owner == .main && !info.inInbox) {
            let tree = StressForest.subtree(of: root).filter { $0.isNodeLoaded }
            if tree.contains(where: { $0.view.needsLayout }) {
                unsettled += tree.count
            } else {
                laidOut += tree
                laidOutRoots.append(root)
            }
        }
        if unsettled > 0 {
            for invariant in [StressInvariant.appliedLayout, .visibleFrames, .stableRelayout] {
                c.note(invariant, "\(unsettled) node(s) in trees whose layout did not settle left out (see layout-settled)")
            }
        }

        for node in loaded {
            c.checked(.pendingState)
            if node.hasPendingViewStateChanges {
                c.violation(.pendingState, "\(name(node)) still has pending view state after the final flush")
            }
            if outOfLayout.contains(ObjectIdentifier(node)) { continue }
            c.checked(.layoutSettled)
            if node.view.needsLayout {
                c.violation(.layoutSettled, "\(name(node))'s view still needs layout after the final layout pass")
            }
        }
        if !outOfLayout.isEmpty {
            c.note(.layoutSettled, "\(outOfLayout.count) loaded node(s) in pool members that ASM took out of a layout "
                       + "left out (no window lays them out until ASM puts them back)")
        }
        checkAppliedLayouts(laidOut, transitionLayouts: forest.transitionLayouts.load(), &c)
        checkASMSubnodes(nodes, &c)
        checkVisibleFrames(laidOutRoots, &c)
        // After the relayout: a pass that reuses an applied layout must still give the view that layout's
        // content size, whatever was measured last.
        checkStableRelayout(laidOut, roots: roots, forest: forest, &c)
        checkScrollContentSizes(laidOut, &c)
        checkLayoutCaches(nodes, &c)

        // 10. Run-time checks of the measurements.
        c.checked(.measureResults, forest.measureCount.load(ordering: .relaxed))
        for message in forest.runtimeViolations.load() { c.violation(.measureResults, message) }
    }

    static func name(_ node: any StressNode) -> String { "\(node.stressKind.rawValue) \(node.stressID)" }

    static func name(_ node: DisplayNode?) -> String {
        guard let node else { return "nil" }
        if let stress = node as? any StressNode { return name(stress) }
        return node.description
    }

    // MARK: - 2. Hierarchy

    static func checkHierarchy(_ nodes: [any StressNode], roots: [(node: any StressNode, info: StressRootInfo)],
                               forest: StressForest, _ c: inout StressInvariantCollector) {
        let rootIDs = Set(roots.map { $0.node.stressID })
        for node in nodes {
            c.checked(.hierarchy)
            let subnodes = node.subnodes
            var seen = Set<ObjectIdentifier>()
            for sub in subnodes {
                if !seen.insert(ObjectIdentifier(sub)).inserted {
                    c.violation(.hierarchy, "\(name(node)) lists \(name(sub)) twice among its subnodes")
                }
                if sub.supernode !== node {
                    c.violation(.hierarchy, "\(name(node)) lists \(name(sub)) as a subnode, but its supernode is "
                                    + name(sub.supernode))
                }
                if let stress = sub as? any StressNode, forest.node(stress.stressID) !== stress {
                    c.violation(.hierarchy, "\(name(sub)), a subnode of \(name(node)), is not in the forest")
                }
            }
            if let parent = node.supernode {
                let count = parent.subnodes.filter { $0 === node }.count
                if count != 1 {
                    c.violation(.hierarchy, "\(name(node))'s supernode \(name(parent)) lists it \(count) times")
                }
                if rootIDs.contains(node.stressID) {
                    c.violation(.hierarchy, "\(name(node)) is registered as a root but has supernode \(name(parent))")
                }
            } else if !rootIDs.contains(node.stressID) && !poolOwner(node, forest) {
                c.violation(.hierarchy, "\(name(node)) has no supernode but is not registered as a root")
            }
            // No cycle: the supernode chain ends within the node count.
            var ancestor = node.supernode
            var steps = 0
            while let a = ancestor, steps <= nodes.count {
                ancestor = a.supernode
                steps += 1
            }
            if steps > nodes.count {
                c.violation(.hierarchy, "the supernode chain of \(name(node)) has a cycle")
            }
        }
    }

    // MARK: - 3. Views

    @MainActor static func checkViews(_ nodes: [any StressNode], roots: [(node: any StressNode, info: StressRootInfo)],
                                      forest: StressForest, _ c: inout StressInvariantCollector) {
        let hosted = Set(roots.filter { $0.info.hosted }.map { $0.node.stressID })
        for node in nodes where node.isNodeLoaded {
            c.checked(.views)
            let view = node.view
            if view.node !== node { c.violation(.views, "\(name(node))'s view does not point back to it") }
            let subnodes = node.subnodes
            for sub in subnodes where !sub.isNodeLoaded {
                c.violation(.views, "\(name(sub)) is a subnode of loaded \(name(node)) but is not loaded")
            }
            let subviewNodes = view.subviews.map { $0.node }
            if subviewNodes.count != subnodes.count || !zip(subviewNodes, subnodes).allSatisfy({ $0 === $1 }) {
                c.violation(.views, "\(name(node))'s subviews are [\(subviewNodes.map { name($0) }.joined(separator: ", "))]"
                                + ", its subnodes [\(subnodes.map { name($0) }.joined(separator: ", "))]")
            }
            if node.supernode == nil {
                let inWindow = view.superview === forest.window
                if hosted.contains(node.stressID) != inWindow || (!inWindow && view.superview != nil) {
                    c.violation(.views, "root \(name(node)) is \(hosted.contains(node.stressID) ? "" : "not ")"
                                    + "hosted, but its view's superview is "
                                    + (inWindow ? "the window" : view.superview == nil ? "nil" : "another view"))
                }
            }
        }
    }

    // MARK: - 11. Released

    @MainActor static func checkReleased(_ counter: LiveNodeCounter, alive: Int, _ c: inout StressInvariantCollector) {
        c.checked(.released, alive)
        // Nothing should hold a node now; allow a moment for anything in flight to let go.
        var waited = 0
        while counter.count > 0 && waited < 20 {
            usleepMilliseconds(50)
            waited += 1
        }
        let live = counter.liveNodes
        guard !live.isEmpty else { return }
        let listed = live.prefix(12).map { "\($0.kind.rawValue) \($0.id)" }.joined(separator: ", ")
        c.violation(.released, "\(live.count) node(s) still alive after the forest was dropped: \(listed)"
                        + (live.count > 12 ? ", …" : ""))
    }

    private static func usleepMilliseconds(_ ms: Int) {
        let semaphore = DispatchSemaphore(value: 0)
        _ = semaphore.wait(timeout: .now() + .milliseconds(ms))
    }
}
