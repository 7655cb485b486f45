import LayoutCore
import NodeTree
import Synchronization

// The shared forest a stress run drives: every live stress node by id, the trees (roots) and who may edit
// each one, and the window the main actor hosts loaded trees in.
//
// Partition (the node tree's rules make hierarchy edits off the main actor legal only on unloaded nodes,
// and leave two threads editing one parent undefined):
//   shared trees   created by workers, never edited structurally; every lane measures them, writes their
//                  styles, texts and properties; the main actor may host (load) them
//   worker trees   created by a worker; only that worker edits them (insert/remove/replace, unloaded
//                  layout passes), every lane measures and writes them; the worker may hand one off
//   main trees     handed off to the main actor; it hosts or attaches them (loading them) and edits them
//
// Every operation is resolved against this bookkeeping under one lock, and the global sequence number is
// claimed in the same critical section (StressExecutor.swift): so sequence order is an order in which the
// bookkeeping really changed, and a sequential replay in sequence order sees the same trees and owners
// at every step.

/// Who may edit a tree's structure.
enum StressOwner: Hashable, Sendable {
    case shared
    case worker(Int)
    case main
}

/// A tree's bookkeeping.
struct StressRootInfo: Sendable {
    var owner: StressOwner
    /// Handed off and not yet loaded or attached by the main actor.
    var inInbox = false
    /// Hosted in the window (its views are loaded); `hostY` is its frame's y.
    var hosted = false
    var hostY: Double = 0
}

/// Ids with O(1) insert, remove and random pick.
struct StressIDSet: Sendable {
    private(set) var ids: [Int] = []
    private var slots: [Int: Int] = [:]

    var isEmpty: Bool { ids.isEmpty }
    var count: Int { ids.count }

    func contains(_ id: Int) -> Bool { slots[id] != nil }

    mutating func insert(_ id: Int) {
        guard slots[id] == nil else { return }
        slots[id] = ids.count
        ids.append(id)
    }

    mutating func remove(_ id: Int) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        let last = ids.removeLast()
        if slot < ids.count {
            ids[slot] = last
            slots[last] = slot
        }
    }

    func random(_ rng: inout StressRandom) -> Int? {
        ids.isEmpty ? nil : ids[rng.below(ids.count)]
    }
}

final class StressForest: @unchecked Sendable {
    struct State {
        var nodes: [Int: any StressNode] = [:]
        var allIDs = StressIDSet()
        var textIDs = StressIDSet()
        var interiorIDs = StressIDSet()
        /// `asm` nodes (StressNodes+ASM.swift).
        var asmIDs = StressIDSet()
        /// Pool member id → its `asm` node's id. A pool member is placed only by ASM: no hand edit moves it.
        var poolOwner: [Int: Int] = [:]
        /// `asm` node id → who may change its variant and ASM flag, i.e. its subnodes: the owner of the tree
        /// it was created in (a worker, or .shared, which the main actor lays out), .main after a hand-off.
        /// Kept here rather than found by walking supernodes, because that walk passes through ASM nodes
        /// whose subnodes depend on when layouts ran — not on sequence order (StressExecutor+ASM.swift).
        var asmOwner: [Int: StressOwner] = [:]
        var roots: [Int: StressRootInfo] = [:]
        var sharedRoots = StressIDSet()
        var workerRoots: [Int: StressIDSet] = [:]
        /// Main-actor roots outside the inbox (hosted, or detached after load).
        var mainRoots = StressIDSet()
        var inbox = StressIDSet()
        var hostedRoots = StressIDSet()
        var sharedCreatedBy: [Int: Int] = [:]
        var nextHostSlot = 0
        /// The next sequence number a live run hands out.
        var nextSeq = 0
    }

