import LayoutCore
import NodeTree

// Drawing the next operation of one lane: a kind by the recipe's weights, then its operands from the
// forest as the lane sees it now. A draw whose kind has no legal operands right now (no text node yet, no
// tree handed off) draws again; resolution re-checks everything under the forest lock anyway
// (StressExecutor.swift), so a stale pick is skipped, never executed.

struct StressLaneGenerator {
    let lane: Int
    var rng: StressRandom
    let forest: StressForest
    let profile: StressProfile
    private let kinds: [StressOperationKind]
    private let cumulative: [Double]

    init(lane: Int, seed: UInt64, forest: StressForest) {
        self.lane = lane
        rng = StressRandom(seed: seed, stream: UInt64(lane))
        self.forest = forest
        profile = forest.profile
        let weights = (lane == 0 ? profile.main : profile.worker).filter { $0.value > 0 }.sorted { $0.key < $1.key }
        kinds = weights.map(\.key)
        var total = 0.0
        cumulative = weights.map { total += $0.value; return total }
    }

    static let styles: [StressStyle] = [
        StressStyle(), StressStyle(width: 40, height: 20), StressStyle(height: 30), StressStyle(flexGrow: 1),
        StressStyle(width: 200, flexShrink: 1), StressStyle(width: 50, height: 10, alignSelf: .center),
        StressStyle(spacingBefore: 4), StressStyle(width: 120, height: 44, flexGrow: 1),
    ]

    static let heights: [Double] = [200, 600, 1000]

    // MARK: - Drawing

    mutating func next() -> StressOperation {
        // Workers create their shared trees first.
        if lane > 0, !profile.ownTreesOnly, forest.sharedTreesCreated(by: lane) < profile.sharedTreesPerWorker {
            return .create(root: blueprint(), shared: true)
        }
        for _ in 0..<24 {
            if let op = make(drawKind()) { return op }
        }
        // Nothing legal drawn: something always is.
        if lane == 0 { return .flush }
        if forest.liveNodeCount < profile.nodeCap { return .create(root: blueprint(), shared: false) }
        return .measure(node: forest.randomNode(&rng) ?? 0, range: rng.pick(profile.ranges))
    }

    private mutating func drawKind() -> StressOperationKind {
        let x = rng.unit() * (cumulative.last ?? 1)
        for (i, bound) in cumulative.enumerated() where x < bound { return kinds[i] }
        return kinds.last ?? .measure
    }

    /// A node for an any-lane operation: in the lane's own trees only (independent-trees), else anywhere.
    private mutating func anyNode() -> Int? {
        if profile.ownTreesOnly { return ownNode() }
        return forest.randomNode(&rng)
    }

    private mutating func ownNode() -> Int? {
        guard lane > 0, let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
        return forest.randomNode(inTree: root, &rng)
    }

    private mutating func ownNonRoot() -> Int? {
        guard lane > 0, let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
        let id = forest.randomNode(inTree: root, stop: 0.2, &rng)
        return id == root ? nil : id
    }

    private mutating func ownInterior() -> Int? {
        guard lane > 0, let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
        var id = forest.randomNode(inTree: root, stop: 0.5, &rng)
        // Walk up to an interior node.
        while let current = id, let node = forest.node(current), !node.stressKind.isInterior {
            id = (node.supernode as? any StressNode)?.stressID
        }
        return id
    }

    /// A root for a measurement: a shared, own or hosted root.
    private mutating func anyRoot() -> Int? {
        if profile.ownTreesOnly { return lane > 0 ? forest.randomWorkerRoot(lane, &rng) : nil }
        switch rng.below(3) {
        case 0: return forest.randomSharedRoot(&rng)
        case 1: return lane > 0 ? forest.randomWorkerRoot(lane, &rng) : forest.randomMainRoot(&rng)
        default: return forest.randomHostedRoot(&rng)
        }
    }

