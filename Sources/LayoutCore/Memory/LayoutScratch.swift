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
//
// Invariants:
// - Records, links and objects are raw buffers of one `LayoutScratchBuffer`; indices below their counts are
//   initialized. An index from outside LayoutCore is checked in every build (`checkedRecord`, a memory
//   guard); an index LayoutCore's own specs appended or got back checked is read unchecked (`record`).
// - A pointer into a buffer (`record(_:)`) is valid until the next append (which may grow the buffer).
// - A scratch is passed `inout` and never copied while in use (copies would share the buffers).

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
