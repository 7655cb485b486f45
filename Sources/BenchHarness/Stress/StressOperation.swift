import LayoutCore
import NodeTree

// The operations a stress run drives at the forest, as plain values. A run records every operation it
// executes together with its lane and a global sequence number (`StressStep`); a script is such a list,
// and replaying it executes the same operations one at a time in sequence order (StressScript.swift,
// StressReplay.swift). Operations name nodes by their stress id, never by reference, so a script can be
// written, read back, shrunk and replayed.
//
// Lanes: lane 0 is the main actor; lanes 1…N are worker threads. What each operation may do and on which
// lane follows the node tree's threading rules (Texture's: measure on any thread, view work on main):
//
//   any lane        setStyle, setText, setStack, setNeedsLayout, measure, setProperty (frame writes only on
//                   a root the lane may position, see StressExecutor)
//   worker lanes    create (nodes are created off the main actor), the owner's hierarchy edits and layout
//                   passes of its unloaded trees (insert, remove, replace, invalidate, layoutPass), handOff,
//                   discard
//   main actor      load, attach, detach, mainLayout, flush, read — and discard of its own roots
//
// Automatic subnode management and transitions (StressExecutor+ASM.swift, StressNodes+ASM.swift):
//
//   the lane that lays the tree out (its worker; the main actor for main-actor and shared trees)
//                   setVariant, setAutomaticallyManagesSubnodes (on an `asm` node: its spec, so its subnodes,
//                   change; followed by the same bottom-up invalidation as a content change)
//   any lane        cancelTransition
//   main actor      transition (transitionLayout on a loaded `asm` node, optionally superseded by a second)

/// One operation of a stress run.
public enum StressOperation: Codable, Equatable, Sendable {
    // Any lane.
    /// Replaces the node's stress style fields (size, flex, alignSelf, spacing), then invalidates the node
    /// and its supernodes, bottom-up, as an app must after a content change.
    case setStyle(node: Int, style: StressStyle)
    /// Sets a text node's text (which invalidates the node), then invalidates its supernodes.
    case setText(node: Int, text: String)
    /// Replaces an interior node's stack configuration, then invalidates it and its supernodes.
    case setStack(node: Int, stack: StressStack)
    /// `setNeedsLayout()` on the node alone (deferred to the flush on a loaded node off the main actor).
    case setNeedsLayout(node: Int)
    /// `layoutThatFits(range)` on any node of any tree.
    case measure(node: Int, range: StressRange)
    /// A bridged view property write: before load, on the main actor after load, or deferred to the
    /// pending-state flush off the main actor after load.
    case setProperty(node: Int, write: StressPropertyWrite)

    // Worker lanes.
    /// Creates a subtree off the main actor. `shared` trees are never edited structurally (every lane hits
    /// them); otherwise the creating lane owns the new tree.
    case create(root: StressBlueprint, shared: Bool)
    /// `invalidateCalculatedLayout()` on a node of the lane's own unloaded tree.
    case invalidate(node: Int)
    /// `insertSubnode(node, at: index)` within the lane's own unloaded trees (moves a node, or puts a root
    /// under another node); the index is clamped to the parent's subnode count.
    case insert(node: Int, parent: Int, index: Int)
    /// `removeFromSupernode()` in the lane's own unloaded tree; the node becomes a root of the lane.
    case remove(node: Int)
    /// `replaceSubnode(node, with: replacement)`; the replaced node becomes a root of the lane.
    case replace(node: Int, with: Int)
    /// A layout pass of the lane's own unloaded tree on the lane's thread: the root's frame takes the
    /// size, then `layoutIfNeeded()` on every node, top-down.
    case layoutPass(root: Int, width: Double, height: Double)
    /// Gives one of the lane's trees to the main actor (which then loads or attaches it).
    case handOff(root: Int)
    /// Forgets a root of the lane (a worker's tree, or a main-actor root that is not hosted) and its subtree.
    case discard(root: Int)

