import LayoutCore

// Texture's interface state (ASInterfaceState): where a node stands relative to the screen. A list's
// range controller moves each cell — and, recursively, the cell's subnodes — through preload, display and
// visible as the list scrolls, on the main actor.
//
//   applyInterfaceState (main actor; a node whose state does not change is skipped)
//     1. store the new state (readable from any thread)
//     2. preload change: didEnterPreloadState, then a layout pass if the node manages its subnodes (so the
//        subnodes its layout places exist and get the state too); or didExitPreloadState
//     3. display change: didEnterDisplayState / didExitDisplayState
//     4. visible change: didEnterVisibleState / didExitVisibleState
//     5. interfaceStateDidChange(new, from: old)
//     6. the same for each subnode, depth-first (the node before its subnodes, as Texture recurses)
//
// The hooks are the methods of `InterfaceStateHooks`: a node class adopts the protocol to hear about its
// states (DisplayNode's class body is kept to its stored state and measuring surface; a protocol lets any
// node kind — a cell, a subnode of a cell — opt in without a base-class hook on every node). No lock is
// held while a hook runs.

/// Texture's ASInterfaceState: bits, combined.
public struct InterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The node is in a data controller's map and may be measured.
    public static let measureLayout = InterfaceState(rawValue: 1)
    /// Near the screen: fetch data (images, text) now.
    public static let preload = InterfaceState(rawValue: 2)
    /// Closer: render contents.
    public static let display = InterfaceState(rawValue: 4)
    /// On screen.
    public static let visible = InterfaceState(rawValue: 8)
    public static let none: InterfaceState = []
    /// Texture's InHierarchy: all four.
    public static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

    public var description: String {
        var parts: [String] = []
        if contains(.measureLayout) { parts.append("measureLayout") }
        if contains(.preload) { parts.append("preload") }
        if contains(.display) { parts.append("display") }
        if contains(.visible) { parts.append("visible") }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

/// Interface-state hooks (Texture's didEnterPreloadState and friends). Adopt it in a node subclass; every
/// method has an empty default. Called on the main actor, in the order of the file comment above.
public protocol InterfaceStateHooks: AnyObject {
    @MainActor func didEnterPreloadState()
    @MainActor func didExitPreloadState()
    @MainActor func didEnterDisplayState()
    @MainActor func didExitDisplayState()
    @MainActor func didEnterVisibleState()
    @MainActor func didExitVisibleState()
    @MainActor func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState)
}

extension InterfaceStateHooks {
    @MainActor public func didEnterPreloadState() {}
    @MainActor public func didExitPreloadState() {}
    @MainActor public func didEnterDisplayState() {}
    @MainActor public func didExitDisplayState() {}
    @MainActor public func didEnterVisibleState() {}
    @MainActor public func didExitVisibleState() {}
    @MainActor public func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {}
}

extension DisplayNode {
    /// The node's interface state. Any thread (a snapshot; only the main actor changes it).
    public var interfaceState: InterfaceState {
        InterfaceState(rawValue: interfaceStateBits.load(ordering: .acquiring))
    }

    public var isInPreloadState: Bool { interfaceState.contains(.preload) }
    public var isInDisplayState: Bool { interfaceState.contains(.display) }
    public var isVisible: Bool { interfaceState.contains(.visible) }

    /// Moves the node and its subnodes to `newState`, calling the hooks (main actor). Lists call it for
    /// their cells; call it for nodes you place on screen yourself.
    @MainActor public func applyInterfaceState(_ newState: InterfaceState) {
        MainActor.assertIsolated()
        applyOwnInterfaceState(newState)
        for subnode in subnodes {
            subnode.applyInterfaceState(newState)
        }
    }

    /// Steps 1–5 for this node alone.
    @MainActor private func applyOwnInterfaceState(_ newState: InterfaceState) {
        let oldBits = interfaceStateBits.exchange(newState.rawValue, ordering: .acquiringAndReleasing)
        let oldState = InterfaceState(rawValue: oldBits)
        guard oldState != newState else { return }
        let hooks = self as? any InterfaceStateHooks
        let changed = oldState.symmetricDifference(newState)

        if changed.contains(.preload) {
            if newState.contains(.preload) {
                hooks?.didEnterPreloadState()
                layOutManagedSubnodesForPreload()
            } else {
                hooks?.didExitPreloadState()
            }
        }
        if changed.contains(.display) {
            if newState.contains(.display) { hooks?.didEnterDisplayState() } else { hooks?.didExitDisplayState() }
        }
        if changed.contains(.visible) {
            if newState.contains(.visible) { hooks?.didEnterVisibleState() } else { hooks?.didExitVisibleState() }
        }
        hooks?.interfaceStateDidChange(newState, from: oldState)
    }

    /// Texture's ASDisplayNode.didEnterPreloadState lays out a node that manages its subnodes, so that
    /// the subnodes its layout places exist before the state recurses into them (a photo cell's image node
    /// must be there to preload its image).
    @MainActor private func layOutManagedSubnodesForPreload() {
        guard automaticallyManagesSubnodes else { return }
        layoutIfNeeded()
    }
}
