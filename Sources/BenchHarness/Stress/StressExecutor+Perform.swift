import LayoutCore
import NodeTree

// Step 3 of executing an operation (StressExecutor.swift): the node tree calls, with no forest lock held
// (lane 0 on the main actor), and the invalidation an app does after a content change.

extension StressForest {
    /// setNeedsLayout on `node` and then on each supernode, bottom-up (only `node` under the
    /// stale-ancestors fault). A pool member's "supernode" here is its `asm` node even while ASM has it
    /// out of the layout: the node's spec depends on it either way (StressNodes+ASM.swift).
    func invalidateUpward(from node: DisplayNode?) {
        var current = node
        while let n = current {
            n.setNeedsLayout()
            if fault == .staleAncestors { return }
            current = layoutParent(of: n)
        }
    }

    /// The supernode, or for a pool member its `asm` node.
    func layoutParent(of node: DisplayNode) -> DisplayNode? {
        if let stress = node as? any StressNode,
           let owner = state.withLock({ s in s.poolOwner[stress.stressID].flatMap { s.nodes[$0] } }) {
            return owner
        }
        return node.supernode
    }

    func perform(_ resolved: StressResolvedStep, built: [any StressNode]) {
        let nodes = resolved.nodes
        switch resolved.step.op {
        case .setStyle(_, let style):
            let node = nodes[0]
            node.style = style.applied(to: node.style)
            invalidateUpward(from: node)

        case .setText(_, let text):
            let node = nodes[0] as! StressTextNode
            node.text = text  // invalidates the text node itself when the text changed
            if fault != .staleAncestors { invalidateUpward(from: layoutParent(of: node)) }

        case .setStack(_, let stack):
            let node = nodes[0] as! any StressInteriorNode
            node.stack = stack
            invalidateUpward(from: node)

        case .setNeedsLayout:
            nodes[0].setNeedsLayout()

        case .measure(_, let range):
            checkMeasurement(of: nodes[0], range: range)

        case .setProperty(_, let write):
            let node = nodes[0]
            switch write {
            case .alpha(let value): node.alpha = value
            case .hidden(let value): node.isHidden = value
            case .cornerRadius(let value): node.cornerRadius = value
            case .backgroundGray(let value): node.backgroundColor = Color(red: value, green: value, blue: value)
            case .frame(let x, let y, let width, let height):
                node.frame = Rect(x: x, y: y, width: width, height: height)
            }

        case .create:
            // The leak-node fault keeps the run's first created node alive for the rest of the process.
            if fault == .leakNode, let first = built.first,
               leakedNode.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
                StressFaultLeaks.nodes.withLock { $0.append(first) }
            }

        case .invalidate:
            nodes[0].invalidateCalculatedLayout()

        case .insert(_, _, let index):
            let (node, parent) = (nodes[0], nodes[1])
            let oldParent = node.supernode
            let current = parent.subnodes
            let isChild = current.contains { $0 === node }
            let clamped = Swift.max(0, Swift.min(index, isChild ? current.count - 1 : current.count))
            parent.insertSubnode(node, at: clamped)
            if let oldParent, oldParent !== parent { invalidateUpward(from: oldParent) }
            invalidateUpward(from: parent)

        case .remove:
            let parent = nodes[0].supernode
            nodes[0].removeFromSupernode()
            invalidateUpward(from: parent)

        case .replace:
            let (node, replacement) = (nodes[0], nodes[1])
            guard let parent = node.supernode else { return }
            let replacementParent = replacement.supernode
            parent.replaceSubnode(node, with: replacement)
            if let replacementParent, replacementParent !== parent { invalidateUpward(from: replacementParent) }
            invalidateUpward(from: parent)

        case .layoutPass(_, let width, let height):
            let root = nodes[0]
            root.frame = Rect(x: 0, y: 0, width: width, height: height)
            var queue: [DisplayNode] = [root]
            var index = 0
            while index < queue.count {
                queue[index].layoutIfNeeded()
                queue += queue[index].subnodes
                index += 1
            }

        case .handOff:
            break

        case .discard:
            if resolved.value == 1 {
                let root = nodes[0]
                MainActor.assumeIsolated { root.view.removeFromSuperview() }
            }

        case .load:
            let root = nodes[0]
            MainActor.assumeIsolated { window.addSubview(root.view) }

        case .attach(_, _, let index):
            let (root, parent) = (nodes[0], nodes[1])
            MainActor.assumeIsolated {
                parent.insertSubnode(root, at: Swift.max(0, Swift.min(index, parent.subnodes.count)))
                invalidateUpward(from: parent)
            }

        case .detach:
            let node = nodes[0]
            MainActor.assumeIsolated {
                let parent = node.supernode
                node.removeFromSupernode()
                invalidateUpward(from: parent)
            }

        case .mainLayout(_, let width):
            let root = nodes[0]
            let hostY = resolved.value
            MainActor.assumeIsolated {
                let size = root.layoutThatFits(SizeRange(width: width)).size
                root.frame = Rect(x: 0, y: hostY, width: size.width, height: size.height)
                root.view.layoutIfNeeded()
            }

        case .flush:
            MainActor.assumeIsolated { PendingStateController.shared.flush() }

        case .read:
            let node = nodes[0]
            MainActor.assumeIsolated {
                _ = node.frame
                _ = node.bounds
                _ = node.alpha
                _ = node.isHidden
            }

        case .setVariant, .setAutomaticallyManagesSubnodes, .transition, .cancelTransition:
            performASM(resolved)

        case .tableBatch, .tableReload, .tableWidth, .tableScroll, .tableFetch, .tableCommit:
            performTable(resolved.step.op, lane: resolved.step.lane)
        }
    }

    /// Run-time checks of one measurement: the layout is the node's, and its size is a valid size.
    private func checkMeasurement(of node: any StressNode, range: StressRange) {
        measureCount.add(1, ordering: .relaxed)
        let layout = node.layoutThatFits(range.sizeRange)
        var problems: [String] = []
        if layout.element !== node { problems.append("its element is not the node") }
        let size = layout.size
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            problems.append("its size \(size) is not a valid size")
        }
        guard !problems.isEmpty else { return }
        let message = "measure of \(node.stressKind.rawValue) \(node.stressID) for \(range.sizeRange): "
            + problems.joined(separator: "; ")
        runtimeViolations.withLock { if $0.count < 100 { $0.append(message) } }
    }
}
