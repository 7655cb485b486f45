import Foundation
import LayoutCore
import NodeTree
import Synchronization

// Contended operations (issue #25): a few hot nodes that every lane and the main actor touch at once, with
// no ordering between them. The recorded operations go through the forest's lock (StressExecutor.swift),
// which orders every lane's operation after the previous one's resolution and hands nodes from lane to lane
// through synchronised hand-offs — so a locking mistake inside the tree, which only shows when two threads
// touch one node unordered, was almost never exercised. These operations take no harness lock at all:
//
//   unloaded leaf    property writes and reads from every lane, measure, setNeedsLayout, style writes
//   loaded leaf      off-main property writes (pending state, flush registration) racing main-actor writes,
//                    reads and flushes
//   text leaf        setText racing measurements of the leaf and its container, and setNeedsLayout
//   scroll node      measurements at several widths (each records a content size), content-size reads,
//                    layout passes of the unloaded node on the lane's thread
//   ASM, unloaded    variant changes and layout passes (ASM commits) from several lanes
//   ASM, loaded      variant changes, measurements, cancels and context reads off the main actor while the
//                    main actor transitions and lays it out
//   arena            hand edits of one unloaded parent from every lane: each lane adds and removes only its
//                    own leaves (the API allows concurrent edits of an unloaded parent)
//
// The hot nodes are outside the forest, so the invariants at quiescence do not see them (they are checked
// to stay well formed, `check`). They are not recorded: a script replays one operation at a time, and what
// these operations are for cannot happen one at a time.
//
// "Unordered touches" counts how often a lane began an operation on a hot node while another lane was
// still inside one on the same node — two threads in the same node at once, with nothing ordering them.
// The occupancy marks are relaxed atomics, which order nothing (the thread sanitizer sees no
// synchronisation in them), so counting does not hide the races it counts.

/// The hot nodes and the counters of the contended operations.
final class StressContention: @unchecked Sendable {
    enum Target: Int, CaseIterable {
        case unloadedLeaf, loadedLeaf, text, scroll, asmUnloaded, asmLoaded, arena
    }

    /// One mark per target: the lane (+1) inside an operation on it, 0 when none.
    private final class Occupancy: Sendable {
        let lane = Atomic<Int>(0)
    }

    let unloadedLeaf: StressLeafNode
    let loadedLeaf: StressLeafNode
    let text: StressTextNode
    let textContainer: StressContainerNode
    let scroll: StressScrollNode
    let asmUnloaded: StressASMNode
    let asmLoaded: StressASMNode
    let arena: StressContainerNode
    /// Each lane's own leaves, which only that lane moves in and out of the arena.
    let laneLeaves: [[StressLeafNode]]

    private let occupancy = Target.allCases.map { _ in Occupancy() }
    let operations = Atomic<Int>(0)
    let unorderedTouches = Atomic<Int>(0)

    static let texts = ["", "Hi", "A short line", "Two words and then a few more words that wrap onto a second line",
                        "Another text of a different length"]
    static let widths: [Double] = [120, 200, 320]

    /// Builds the hot nodes and loads the two loaded ones (main actor, before the lanes start).
    @MainActor init(lanes: Int) {
        var nextID = -1
        func id() -> Int {
            defer { nextID -= 1 }
            return nextID
        }
        func leaf(_ width: Double = 40, _ height: Double = 20) -> StressLeafNode {
            let node = StressLeafNode(id: id(), counter: nil)
            node.style = StressStyle(width: width, height: height).applied(to: node.style)
            return node
        }
        func asm() -> StressASMNode {
            let pool: [any StressNode] = (0..<4).map { _ in leaf() }
            return StressASMNode(id: id(), pool: pool, stack: StressStack(spacing: 4), counter: nil)
        }
        unloadedLeaf = leaf()
        loadedLeaf = leaf()
        text = StressTextNode(id: id(), text: Self.texts[1], counter: nil)
        textContainer = StressContainerNode(id: id(), stack: StressStack(inset: 8), counter: nil)
        textContainer.addSubnode(text)
        textContainer.addSubnode(leaf())
        scroll = StressScrollNode(id: id(), stack: StressStack(spacing: 4), counter: nil)
        for _ in 0..<3 { scroll.addSubnode(leaf(60, 300)) }
        asmUnloaded = asm()
        asmLoaded = asm()
        arena = StressContainerNode(id: id(), stack: StressStack(direction: .horizontal), counter: nil)
        laneLeaves = (0...lanes).map { _ in [leaf(), leaf()] }
        for node in [unloadedLeaf, loadedLeaf, text, textContainer, scroll, asmUnloaded, asmLoaded, arena] as [DisplayNode] {
            node.debugName = "hot \((node as? any StressNode)?.stressID ?? 0)"
        }
        _ = loadedLeaf.view
        asmLoaded.frame = Rect(x: 0, y: 0, width: 320, height: 400)
        _ = asmLoaded.view
        asmLoaded.layoutIfNeeded()
    }

