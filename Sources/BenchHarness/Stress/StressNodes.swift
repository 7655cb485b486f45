import LayoutCore
import NodeTree
import TextEngine

// The nodes a stress run creates: one subclass per NodeTree class it exercises, each with a stress id (what
// scripts name), a reference to its run's live-node counter (incremented in init, decremented in deinit, so
// "every node is released when the forest is dropped" is a count returning to zero), and a way to build a
// fresh, never-measured copy of its subtree from its current state — the single-threaded oracle the
// layout invariants compare against.

/// Counts a run's live stress nodes, by id (so a leak names the nodes). Fresh copies are not counted.
public final class LiveNodeCounter: Sendable {
    private let live = Locked<[Int: StressNodeKind]>([:])

    public init() {}

    func born(_ id: Int, _ kind: StressNodeKind) { live.withLock { $0[id] = kind } }
    func died(_ id: Int) { live.withLock { _ = $0.removeValue(forKey: id) } }

    public var count: Int { live.withLock { $0.count } }
    /// Live ids and kinds, smallest id first.
    public var liveNodes: [(id: Int, kind: StressNodeKind)] {
        live.withLock { $0.map { (id: $0.key, kind: $0.value) } }.sorted { $0.id < $1.id }
    }
}

/// A stress node's id and its registration with the run's live-node counter: born when the node is made,
/// dead when the node (its only owner) is freed. One stored property instead of an init/deinit pair in
/// every node class (they subclass different NodeTree classes, so they cannot share a base).
final class StressLife: Sendable {
    let id: Int
    let kind: StressNodeKind
    private let counter: LiveNodeCounter?

    init(id: Int, kind: StressNodeKind, counter: LiveNodeCounter?) {
        self.id = id
        self.kind = kind
        self.counter = counter
        counter?.born(id, kind)
    }

    deinit { counter?.died(id) }
}

/// What every stress node class adds to its NodeTree class.
protocol StressNode: DisplayNode {
    /// The node's id and kind, registered with the run's live-node counter.
    var life: StressLife { get }
    /// A new node of the same kind with this node's current configuration (no subnodes, no cache).
    func freshShallowCopy() -> DisplayNode
}

extension StressNode {
    var stressID: Int { life.id }
    var stressKind: StressNodeKind { life.kind }
}

/// The stress id of a layout element (nil for specs and foreign nodes).
func stressID(of element: (any AnyObject & Sendable)?) -> Int? {
    (element as? any StressNode)?.stressID
}

extension StressNode {
    /// A fresh copy of the whole subtree below this node: same kinds, configuration and subnode order,
    /// nothing measured, nothing loaded, not counted as live.
    func freshCopy() -> DisplayNode {
        freshCopy(depth: 0)
    }

    /// Depth-limited, so a cycle (which the hierarchy invariant reports) cannot recurse forever. An ASM
    /// node copies its pool instead of adding subnodes by hand (StressNodes+ASM.swift).
    func freshCopy(depth: Int) -> DisplayNode {
        if let asm = self as? StressASMNode { return asm.freshASMCopy(depth: depth) }
        let copy = freshShallowCopy()
        guard depth < 500 else { return copy }
        for subnode in subnodes {
            guard let node = subnode as? any StressNode else { continue }
            copy.addSubnode(node.freshCopy(depth: depth + 1))
        }
        return copy
    }
}

// MARK: - Interior nodes: an (inset) stack of the subnodes

/// The spec every interior stress node builds: its subnodes, in order, in a stack, inset when asked.
func stressSpec(_ stack: StressStack, children: [DisplayNode]) -> any LayoutElement {
    let spec = StackLayoutSpec(direction: stack.direction, spacing: stack.spacing,
                               justifyContent: stack.justifyContent, alignItems: stack.alignItems,
                               children: children)
    guard stack.inset > 0 else { return spec }
    return InsetLayoutSpec(insets: EdgeInsets(all: stack.inset), child: spec)
}

/// Interior stress nodes keep their stack configuration behind their own lock.
protocol StressInteriorNode: StressNode {
    var stackState: Locked<StressStack> { get }

    init(id: Int, stack: StressStack, counter: LiveNodeCounter?)
}

extension StressInteriorNode {
    var stack: StressStack {
        get { stackState.load() }
        set { stackState.store(newValue) }
    }

    /// A node of the same class with this one's stack and style: what the cell and container nodes copy (the
    /// scroll node also copies its scroll settings).
    func freshShallowCopy() -> DisplayNode {
        let copy = Self(id: stressID, stack: stack, counter: nil)
        copy.style = style
        return copy
    }
}

