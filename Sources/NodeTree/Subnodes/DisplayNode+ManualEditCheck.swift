#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CMeasuringThread
import Synchronization

// The diagnostic for editing an ASM node's subnodes by hand (docs/ARCHITECTURE.md, "Where Loom departs from
// Texture on purpose").
//
// With automaticallyManagesSubnodes a node's subnodes are a function of its layout. A manual addSubnode
// adds a node the diff never saw, so every later insertion index is off by one (Texture's "index … will be
// out of bounds" assertion is the visible symptom); a manual removeFromSupernode of a managed child is
// undone by the next layout, or leaves the diff removing the wrong node. Texture asserted on both from
// 2016 until 2017, then removed the check; its users got silent index drift. Loom keeps the check:
//
//   debug builds (policy .assert): an assertion naming the node and the operation and explaining that the
//                                  subnodes come from the layout spec;
//   release builds (.logAndRefuse): the edit is not performed — so the subnodes stay exactly the layout's
//                                  nodes and indexes cannot drift — and it is counted (per node and in
//                                  NodeTreeDiagnostics) and logged.
//
// ASM's own edits call the internal moveSubnode / detachFromSupernode and never come through here.

/// What a manual subnode edit of an ASM node does.
public enum ManualSubnodeEditPolicy: Sendable {
    /// assertionFailure with the message (debug builds' default). In a release build the assertion
    /// compiles to nothing and the edit is then refused, counted and logged as with `.logAndRefuse`.
    case assert
    /// Refuse the edit, count it and log the message (release builds' default).
    case logAndRefuse
}

extension NodeTreeDiagnostics {
    /// The policy for manual subnode edits of ASM nodes. A task-local so that a test can choose the release
    /// behaviour for its own scope without affecting tests running beside it.
    @TaskLocal public static var manualSubnodeEditPolicy: ManualSubnodeEditPolicy = {
        #if DEBUG
        return .assert
        #else
        return .logAndRefuse
        #endif
    }()

    private static let manualSubnodeEdits = Atomic<Int>(0)
    private static let ignoredTransitions = Atomic<Int>(0)
    private static let recentMessages = Locked<[String]>([])
    private static let logHandlerBox = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Manual subnode edits of ASM nodes that were refused (process-wide).
    public static var refusedManualSubnodeEditCount: Int { manualSubnodeEdits.load(ordering: .relaxed) }

    /// transitionLayout requests that were ignored (a size range with a zero maximum, or an ancestor in a
    /// transition), process-wide.
    public static var ignoredTransitionCount: Int { ignoredTransitions.load(ordering: .relaxed) }

    /// The last 64 diagnostics logged, oldest first.
    public static var recentLogMessages: [String] { recentMessages.load() }

    /// Receives every logged diagnostic instead of standard error (nil: standard error).
    public static var logHandler: (@Sendable (String) -> Void)? {
        get { logHandlerBox.load() }
        set { logHandlerBox.store(newValue) }
    }

    static func recordRefusedManualSubnodeEdit(_ message: String) {
        manualSubnodeEdits.add(1, ordering: .relaxed)
        log(message)
    }

    static func recordIgnoredTransition(_ message: String) {
        ignoredTransitions.add(1, ordering: .relaxed)
        log(message)
    }

    /// Logs one line: to the handler if one is set, else to standard error. Never holds a lock while
    /// calling the handler.
    static func log(_ message: String) {
        let line = "NodeTree: " + message
        recentMessages.withLock { messages in
            messages.append(line)
            if messages.count > 64 { messages.removeFirst(messages.count - 64) }
        }
        if let handler = logHandlerBox.load() {
            handler(line)
        } else {
            // write(2) rather than fputs(stderr): the C global is not concurrency-safe to name in Swift 6.
            var bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        }
    }
}

extension DisplayNode {
    /// True when `subnode` may be added to this node by hand: this node is not ASM, and the subnode is not
    /// taken out of another ASM node. Otherwise reports (and, unless the policy asserted, refuses).
    func allowsManualSubnodeEdit(adding subnode: DisplayNode, operation: @autoclosure () -> String) -> Bool {
        // The thread-local tested here, not only inside: forwarding `operation` into the call made a
        // closure context on every edit, in or out of a spec.
        if loom_current_layout_spec_owner() != nil,
           !allowsEditDuringLayoutSpec(of: self, adding: subnode, operation: operation()) { return false }
        if automaticallyManagesSubnodes {
            return reportManualSubnodeEdit(
                of: self,
                "\(self).\(operation()): \(self) has automaticallyManagesSubnodes = true, so its subnodes come "
                    + "from its layout spec (layoutSpecThatFits / layoutSpecBlock); put \(subnode) in the spec "
                    + "instead of adding it by hand")
        }
        if let oldParent = subnode.supernode, oldParent !== self, oldParent.automaticallyManagesSubnodes {
            return reportManualSubnodeEdit(
                of: oldParent,
                "\(self).\(operation()) would take \(subnode) out of \(oldParent), which has "
                    + "automaticallyManagesSubnodes = true, so its subnodes come from its layout spec; leave "
                    + "\(subnode) out of \(oldParent)'s spec instead")
        }
        return true
    }

    /// True when this node may leave `parent` by hand (removeFromSupernode): `parent` is not ASM.
    func allowsManualRemoval(from parent: DisplayNode) -> Bool {
        if loom_current_layout_spec_owner() != nil,
           !allowsEditDuringLayoutSpec(of: parent, adding: nil, operation: "removeFromSupernode()") { return false }
        guard parent.automaticallyManagesSubnodes else { return true }
        return reportManualSubnodeEdit(
            of: parent,
            "\(self).removeFromSupernode(): its supernode \(parent) has automaticallyManagesSubnodes = true, so "
                + "its subnodes come from its layout spec (layoutSpecThatFits / layoutSpecBlock); leave \(self) "
                + "out of the spec instead of removing it by hand")
    }

    /// Applies the policy; returns false (refused) unless an assertion stopped the process. Also the
    /// report of the other subnode edits the engine refuses the same way (an edit from inside a layout
    /// spec, a node listed twice in an ASM node's spec), each with its own `outcome` in the log.
    func reportManualSubnodeEdit(of asmNode: DisplayNode, _ message: String,
                                 outcome: String = "edit refused") -> Bool {
        if NodeTreeDiagnostics.manualSubnodeEditPolicy == .assert {
            assertionFailure(message)
        }
        asmNode.state.withLock { $0.sideStatistics.refusedManualSubnodeEdits += 1 }
        NodeTreeDiagnostics.recordRefusedManualSubnodeEdit(message + " (\(outcome))")
        return false
    }
}
