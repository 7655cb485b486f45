// Appending records to a LayoutScratch (LayoutScratch.swift): a leaf, a spec over its run of links, a
// node's finished layout, or any `Layout` tree.
//
// Invariants (the scratch's, which every append keeps):
// - A spec's links are contiguous and written before its own record, so a record's `firstLink ..<
//   firstLink + linkCount` names records appended before it (children first).
// - `nodeCount` of every record is final when it is appended (1 for a node, the sum over its links for a
//   spec), so flattening sizes its result without walking the tree first.
// - Buffers grow by reallocation: a pointer into them (`record(_:)`, a run from `appendLinks`) is valid only
//   until the next append; callers re-read through the scratch after measuring a child.

extension LayoutScratch {

    /// A record with no sublayouts whose size is sanitized here (as `Layout.init` does).
    @inline(__always)
    mutating func appendLeaf(element: (any AnyObject & Sendable)?, type: LayoutElementType, size: Size)
        -> LayoutRecordIndex {
        let size = Layout.sanitizedSizeWithoutCall(size)
        var object: Int32 = -1
        if let element {
            object = appendObject(Layout(unsanitized: element, type: type, size: size, position: .null,
                                         sublayouts: []))
        }
        return appendRecord(LayoutRecord(type: type, size: size, position: .null, firstLink: 0, linkCount: 0,
                                         object: object))
    }

    /// A spec record (`Layout(specSize:sublayouts:)`) with one sublayout. Its node count is the child's
    /// (no walk over a run of one link). Inlined into its callers (an inset's layout).
    @inline(__always)
    mutating func appendSpec(size: Size, child: LayoutRecordIndex) -> LayoutRecordIndex {
        appendSpec(sanitizedSize: Layout.sanitizedSizeWithoutCall(size), child: child)
    }

    /// A spec record with one sublayout and that sublayout's size (a ratio spec's), read from its record.
    /// The record's size was sanitized when it was appended, so it is re-sanitized with
    /// `Layout.resanitizedSize`: the same bits as sanitizing it again (`ResanitizedSizeTests`), without the
    /// validity checks and two `ceil` calls where that is provably the identity. Inlined into its caller
    /// (a ratio's layout).
    @inline(__always)
    mutating func appendSpec(sizeOf child: LayoutRecordIndex) -> LayoutRecordIndex {
        appendSpec(sanitizedSize: Layout.resanitizedSize(record(child).pointee.size), child: child)
    }

    /// The spec record of both: one sublayout, its node count the child's (no walk over a run of one link).
    @inline(__always)
    mutating func appendSpec(sanitizedSize size: Size, child: LayoutRecordIndex) -> LayoutRecordIndex {
        let first = linkStart
        appendLink(child)
        var record = LayoutRecord(type: .layoutSpec, size: size, position: .null,
                                  firstLink: Int32(truncatingIfNeeded: first), linkCount: 1, object: -1)
        record.nodeCount = self.record(child).pointee.nodeCount
        return appendRecord(counted: record)
    }

    /// A spec record with two sublayouts, in this order.
    mutating func appendSpec(size: Size, _ child0: LayoutRecordIndex, _ child1: LayoutRecordIndex)
        -> LayoutRecordIndex {
        let first = linkStart
        appendLink(child0)
        appendLink(child1)
        return appendSpecRecord(size: size, firstLink: first, linkCount: 2)
    }

    /// Starts a spec's run of sublayouts: append each with `appendLink`, then `appendSpec(size:linksFrom:)`.
    /// Nothing else may be appended in between (runs are contiguous).
    var linkStart: Int { header.pointee.linkCount }

    @inline(__always)
    mutating func appendLink(_ child: LayoutRecordIndex) {
        let header = header
        let index = header.pointee.linkCount
        if index == header.pointee.linkCapacity { header.pointee.growLinks(toHold: index &+ 1) }
        header.pointee.links[index] = Int32(truncatingIfNeeded: child)
        header.pointee.linkCount = index &+ 1
    }

    mutating func appendSpec(size: Size, linksFrom first: Int) -> LayoutRecordIndex {
        appendSpecRecord(size: size, firstLink: first, linkCount: header.pointee.linkCount - first)
    }

    /// A spec record whose sublayouts are `links`, in this order: for a spec that measures all its
    /// children before it links them (a run of links must be contiguous).
    mutating func appendSpec(size: Size, links: [LayoutRecordIndex]) -> LayoutRecordIndex {
        let first = linkStart
        for link in links { appendLink(link) }
        return appendSpec(size: size, linksFrom: first)
    }