    // Main actor.
    /// Hosts a handed-off or a shared tree in the window: its views load.
    case load(root: Int)
    /// Inserts a handed-off (or detached) root under a node of a main-actor tree, at the clamped index.
    case attach(root: Int, parent: Int, index: Int)
    /// `removeFromSupernode()` of a loaded node of a main-actor tree; it becomes a main-actor root.
    case detach(node: Int)
    /// Measures a hosted root for the width, gives it that frame and runs the view's layout pass.
    case mainLayout(root: Int, width: Double)
    /// `PendingStateController.shared.flush()`.
    case flush
    /// Reads the node's bridged properties on the main actor.
    case read(node: Int)

    // Automatic subnode management and transitions (Texture's automaticallyManagesSubnodes and
    // transitionLayoutWithAnimation:).
    /// Sets an `asm` node's variant — which pool members its spec lays out, in which order — then
    /// invalidates it and its supernodes: ASM inserts, removes and moves subnodes at the next applied layout.
    case setVariant(node: Int, variant: Int)
    /// Turns an `asm` node's automaticallyManagesSubnodes on or off (StressNodes+ASM.swift says what its
    /// spec is with it off), then invalidates it and its supernodes.
    case setAutomaticallyManagesSubnodes(node: Int, on: Bool)
    /// Main actor: on a loaded `asm` node, optionally sets `variant` (the state change the transition
    /// shows), then `transitionLayout(animated:measurementCompletion:)`; with `supersedingVariant`, sets
    /// that variant and starts a second transition at once, superseding the first (whose animation, if
    /// any, is still running). Then invalidates the supernodes, so they lay out the node's new size.
    case transition(node: Int, animated: Bool, variant: Int?, supersedingVariant: Int?)
    /// `cancelLayoutTransition()` on an `asm` node, from any lane.
    case cancelTransition(node: Int)

    // The stress table (StressTableOperations.swift).
    /// Any lane: changes the model and tells the table in one performBatchUpdates (positions are reduced
    /// modulo the model's count when the batch runs, so a script stays valid whatever ran before).
    case tableBatch(edits: [StressTableEdit])
    /// Any lane: reverses the model and reloads the table, nested in a batch (both in one edit turn).
    case tableReload
    /// Main actor: the viewport's width (a rotation): every row is measured again.
    case tableWidth(width: Double)
    /// Main actor: scrolls to `position` (0 top … 1 bottom) of the committed content.
    case tableScroll(position: Double)
    /// Main actor: completes the pending batch fetch, appending `count` rows first.
    case tableFetch(count: Int)
    /// Main actor: one turn of the main run loop, so queued commits land between other operations.
    case tableCommit

    /// Operations that only the main actor may execute.
    public var isMainActorOnly: Bool {
        switch self {
        case .load, .attach, .detach, .mainLayout, .flush, .read, .transition: true
        case .tableWidth, .tableScroll, .tableFetch, .tableCommit: true
        default: false
        }
    }

    /// Operations that only a worker lane may execute (lane 0 never creates nodes or edits an unloaded
    /// worker tree).
    public var isWorkerOnly: Bool {
        switch self {
        case .create, .invalidate, .insert, .remove, .replace, .layoutPass, .handOff: true
        default: false
        }
    }

    public var kind: StressOperationKind {
        switch self {
        case .setStyle: .setStyle
        case .setText: .setText
        case .setStack: .setStack
        case .setNeedsLayout: .setNeedsLayout
        case .measure: .measure
        case .setProperty: .setProperty
        case .create: .create
        case .invalidate: .invalidate
        case .insert: .insert
        case .remove: .remove
        case .replace: .replace
        case .layoutPass: .layoutPass
        case .handOff: .handOff
        case .discard: .discard
        case .load: .load
        case .attach: .attach
        case .detach: .detach
        case .mainLayout: .mainLayout
        case .flush: .flush
        case .read: .read
        case .setVariant: .setVariant
        case .setAutomaticallyManagesSubnodes: .setAutomaticallyManagesSubnodes
        case .transition: .transition
        case .cancelTransition: .cancelTransition
        case .tableBatch: .tableBatch
        case .tableReload: .tableReload
        case .tableWidth: .tableWidth
        case .tableScroll: .tableScroll
        case .tableFetch: .tableFetch
        case .tableCommit: .tableCommit
        }
    }
}

