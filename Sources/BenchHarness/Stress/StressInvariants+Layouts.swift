import Dispatch
import LayoutCore
import NodeTree

// The layout invariants checked at quiescence (StressInvariants.swift runs them in order): applied layouts,
// visible frames against a fresh single-threaded layout, scroll content sizes, stable relayout, and every
// cached layout against a fresh layout.

extension StressInvariants {
    // MARK: - 6. Applied layouts

    /// `transitionLayouts`: the layout each non-root node's last applied transition left it
    /// (StressForest.transitionLayouts). A node's applied layout must fit its bounds unless it asked for a
    /// resize — with one exception, Texture's: a transition's layout under a supernode of zero bounds. A
    /// transition never resizes its node nor asks for a resize (Texture's ASDisplayNode; the default non-animated
    /// animateLayoutTransition: only sets subnode frames), so its layout waits for the supernode's next pass
    /// — and the pass of a node with zero bounds returns at once (the first step of Texture's __layout), so nothing
    /// lays the node out again: it keeps the frame it had when its supernode last had a size. (Seen as "asm …'s applied
    /// layout is 24×10 but its bounds are 24×34.5 … (supernode: scroll …)": a content-managing scroll node measured
    /// with an undefined parent size — NaN, from a ratio or relative spec — is 0×0, as in Texture, whose
    /// ASSizeRangeClamp takes the range's minimum for NaN.) A layout a pass applied gets no such exception: that pass
    /// measured for the bounds and asked for a resize if it had to.
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
}
