// Texture's filteredNodeLayoutTree (reference 2.7): a node's layout reduced to its direct subnodes'
// layouts, each without sublayouts and positioned relative to the node. The order of the result
// (depth-first pre-order of the spec tree) is the subnode order automatic subnode management uses.

extension Layout {
    /// True when the position is null and every sublayout is a node layout without sublayouts.
    public var isFlat: Bool {
        guard position.isNull else { return false }
        for sublayout in sublayouts where sublayout.type != .node || !sublayout.sublayouts.isEmpty {
            return false
        }
        return true
    }

    /// The flattened layout: same element and size, null position, the direct node layouts in DFS order.
    /// An already flat layout is returned unchanged.
    public func flattened() -> Layout {
        if isFlat { return self }
        var nodeCount = 0
        for sublayout in sublayouts {
            nodeCount += Layout.countNodeLayouts(in: sublayout)
        }
        var emitted: [Layout] = []
        emitted.reserveCapacity(nodeCount)
        for sublayout in sublayouts {
            Layout.collectNodeLayouts(of: sublayout, absolute: sublayout.position.orZero, into: &emitted)
        }
        return Layout(element: element, type: type, size: size, position: .null, sublayouts: emitted)
    }

    /// How many layouts `collectNodeLayouts` emits for `layout`: the node layouts reached without
    /// descending into a node (so the result array is allocated once, at its final size).
    private static func countNodeLayouts(in layout: Layout) -> Int {
        if layout.type == .node { return 1 }
        var count = 0
        for child in layout.sublayouts {
            count += countNodeLayouts(in: child)
        }
        return count
    }

    /// Emits a node layout at its absolute (pixel-ceiled) position without descending into it; walks
    /// into spec layouts, adding each child's raw offset. Rounding happens once, at emission, so a
    /// subnode's origin is ceilPx(sum of raw offsets along its path).
    private static func collectNodeLayouts(of layout: Layout, absolute: Point, into emitted: inout [Layout]) {
        if layout.type == .node {
            let position = ceilPx(absolute)
            if layout.sublayouts.isEmpty && layout.position.isIdentical(to: position) {
                emitted.append(layout)  // reused: nothing about it changes
            } else {
                emitted.append(Layout(element: layout.element, type: .node, size: layout.size,
                                      position: absolute))
            }
            return
        }
        for child in layout.sublayouts {
            let offset = child.position.orZero
            collectNodeLayouts(of: child, absolute: Point(x: absolute.x + offset.x, y: absolute.y + offset.y),
                               into: &emitted)
        }
    }

    /// Texture's node path after the spec has been laid out: a spec layout that is not the node's own is
    /// placed at (0,0) inside a node layout of the same size, then the whole is flattened.
    public static func nodeLayout(for node: any AnyObject & Sendable, specLayout: Layout) -> Layout {
        if specLayout.element === node { return specLayout.flattened() }
        // The wrapper Layout(node:, size: spec size, sublayouts: [spec at (0,0)]), flattened — computed
        // without building the wrapper unless the result is the wrapper itself (a spec layout that is a
        // single childless node layout: already flat).
        if specLayout.type == .node && specLayout.sublayouts.isEmpty {
            var layout = specLayout
            layout.position = .zero
            return Layout(node: node, size: layout.size, sublayouts: [layout])
        }
        // The wrapper's size (sanitized once more at creation), sanitized again by `flattened()`.
        let size = Layout.sanitizedSize(Layout.sanitizedSize(specLayout.size))
        var emitted: [Layout] = []
        emitted.reserveCapacity(countNodeLayouts(in: specLayout))
        collectNodeLayouts(of: specLayout, absolute: .zero, into: &emitted)
        return Layout(element: node, type: .node, size: size, position: .null, sublayouts: emitted)
    }
}

extension Point {
    /// A null (or partly NaN) position counts as the origin. Texture asserts sublayout positions are set;
    /// treating a missing one as zero keeps frames finite instead of trapping.
    @inlinable var orZero: Point {
        Point(x: x.isNaN ? 0 : x, y: y.isNaN ? 0 : y)
    }
}
