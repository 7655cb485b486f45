// The engine's working state for one layout: every measured element as a flat record (tree order of
// measurement, integer links to its sublayouts) in buffers that are reused from one layout to the next
// (LayoutScratchStorage.swift), instead of a `Layout` value with its own sublayout array per spec.
//
// Why (DESIGN.md "What makes layout fast in Swift"): a `[Layout]` per spec layout was an allocation for
// every spec laid out, and building, copying and freeing those trees was most of the
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

/// One measured element: what a `Layout` holds, with its sublayouts as a run of the scratch's links.
/// A trivial value (no references): reading, copying and dropping records costs no reference counting —
/// with the element and a node's sublayouts stored in the record, every `records[i]` read retained and
/// released them.
///
/// `@usableFromInline` (with its fields and `init`), as is the storage below it: NodeTree appends a node's
/// layout through the inlinable `LayoutScratch.appendNodeLayout(_:)` for every measurement.
@usableFromInline
struct LayoutRecord {
    @usableFromInline var type: LayoutElementType
    /// 0, or 1 + the byte offset in the flattened result of the layout that a flattening moved this
    /// record's element into (`NodeLayoutWriter`): a record linked twice finds its element there. A byte
    /// offset, not an index, so that writing it is a subtraction (no division by the layout's stride).
    /// Declared here to sit in the padding after `type` (the record stays 56 bytes).
    @usableFromInline var movedTo: Int32 = 0
    /// Already sanitized (pixel-ceiled, or 0×0 when invalid) exactly as `Layout.init` would have.
    @usableFromInline var size: Size
    /// Raw, relative to the parent; `.null` until positioned (as `Layout.position`).
    @usableFromInline var position: Point
    /// The sublayouts: the scratch's links `firstLink ..< firstLink + linkCount` are their record indices.
    @usableFromInline var firstLink: Int32
    @usableFromInline var linkCount: Int32
    /// Index into the scratch's objects of the layout that holds the element (a node) and, for a node,
    /// its own sublayouts (a node is a leaf of the spec tree: they are never walked here, only handed
    /// back when a `Layout` tree is built); -1 for a spec record (no element, no sublayouts of its own).
    /// A flattening that is the records' last use moves the element out of the layout (`movedTo`).
    @usableFromInline var object: Int32
    /// The node records a flattening of this record emits: 1 for a node, the sum over the linked records
    /// for a spec. Set by `LayoutScratch.appendRecord`, so flattening allocates its array at its exact
    /// size without walking the tree first.
    @usableFromInline var nodeCount: Int32 = 0

    /// The memberwise initializer without `movedTo` and `nodeCount` (the implicit one is internal; the
    /// inlinable appends need one they can call).
    @inlinable
    init(type: LayoutElementType, size: Size, position: Point, firstLink: Int32, linkCount: Int32, object: Int32) {
        self.type = type
        self.size = size
        self.position = position
        self.firstLink = firstLink
        self.linkCount = linkCount
        self.object = object
    }
}

/// Reusable storage for the records of one layout call (see the top of this file). Pass it `inout`;
/// keep one per thread (NodeTree's pool does) so that its buffers' capacity is reused.
///
/// A handle: its buffers are one object's (LayoutScratchStorage.swift), not copy-on-write arrays, so a
/// copy of a scratch shares them. Nothing copies one — it is passed `inout` and moved in and out of a
/// pool — and not checking for copies on every append is most of what the buffers save.
public struct LayoutScratch {
    @usableFromInline let buffer: LayoutScratchBuffer

    /// The buffers' pointers and counts; valid while `buffer` is, i.e. for as long as this scratch.
    @inlinable @inline(__always)
    var header: UnsafeMutablePointer<LayoutScratchHeader> { buffer.headerPointer }

    public init() {
        buffer = LayoutScratchBuffer.make(records: 16)
    }

    /// A scratch whose buffers already hold `records` records (and as many links, a quarter as many
    /// objects), in one allocation instead of a run of reallocations while a first layout grows them.
    /// For callers that cannot keep a scratch between layouts.
    public init(minimumCapacity records: Int) {
        buffer = LayoutScratchBuffer.make(records: records)
    }

