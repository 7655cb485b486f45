import CPixelRounding

// Texture's node path after the spec has been laid out (-[ASLayout filteredNodeLayoutTree]), read straight
// from the scratch's records: the direct node layouts in depth-first pre-order of the spec tree, each at its
// absolute pixel-ceiled position, in one array allocated at its final size. Same results as
// `Layout.nodeLayout(for:specLayout:)` on the equivalent `Layout` tree (Layout+Flattening.swift), without
// building that tree.
//
//
// Invariants: the records walked are those linked from the root (all appended, so every link names an
// earlier record); the result array is allocated at the root's `nodeCount` and filled exactly; a record's
// element is moved into the result at most once (`movedTo` remembers where, for a record linked twice).

extension Layout {
    /// `Layout.nodeLayout(for: node, specLayout: scratch.layout(of: root))`, computed from the records.
    public static func nodeLayout(for node: any AnyObject & Sendable, root: LayoutRecordIndex,
                                  in scratch: LayoutScratch) -> Layout {
        memoryGuard(root >= 0 && root < scratch.header.pointee.recordCount, "\(root) is not a record of this scratch")
        return nodeLayout(for: node, root: root, header: scratch.header, movingElementsFrom: Int.max)
    }

    /// The same layout, for a caller that is done with the records appended since `mark` (they hold
    /// `root`'s): they are dropped (`scratch.reset(to: mark)`) before this returns, so the element of
    /// each node record among them that the result holds moves into it instead of being retained once
    /// more (and released once fewer when the scratch drops the record's layout, which holds nil then).
    ///
    /// Why: the node layouts of the records were otherwise released when the scratch was emptied, right
    /// after their elements were retained again for the result — a retain and a release per emitted
    /// node for a reference that only changed hands.
    public static func nodeLayout(for node: any AnyObject & Sendable, root: LayoutRecordIndex,
                                  in scratch: inout LayoutScratch, resettingTo mark: LayoutScratch.Mark)
        -> Layout {
        memoryGuard(root >= 0 && root < scratch.header.pointee.recordCount, "\(root) is not a record of this scratch")
        let layout = nodeLayout(for: node, root: root, header: scratch.header, movingElementsFrom: mark.objects)
        // The records that gave their element away (their layouts hold nil now) go before anyone reads them.
        scratch.reset(to: mark)
        return layout
    }

    /// Moves the elements of the objects from index `firstMovable` on (`Int.max`: none), so only for the
    /// callers above, one of which resets the scratch right after. Takes the header, not the scratch:
    /// passing on the `inout` scratch copied it (a retain and a release of its buffer), and returning
    /// an optional for the caller to fall back on the tree path copied the result's sublayouts.
    @inline(__always)
    private static func nodeLayout(for node: any AnyObject & Sendable, root: LayoutRecordIndex,
                                   header: UnsafeMutablePointer<LayoutScratchHeader>,
                                   movingElementsFrom firstMovable: Int) -> Layout {
        let record = header.pointee.records + root
        // The spec returned a node (this one or another): rare, so the tree path handles it.
        if record.pointee.type == .node || record.pointee.object >= 0 {
            return nodeLayout(for: node, specLayout: LayoutScratch.layout(of: root, header: header))
        }
        // The wrapper's size (sanitized once more at creation), sanitized again by `flattened()` and once
        // more by the result's initializer, as in `nodeLayout(for:specLayout:)`.
        let size = Layout.sanitizedSize(stored: record.pointee.size, times: 3)
        // The exact count, kept in the records as they were appended (no second walk of the tree to count
        // them): the array is allocated once, at that size,
        // and the layouts are written straight into it. Allocated as an array literal is, through the
        // standard library's intrinsic for them: its capacity is the count, where `Array.init(_:)` of a
        // collection (what this was) and `Array(unsafeUninitializedCapacity:)` ask the allocator how large
        // the block really is (`malloc_usable_size`) and divide by the stride — the same one allocation,
        // without that query and division. Every element must be
        // initialized before the array is finalized: the layouts the walk did not write — none while the
        // records' `nodeCount` is exact, which debug builds assert — are empty ones, a wrong layout rather
        // than uninitialized memory.
        var emitted: [Layout] = []
        let count = Int(record.pointee.nodeCount)
        if count > 0 {
            let allocation: ([Layout], _) = _allocateUninitializedArray(count._builtinWordValue)
            let start = UnsafeMutablePointer<Layout>(allocation.1)
            var writer = NodeLayoutWriter(records: header.pointee.records, links: header.pointee.links,
                                          objects: header.pointee.objects, firstMovable: firstMovable, start: start,
                                          cursor: start, end: start + count)
            writer.collectNodeLayouts(linkedFrom: record, origin: .zero)
            assert(writer.cursor == writer.end, "a record's nodeCount is more than the node layouts below it")
            while writer.cursor < writer.end {
                writer.cursor.initialize(to: Layout(unsanitized: nil, type: .node, size: .zero, position: .null,
                                                    sublayouts: []))
                writer.cursor += 1
            }
            emitted = _finalizeUninitializedArray(allocation.0)
        }
        // `consume`: moved into the result (it was retained for it, and released after the caller reset
        // the scratch). `unsanitized`: `size` already had the initializer's sanitization (the third).
        return Layout(unsanitized: node, type: .node, size: size, position: .null, sublayouts: consume emitted)
    }