/// Operation kinds, for the per-kind counts of a run. The names are the JSON keys of the operations.
public enum StressOperationKind: String, CaseIterable, Codable, Sendable, Comparable {
    case setStyle, setText, setStack, setNeedsLayout, measure, setProperty
    case create, invalidate, insert, remove, replace, layoutPass, handOff, discard
    case load, attach, detach, mainLayout, flush, read
    case setVariant, setAutomaticallyManagesSubnodes, transition, cancelTransition
    case tableBatch, tableReload, tableWidth, tableScroll, tableFetch, tableCommit

    /// The operand keys of the ASM and transition operations: anything else in their object is an error
    /// (StressScript's precheck), so a misspelt optional key is not silently dropped.
    static let strictKeys: [String: Set<String>] = [
        "setVariant": ["node", "variant"],
        "setAutomaticallyManagesSubnodes": ["node", "on"],
        "transition": ["node", "animated", "variant", "supersedingVariant"],
        "cancelTransition": ["node"],
    ]

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One executed operation: its global sequence number (claimed when the operation was resolved against
/// the forest, so causally later operations have larger numbers), its lane and the operation.
public struct StressStep: Codable, Equatable, Sendable {
    public var seq: Int
    public var lane: Int
    public var op: StressOperation
}

// MARK: - Payloads

/// The kinds of stress nodes (StressNodes.swift).
public enum StressNodeKind: String, Codable, CaseIterable, Sendable {
    /// A CellNode whose spec is an (inset) stack of its subnodes: the usual root.
    case cell
    /// A DisplayNode whose spec is an (inset) stack of its subnodes.
    case container
    /// A ScrollNode scrolling vertically with automaticallyManagesContentSize, over a stack of its subnodes.
    case scroll
    /// A TextNode.
    case text
    /// A DisplayNode leaf sized by its style.
    case leaf
    /// A DisplayNode with automaticallyManagesSubnodes whose spec picks children from a pool by a
    /// variant (StressNodes+ASM.swift). Its `children` are the pool; they become subnodes only through ASM.
    case asm

    /// Kinds whose subnodes are edited by hand (insert, attach, replace under them). Not `asm`: its
    /// subnodes come from its layout.
    public var isInterior: Bool { self == .cell || self == .container || self == .scroll }

    /// Kinds a blueprint may give children (an ASM node's are its pool).
    public var takesChildren: Bool { isInterior || self == .asm }
}

/// A subtree to create: ids, kinds and initial configuration, children in order.
public struct StressBlueprint: Codable, Equatable, Sendable {
    public var id: Int
    public var kind: StressNodeKind
    public var style: StressStyle?
    public var text: String?
    public var stack: StressStack?
    public var children: [StressBlueprint]?

    public init(id: Int, kind: StressNodeKind, style: StressStyle? = nil, text: String? = nil,
                stack: StressStack? = nil, children: [StressBlueprint]? = nil) {
        self.id = id
        self.kind = kind
        self.style = style
        self.text = text
        self.stack = stack
        self.children = children
    }

    /// Every id in the subtree, pre-order.
    public var allIDs: [Int] {
        var ids = [id]
        for child in children ?? [] { ids += child.allIDs }
        return ids
    }
}

/// The style fields a stress operation sets (all of them at once; nil dimensions are auto).
public struct StressStyle: Codable, Equatable, Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var flexGrow: Double
    public var flexShrink: Double
    public var spacingBefore: Double
    public var alignSelf: StackLayoutAlignSelf

    public init(width: Double? = nil, height: Double? = nil, flexGrow: Double = 0, flexShrink: Double = 0,
                spacingBefore: Double = 0, alignSelf: StackLayoutAlignSelf = .auto) {
        self.width = width
        self.height = height
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
        self.spacingBefore = spacingBefore
        self.alignSelf = alignSelf
    }

    /// `style` with these fields replaced (others — a text node's ascender and descender — kept).
    public func applied(to style: LayoutElementStyle) -> LayoutElementStyle {
        var style = style
        style.width = width.map { .points($0) } ?? .auto
        style.height = height.map { .points($0) } ?? .auto
        style.flexGrow = flexGrow
        style.flexShrink = flexShrink
        style.spacingBefore = spacingBefore
        style.alignSelf = alignSelf
        return style
    }
}

extension StressStyle {
    private enum CodingKeys: String, CodingKey {
        case width, height, flexGrow, flexShrink, spacingBefore, alignSelf
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decodeIfPresent(Double.self, forKey: .width)
        height = try c.decodeIfPresent(Double.self, forKey: .height)
        flexGrow = try c.decodeIfPresent(Double.self, forKey: .flexGrow) ?? 0
        flexShrink = try c.decodeIfPresent(Double.self, forKey: .flexShrink) ?? 0
        spacingBefore = try c.decodeIfPresent(Double.self, forKey: .spacingBefore) ?? 0
        alignSelf = try c.decodeChoiceIfPresent(StackLayoutAlignSelf.self, forKey: .alignSelf) ?? .auto
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(width, forKey: .width)
        try c.encodeIfPresent(height, forKey: .height)
        if flexGrow != 0 { try c.encode(flexGrow, forKey: .flexGrow) }
        if flexShrink != 0 { try c.encode(flexShrink, forKey: .flexShrink) }
        if spacingBefore != 0 { try c.encode(spacingBefore, forKey: .spacingBefore) }
        if alignSelf != .auto { try c.encode(alignSelf.rawValue, forKey: .alignSelf) }
    }
}

/// An interior node's spec: a stack of its subnodes, inset on every edge when `inset` > 0.
public struct StressStack: Codable, Equatable, Hashable, Sendable {
    public var direction: StackLayoutDirection
    public var spacing: Double
    public var justifyContent: StackLayoutJustifyContent
    public var alignItems: StackLayoutAlignItems
    public var inset: Double

