// The memory behind a `LayoutScratch`: its records, links and objects as three raw buffers whose counts and
// capacities sit in the header of one `ManagedBuffer` object, which frees them (and releases the objects'
// layouts) when the last scratch using it goes away.
//
// Why not three Swift arrays (what the scratch had before): every append and every `records[i].position =`
// went through the array's uniqueness check (a runtime call) and its capacity check — about 50 a fresh
// feed-parity cell, ~0.4k instructions — and emptying the objects went through the generic array destroy,
// one value-witness call per layout. Through raw pointers an append is a compare, a store and an
// increment. The first buffers are carved out of the object's own tail, so a scratch created for a single
// layout (`LayoutScratch(minimumCapacity:)`) is one allocation instead of three.

/// The scratch's three buffers. A trivial value: only pointers and counts.
struct LayoutScratchHeader {
    var records: UnsafeMutablePointer<LayoutRecord>
    var recordCount: Int
    var recordCapacity: Int
    var links: UnsafeMutablePointer<Int32>
    var linkCount: Int
    var linkCapacity: Int
    /// Initialized for `0 ..< objectCount`.
    var objects: UnsafeMutablePointer<Layout>
    var objectCount: Int
    var objectCapacity: Int
    /// The buffers that are separate allocations (grown out of the tail); the others are in the tail.
    var ownsRecords = false
    var ownsLinks = false
    var ownsObjects = false
}

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
    @inline(__always)
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

    @inline(never)
    mutating func growRecords() {
        Self.grow(&records, count: recordCount, capacity: &recordCapacity, owned: &ownsRecords)
    }

    @inline(never)
    mutating func growLinks(toHold minimum: Int) {
        Self.grow(&links, count: linkCount, capacity: &linkCapacity, owned: &ownsLinks, minimum: minimum)
    }

    @inline(never)
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
    /// `deinitialize(count: 1)` through its outlined destroy and value witness (~20 instructions more
    /// per layout); the element is mostly nil — moved out by a flattening
    /// (`Layout.nodeLayout(for:root:in:resettingTo:)`) — so it is released only when there is one.
    @inline(__always)
    mutating func destroyObjects(from start: Int) {
        var index = start
        while index < objectCount {
            let object = UnsafeMutableRawPointer(objects + index)
            let element = (object + MemoryLayout<Layout>.offset(of: \Layout.storedElement)!)
                .assumingMemoryBound(to: (any AnyObject & Sendable)?.self)
            if element.pointee != nil { _ = element.move() }
            _ = (object + MemoryLayout<Layout>.offset(of: \Layout.sublayouts)!)
                .assumingMemoryBound(to: [Layout].self).move()
            index &+= 1
        }
        if start < objectCount { objectCount = start }
    }
}