    /// Appends room for `count` links (a spec's whole run at once) and returns where to write them: for a
    /// caller that writes each link while it reads the linked record anyway, and then hands
    /// `appendSpec(size:links:count:nodeCount:)` the sum of their `nodeCount`s.
    @inline(__always)
    mutating func appendLinks(count: Int) -> (first: Int, links: UnsafeMutablePointer<Int32>) {
        let header = header
        let first = header.pointee.linkCount
        let end = first &+ count
        if end > header.pointee.linkCapacity { header.pointee.growLinks(toHold: end) }
        header.pointee.linkCount = end
        return (first, header.pointee.links + first)
    }

    /// A spec record over the run `first ..< first + count` of links, whose records' `nodeCount`s sum to
    /// `nodeCount` (the caller summed them as it wrote the run — the single-line driver in its fused
    /// walk — so the links are not walked again here). The size is sanitized as always.
    @inline(__always)
    mutating func appendSpec(size: Size, linksFrom first: Int, count: Int, nodeCount: Int32) -> LayoutRecordIndex {
        var record = LayoutRecord(type: .layoutSpec, size: Layout.sanitizedSizeWithoutCall(size), position: .null,
                                  firstLink: Int32(truncatingIfNeeded: first),
                                  linkCount: Int32(truncatingIfNeeded: count), object: -1)
        record.nodeCount = nodeCount
        return appendRecord(counted: record)
    }

    /// Inlined into the `appendSpec` variants: as a call, much of its cost was saving and restoring
    /// registers.
    @inline(__always)
    mutating func appendSpecRecord(size: Size, firstLink: Int, linkCount: Int) -> LayoutRecordIndex {
        appendRecord(LayoutRecord(type: .layoutSpec, size: Layout.sanitizedSizeWithoutCall(size), position: .null,
                                  firstLink: Int32(truncatingIfNeeded: firstLink),
                                  linkCount: Int32(truncatingIfNeeded: linkCount), object: -1))
    }

    /// Records a node's layout (`layout.type == .node`): one record that keeps the layout, so its element
    /// and its own sublayouts stay alive until the scratch is reset. What `append(_:)` does for a node
    /// layout, without its checks for spec trees (nodes call this for every measurement).
    ///
    /// `@inlinable`, so that NodeTree's `DisplayNode.layoutThatFits(_:parentSize:into:)` has no call here:
    /// as a call it was a frame, the 56-byte layout passed indirectly and copied into `objects`; inlined,
    /// the node's fields are stored straight into `objects` and the record.
    @inlinable @inline(__always)
    public mutating func appendNodeLayout(_ layout: consuming Layout) -> LayoutRecordIndex {
        assert(layout.type == .node, "appendNodeLayout takes a node's layout")
        let object = appendObject(layout)
        // Size and position read back from the stored layout: read before the move, they were kept on
        // the stack across it.
        let stored = header.pointee.objects + Int(object)
        return appendRecord(LayoutRecord(type: .node, size: stored.pointee.size, position: stored.pointee.position,
                                         firstLink: 0, linkCount: 0, object: object))
    }

    /// Records an already built layout (a node's, or any element's `Layout` tree) with its position. A
    /// node layout is one record that keeps its sublayouts; a spec layout's sublayouts become records.
    /// `consuming`: a node's layout (the common case) moves into `objects` without another retain.
    public mutating func append(_ layout: consuming Layout) -> LayoutRecordIndex {
        if layout.type == .node || layout.sublayouts.isEmpty {
            let keepsObject = layout.element != nil || !layout.sublayouts.isEmpty
            let type = layout.type
            let size = layout.size
            let position = layout.position
            let object = keepsObject ? appendObject(layout) : -1
            return appendRecord(LayoutRecord(type: type, size: size, position: position,
                                             firstLink: 0, linkCount: 0, object: object))
        }
        // Children first (their own runs), then this run, contiguous.
        var children: [Int] = []
        children.reserveCapacity(layout.sublayouts.count)
        for index in layout.sublayouts.indices {
            children.append(append(layout.sublayouts[index]))
        }
        let first = linkStart
        for child in children { appendLink(child) }
        var object: Int32 = -1
        if layout.element != nil {
            // Keeps the element only (the sublayouts are records).
            object = appendObject(Layout(unsanitized: layout.element, type: layout.type, size: layout.size,
                                         position: layout.position, sublayouts: []))
        }
        return appendRecord(LayoutRecord(type: layout.type, size: layout.size, position: layout.position,
                                         firstLink: Int32(truncatingIfNeeded: first),
                                         linkCount: Int32(truncatingIfNeeded: children.count), object: object))
    }
}
