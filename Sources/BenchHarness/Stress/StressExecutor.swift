import LayoutCore
import NodeTree

// Executing one operation, the same way in a live run and in a replay:
//
//   execute(op, lane, claim)
//     1. build      — `create` builds its nodes first, on the calling (worker) thread, unregistered
//     2. resolve    — one critical section of the forest lock: look the nodes up, check the operation is
//                     legal for the lane right now (ownership, loaded state, no cycle), update the trees'
//                     bookkeeping, claim the sequence number (live) — or skip
//     3. perform    — the node tree calls, with no forest lock held (lane 0 on the main actor;
//                     StressExecutor+Perform.swift)
//
// A content change is followed by invalidating the changed node and then its supernodes, bottom-up, as an
// app must (Texture's -setNeedsLayout invalidates only its node): any measurement that captures an ancestor's
// new version then also sees the changed node's new version. The `stale-ancestors` fault leaves the
// supernodes out.

/// How an operation gets its sequence number.
enum StressClaim {
    /// Live run: the next free number, unless the run's budget is used up.
    case next(budget: Int)
    /// Replay: the number recorded in the script.
    case given(Int)
}

/// An operation resolved against the forest, ready to perform.
struct StressResolvedStep {
    var step: StressStep
    /// The nodes the operation names, in the order of its fields.
    var nodes: [any StressNode]
    /// `mainLayout`: the root's host y. `discard`: 1 when the root was hosted.
    var value: Double = 0
}

enum StressResolution {
    case resolved(StressResolvedStep)
    /// Not legal now (a node discarded meanwhile, a precondition that no longer holds); nothing happened.
    case skipped
    /// The live run's operation budget is used up.
    case exhausted
}

/// Nodes kept alive on purpose by the `leak-node` fault.
enum StressFaultLeaks {
    static let nodes = Locked<[DisplayNode]>([])
}

extension StressForest {
    /// Steps 1–3. Lane 0 must call this on the main actor.
    @discardableResult
    func execute(_ op: StressOperation, lane: Int, claim: StressClaim) -> StressResolution {
        var built: [any StressNode] = []
        if case .create(let blueprint, _) = op, lane > 0 {
            built = StressNodeFactory.build(blueprint, counter: counter)
        }
        let resolution = resolve(op, lane: lane, claim: claim, built: built)
        switch resolution {
        case .resolved(let step):
            perform(step, built: built)
        case .skipped:
            skipped.add(1, ordering: .relaxed)
        case .exhausted:
            break
        }
        return resolution
    }

    // MARK: - Resolve

    private func laneOwns(_ info: StressRootInfo, lane: Int) -> Bool {
        lane == 0 ? info.owner == .main : info.owner == .worker(lane)
    }

    /// The bookkeeping of the tree containing `node` (nil if its root is not a registered root) — and nil
    /// below an `asm` node: ASM places what is there, so no hand edit is drawn below one, and whether a node
    /// is there at all depends on when layouts ran, which sequence order does not capture.
    func tree(of node: DisplayNode, in s: State) -> StressRootInfo? {
        var current = node
        var steps = 0
        while let parent = current.supernode, steps < 10_000 {
            if (parent as? any StressNode)?.stressKind == .asm { return nil }
            current = parent
            steps += 1
        }
        guard let root = current as? any StressNode else { return nil }
        return s.roots[root.stressID]
    }

    private func addRoot(_ id: Int, _ info: StressRootInfo, in s: inout State) {
        s.roots[id] = info
        switch info.owner {
        case .shared: s.sharedRoots.insert(id)
        case .worker(let lane): s.workerRoots[lane, default: StressIDSet()].insert(id)
        case .main: if info.inInbox { s.inbox.insert(id) } else { s.mainRoots.insert(id) }
        }
        if info.hosted { s.hostedRoots.insert(id) }
    }

    @discardableResult
    private func removeRoot(_ id: Int, in s: inout State) -> StressRootInfo? {
        guard let info = s.roots.removeValue(forKey: id) else { return nil }
        s.sharedRoots.remove(id)
        if case .worker(let lane) = info.owner { s.workerRoots[lane]?.remove(id) }
        s.mainRoots.remove(id)
        s.inbox.remove(id)
        s.hostedRoots.remove(id)
        return info
    }