    /// `sanitizedSize` applied `count` times to a size a record stored, stopping early at a fixed point:
    /// once a pass gives back exactly (bit for bit) what it was given, every later pass would too. A fixed
    /// point is a valid size (an invalid one becomes +0×+0, which the next pass turns into −0×−0), so the
    /// passes skipped would not have counted an invalid size either. The record's size was sanitized when
    /// it was appended, so it mostly is one: one pass instead of three (four `ceil`s fewer per flattening).
    /// And the first pass, on that stored size, is `Layout.resanitizedSize`: the same bits, without its two
    /// `ceil`s where that is provably the identity.
    @inline(__always)
    static func sanitizedSize(stored size: Size, times count: Int) -> Size {
        var size = size
        var remaining = count
        while remaining > 0 {
            let next = remaining == count ? Layout.resanitizedSize(size) : Layout.sanitizedSize(size)
            if next.width.bitPattern == size.width.bitPattern && next.height.bitPattern == size.height.bitPattern {
                return size
            }
            size = next
            remaining -= 1
        }
        return size
    }
}

/// The walk's state, passed down the recursion as one `inout` value (a pointer) instead of five
/// arguments: fewer registers to save and restore on each level.
struct NodeLayoutWriter {
    let records: UnsafeMutablePointer<LayoutRecord>
    let links: UnsafeMutablePointer<Int32>
    let objects: UnsafeMutablePointer<Layout>
    /// The objects from this index on give their element to the layout emitted for them (see
    /// `Layout.nodeLayout(for:root:in:resettingTo:)`).
    let firstMovable: Int
    /// The first layout (a record's `movedTo` counts from here).
    let start: UnsafeMutablePointer<Layout>
    /// Where the next layout goes; never at or past `end` (the root's `nodeCount` is exact).
    var cursor: UnsafeMutablePointer<Layout>
    let end: UnsafeMutablePointer<Layout>

