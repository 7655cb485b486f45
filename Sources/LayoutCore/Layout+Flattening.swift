// Texture's -[ASLayout filteredNodeLayoutTree]: a node's layout reduced to its direct subnodes'
// layouts, each without sublayouts and positioned relative to the node. The order of the result
// (depth-first pre-order of the spec tree) is the subnode order automatic subnode management uses.

extension Layout {
    /// True when the position is null and every sublayout is a node layout without sublayouts.
    public var isFlat: Bool {
        guard position.isNull else { return false }
        // By index, not `for … in`: iterating would copy (retain and release) every sublayout.
        for index in sublayouts.indices
        where sublayouts[index].type != .node || !sublayouts[index].sublayouts.isEmpty {
            return false
        }
        return true
    }

    /// The flattened layout: same element and size, null position, the direct node layouts in DFS order.
    /// An already flat layout is returned unchanged.
    public func flattened() -> Layout {
        if isFlat { return self }
        var emitted: [Layout] = []
        emitted.reserveCapacity(Layout.countNodeLayouts(in: sublayouts))
        Layout.collectNodeLayouts(from: sublayouts, origin: .zero, into: &emitted)
        return Layout(element: element, type: type, size: size, position: .null, sublayouts: emitted)
    }

    // The walks below read the layouts in place (`layouts[i].field`) instead of binding each one to a
    // value, which would copy it (retaining its element and sublayouts) only to read a few fields.

    /// How many layouts `collectNodeLayouts` emits for `layouts`: the node layouts reached without
    /// descending into a node (so the result array is allocated once, at its final size).
    private static func countNodeLayouts(in layouts: [Layout]) -> Int {
        var count = 0
        for index in layouts.indices {
            if layouts[index].type == .node {
                count += 1
            } else {
                count += countNodeLayouts(in: layouts[index].sublayouts)
            }
        }
        return count
    }

    /// Emits each node layout at its absolute (pixel-ceiled) position without descending into it; walks
    /// into spec layouts, adding each child's raw offset to `origin`, the raw absolute position of the
    /// layouts' parent. Rounding happens once, at emission, so a subnode's origin is ceilPx(sum of raw
    /// offsets along its path).
    private static func collectNodeLayouts(from layouts: [Layout], origin: Point, into emitted: inout [Layout]) {
        for index in layouts.indices {
            let offset = layouts[index].position.orZero
            let absolute = Point(x: origin.x + offset.x, y: origin.y + offset.y)
            if layouts[index].type == .node {
                emitNodeLayout(layouts[index], absolute: absolute, into: &emitted)
            } else {
                collectNodeLayouts(from: layouts[index].sublayouts, origin: absolute, into: &emitted)
            }
        }
    }

    @inline(__always)
    private static func emitNodeLayout(_ layout: Layout, absolute: Point, into emitted: inout [Layout]) {
        let position = ceilPx(absolute)
        if layout.sublayouts.isEmpty && layout.position.isIdentical(to: position) {
            emitted.append(layout)  // reused: nothing about it changes
        } else {
            emitted.append(Layout(element: layout.element, type: .node, size: layout.size, position: absolute))
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
        if specLayout.type == .node {
            // Another node's layout with sublayouts: emitted alone, at (0,0), without its sublayouts.
            emitted.reserveCapacity(1)
            emitNodeLayout(specLayout, absolute: .zero, into: &emitted)
        } else {
            emitted.reserveCapacity(countNodeLayouts(in: specLayout.sublayouts))
            collectNodeLayouts(from: specLayout.sublayouts, origin: .zero, into: &emitted)
        }
        return Layout(element: node, type: .node, size: size, position: .null, sublayouts: emitted)
    }
}

extension Point {
    /// A null (or partly NaN) position counts as the origin. Texture asserts sublayout positions are set;
    /// treating a missing one as zero keeps frames finite instead of trapping.
    ///
    /// `v == v` rather than `isNaN` (the same for every value): `isNaN` compiled to integer tests of the
    /// bits with branches, the comparison to a compare-and-mask.
    @inlinable var orZero: Point {
        Point(x: x == x ? x : 0, y: y == y ? y : 0)
    }
}