    let state = Locked(State())
    let counter: LiveNodeCounter
    let profile: StressProfile
    let fault: StressFault?
    /// The host view (a window) for loaded trees. Main actor only.
    let window: PlatformView
    /// Node ids handed out by live runs (replays use the ids of the script).
    let nextNodeID = Atomic<Int>(1)
    /// Measurement results that broke a run-time check (StressInvariant.measureResults).
    let runtimeViolations = Locked<[String]>([])
    /// Operations that did not resolve (a node discarded meanwhile, a precondition gone): skipped.
    let skipped = Atomic<Int>(0)
    /// Measurements performed (each one checked at run time).
    let measureCount = Atomic<Int>(0)
    /// Operations the main actor executed in a live run (StressRunner balances the lanes with it).
    let mainSteps = Atomic<Int>(0)
    /// Set once the leak-node fault kept its node.
    let leakedNode = Atomic<Bool>(false)
    /// The clock of every transition's animation (main actor): manual, so a run and its replay complete
    /// animations at the same steps; each `transition` advances it, quiescence runs it to completion.
    let animator: Animator
    /// measurementCompletion calls of transitions (a transition that was superseded or cancelled gets none).
    let transitionsMeasured = Atomic<Int>(0)
    /// The layout each non-root node's last applied transition left it, by node id (main actor): the
    /// applied-layout invariant tells it from a layout a pass applied (StressInvariants.checkAppliedLayouts).
    let transitionLayouts = Locked<[Int: StressTransitionLayout]>([:])
    /// The list the table operations drive (StressTable.swift).
    let table = StressTable()

    @MainActor init(recipe: StressRecipe, fault: StressFault?, counter: LiveNodeCounter) {
        self.counter = counter
        profile = recipe.profile
        self.fault = fault
        window = PlatformView(frame: Rect(x: 0, y: 0, width: 1000, height: 1_000_000))
        animator = Animator(clock: .manual)
    }

    // MARK: - Lookups (any thread; each takes the lock once)

    func node(_ id: Int) -> (any StressNode)? { state.withLock { $0.nodes[id] } }

    var liveNodeCount: Int { state.withLock { $0.nodes.count } }

    /// Every registered node, by id order (for the invariants).
    var allNodes: [any StressNode] {
        state.withLock { s in s.allIDs.ids.sorted().compactMap { s.nodes[$0] } }
    }

    /// Roots and their bookkeeping, by id order.
    var allRoots: [(node: any StressNode, info: StressRootInfo)] {
        state.withLock { s in
            s.roots.keys.sorted().compactMap { id in s.nodes[id].map { ($0, s.roots[id]!) } }
        }
    }

    func randomNode(_ rng: inout StressRandom) -> Int? { state.withLock { $0.allIDs.random(&rng) } }
    func randomTextNode(_ rng: inout StressRandom) -> Int? { state.withLock { $0.textIDs.random(&rng) } }
    func randomInteriorNode(_ rng: inout StressRandom) -> Int? { state.withLock { $0.interiorIDs.random(&rng) } }
    func randomASMNode(_ rng: inout StressRandom) -> Int? { state.withLock { $0.asmIDs.random(&rng) } }
    func isPoolMember(_ id: Int) -> Bool { state.withLock { $0.poolOwner[id] != nil } }
    func asmOwner(_ id: Int) -> StressOwner? { state.withLock { $0.asmOwner[id] } }
    func randomSharedRoot(_ rng: inout StressRandom) -> Int? { state.withLock { $0.sharedRoots.random(&rng) } }
    func randomInboxRoot(_ rng: inout StressRandom) -> Int? { state.withLock { $0.inbox.random(&rng) } }
    func randomMainRoot(_ rng: inout StressRandom) -> Int? { state.withLock { $0.mainRoots.random(&rng) } }
    func randomHostedRoot(_ rng: inout StressRandom) -> Int? { state.withLock { $0.hostedRoots.random(&rng) } }
    func randomWorkerRoot(_ lane: Int, _ rng: inout StressRandom) -> Int? {
        state.withLock { $0.workerRoots[lane]?.random(&rng) }
    }
    func workerRootCount(_ lane: Int) -> Int { state.withLock { $0.workerRoots[lane]?.count ?? 0 } }
    func sharedTreesCreated(by lane: Int) -> Int { state.withLock { $0.sharedCreatedBy[lane] ?? 0 } }

