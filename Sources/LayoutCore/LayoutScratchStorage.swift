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
        let capacity = Swift.max(16, recordCapacity * 2)
        let grown = UnsafeMutablePointer<LayoutRecord>.allocate(capacity: capacity)
        grown.moveInitialize(from: records, count: recordCount)
        if ownsRecords { records.deallocate() }
        records = grown
        recordCapacity = capacity
        ownsRecords = true
    }

    @inline(never)
    mutating func growLinks(toHold minimum: Int) {
        let capacity = Swift.max(16, linkCapacity * 2, minimum)
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        grown.moveInitialize(from: links, count: linkCount)
        if ownsLinks { links.deallocate() }
        links = grown
        linkCapacity = capacity
        ownsLinks = true
    }

    @inline(never)
    mutating func growObjects() {
        let capacity = Swift.max(16, objectCapacity * 2)
        let grown = UnsafeMutablePointer<Layout>.allocate(capacity: capacity)
        grown.moveInitialize(from: objects, count: objectCount)
        if ownsObjects { objects.deallocate() }
        objects = grown
        objectCapacity = capacity
        ownsObjects = true
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