final class StressCellNode: CellNode, StressInteriorNode, @unchecked Sendable {
    let life: StressLife
    let stackState: Locked<StressStack>

    init(id: Int, stack: StressStack, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .cell, counter: counter)
        stackState = Locked(stack)
        super.init()
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        stressSpec(stack, children: subnodes)
    }
}

final class StressContainerNode: DisplayNode, StressInteriorNode, @unchecked Sendable {
    let life: StressLife
    let stackState: Locked<StressStack>

    init(id: Int, stack: StressStack, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .container, counter: counter)
        stackState = Locked(stack)
        super.init()
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        stressSpec(stack, children: subnodes)
    }
}

/// Scrolls vertically and manages its content size (the setting of Texture's #891 and #774 reports).
final class StressScrollNode: ScrollNode, StressInteriorNode, @unchecked Sendable {
    let life: StressLife
    let stackState: Locked<StressStack>

    init(id: Int, stack: StressStack, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .scroll, counter: counter)
        stackState = Locked(stack)
        super.init()
        scrollableDirections = .vertical
        automaticallyManagesContentSize = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        stressSpec(stack, children: subnodes)
    }

    func freshShallowCopy() -> DisplayNode {
        let copy = StressScrollNode(id: stressID, stack: stack, counter: nil)
        copy.scrollableDirections = scrollableDirections
        copy.automaticallyManagesContentSize = automaticallyManagesContentSize
        copy.style = style
        return copy
    }
}

// MARK: - Leaves

final class StressTextNode: TextNode, StressNode, @unchecked Sendable {
    /// One size for every stress text: the recipes vary the strings, not the fonts.
    static let attributes = TextAttributes(size: 14)

    let life: StressLife

    init(id: Int, text: String, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .text, counter: counter)
        super.init()
        self.text = text
    }

    /// The plain string the operations write; setting it goes through TextNode's attributedText, which
    /// invalidates the node only when the text changed.
    var text: String {
        get { attributedText.string }
        set { attributedText = AttributedText(newValue, attributes: Self.attributes) }
    }

    func freshShallowCopy() -> DisplayNode {
        let copy = StressTextNode(id: stressID, text: text, counter: nil)
        copy.attributedText = attributedText
        copy.maximumNumberOfLines = maximumNumberOfLines
        copy.truncationToken = truncationToken
        copy.style = style
        return copy
    }
}

/// A plain leaf: fills a finite maximum, or takes its style size.
final class StressLeafNode: DisplayNode, StressNode, @unchecked Sendable {
    let life: StressLife

    init(id: Int, counter: LiveNodeCounter?) {
        life = StressLife(id: id, kind: .leaf, counter: counter)
        super.init()
    }

    func freshShallowCopy() -> DisplayNode {
        let copy = StressLeafNode(id: stressID, counter: nil)
        copy.style = style
        return copy
    }
}

// MARK: - Building a blueprint

enum StressNodeFactory {
    /// Builds the blueprint's subtree (any thread). Returns the root and every node built, pre-order.
    static func build(_ blueprint: StressBlueprint, counter: LiveNodeCounter?) -> [any StressNode] {
        let node: any StressNode
        let stack = blueprint.stack ?? StressStack()
        switch blueprint.kind {
        case .cell: node = StressCellNode(id: blueprint.id, stack: stack, counter: counter)
        case .container: node = StressContainerNode(id: blueprint.id, stack: stack, counter: counter)
        case .scroll: node = StressScrollNode(id: blueprint.id, stack: stack, counter: counter)
        case .text: node = StressTextNode(id: blueprint.id, text: blueprint.text ?? "", counter: counter)
        case .leaf: node = StressLeafNode(id: blueprint.id, counter: counter)
        case .asm:
            // The children are the pool: built here, added by ASM when a layout names them.
            var pool: [any StressNode] = []
            var members: [any StressNode] = []
            for child in blueprint.children ?? [] {
                let subtree = build(child, counter: counter)
                pool.append(subtree[0])
                members += subtree
            }
            let asm = StressASMNode(id: blueprint.id, pool: pool, stack: stack, counter: counter)
            asm.debugName = "asm \(blueprint.id)"
            if let style = blueprint.style { asm.style = style.applied(to: asm.style) }
            return [asm] + members
        }
        node.debugName = "\(blueprint.kind.rawValue) \(blueprint.id)"
        if let style = blueprint.style { node.style = style.applied(to: node.style) }
        var built: [any StressNode] = [node]
        if blueprint.kind.isInterior {
            for child in blueprint.children ?? [] {
                let subtree = build(child, counter: counter)
                node.addSubnode(subtree[0])
                built += subtree
            }
        }
        return built
    }
}
