// The engine's working state for one layout: every measured element as a flat record (tree order of
// measurement, integer links to its sublayouts) in two arrays that are reused from one layout to the
// next, instead of a `Layout` value with its own sublayout array per spec.
//
// Why (DESIGN.md "What makes layout fast in Swift"): a `[Layout]` per spec layout was ~8 of the feed-parity
// cell's 19 allocations per fresh layout, and building, copying and freeing those trees was most of the
// reference counting. Specs write records here (`LayoutElement.layoutThatFits(_:parentSize:into:)`); a node
// flattens its spec's records straight into its one sublayout array (LayoutScratch+Flattening.swift), and the
// public `Layout`-returning methods build a tree from the records only when someone asks for one.
//
// A record is appended for every measurement, also one that a stack later replaces by measuring the child
// again: the replaced record is simply never linked. A caller that is done with its records truncates the
// scratch back to the `mark` it started at, so a nested layout (a node measuring its own spec inside its
// parent's) leaves nothing behind.

/// Where a record is in its `LayoutScratch`.
public typealias LayoutRecordIndex = Int

/// One measured element: what a `Layout` holds, with its sublayouts as a run of `LayoutScratch.links`.
struct LayoutRecord {
    /// The node (compared by identity); nil for layout specs.
    var element: (any AnyObject & Sendable)?
    var type: LayoutElementType
    /// Already sanitized (pixel-ceiled, or 0×0 when invalid) exactly as `Layout.init` would have.
    var size: Size
    /// Raw, relative to the parent; `.null` until positioned (as `Layout.position`).
    var position: Point
    /// The sublayouts: `links[firstLink ..< firstLink + linkCount]` are their record indices.
    var firstLink: Int32
    var linkCount: Int32
    /// A node layout's own sublayouts (a node is a leaf of the spec tree: they are never walked here,
    /// only handed back when a `Layout` tree is built). Empty for leaves and specs.
    var nodeSublayouts: [Layout]
}

/// Reusable storage for the records of one layout call (see the top of this file). A value: pass it
/// `inout`; keep one per thread (NodeTree's pool does) so that its arrays' capacity is reused.
public struct LayoutScratch {
    var records: [LayoutRecord] = []
    /// Sublayout runs, each a contiguous slice written when its spec finishes.
    var links: [Int32] = []

    public init() {}

    /// A point to truncate back to (`reset(to:)`).
    public struct Mark {
        let records: Int
        let links: Int
    }

    public var mark: Mark { Mark(records: records.count, links: links.count) }

    /// Drops every record appended since `mark` (keeping the arrays' capacity).
    public mutating func reset(to mark: Mark) {
        if records.count > mark.records { records.removeSubrange(mark.records...) }
        if links.count > mark.links { links.removeSubrange(mark.links...) }
    }