    /// Emits each node record below `parent` at its absolute (pixel-ceiled) position without descending
    /// into it; walks into spec records adding each child's raw offset to `origin` (the raw absolute
    /// position of `parent`), so rounding happens once, at emission — as `Layout.collectNodeLayouts`.
    mutating func collectNodeLayouts(linkedFrom parent: UnsafeMutablePointer<LayoutRecord>, origin: Point) {
        var link = links + Int(parent.pointee.firstLink)
        let linksEnd = link + Int(parent.pointee.linkCount)
        while link < linksEnd {
            var child = records + Int(link.pointee)
            link += 1
            var offset = child.pointee.position.orZero
            var absolute = Point(x: origin.x + offset.x, y: origin.y + offset.y)
            // A spec record with one sublayout (an inset's, a ratio's) is passed through here, its child's
            // offset added as the recursion would have: a loop step instead of a call per level.
            while child.pointee.type != .node && child.pointee.linkCount == 1 {
                child = records + Int(links[Int(child.pointee.firstLink)])
                offset = child.pointee.position.orZero
                absolute = Point(x: absolute.x + offset.x, y: absolute.y + offset.y)
            }
            if child.pointee.type == .node {
                guard cursor < end else { continue }
                emitNodeLayout(child, absolute: absolute)
                cursor += 1
            } else if child.pointee.nodeCount > 0 {
                // A spec without node records below it (a spacer's) emits nothing: not visited.
                collectNodeLayouts(linkedFrom: child, origin: absolute)
            }
        }
    }
}

extension NodeLayoutWriter {
    /// A node layout without sublayouts at `ceilPx(absolute)`: the record's own layout when it already
    /// is exactly that, else a new one (its size sanitized again, as `Layout.emitNodeLayout` does). The
    /// new one is what `Layout(element:type:size:position:)` stores, with the position rounded once here
    /// instead of a second time by that initializer (two `ceil`s fewer per layout). The size is a node
    /// record's, which an earlier layout stored, so sanitizing it again is `Layout.resanitizedSize`: the
    /// same bits without two more `ceil`s where that is provably the identity.
    @inline(__always)
    fileprivate func emitNodeLayout(_ pointer: UnsafeMutablePointer<LayoutRecord>, absolute: Point) {
        let slot = cursor
        // `ceilPx(absolute)`, both coordinates at once without calling libm (loom_pixel.h): with two calls
        // of `ceil` the walk spilled and reloaded its values around each.
        let scale = PixelGrid.scale
        let ceiled = loom_ceil_px(absolute.x, absolute.y, PixelGrid.epsilon, scale)
        let position = Point(x: ceiled.x, y: ceiled.y)
        let record = pointer.pointee
        let object = objects + Int(record.object)
        // One layout written for both cases (the record is a node's, so its type is `.node`): the reused
        // record's size and position, or the new ones. Written as two initializations (with and without an
        // object), the comparison was an outlined call of `Point.isIdentical`.
        // The positions first: they mostly differ (a record's is relative to its parent, `position` absolute),
        // and then the record's object is not read for its sublayouts.
        let reused = (record.position.x == position.x
                      || (record.position.x != record.position.x && position.x != position.x))
            && (record.position.y == position.y || (record.position.y != record.position.y && position.y != position.y))
            && (record.object < 0 || object.pointee.sublayouts.isEmpty)
        slot.initialize(to: Layout(unsanitized: nil, type: .node,
                                   size: reused ? record.size : Layout.resanitizedSize(record.size, scale: scale),
                                   position: reused ? record.position : absolute.isNull ? .null : position,
                                   sublayouts: []))
        guard record.object >= 0 else { return }
        // The element: moved out of the record's layout when it is movable (swapped with the new layout's
        // nil: no reference counting — binding it to a local first cost a retain and a release); else
        // retained — the record's layout keeps it, or for a record linked twice the layout it moved to.
        if record.movedTo != 0 {
            let movedTo = UnsafeRawPointer(start) + Int(record.movedTo &- 1)
            slot.pointee.storedElement = movedTo.assumingMemoryBound(to: Layout.self).pointee.storedElement
        } else if Int(record.object) >= firstMovable {
            swap(&slot.pointee.storedElement, &object.pointee.storedElement)
            pointer.pointee.movedTo = Int32(truncatingIfNeeded: UnsafeRawPointer(slot) - UnsafeRawPointer(start)) &+ 1
        } else {
            slot.pointee.storedElement = object.pointee.storedElement
        }
    }
}
