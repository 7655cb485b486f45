// Texture's node path after the spec has been laid out (reference 2.7), read straight from the scratch's
// records: the direct node layouts in depth-first pre-order of the spec tree, each at its absolute
// pixel-ceiled position, in one array allocated at its final size. Same results as
// `Layout.nodeLayout(for:specLayout:)` on the equivalent `Layout` tree (Layout+Flattening.swift), without
// building that tree.

extension Layout {
    /// `Layout.nodeLayout(for: node, specLayout: scratch.layout(of: root))`, computed from the records.
    public static func nodeLayout(for node: any AnyObject & Sendable, root: LayoutRecordIndex,
                                  in scratch: LayoutScratch) -> Layout {
        let record = scratch.records[root]
        // The spec returned a node (this one or another): rare, so the tree path handles it.
        if record.type == .node || record.object >= 0 {
            return nodeLayout(for: node, specLayout: scratch.layout(of: root))
        }
        // The wrapper's size (sanitized once more at creation), sanitized again by `flattened()`, as in
        // `nodeLayout(for:specLayout:)`.
        let size = Layout.sanitizedSize(Layout.sanitizedSize(record.size))
        var emitted: [Layout] = []
        // The exact count, kept in the records as they were appended (walking the tree a second time to
        // count cost ~380 instructions per feed-parity cell).
        emitted.reserveCapacity(Int(record.nodeCount))
        scratch.collectNodeLayouts(linkedFrom: root, origin: .zero, into: &emitted)
        return Layout(element: node, type: .node, size: size, position: .null, sublayouts: emitted)
    }
}

extension LayoutScratch {
    /// Emits each node record below `parent` at its absolute (pixel-ceiled) position without descending
    /// into it; walks into spec records adding each child's raw offset to `origin` (the raw absolute
    /// position of `parent`), so rounding happens once, at emission — as `Layout.collectNodeLayouts`.
    func collectNodeLayouts(linkedFrom parent: LayoutRecordIndex, origin: Point, into emitted: inout [Layout]) {
        let first = Int(records[parent].firstLink)
        for link in first..<(first + Int(records[parent].linkCount)) {
            let child = Int(links[link])
            let offset = records[child].position.orZero
            let absolute = Point(x: origin.x + offset.x, y: origin.y + offset.y)
            if records[child].type == .node {
                emitNodeLayout(child, absolute: absolute, into: &emitted)
            } else {
                collectNodeLayouts(linkedFrom: child, origin: absolute, into: &emitted)
            }
        }
    }

    /// A node layout without sublayouts at `ceilPx(absolute)`: the record's own layout when it already
    /// is exactly that, else a new one (its size sanitized again, as `Layout.emitNodeLayout` does).
    @inline(__always)
    private func emitNodeLayout(_ index: LayoutRecordIndex, absolute: Point, into emitted: inout [Layout]) {
        let position = ceilPx(absolute)
        let record = records[index]
        if record.object >= 0 {
            let object = Int(record.object)
            if objects[object].sublayouts.isEmpty && record.position.isIdentical(to: position) {
                emitted.append(Layout(unsanitized: objects[object].element, type: record.type, size: record.size,
                                      position: record.position, sublayouts: []))
            } else {
                emitted.append(Layout(element: objects[object].element, type: .node, size: record.size,
                                      position: absolute))
            }
        } else if record.position.isIdentical(to: position) {
            emitted.append(Layout(unsanitized: nil, type: record.type, size: record.size, position: record.position,
                                  sublayouts: []))
        } else {
            emitted.append(Layout(element: nil, type: .node, size: record.size, position: absolute))
        }
    }
}