    public init(direction: StackLayoutDirection = .vertical, spacing: Double = 0,
                justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
                inset: Double = 0) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.inset = inset
    }
}

extension StressStack {
    private enum CodingKeys: String, CodingKey {
        case direction, spacing, justifyContent, alignItems, inset
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        direction = try c.decodeChoiceIfPresent(StackLayoutDirection.self, forKey: .direction) ?? .vertical
        spacing = try c.decodeIfPresent(Double.self, forKey: .spacing) ?? 0
        justifyContent = try c.decodeChoiceIfPresent(StackLayoutJustifyContent.self, forKey: .justifyContent) ?? .start
        alignItems = try c.decodeChoiceIfPresent(StackLayoutAlignItems.self, forKey: .alignItems) ?? .stretch
        inset = try c.decodeIfPresent(Double.self, forKey: .inset) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(direction.rawValue, forKey: .direction)
        if spacing != 0 { try c.encode(spacing, forKey: .spacing) }
        if justifyContent != .start { try c.encode(justifyContent.rawValue, forKey: .justifyContent) }
        if alignItems != .stretch { try c.encode(alignItems.rawValue, forKey: .alignItems) }
        if inset != 0 { try c.encode(inset, forKey: .inset) }
    }
}

extension KeyedDecodingContainer {
    /// One of a LayoutCore enum's raw values ("center"), with the allowed names in the error.
    func decodeChoiceIfPresent<E: RawRepresentable & CaseIterable>(_ type: E.Type, forKey key: Key) throws -> E?
    where E.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = E(rawValue: raw) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(forKey: key, in: self,
                                                   debugDescription: "expected one of \(names), found \(JSONText.quoted(raw))")
        }
        return value
    }
}

/// A size range; maxima may be +∞ ("inf" in JSON).
public struct StressRange: Codable, Equatable, Hashable, Sendable {
    public var minWidth: Double
    public var minHeight: Double
    public var maxWidth: Double
    public var maxHeight: Double

    public var sizeRange: SizeRange {
        SizeRange(min: Size(width: minWidth, height: minHeight), max: Size(width: maxWidth, height: maxHeight))
    }

    /// Well formed: finite, non-negative minima no larger than the maxima.
    public var isValid: Bool {
        minWidth.isFinite && minHeight.isFinite && minWidth >= 0 && minHeight >= 0
            && !maxWidth.isNaN && !maxHeight.isNaN && maxWidth >= minWidth && maxHeight >= minHeight
    }
}

extension StressRange {
    /// Exactly `width` wide, any height (a table's cell range).
    public init(width: Double) {
        self.init(minWidth: width, minHeight: 0, maxWidth: width, maxHeight: .infinity)
    }
}