    /// A random root that is not shared and not hosted by the main actor but could be: an unhosted shared
    /// tree or an inbox tree.
    func randomLoadableRoot(_ rng: inout StressRandom) -> Int? {
        state.withLock { s in
            let candidates = s.inbox.ids + s.sharedRoots.ids.filter { !(s.roots[$0]?.hosted ?? true) }
            return candidates.isEmpty ? nil : candidates[rng.below(candidates.count)]
        }
    }

    /// A random node of the tree below `rootID`: walks down from the root, stopping at each level with
    /// probability `stop` (reads the live subnode lists, so only meaningful on trees the caller owns or
    /// that are never edited).
    func randomNode(inTree rootID: Int, stop: Double = 0.35, _ rng: inout StressRandom) -> Int? {
        guard var node = node(rootID) else { return nil }
        while true {
            let children = node.subnodes.compactMap { $0 as? any StressNode }
            if children.isEmpty || rng.chance(stop) { return node.stressID }
            node = children[rng.below(children.count)]
        }
    }

    // MARK: - Tree membership

    /// The root of `node`'s tree (walks supernodes; a cycle — which the hierarchy invariant reports —
    /// stops the walk).
    static func root(of node: DisplayNode) -> DisplayNode {
        var current = node
        var steps = 0
        while let parent = current.supernode, steps < 10_000 {
            current = parent
            steps += 1
        }
        return current
    }

    /// True when `ancestor` is `node` or one of its supernodes.
    static func isAncestor(_ ancestor: DisplayNode, of node: DisplayNode) -> Bool {
        var current: DisplayNode? = node
        var steps = 0
        while let n = current, steps < 10_000 {
            if n === ancestor { return true }
            current = n.supernode
            steps += 1
        }
        return false
    }

    /// The subtree below (and including) `node`, pre-order.
    static func subtree(of node: any StressNode) -> [any StressNode] {
        var result: [any StressNode] = [node]
        var index = 0
        while index < result.count {
            for child in result[index].subnodes {
                if let child = child as? any StressNode { result.append(child) }
            }
            index += 1
            if result.count > 100_000 { break }  // a cycle; the hierarchy invariant reports it
        }
        return result
    }

    /// `subtree(of:)` plus every pool member below it that ASM does not show now (and their subtrees):
    /// what a discarded tree takes out of the forest.
    static func subtreeIncludingPools(of node: any StressNode) -> [any StressNode] {
        var result: [any StressNode] = []
        var seen = Set<ObjectIdentifier>()
        var stack: [any StressNode] = [node]
        while let next = stack.popLast(), result.count <= 100_000 {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            result.append(next)
            for child in next.subnodes { if let child = child as? any StressNode { stack.append(child) } }
            if let asm = next as? StressASMNode { stack += asm.pool }
        }
        return result
    }

    // MARK: - Dropping

    /// Forgets every node and empties the window (main actor): afterwards only a leak keeps a node alive.
    @MainActor func dropAll() {
        for view in window.subviews { view.removeFromSuperview() }
        let nodes = state.withLock { s -> [Int: any StressNode] in
            let nodes = s.nodes
            s = State()
            return nodes
        }
        _ = nodes  // released here, on the main actor, after the lock
    }
}

// MARK: - Random numbers

/// xoshiro256** seeded through SplitMix64: fast, reproducible, one stream per lane.
struct StressRandom: Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    init(seed: UInt64, stream: UInt64) {
        var x = seed &+ 0x9E37_79B9_7F4A_7C15 &* (stream &+ 1)
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }

    /// Uniform in 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// What identifies the layout a transition applied to a node: a later pass that applies another layout
/// changes at least one of these.
struct StressTransitionLayout: Equatable, Sendable {
    var version: UInt64
    var constrainedSize: SizeRange
    var parentSize: Size
    var size: Size

    init(_ entry: LayoutCacheEntry) {
        version = entry.version
        constrainedSize = entry.constrainedSize
        parentSize = entry.parentSize
        size = entry.layout.size
    }
}