    private mutating func make(_ kind: StressOperationKind) -> StressOperation? {
        switch kind {
        case .create:
            guard lane > 0, forest.liveNodeCount < profile.nodeCap else { return nil }
            return .create(root: blueprint(), shared: false)

        case .setStyle:
            guard let id = anyNode(), let node = forest.node(id) else { return nil }
            let style = profile.sizePreservingWrites ? StressStyle(node.style) : rng.pick(Self.styles)
            return .setStyle(node: id, style: style)

        case .setText:
            let picked = profile.ownTreesOnly ? ownNode() : forest.randomTextNode(&rng)
            guard let id = picked, let node = forest.node(id) as? StressTextNode else { return nil }
            return .setText(node: id, text: profile.sizePreservingWrites ? node.text : rng.pick(profile.texts))

        case .setStack:
            let picked = profile.ownTreesOnly ? ownInterior() : forest.randomInteriorNode(&rng)
            guard let id = picked else { return nil }
            return .setStack(node: id, stack: randomStack())

        case .setNeedsLayout:
            return anyNode().map { .setNeedsLayout(node: $0) }

        case .invalidate:
            return ownNode().map { .invalidate(node: $0) }

        case .measure:
            let picked = rng.chance(profile.rootMeasureShare) ? anyRoot() ?? anyNode() : anyNode()
            return picked.map { .measure(node: $0, range: rng.pick(profile.ranges)) }

        case .setProperty:
            if rng.chance(0.25) {
                // A frame, on a root this lane may position.
                let root: Int?
                if lane == 0 {
                    root = rng.chance(0.5) ? forest.randomMainRoot(&rng) : forest.randomSharedRoot(&rng)
                } else {
                    root = profile.ownTreesOnly || rng.chance(0.5)
                        ? forest.randomWorkerRoot(lane, &rng) : forest.randomSharedRoot(&rng)
                }
                guard let root else { return nil }
                let width = rng.pick(profile.mainWidths)
                let height = profile.sizePreservingWrites ? 600 : rng.pick(Self.heights)
                return .setProperty(node: root, write: .frame(x: 0, y: 0, width: width, height: height))
            }
            guard let id = anyNode() else { return nil }
            let write: StressPropertyWrite
            switch rng.below(4) {
            case 0: write = .alpha(rng.pick([0, 0.5, 1]))
            case 1: write = .hidden(rng.chance(0.5))
            case 2: write = .cornerRadius(rng.pick([0, 4, 8]))
            default: write = .backgroundGray(rng.pick([0, 0.5, 1]))
            }
            return .setProperty(node: id, write: write)

        case .insert:
            guard let parent = ownInterior() else { return nil }
            let node: Int?
            if rng.chance(0.5), let root = forest.randomWorkerRoot(lane, &rng) {
                node = root
            } else {
                node = ownNode()
            }
            guard let node, node != parent, let n = forest.node(node), let p = forest.node(parent),
                  !StressForest.isAncestor(n, of: p),
                  Self.depth(of: p) + 1 + Self.height(of: n) <= Self.maximumTreeDepth else { return nil }
            return .insert(node: node, parent: parent, index: rng.below(5))

        case .remove:
            return ownNonRoot().map { .remove(node: $0) }

        case .replace:
            guard let node = ownNonRoot(), let replacement = ownNode(), replacement != node,
                  let n = forest.node(node), let r = forest.node(replacement), let parent = n.supernode,
                  !StressForest.isAncestor(r, of: parent) else { return nil }
            return .replace(node: node, with: replacement)

        case .layoutPass:
            guard lane > 0, let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
            let height = profile.sizePreservingWrites ? 600 : rng.pick(Self.heights)
            return .layoutPass(root: root, width: rng.pick(profile.mainWidths), height: height)

        case .handOff:
            // Keep at least one tree to edit.
            guard lane > 0, forest.workerRootCount(lane) > 1,
                  let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
            return .handOff(root: root)

        case .discard:
            if lane == 0 {
                // A root of the main actor that is not hosted (detached or still in the inbox).
                let root = rng.chance(0.5) ? forest.randomInboxRoot(&rng) : forest.randomMainRoot(&rng)
                return root.map { .discard(root: $0) }
            }
            guard forest.workerRootCount(lane) > 1 || forest.liveNodeCount >= profile.nodeCap,
                  let root = forest.randomWorkerRoot(lane, &rng) else { return nil }
            return .discard(root: root)

        case .load:
            guard lane == 0 else { return nil }
            return forest.randomLoadableRoot(&rng).map { .load(root: $0) }

        case .attach:
            guard lane == 0 else { return nil }
            let root = rng.chance(0.7) ? forest.randomInboxRoot(&rng) : forest.randomMainRoot(&rng)
            guard let root, let target = forest.randomMainRoot(&rng), target != root,
                  let parent = interior(inTree: target), let r = forest.node(root), let p = forest.node(parent),
                  Self.depth(of: p) + 1 + Self.height(of: r) <= Self.maximumTreeDepth else { return nil }
            return .attach(root: root, parent: parent, index: rng.below(5))

        case .detach:
            guard lane == 0, let root = forest.randomMainRoot(&rng),
                  let id = forest.randomNode(inTree: root, stop: 0.3, &rng), id != root else { return nil }
            return .detach(node: id)

        case .mainLayout:
            guard lane == 0, let root = forest.randomHostedRoot(&rng) else { return nil }
            return .mainLayout(root: root, width: rng.pick(profile.mainWidths))

        case .flush:
            return lane == 0 ? .flush : nil

        case .read:
            guard lane == 0 else { return nil }
            return forest.randomNode(&rng).map { .read(node: $0) }

        case .setVariant, .setAutomaticallyManagesSubnodes, .transition, .cancelTransition:
            return makeASM(kind)

        case .tableBatch, .tableReload, .tableWidth, .tableScroll, .tableFetch, .tableCommit:
            return makeTable(kind)
        }
    }

