// The memory behind a `LayoutScratch`: its records, links and objects as three raw buffers whose counts and
// capacities sit in the header of one `ManagedBuffer` object, which frees them (and releases the objects'
// layouts) when the last scratch using it goes away.
//
// Why not three Swift arrays (what the scratch had before): every append and every `records[i].position =`
// went through the array's uniqueness check (a runtime call) and its capacity check, and emptying the
// objects went through the generic array destroy,
// one value-witness call per layout. Through raw pointers an append is a compare, a store and an
// increment. The first buffers are carved out of the object's own tail, so a scratch created for a single
// layout (`LayoutScratch(minimumCapacity:)`) is one allocation instead of three.
//
//
// Invariants: `records[0 ..< recordCount]`, `links[0 ..< linkCount]` and `objects[0 ..< objectCount]` are
// initialized and nothing beyond; growth moves the initialized prefix; only `objects` holds references
// (released by `destroyObjects` and by the buffer's deinit).

/// The scratch's three buffers. A trivial value: only pointers and counts. `@usableFromInline` (fields,
/// `LayoutScratchBuffer.headerPointer` and the growth entries too) for the inlinable
/// `LayoutScratch.appendNodeLayout(_:)` (LayoutScratch.swift).
@usableFromInline
struct LayoutScratchHeader {
    @usableFromInline var records: UnsafeMutablePointer<LayoutRecord>
    @usableFromInline var recordCount: Int
    @usableFromInline var recordCapacity: Int
    @usableFromInline var links: UnsafeMutablePointer<Int32>
    @usableFromInline var linkCount: Int
    @usableFromInline var linkCapacity: Int
    /// Initialized for `0 ..< objectCount`.
    @usableFromInline var objects: UnsafeMutablePointer<Layout>
    @usableFromInline var objectCount: Int
    @usableFromInline var objectCapacity: Int
    /// The buffers that are separate allocations (grown out of the tail); the others are in the tail.
    var ownsRecords = false
    var ownsLinks = false
    var ownsObjects = false
}

@usableFromInline
final class LayoutScratchBuffer: ManagedBuffer<LayoutScratchHeader, UInt64> {
    /// A buffer whose tail holds the first `records` records, as many links and a quarter as many objects.
    static func make(records: Int) -> LayoutScratchBuffer {
        let records = Swift.max(records, 1)
        let objects = Swift.max(1, records / 4)
        let links = records
        // Records first (8-aligned, their stride a multiple of 8), then objects (likewise), then links.
        let objectsOffset = records * MemoryLayout<LayoutRecord>.stride
        let linksOffset = objectsOffset + objects * MemoryLayout<Layout>.stride
        let bytes = linksOffset + links * MemoryLayout<Int32>.stride
        let buffer = create(minimumCapacity: (bytes + 7) / 8) { buffer in
            buffer.withUnsafeMutablePointerToElements { tail in
                let raw = UnsafeMutableRawPointer(tail)
                return LayoutScratchHeader(
                    records: raw.bindMemory(to: LayoutRecord.self, capacity: records), recordCount: 0,
                    recordCapacity: records,
                    links: (raw + linksOffset).bindMemory(to: Int32.self, capacity: links), linkCount: 0,
                    linkCapacity: links,
                    objects: (raw + objectsOffset).bindMemory(to: Layout.self, capacity: objects), objectCount: 0,
                    objectCapacity: objects)
            }
        }
        return unsafeDowncast(buffer, to: LayoutScratchBuffer.self)
    }

    /// The header, at a fixed address inside this object for its whole life.
    @inlinable @inline(__always)
    var headerPointer: UnsafeMutablePointer<LayoutScratchHeader> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    deinit {
        let header = headerPointer
        header.pointee.objects.deinitialize(count: header.pointee.objectCount)
        if header.pointee.ownsRecords { header.pointee.records.deallocate() }
        if header.pointee.ownsLinks { header.pointee.links.deallocate() }
        if header.pointee.ownsObjects { header.pointee.objects.deallocate() }
    }
}

extension LayoutScratchHeader {
    // Growth doubles (at least 16), moves the contents and frees the old buffer unless it is the tail.
    // Out of line: it runs a few times per thread, never on the measured path once the scratch is warm.

    @usableFromInline @inline(never)
    mutating func growRecords() {
        Self.grow(&records, count: recordCount, capacity: &recordCapacity, owned: &ownsRecords)
    }

    @inline(never)
    mutating func growLinks(toHold minimum: Int) {
        Self.grow(&links, count: linkCount, capacity: &linkCapacity, owned: &ownsLinks, minimum: minimum)
    }

    @usableFromInline @inline(never)
    mutating func growObjects() {
        Self.grow(&objects, count: objectCount, capacity: &objectCapacity, owned: &ownsObjects)
    }

    /// One buffer's growth: at least double (and 16, and `minimum`), its `count` elements moved over.
    private static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, count: Int,
                                      capacity: inout Int, owned: inout Bool, minimum: Int = 0) {
        let grownCapacity = Swift.max(16, capacity * 2, minimum)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: grownCapacity)
        grown.moveInitialize(from: buffer, count: count)
        if owned { buffer.deallocate() }
        buffer = grown
        capacity = grownCapacity
        owned = true
    }

    /// Destroys the objects from `start` on, one by one, field by field: a layout's references are its
    /// element and its sublayouts (Layout.swift), each moved out of the buffer and dropped here.
    /// `deinitialize(count:)` went through the runtime's generic array destroy, and a layout's
    /// `deinitialize(count: 1)` through its outlined destroy and value witness; the element is mostly
    /// nil — moved out by a flattening (`Layout.nodeLayout(for:root:in:resettingTo:)`) — so it is
    /// released only when there is one. Likewise the sublayouts are mostly a leaf's `[]`, the standard
    /// library's one empty-array object, which is immortal: releasing it changes nothing, so it is left
    /// alone (its release was a runtime call per node measurement). Any other array, empty or not, is
    /// released as before.
    @inline(__always)
    mutating func destroyObjects(from start: Int) {
        guard start < objectCount else { return }
        let emptyArray = Self.emptyArrayIdentity
        // By pointer up to an end read once: a deinit a release runs cannot reach this scratch (its
        // owner holds it `inout` meanwhile), so `objects` and `objectCount` stay as they are and are not
        // re-read after every release.
        var object = UnsafeMutableRawPointer(objects + start)
        let end = UnsafeMutableRawPointer(objects + objectCount)
        repeat {
            let element = (object + MemoryLayout<Layout>.offset(of: \Layout.storedElement)!)
                .assumingMemoryBound(to: (any AnyObject & Sendable)?.self)
            if element.pointee != nil { _ = element.move() }
            let sublayouts = object + MemoryLayout<Layout>.offset(of: \Layout.sublayouts)!
            if sublayouts.load(as: UnsafeRawPointer.self) != emptyArray {
                _ = sublayouts.assumingMemoryBound(to: [Layout].self).move()
            }
            object += MemoryLayout<Layout>.stride
        } while object < end
        objectCount = start
    }

    /// The address of the object behind an empty array literal (`[]`): the standard library's shared,
    /// statically allocated empty storage — what every leaf layout's `sublayouts` refers to. An array is
    /// one reference on this platform (its size is checked), so its bits are that address.
    @inline(__always)
    static var emptyArrayIdentity: UnsafeRawPointer {
        unsafeBitCast([Layout](), to: UnsafeRawPointer.self)
    }
}
