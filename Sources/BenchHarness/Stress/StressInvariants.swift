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

    // MARK: - 6. Applied layouts

    /// `transitionLayouts`: the layout each non-root node's last applied transition left it
    /// (StressForest.transitionLayouts). A node's applied layout must fit its bounds unless it asked for a
    /// resize — with one exception, Texture's: a transition's layout under a supernode of zero bounds. A
    /// transition never resizes its node nor asks for a resize (reference 5; the default non-animated
    /// animateLayoutTransition: only sets subnode frames), so its layout waits for the supernode's next pass
    /// — and the pass of a node with zero bounds returns at once (reference 2.8 step 1), so nothing lays the
    /// node out again: it keeps the frame it had when its supernode last had a size. (Seen as "asm …'s
    /// applied layout is 24×10 but its bounds are 24×34.5 … (supernode: scroll …)": a content-managing
    /// scroll node measured with an undefined parent size — NaN, from a ratio or relative spec — is 0×0, as
    /// in Texture, whose ASSizeRangeClamp takes the range's minimum for NaN.) A layout a pass applied gets
    /// no such exception: that pass measured for the bounds and asked for a resize if it had to.
    @MainActor static func checkAppliedLayouts(_ nodes: [any StressNode], transitionLayouts: [Int: StressTransitionLayout],
                                               _ c: inout StressInvariantCollector) {
        var keptBelowZeroSize = 0
        for node in nodes {
            let bounds = node.bounds
            guard bounds.size != .zero else { continue }
            c.checked(.appliedLayout)
            guard let calculated = node.layoutCacheSnapshot.calculated else {
                c.violation(.appliedLayout, "\(name(node)) has bounds \(bounds.size) but no applied layout")
                continue
            }
            guard calculated.isCurrent else {
                c.violation(.appliedLayout, "\(name(node))'s applied layout is out of date (version "
                                + "\(calculated.version), node at \(node.layoutVersion)) after the final pass")
                continue
            }
            let size = calculated.layout.size
            if size != ceilPx(bounds.size) && !calculated.requestedLayoutFromAbove {
                if let supernode = node.supernode, supernode.bounds.size == .zero,
                   transitionLayouts[node.stressID] == StressTransitionLayout(calculated) {
                    keptBelowZeroSize += 1
                } else {
                    // Whether it is a root tells the app's part (its host resizes it) from the tree's.
                    c.violation(.appliedLayout, "\(name(node))'s applied layout is \(size) but its bounds are "
                                    + "\(bounds.size), and no resize was requested (supernode: \(name(node.supernode)))")
                }
            }
            for sub in node.subnodes {
                let expected = calculated.layout.frame(for: sub)
                if !expected.isNull && sub.frame != expected {
                    c.violation(.appliedLayout, "\(name(sub)) has frame \(sub.frame), its supernode "
                                    + "\(name(node))'s applied layout says \(expected)")
                }
            }
        }
        if keptBelowZeroSize > 0 {
            c.note(.appliedLayout, "\(keptBelowZeroSize) node(s) keep a transition's layout of another size than "
                       + "their bounds under a supernode of zero bounds, whose pass lays nothing out (Texture's)")
        }
    }

    // MARK: - 6b. Visible frames

    /// A fresh copy of each settled tree gets the root's frame and one top-down layout pass, single-threaded;
    /// every node's frame must equal its copy's. Nodes below a zero-size node are left out: a pass of a
    /// zero-size node returns early (Texture's __layout), so the frames below it are whatever they were.
    @MainActor static func checkVisibleFrames(_ roots: [any StressNode], _ c: inout StressInvariantCollector) {
        for root in roots {
            guard let calculated = root.layoutCacheSnapshot.calculated, calculated.isCurrent,
                  root.bounds.size != .zero, calculated.layout.size == ceilPx(root.bounds.size) else { continue }
            let fresh = root.freshCopy()
            fresh.frame = root.frame
            _ = fresh.layoutThatFits(calculated.constrainedSize, parentSize: calculated.parentSize)
            var queue: [(real: DisplayNode, fresh: DisplayNode)] = [(root, fresh)]
            var index = 0
            while index < queue.count {
                let (real, copy) = queue[index]
                index += 1
                copy.layoutIfNeeded()
                c.checked(.visibleFrames)
                if real !== root && real.frame != copy.frame {
                    c.violation(.visibleFrames, "\(name(real)) shows frame \(real.frame); a fresh layout pass of its "
                                    + "tree (root \(name(root)), \(calculated.constrainedSize)) gives \(copy.frame)")
                }
                guard real.bounds.size != .zero else { continue }
                let realSubnodes = real.subnodes, copySubnodes = copy.subnodes
                guard realSubnodes.count == copySubnodes.count else { continue }  // hierarchy reports it
                queue += zip(realSubnodes, copySubnodes).map { ($0, $1) }
            }
        }
    }

    // MARK: - 8. Scroll content size

    @MainActor static func checkScrollContentSizes(_ nodes: [any StressNode], _ c: inout StressInvariantCollector) {
        for node in nodes {
            guard let scroll = node as? StressScrollNode, scroll.automaticallyManagesContentSize,
                  scroll.bounds.size != .zero,
                  let calculated = scroll.layoutCacheSnapshot.calculated, calculated.isCurrent else { continue }
            c.checked(.scrollContentSize)
            let fresh = scroll.freshCopy() as! StressScrollNode
            let freshLayout = fresh.layoutThatFits(calculated.constrainedSize, parentSize: calculated.parentSize)
            var expected = fresh.contentSize
            if !PixelGrid.isValidForLayout(expected) { expected = freshLayout.size }
            let actual = scroll.view.contentSize
            if actual != expected {
                c.violation(.scrollContentSize, "\(name(node))'s view has content size \(actual), but its applied "
                                + "layout (for \(calculated.constrainedSize)) has content \(expected)")
            }
        }
    }

    // MARK: - 7. Stable relayout

    /// Two forced passes over every settled loaded tree (every view marked as needing layout). In round 1
    /// a tree may measure when one of its nodes holds a pending layout the pass must prefer — same version
    /// as the applied one but for another range, left by a measurement at another size (Texture's rule
    /// since #792; the result has the same size) — together with the cache misses that re-measurement
    /// causes below it; those are reported as a note. When the node holding it is the tree's root, the
    /// tree may also move in round 1: nothing above the root says which of its layouts it shows, so its
    /// pass applies its newest measurement — one for another range (a `measure` of the root after its last
    /// pass) can have the root's size but other insides, or another size the root then asks for (Texture
    /// does the same). Every node below a root has its supernode's layout to go by
    /// (DisplayNode+SupernodeLayoutKey.swift), so a node below the root that moves, any other measurement
    /// or move, and anything measured or moved in round 2 is a violation; the frames of a tree that moved
    /// are checked again by visible-frames.
    @MainActor static func checkStableRelayout(_ nodes: [any StressNode], roots: [(node: any StressNode, info: StressRootInfo)],
                                               forest: StressForest, _ c: inout StressInvariantCollector) {
        func measurements(_ node: DisplayNode) -> Int {
            let s = node.layoutStatistics
            return s.layoutPassMeasurements + s.cacheMisses
        }
        func pendingPreferred(_ node: DisplayNode) -> Bool {
            let cache = node.layoutCacheSnapshot
            guard let pending = cache.pending, pending.isCurrent, let calculated = cache.calculated else { return false }
            return pending.version > calculated.version
                || (pending.version == calculated.version && pending.constrainedSize != calculated.constrainedSize)
        }
        let members = Set(nodes.map { ObjectIdentifier($0) })
        // The trees (by root) of the nodes checked, and which of them hold a preferred pending layout.
        var rootOf: [ObjectIdentifier: ObjectIdentifier] = [:]
        var preferring = Set<ObjectIdentifier>()
        var rootsPreferring = Set<ObjectIdentifier>()
        for node in nodes {
            let root = ObjectIdentifier(StressForest.root(of: node))
            rootOf[ObjectIdentifier(node)] = root
            if pendingPreferred(node) {
                preferring.insert(root)
                if root == ObjectIdentifier(node) { rootsPreferring.insert(root) }
            }
        }
        var tolerated = 0
        var toleratedMoves = 0
        var movedRoots = Set<ObjectIdentifier>()
        for round in 1...2 {
            var before: [ObjectIdentifier: (measurements: Int, frame: Rect)] = [:]
            for node in nodes { before[ObjectIdentifier(node)] = (measurements(node), node.frame) }
            for node in nodes { node.view.setNeedsLayout() }
            forest.window.layoutIfNeeded()
            for (root, info) in roots where !info.hosted && members.contains(ObjectIdentifier(root)) {
                root.view.layoutIfNeeded()
            }
            // A tree that does not settle again is one violation (a layout loop), not one per node.
            var looping = Set<ObjectIdentifier>()
            for node in nodes where node.view.needsLayout {
                guard let root = rootOf[ObjectIdentifier(node)], looping.insert(root).inserted else { continue }
                c.violation(.stableRelayout, "the settled tree of \(name(StressForest.root(of: node))) did not settle "
                                + "again when laid out again at the same size (round \(round)): a layout loop; "
                                + "\(name(node))'s view still needs layout")
            }
            for node in nodes {
                if round == 1 { c.checked(.stableRelayout) }
                if let root = rootOf[ObjectIdentifier(node)], looping.contains(root) { continue }
                guard let old = before[ObjectIdentifier(node)] else { continue }
                let measured = measurements(node) - old.measurements
                if measured > 0 && round == 1, let root = rootOf[ObjectIdentifier(node)], preferring.contains(root) {
                    tolerated += 1
                } else if measured > 0 {
                    c.violation(.stableRelayout, "\(name(node)) measured \(measured) time(s) when its settled tree "
                                    + "was laid out again at the same size (round \(round))")
                }
                if node.frame != old.frame && round == 1, let root = rootOf[ObjectIdentifier(node)],
                   rootsPreferring.contains(root) {
                    toleratedMoves += 1
                    movedRoots.insert(root)
                } else if node.frame != old.frame {
                    c.violation(.stableRelayout, "\(name(node)) moved from \(old.frame) to \(node.frame) when its "
                                    + "settled tree was laid out again (round \(round))")
                }
            }
        }
        if tolerated > 0 {
            c.note(.stableRelayout, "\(tolerated) node(s) measured in the first relayout of \(preferring.count) tree(s) "
                       + "holding a pending layout for another range, which the pass prefers (Texture's rule since "
                       + "#792); nothing measured in the second")
        }
        if toleratedMoves > 0 {
            c.note(.stableRelayout, "\(toleratedMoves) node(s) moved in the first relayout of \(rootsPreferring.count) "
                       + "tree(s) whose root applied its newer measurement for another range (Texture's rule since "
                       + "#792); nothing moved in the second")
            // The frames they moved to must be the ones of the root's new layout.
            let moved = nodes.filter { movedRoots.contains(ObjectIdentifier($0)) }
            checkVisibleFrames(moved, &c)
        }
    }

    // MARK: - 9. Layout caches

    static func checkLayoutCaches(_ nodes: [any StressNode], _ c: inout StressInvariantCollector) {
        for node in nodes {
            let snapshot = node.layoutCacheSnapshot
            for (slot, entry) in [("applied", snapshot.calculated), ("pending", snapshot.pending)] {
                guard let entry, entry.isCurrent else { continue }
                c.checked(.layoutCache)
                let fresh = node.freshCopy().layoutThatFits(entry.constrainedSize, parentSize: entry.parentSize)
                if let difference = layoutDifference(entry.layout, fresh) {
                    c.violation(.layoutCache, "\(name(node))'s \(slot) layout for \(entry.constrainedSize) "
                                    + "differs from a fresh layout of its final state: \(difference)")
                }
            }
        }
    }

    /// Where two layouts first differ (elements compared by stress id), or nil.
    static func layoutDifference(_ a: Layout, _ b: Layout, path: String = "") -> String? {
        let here = path.isEmpty ? "the node" : path
        if a.type != b.type { return "\(here): \(a.type) vs \(b.type)" }
        let idA = stressID(of: a.element), idB = stressID(of: b.element)
        if idA != idB {
            return "\(here): element \(idA.map { "\($0)" } ?? "spec") vs \(idB.map { "\($0)" } ?? "spec")"
        }
        if a.size != b.size { return "\(here): size \(a.size) vs \(b.size)" }
        if !a.position.isIdentical(to: b.position) { return "\(here): position \(a.position) vs \(b.position)" }
        if a.sublayouts.count != b.sublayouts.count {
            return "\(here): \(a.sublayouts.count) sublayouts vs \(b.sublayouts.count)"
        }
        for (i, (sa, sb)) in zip(a.sublayouts, b.sublayouts).enumerated() {
            let step = stressID(of: sa.element).map { "node \($0)" } ?? "sublayout \(i)"
            if let d = layoutDifference(sa, sb, path: path.isEmpty ? step : "\(path) > \(step)") { return d }
        }
        return nil
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