    private func register(_ node: any StressNode, in s: inout State) {
        let id = node.stressID
        s.nodes[id] = node
        s.allIDs.insert(id)
        if node.stressKind == .text { s.textIDs.insert(id) }
        if node.stressKind.isInterior { s.interiorIDs.insert(id) }
        if let asm = node as? StressASMNode {
            s.asmIDs.insert(id)
            for member in asm.pool { s.poolOwner[member.stressID] = id }
        }
    }

    private func unregister(_ id: Int, in s: inout State) {
        s.nodes.removeValue(forKey: id)
        s.allIDs.remove(id)
        s.textIDs.remove(id)
        s.interiorIDs.remove(id)
        s.asmIDs.remove(id)
        s.poolOwner.removeValue(forKey: id)
        s.asmOwner.removeValue(forKey: id)
    }

    private func resolve(_ op: StressOperation, lane: Int, claim: StressClaim,
                         built: [any StressNode]) -> StressResolution {
        if op.isMainActorOnly && lane != 0 { return .skipped }
        if op.isWorkerOnly && lane == 0 { return .skipped }
        return state.withLock { s -> StressResolution in
            if case .next(let budget) = claim, s.nextSeq >= budget { return .exhausted }
            guard let (nodes, value) = validateAndUpdate(op, lane: lane, built: built, in: &s) else {
                return .skipped
            }
            let seq: Int
            switch claim {
            case .next:
                seq = s.nextSeq
                s.nextSeq += 1
            case .given(let given):
                seq = given
            }
            return .resolved(StressResolvedStep(step: StressStep(seq: seq, lane: lane, op: op), nodes: nodes,
                                                value: value))
        }
    }

