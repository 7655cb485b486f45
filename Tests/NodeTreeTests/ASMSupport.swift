import Dispatch
import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// Helpers for the ASM and transition tests.

/// A leaf with a preferred size and a name.
func sizedLeaf(_ name: String, _ width: Double = 100, _ height: Double = 100) -> DisplayNode {
    let node = named(DisplayNode(), name)
    node.style.preferredSize = Size(width: width, height: height)
    return node
}

/// An ASM node whose spec is `spec()` (replace it with `setSpec`, which also calls setNeedsLayout).
final class SpecNode: DisplayNode, @unchecked Sendable {
    private let specBox: Locked<@Sendable (SizeRange) -> any LayoutElement>

    init(_ name: String, spec: @escaping @Sendable (SizeRange) -> any LayoutElement) {
        specBox = Locked(spec)
        super.init()
        debugName = name
        automaticallyManagesSubnodes = true
    }

    func setSpec(_ spec: @escaping @Sendable (SizeRange) -> any LayoutElement) {
        specBox.store(spec)
        setNeedsLayout()
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        specBox.load()(constrainedSize)
    }
}

/// A horizontal stack of `nodes` (the usual "order" spec of the ASM tests).
func row(_ nodes: [DisplayNode]) -> StackLayoutSpec {
    StackLayoutSpec.horizontal(children: nodes)
}

/// Identity comparison of node lists.
func same(_ a: [DisplayNode], _ b: [DisplayNode]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
}

/// The nodes of a node's calculated layout, in order.
func calculatedNodes(_ node: DisplayNode) -> [DisplayNode] {
    (node.calculatedLayout?.sublayouts ?? []).compactMap { $0.element as? DisplayNode }
}

/// The nodes behind a loaded node's subviews, in order.
@MainActor func subviewNodes(_ node: DisplayNode) -> [DisplayNode] {
    node.view.subviews.compactMap(\.node)
}

/// Polls `condition` on the main actor (yielding between polls) until it holds or `seconds` pass.
@MainActor func waitUntil(_ seconds: Double = 10, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        await drainMainQueue()
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// A deterministic generator (SplitMix64) for seeded randomized tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
