import LayoutCore

// A read-only view of a node's two-slot layout cache (Texture's _calculatedDisplayNodeLayout and
// _pendingDisplayNodeLayout), for invariant checks: the stress runner (BenchHarness/Stress) compares every layout a
// node still holds as current with a fresh, single-threaded layout of the same state, and a layout pass's applied
// layout with the frames it set. One lock acquisition; nothing here changes the node or its statistics.

/// One cached layout of a node: what it is, what it was measured for and whether it is still current.
public struct LayoutCacheEntry: Sendable {
    /// The cached layout (element: the node), with the sublayouts as they were measured.
    public var layout: Layout
    public var constrainedSize: SizeRange
    public var parentSize: Size
    /// The node's layout version the entry was measured at.
    public var version: UInt64
    /// The layout pass already asked the supernode for a resize to this layout's size.
    public var requestedLayoutFromAbove: Bool
    /// Valid for the node's current version (Texture's isValid(version)): `layoutThatFits` would serve it
    /// for its range and parent size, and the layout pass would reuse or apply it.
    public var isCurrent: Bool
}

/// A node's layout cache at one instant.
public struct LayoutCacheSnapshot: Sendable {
    /// The node's current layout version (starts at 1; each invalidation adds 1).
    public var version: UInt64
    /// The applied layout (Texture's calculated layout).
    public var calculated: LayoutCacheEntry?
    /// Measured but not (yet) applied.
    public var pending: LayoutCacheEntry?
}

extension DisplayNode {
    /// Both cache slots and the version, read under one lock.
    public var layoutCacheSnapshot: LayoutCacheSnapshot {
        let (version, calculated, pending) = state.withLock { s in
            (s.layoutVersion, s.calculatedLayout, s.pendingLayout)
        }
        func entry(_ record: NodeLayoutRecord?) -> LayoutCacheEntry? {
            guard let record else { return nil }
            return LayoutCacheEntry(layout: Layout(node: self, size: record.size, sublayouts: record.sublayouts),
                                    constrainedSize: record.constrainedSize, parentSize: record.parentSize,
                                    version: record.version,
                                    requestedLayoutFromAbove: record.requestedLayoutFromAbove,
                                    isCurrent: record.isValid(version: version))
        }
        return LayoutCacheSnapshot(version: version, calculated: entry(calculated), pending: entry(pending))
    }
}