    /// The most operations one burst runs on its node.
    static let maximumBurst = 8
    /// Contended operations per phase, and the share of bursts that go to the phase's node.
    static let phaseLength = 400
    static let focusShare = 0.8

    /// A burst of contended operations of `lane` on one hot node (lane 0 on the main actor); returns how
    /// many ran. A burst, not one operation: between two operations of a lane the harness takes its forest
    /// lock, which orders the lane after every other lane's last operation; within a burst nothing does.
    @discardableResult
    func perform(lane: Int, _ rng: inout StressRandom) -> Int {
        // Phases: every lane mostly works on the same hot node for a while, so lanes meet there.
        let phase = operations.load(ordering: .relaxed) / Self.phaseLength
        let target = rng.chance(Self.focusShare)
            ? Target.allCases[phase % Target.allCases.count] : Target.allCases[rng.below(Target.allCases.count)]
        // One action, repeated: a read or write hammered while another lane does the same.
        let action = rng.below(60)
        let burst = 1 + rng.below(Self.maximumBurst)
        let mark = lane + 1
        for _ in 0..<burst {
            let previous = occupancy[target.rawValue].lane.exchange(mark, ordering: .relaxed)
            if previous != 0 && previous != mark { unorderedTouches.add(1, ordering: .relaxed) }
            if lane == 0 {
                MainActor.assumeIsolated { performOnMain(target, action, &rng) }
            } else {
                performOnWorker(target, action, lane: lane, &rng)
            }
        }
        _ = occupancy[target.rawValue].lane.compareExchange(expected: mark, desired: 0, ordering: .relaxed)
        operations.add(burst, ordering: .relaxed)
        return burst
    }

    // MARK: - Any lane

    /// Writes one bridged property (legal on any thread: pending state until load, deferred after).
    private func writeProperty(_ node: DisplayNode, _ action: Int, _ rng: inout StressRandom) {
        switch action % 3 {
        case 0: node.alpha = rng.pick([0, 0.5, 1])
        case 1: node.isHidden = rng.chance(0.5)
        default: node.cornerRadius = rng.pick([0, 4, 8])
        }
    }

    private func measure(_ node: DisplayNode, _ rng: inout StressRandom) {
        _ = node.layoutThatFits(SizeRange(width: rng.pick(Self.widths)))
    }

    /// A layout pass of an unloaded node on this thread, at a width the lanes share.
    private func layOut(_ node: DisplayNode, _ rng: inout StressRandom) {
        node.frame = Rect(x: 0, y: 0, width: rng.pick(Self.widths), height: 400)
        node.layoutIfNeeded()
    }

