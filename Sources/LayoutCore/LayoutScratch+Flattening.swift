// Texture's node path after the spec has been laid out (reference 2.7), read straight from the scratch's
// records: the direct node layouts in depth-first pre-order of the spec tree, each at its absolute
// pixel-ceiled position, in one array allocated at its final size. Same results as
// `Layout.nodeLayout(for:specLayout:)` on the equivalent `Layout` tree (Layout+Flattening.swift), without
// building that tree.

extension Layout {
    /// `Layout.nodeLayout(for: node, specLayout: scratch.layout(of: root))`, computed from the records.
    public static func nodeLayout(for node: any AnyObject & Sendable, root: LayoutRecordIndex,
                                  in scratch: LayoutScratch) -> Layout {
        let record = scratch.record(root)
        // The spec returned a node (this one or another): rare, so the tree path handles it.
        if record.pointee.type == .node || record.pointee.object >= 0 {
            return nodeLayout(for: node, specLayout: scratch.layout(of: root))
        }
        // The wrapper's size (sanitized once more at creation), sanitized again by `flattened()`, as in
        // `nodeLayout(for:specLayout:)`.
        let size = Layout.sanitizedSize(Layout.sanitizedSize(record.pointee.size))
        // The exact count, kept in the records as they were appended (walking the tree a second time to
        // count cost ~380 instructions per feed-parity cell). The array is allocated at that size and
        // written through its buffer: appending checked its uniqueness and capacity for every layout.
        let count = Int(record.pointee.nodeCount)
        var emitted: [Layout] = []
        if count > 0 {
            emitted = [Layout](unsafeUninitializedCapacity: count) { buffer, initialized in
                var cursor = buffer.baseAddress.unsafelyUnwrapped
                let header = scratch.header
                LayoutScratch.collectNodeLayouts(linkedFrom: record, origin: .zero,
                                                 records: header.pointee.records, links: header.pointee.links,
                                                 objects: header.pointee.objects,
                                                 into: &cursor, end: cursor + count)
                initialized = cursor - buffer.baseAddress.unsafelyUnwrapped
            }
        }
        return Layout(element: node, type: .node, size: size, position: .null, sublayouts: emitted)
    }
}

extension LayoutScratch {
    /// Emits each node record below `parent` at its absolute (pixel-ceiled) position without descending
    /// into it; walks into spec records adding each child's raw offset to `origin` (the raw absolute
    /// position of `parent`), so rounding happens once, at emission — as `Layout.collectNodeLayouts`.
    /// Writes the layouts at `cursor` (never at or past `end`: the root's `nodeCount` is exact).
    static func collectNodeLayouts(linkedFrom parent: UnsafeMutablePointer<LayoutRecord>, origin: Point,
                                   records: UnsafeMutablePointer<LayoutRecord>,
                                   links: UnsafeMutablePointer<Int32>, objects: UnsafeMutablePointer<Layout>,
                                   into cursor: inout UnsafeMutablePointer<Layout>,
                                   end: UnsafeMutablePointer<Layout>) {
        var link = links + Int(parent.pointee.firstLink)
        let linksEnd = link + Int(parent.pointee.linkCount)
        while link < linksEnd {
            let child = records + Int(link.pointee)
            link += 1
            let offset = child.pointee.position.orZero
            let absolute = Point(x: origin.x + offset.x, y: origin.y + offset.y)
            if child.pointee.type == .node {
                guard cursor < end else { continue }
                emitNodeLayout(child, absolute: absolute, objects: objects, at: cursor)
                cursor += 1
            } else {
                collectNodeLayouts(linkedFrom: child, origin: absolute, records: records, links: links,
                                   objects: objects, into: &cursor, end: end)
            }
        }
    }

    /// A node layout without sublayouts at `ceilPx(absolute)`: the record's own layout when it already
    /// is exactly that, else a new one (its size sanitized again, as `Layout.emitNodeLayout` does). The
    /// new one is what `Layout(element:type:size:position:)` stores, with the position rounded once here
    /// instead of a second time by that initializer (two `ceil`s fewer per layout).
    @inline(__always)
    private static func emitNodeLayout(_ record: UnsafeMutablePointer<LayoutRecord>, absolute: Point,
                                       objects: UnsafeMutablePointer<Layout>,
                                       at slot: UnsafeMutablePointer<Layout>) {
        let position = ceilPx(absolute)
        let record = record.pointee
        if record.object >= 0 {
            let object = objects + Int(record.object)
            if object.pointee.sublayouts.isEmpty && record.position.isIdentical(to: position) {
                slot.initialize(to: Layout(unsanitized: object.pointee.element, type: record.type,
                                           size: record.size, position: record.position, sublayouts: []))
            } else {
                slot.initialize(to: Layout(unsanitized: object.pointee.element, type: .node,
                                           size: Layout.sanitizedSize(record.size),
                                           position: absolute.isNull ? .null : position, sublayouts: []))
            }
        } else if record.position.isIdentical(to: position) {
            slot.initialize(to: Layout(unsanitized: nil, type: record.type, size: record.size,
                                       position: record.position, sublayouts: []))
        } else {
            slot.initialize(to: Layout(unsanitized: nil, type: .node, size: Layout.sanitizedSize(record.size),
                                       position: absolute.isNull ? .null : position, sublayouts: []))
        }
    }
}