    /// Moves may nest trees; they stop at this depth, so layout recursion stays shallow in long runs.
    static let maximumTreeDepth = 12

    /// Supernodes above `node`.
    static func depth(of node: DisplayNode) -> Int {
        var depth = 0
        var current = node.supernode
        while let n = current, depth <= maximumTreeDepth {
            depth += 1
            current = n.supernode
        }
        return depth
    }

    /// Levels below `node` (0 for a leaf).
    static func height(of node: DisplayNode, limit: Int = maximumTreeDepth + 1) -> Int {
        guard limit > 0 else { return 0 }
        return node.subnodes.map { 1 + height(of: $0, limit: limit - 1) }.max() ?? 0
    }

    private mutating func interior(inTree root: Int) -> Int? {
        var id = forest.randomNode(inTree: root, stop: 0.5, &rng)
        while let current = id, let node = forest.node(current), !node.stressKind.isInterior {
            id = (node.supernode as? any StressNode)?.stressID
        }
        return id
    }

    // MARK: - Shapes

    private mutating func newID() -> Int { forest.nextNodeID.add(1, ordering: .relaxed).oldValue }

    mutating func randomStack() -> StressStack {
        StressStack(direction: rng.chance(0.7) ? .vertical : .horizontal, spacing: rng.pick([0, 4, 8]),
                    justifyContent: rng.pick([.start, .center, .spaceBetween, .end]),
                    alignItems: rng.pick([.stretch, .start, .center, .end]), inset: rng.pick([0, 0, 8]))
    }

    /// A new tree: a cell or scroll root over interior nodes and leaves.
    mutating func blueprint() -> StressBlueprint {
        let rootKind: StressNodeKind = rng.chance(profile.asmShare) ? .asm
            : rng.chance(profile.scrollRootShare) ? .scroll : .cell
        return interiorBlueprint(kind: rootKind, depth: 1)
    }

    mutating func interiorBlueprint(kind: StressNodeKind, depth: Int) -> StressBlueprint {
        var children: [StressBlueprint] = []
        let fanout = kind == .asm ? profile.maximumPool : profile.maximumFanout
        for _ in 0..<(1 + rng.below(fanout)) {
            if depth < profile.maximumDepth && rng.chance(kind == .asm ? 0.4 : 0.3) {
                let childKind: StressNodeKind = rng.chance(profile.asmShare) ? .asm
                    : rng.chance(profile.scrollChildShare) ? .scroll : .container
                children.append(interiorBlueprint(kind: childKind, depth: depth + 1))
            } else {
                children.append(leafBlueprint())
            }
        }
        var blueprint = StressBlueprint(id: newID(), kind: kind, stack: randomStack(), children: children)
        if depth > 1 && rng.chance(0.4) { blueprint.style = rng.pick(Self.styles) }
        // Ids in pre-order: the root's id was drawn after its children's; renumbering is not needed, ids
        // only have to be unique.
        return blueprint
    }

    mutating func leafBlueprint() -> StressBlueprint {
        let style = rng.chance(0.5) ? rng.pick(Self.styles) : nil
        if rng.chance(profile.textShare) {
            return StressBlueprint(id: newID(), kind: .text, style: style, text: rng.pick(profile.texts))
        }
        return StressBlueprint(id: newID(), kind: .leaf, style: style ?? StressStyle(width: 40, height: 20))
    }
}

extension StressStyle {
    /// The stress fields of `style` (non-point dimensions read as auto).
    init(_ style: LayoutElementStyle) {
        func points(_ d: Dimension) -> Double? {
            if case .points(let value) = d { return value }
            return nil
        }
        self.init(width: points(style.width), height: points(style.height), flexGrow: style.flexGrow,
                  flexShrink: style.flexShrink, spacingBefore: style.spacingBefore, alignSelf: style.alignSelf)
    }
}