    private func performOnWorker(_ target: Target, _ action: Int, lane: Int, _ rng: inout StressRandom) {
        switch target {
        case .unloadedLeaf:
            switch action % 5 {
            case 0, 1: writeProperty(unloadedLeaf, action, &rng)
            case 2: _ = (unloadedLeaf.alpha, unloadedLeaf.isHidden, unloadedLeaf.frame)
            case 3: measure(unloadedLeaf, &rng)
            default: unloadedLeaf.setNeedsLayout()
            }
        case .loadedLeaf:
            switch action % 3 {
            case 0, 1: writeProperty(loadedLeaf, action, &rng)
            default: measure(loadedLeaf, &rng)
            }
        case .text:
            switch action % 4 {
            case 0:
                text.text = rng.pick(Self.texts)
                textContainer.setNeedsLayout()
            case 1: measure(text, &rng)
            case 2: measure(textContainer, &rng)
            default: text.setNeedsLayout()
            }
        case .scroll:
            switch action % 4 {
            case 0: measure(scroll, &rng)
            case 1: _ = scroll.contentSize
            case 2: scroll.setNeedsLayout()
            default: layOut(scroll, &rng)
            }
        case .asmUnloaded:
            switch action % 4 {
            case 0:
                asmUnloaded.variant = rng.below(24)
                asmUnloaded.setNeedsLayout()
            case 1: layOut(asmUnloaded, &rng)
            case 2: _ = asmUnloaded.subnodes.count
            default: measure(asmUnloaded, &rng)
            }
        case .asmLoaded:
            switch action % 6 {
            case 0:
                asmLoaded.variant = rng.below(24)
                asmLoaded.setNeedsLayout()
            case 1: measure(asmLoaded, &rng)
            case 2: asmLoaded.cancelLayoutTransition()
            case 3:
                // A context another thread published: read it a few times, as an observer would.
                if let context = asmLoaded.pendingLayoutTransitionContext {
                    for _ in 0..<8 { _ = context.timings.totalNanoseconds }
                }
            case 4: _ = asmLoaded.pendingLayoutTransitionContext?.isCompleted
            default: writeProperty(asmLoaded, action, &rng)
            }
        case .arena:
            editArena(lane: lane, action, &rng)
        }
    }

    /// Adds one of the lane's leaves to the arena, or removes it; or measures the arena.
    private func editArena(lane: Int, _ action: Int, _ rng: inout StressRandom) {
        let mine = laneLeaves[lane][rng.below(laneLeaves[lane].count)]
        switch action % 3 {
        case 0:
            // No setNeedsLayout after the edit (nothing lays the arena out): it would take the arena's lock
            // and so order every later access of the arena after this edit.
            if mine.supernode == nil { arena.addSubnode(mine) } else { mine.removeFromSupernode() }
        case 1: measure(arena, &rng)
        default: _ = arena.subnodes.count
        }
    }

    // MARK: - Main actor

    @MainActor private func performOnMain(_ target: Target, _ action: Int, _ rng: inout StressRandom) {
        switch target {
        case .unloadedLeaf:
            if action % 2 == 0 { writeProperty(unloadedLeaf, action, &rng) } else { _ = unloadedLeaf.alpha }
        case .loadedLeaf:
            switch action % 4 {
            case 0: writeProperty(loadedLeaf, action, &rng)
            case 1: _ = (loadedLeaf.alpha, loadedLeaf.isHidden, loadedLeaf.cornerRadius)
            case 2: PendingStateController.shared.flush()
            default:
                loadedLeaf.frame = Rect(x: 0, y: 0, width: rng.pick(Self.widths), height: 20)
                loadedLeaf.layoutIfNeeded()
            }
        case .text:
            if action % 2 == 0 { text.text = rng.pick(Self.texts) } else { measure(text, &rng) }
        case .scroll:
            if action % 2 == 0 { measure(scroll, &rng) } else { _ = scroll.contentSize }
        case .asmUnloaded:
            measure(asmUnloaded, &rng)
        case .asmLoaded:
            switch action % 4 {
            case 0, 3:
                asmLoaded.variant = rng.below(24)
                asmLoaded.transitionLayout(animated: false)
            case 1:
                asmLoaded.frame = Rect(x: 0, y: 0, width: rng.pick(Self.widths), height: 400)
                asmLoaded.layoutIfNeeded()
            default:
                PendingStateController.shared.flush()
            }
        case .arena:
            editArena(lane: 0, action, &rng)
        }
    }

    // MARK: - Quiescence

    /// The hot nodes' hierarchy is still well formed: every subnode links back to its supernode, once.
    /// Empty when it holds.
    @MainActor func check() -> [String] {
        PendingStateController.shared.flush()
        var problems: [String] = []
        for parent in [textContainer, scroll, asmUnloaded, asmLoaded, arena] as [DisplayNode] {
            let subnodes = parent.subnodes
            if Set(subnodes.map(ObjectIdentifier.init)).count != subnodes.count {
                problems.append("\(parent) lists a subnode twice")
            }
            for subnode in subnodes where subnode.supernode !== parent {
                problems.append("\(subnode) is a subnode of \(parent) but links to another supernode")
            }
        }
        for leaf in laneLeaves.joined() {
            if let parent = leaf.supernode, !parent.subnodes.contains(where: { $0 === leaf }) {
                problems.append("\(leaf) links to \(parent), which does not list it")
            }
        }
        return problems
    }
}