    /// Drops everything, keeping capacity.
    public mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
    }

    // MARK: - Reading and positioning

    /// The sanitized size of record `index`.
    public func size(of index: LayoutRecordIndex) -> Size { records[index].size }

    /// Sets the raw position of record `index` relative to its parent (specs do, as they set
    /// `Layout.position`).
    public mutating func setPosition(_ position: Point, of index: LayoutRecordIndex) {
        records[index].position = position
    }

    // MARK: - Appending

    /// A record with no sublayouts whose size is sanitized here (as `Layout.init` does).
    mutating func appendLeaf(element: (any AnyObject & Sendable)?, type: LayoutElementType, size: Size)
        -> LayoutRecordIndex {
        records.append(LayoutRecord(element: element, type: type, size: Layout.sanitizedSize(size),
                                    position: .null, firstLink: 0, linkCount: 0, nodeSublayouts: []))
        return records.count - 1
    }

    /// A spec record (`Layout(specSize:sublayouts:)`) with one sublayout.
    mutating func appendSpec(size: Size, child: LayoutRecordIndex) -> LayoutRecordIndex {
        let first = links.count
        links.append(Int32(truncatingIfNeeded: child))
        return appendSpecRecord(size: size, firstLink: first, linkCount: 1)
    }

    /// A spec record with two sublayouts, in this order.
    mutating func appendSpec(size: Size, _ child0: LayoutRecordIndex, _ child1: LayoutRecordIndex)
        -> LayoutRecordIndex {
        let first = links.count
        links.append(Int32(truncatingIfNeeded: child0))
        links.append(Int32(truncatingIfNeeded: child1))
        return appendSpecRecord(size: size, firstLink: first, linkCount: 2)
    }

    /// Starts a spec's run of sublayouts: append each with `appendLink`, then `appendSpec(size:linksFrom:)`.
    /// Nothing else may be appended in between (runs are contiguous).
    var linkStart: Int { links.count }

    mutating func appendLink(_ child: LayoutRecordIndex) {
        links.append(Int32(truncatingIfNeeded: child))
    }


    mutating func appendSpec(size: Size, linksFrom first: Int) -> LayoutRecordIndex {
        appendSpecRecord(size: size, firstLink: first, linkCount: links.count - first)
    }


    mutating func appendSpecRecord(size: Size, firstLink: Int, linkCount: Int) -> LayoutRecordIndex {
        records.append(LayoutRecord(element: nil, type: .layoutSpec, size: Layout.sanitizedSize(size),
                                    position: .null, firstLink: Int32(truncatingIfNeeded: firstLink),
                                    linkCount: Int32(truncatingIfNeeded: linkCount), nodeSublayouts: []))
        return records.count - 1
    }

    /// Records an already built layout (a node's, or any element's `Layout` tree) with its position. A
    /// node layout is one record that keeps its sublayouts; a spec layout's sublayouts become records.
    public mutating func append(_ layout: Layout) -> LayoutRecordIndex {
        if layout.type == .node || layout.sublayouts.isEmpty {
            records.append(LayoutRecord(element: layout.element, type: layout.type, size: layout.size,
                                        position: layout.position, firstLink: 0, linkCount: 0,
                                        nodeSublayouts: layout.sublayouts))
            return records.count - 1
        }
        // Children first (their own runs), then this run, contiguous.
        var children: [Int] = []
        children.reserveCapacity(layout.sublayouts.count)
        for index in layout.sublayouts.indices {
            children.append(append(layout.sublayouts[index]))
        }
        let first = links.count
        for child in children { links.append(Int32(truncatingIfNeeded: child)) }
        records.append(LayoutRecord(element: layout.element, type: layout.type, size: layout.size,
                                    position: layout.position, firstLink: Int32(truncatingIfNeeded: first),
                                    linkCount: Int32(truncatingIfNeeded: children.count), nodeSublayouts: []))
        return records.count - 1
    }

    // MARK: - Building a Layout tree

    /// The `Layout` tree of record `index` (what the `Layout`-returning API hands out). Sizes are stored
    /// as they are (already sanitized once, as `Layout.init` did when the tree was built directly).
    public func layout(of index: LayoutRecordIndex) -> Layout {
        let record = records[index]
        var sublayouts = record.nodeSublayouts
        if record.linkCount > 0 {
            sublayouts.reserveCapacity(Int(record.linkCount))
            let first = Int(record.firstLink)
            for link in first..<(first + Int(record.linkCount)) {
                sublayouts.append(layout(of: Int(links[link])))
            }
        }
        return Layout(unsanitized: record.element, type: record.type, size: record.size,
                      position: record.position, sublayouts: sublayouts)
    }
}

extension LayoutScratch {
    /// Runs `body` with a fresh scratch and returns the `Layout` tree of the record it returns: how the
    /// `Layout`-returning spec methods run the record-based engine.
    static func buildLayout(_ body: (inout LayoutScratch) -> LayoutRecordIndex) -> Layout {
        var scratch = LayoutScratch()
        let root = body(&scratch)
        return scratch.layout(of: root)
    }
}