    /// A point to truncate back to (`reset(to:)`).
    public struct Mark {
        let records: Int
        let links: Int
        let objects: Int
    }

    public var mark: Mark {
        Mark(records: header.pointee.recordCount, links: header.pointee.linkCount,
             objects: header.pointee.objectCount)
    }

    /// Drops every record appended since `mark` (keeping the buffers' capacity).
    public mutating func reset(to mark: Mark) {
        let header = header
        if header.pointee.recordCount > mark.records { header.pointee.recordCount = mark.records }
        if header.pointee.linkCount > mark.links { header.pointee.linkCount = mark.links }
        header.pointee.destroyObjects(from: mark.objects)
    }

    /// True when the scratch holds no records, links or objects.
    public var isEmpty: Bool {
        header.pointee.recordCount == 0 && header.pointee.linkCount == 0 && header.pointee.objectCount == 0
    }

    /// Drops everything, keeping capacity.
    public mutating func removeAll() {
        let header = header
        header.pointee.recordCount = 0
        header.pointee.linkCount = 0
        header.pointee.destroyObjects(from: 0)
    }

    /// Every record is appended here: sets its `nodeCount` (its links are final when it is appended — a
    /// spec writes its run of links before its own record).
    @inlinable @inline(__always)
    mutating func appendRecord(_ record: LayoutRecord) -> LayoutRecordIndex {
        let header = header
        var record = record
        if record.type == .node {
            record.nodeCount = 1
        } else {
            var count: Int32 = 0
            let records = header.pointee.records
            var link = header.pointee.links + Int(record.firstLink)
            let end = link + Int(record.linkCount)
            while link < end {
                count &+= records[Int(link.pointee)].nodeCount
                link += 1
            }
            record.nodeCount = count
        }
        return appendRecord(counted: record)
    }

    /// Appends `record` whose `nodeCount` the caller has already set (`appendRecord` sets it).
    @inlinable @inline(__always)
    mutating func appendRecord(counted record: LayoutRecord) -> LayoutRecordIndex {
        let header = header
        let index = header.pointee.recordCount
        if index == header.pointee.recordCapacity { header.pointee.growRecords() }
        (header.pointee.records + index).initialize(to: record)
        header.pointee.recordCount = index &+ 1
        return index
    }

    /// Keeps `layout` alive until the scratch is reset; returns its index for `LayoutRecord.object`.
    @inlinable @inline(__always)
    mutating func appendObject(_ layout: consuming Layout) -> Int32 {
        let header = header
        let index = header.pointee.objectCount
        if index == header.pointee.objectCapacity { header.pointee.growObjects() }
        (header.pointee.objects + index).initialize(to: layout)
        header.pointee.objectCount = index &+ 1
        return Int32(truncatingIfNeeded: index)
    }

    /// The record at `index`, read in place, for LayoutCore's own specs: `index` is one they appended or
    /// one a child returned, and every child's index is checked where it comes back
    /// (`checkReturnedRecord`), so it is not checked again on each of the stack's many reads.
    @inline(__always)
    func record(_ index: LayoutRecordIndex) -> UnsafeMutablePointer<LayoutRecord> {
        assert(index >= 0 && index < header.pointee.recordCount, "not a record of this scratch")
        return header.pointee.records + index
    }

    /// The record at `index` for an index from outside LayoutCore (the public API): checked in every
    /// build, since the records are raw memory and a wrong index would read or write past them
    /// (MemoryGuard.swift).
    @inline(__always)
    func checkedRecord(_ index: LayoutRecordIndex) -> UnsafeMutablePointer<LayoutRecord> {
        checkReturnedRecord(index)
        return header.pointee.records + index
    }