    /// Checks `op` against the current trees and applies its bookkeeping; nil when it is not legal now.
    /// Runs under the forest lock (reads node links, never calls user code).
    private func validateAndUpdate(_ op: StressOperation, lane: Int, built: [any StressNode],
                                   in s: inout State) -> ([any StressNode], Double)? {
        func node(_ id: Int) -> (any StressNode)? { s.nodes[id] }
        switch op {
        case .setStyle(let id, _), .setNeedsLayout(let id), .measure(let id, _), .read(let id):
            guard let n = node(id) else { return nil }
            if case .measure(_, let range) = op, !range.isValid { return nil }
            return ([n], 0)

        case .setText(let id, _):
            guard let n = node(id), n.stressKind == .text else { return nil }
            return ([n], 0)

        case .setStack(let id, _):
            guard let n = node(id), n.stressKind.isInterior else { return nil }
            return ([n], 0)

        case .setProperty(let id, let write):
            guard let n = node(id) else { return nil }
            if write.isFrame {
                // Frames belong to the layout below a root: only roots are positioned by hand, and only by
                // a lane that may (any lane for shared trees, else the tree's owner).
                guard let info = s.roots[id], info.owner == .shared || laneOwns(info, lane: lane) else { return nil }
            }
            return ([n], 0)

        case .create(let blueprint, let shared):
            guard !built.isEmpty, built[0].stressID == blueprint.id,
                  built.allSatisfy({ s.nodes[$0.stressID] == nil }) else { return nil }
            for n in built { register(n, in: &s) }
            addRoot(blueprint.id, StressRootInfo(owner: shared ? .shared : .worker(lane)), in: &s)
            for n in built where n.stressKind == .asm { s.asmOwner[n.stressID] = shared ? .shared : .worker(lane) }
            if shared { s.sharedCreatedBy[lane, default: 0] += 1 }
            return ([built[0]], 0)

        case .invalidate(let id):
            guard let n = node(id), let info = tree(of: n, in: s), laneOwns(info, lane: lane) else { return nil }
            return ([n], 0)

        case .insert(let id, let parentID, _):
            guard let n = node(id), let parent = node(parentID), parent.stressKind.isInterior,
                  s.poolOwner[id] == nil, let info = tree(of: n, in: s), laneOwns(info, lane: lane),
                  let parentInfo = tree(of: parent, in: s), laneOwns(parentInfo, lane: lane),
                  !StressForest.isAncestor(n, of: parent) else { return nil }
            removeRoot(id, in: &s)
            return ([n, parent], 0)

        case .remove(let id):
            guard let n = node(id), n.supernode != nil, s.poolOwner[id] == nil, let info = tree(of: n, in: s),
                  laneOwns(info, lane: lane) else { return nil }
            addRoot(id, StressRootInfo(owner: info.owner), in: &s)
            return ([n], 0)

        case .replace(let id, let replacementID):
            guard id != replacementID, s.poolOwner[id] == nil, s.poolOwner[replacementID] == nil,
                  let n = node(id), let replacement = node(replacementID),
                  let parent = n.supernode, let info = tree(of: parent, in: s), laneOwns(info, lane: lane),
                  let replacementInfo = tree(of: replacement, in: s), laneOwns(replacementInfo, lane: lane),
                  !StressForest.isAncestor(replacement, of: parent) else { return nil }
            removeRoot(replacementID, in: &s)
            addRoot(id, StressRootInfo(owner: info.owner), in: &s)
            return ([n, replacement], 0)

        case .layoutPass(let id, let width, let height):
            guard let n = node(id), let info = s.roots[id], laneOwns(info, lane: lane),
                  width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
            return ([n], 0)

        case .handOff(let id):
            guard let n = node(id), let info = s.roots[id], laneOwns(info, lane: lane) else { return nil }
            removeRoot(id, in: &s)
            addRoot(id, StressRootInfo(owner: .main, inInbox: true), in: &s)
            for member in StressForest.subtreeIncludingPools(of: n) where member.stressKind == .asm {
                s.asmOwner[member.stressID] = .main
            }
            return ([n], 0)

        case .discard(let id):
            guard let n = node(id), let info = s.roots[id], laneOwns(info, lane: lane) else { return nil }
            removeRoot(id, in: &s)
            for member in StressForest.subtreeIncludingPools(of: n) { unregister(member.stressID, in: &s) }
            return ([n], info.hosted ? 1 : 0)

        case .load(let id):
            guard let n = node(id), var info = s.roots[id], !info.hosted,
                  (info.owner == .main && info.inInbox) || info.owner == .shared else { return nil }
            removeRoot(id, in: &s)
            info.inInbox = false
            info.hosted = true
            info.hostY = Double(s.nextHostSlot % 900) * 1000
            s.nextHostSlot += 1
            addRoot(id, info, in: &s)
            return ([n], info.hostY)

        case .attach(let id, let parentID, _):
            guard let n = node(id), let info = s.roots[id], info.owner == .main, !info.hosted,
                  let parent = node(parentID), parent.stressKind.isInterior,
                  let parentInfo = tree(of: parent, in: s), parentInfo.owner == .main, !parentInfo.inInbox,
                  !StressForest.isAncestor(n, of: parent) else { return nil }
            removeRoot(id, in: &s)
            return ([n, parent], 0)

        case .detach(let id):
            guard let n = node(id), n.supernode != nil, s.poolOwner[id] == nil, let info = tree(of: n, in: s),
                  info.owner == .main, !info.inInbox else { return nil }
            addRoot(id, StressRootInfo(owner: .main), in: &s)
            return ([n], 0)

        case .mainLayout(let id, let width):
            guard let n = node(id), let info = s.roots[id], info.hosted, width.isFinite, width > 0 else { return nil }
            return ([n], info.hostY)

        case .flush:
            return ([], 0)

        case .setVariant, .setAutomaticallyManagesSubnodes, .transition, .cancelTransition:
            return validateASM(op, lane: lane, in: s)

        case .tableBatch, .tableReload, .tableWidth, .tableScroll, .tableFetch, .tableCommit:
            // Table operations name rows by position, reduced against the model in the table's turn.
            return ([], 0)
        }
    }
}