    /// Stops the process unless `index` is a record of this scratch: for an index a child's
    /// `layoutThatFits(_:parentSize:into:)` returned (a user's element, any node type) before a built-in
    /// spec reads it unchecked.
    @inline(__always)
    func checkReturnedRecord(_ index: LayoutRecordIndex) {
        memoryGuard(index >= 0 && index < header.pointee.recordCount, "\(index) is not a record of this scratch")
    }

    // MARK: - Reading and positioning

    /// The sanitized size of record `index`.
    public func size(of index: LayoutRecordIndex) -> Size { checkedRecord(index).pointee.size }

    /// Sets the raw position of record `index` relative to its parent (specs do, as they set
    /// `Layout.position`).
    public mutating func setPosition(_ position: Point, of index: LayoutRecordIndex) {
        checkedRecord(index).pointee.position = position
    }

    /// `size(of:)` for LayoutCore's specs, with a checked index (`record(_:)`).
    @inline(__always)
    func trustedSize(of index: LayoutRecordIndex) -> Size { record(index).pointee.size }

    /// `setPosition(_:of:)` for LayoutCore's specs, with a checked index (`record(_:)`).
    @inline(__always)
    mutating func setTrustedPosition(_ position: Point, of index: LayoutRecordIndex) {
        record(index).pointee.position = position
    }

    // MARK: - Appending

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
        let size = Layout.sanitizedSizeWithoutCall(size)
        let first = linkStart
        appendLink(child)
        var record = LayoutRecord(type: .layoutSpec, size: size, position: .null,
                                  firstLink: Int32(truncatingIfNeeded: first), linkCount: 1, object: -1)
        record.nodeCount = self.record(child).pointee.nodeCount
        return appendRecord(counted: record)
    }

    /// A spec record with one sublayout and that sublayout's size (a ratio spec's), read from its record.
    /// The record's size was sanitized when it was appended, so it is re-sanitized with
    /// `Layout.resanitizedSize`: the same bits as sanitizing it again (`ResanitizedSizeTests`), without the
    /// validity checks and two `ceil` calls where that is provably the identity. Inlined into its caller
    /// (a ratio's layout).
    @inline(__always)
    mutating func appendSpec(sizeOf child: LayoutRecordIndex) -> LayoutRecordIndex {
        let size = Layout.resanitizedSize(record(child).pointee.size)
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

    // MARK: - Building a Layout tree

    /// The `Layout` tree of record `index` (what the `Layout`-returning API hands out). Sizes are stored
    /// as they are (already sanitized once, as `Layout.init` did when the tree was built directly).
    public func layout(of index: LayoutRecordIndex) -> Layout {
        memoryGuard(index >= 0 && index < header.pointee.recordCount, "\(index) is not a record of this scratch")
        return LayoutScratch.layout(of: index, header: header)
    }

    /// `layout(of:)` from the buffers, for code that holds the header but not the scratch.
    static func layout(of index: LayoutRecordIndex, header: UnsafeMutablePointer<LayoutScratchHeader>)
        -> Layout {
        let record = header.pointee.records[index]
        var element: (any AnyObject & Sendable)?
        var sublayouts: [Layout] = []
        if record.object >= 0 {
            element = header.pointee.objects[Int(record.object)].element
            sublayouts = header.pointee.objects[Int(record.object)].sublayouts
        }
        if record.linkCount > 0 {
            sublayouts.reserveCapacity(sublayouts.count + Int(record.linkCount))
            let first = Int(record.firstLink)
            for link in first..<(first + Int(record.linkCount)) {
                sublayouts.append(layout(of: Int(header.pointee.links[link]), header: header))
            }
        }
        return Layout(unsanitized: element, type: record.type, size: record.size, position: record.position,
                      sublayouts: sublayouts)
    }
}

extension LayoutScratch {
    /// Runs `body` with a fresh scratch and returns the `Layout` tree of the record it returns: how the
    /// `Layout`-returning spec methods run the record-based engine.
    static func buildLayout(_ body: (inout LayoutScratch) -> LayoutRecordIndex) -> Layout {
        var scratch = LayoutScratch(minimumCapacity: 16)
        let root = body(&scratch)
        return scratch.layout(of: root)
    }
}
