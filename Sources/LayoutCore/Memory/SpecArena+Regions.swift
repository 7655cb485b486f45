import CLayoutMemory

// Opening and closing spec regions on the calling thread's arena (SpecArena.swift), and the public
// `LayoutSpecRegion` that NodeTree wraps around a node's layoutSpecThatFits and its layout.
//
// Invariants:
// - Regions nest like calls: each `openRegion` is matched by one `closeRegion` on the same thread, on
//   every path (`LayoutSpecRegion.with` closes on return and on throw).
// - A region takes its mark only when something is first built in it; closing an unmarked region is a
//   counter down and frees nothing (nothing was built, no handle can go stale).
// - The element children of a closing region are released before its spec slots are zeroed, while the
//   region is still marked: an element's deinit may build specs, and those must land in this region.

extension UnsafeMutablePointer where Pointee == SpecArena {
    /// What every build in a region relies on: the arena came from `SpecArena.forBuilding`, so the
    /// innermost region has its mark (it keeps it until it closes; regions opened meanwhile are closed).
    @inlinable @inline(__always)
    func assertPreparedToBuild() {
        assert(pointee.depth > 0 && pointee.markedDepth == pointee.depth, "not from SpecArena.forBuilding")
    }

    /// Before anything is built in the current region: takes the mark of every open region that has none
    /// yet (all the same: nothing was built since the outermost of them opened).
    @inline(__always)
    func markOpenRegions() {
        assert(pointee.markedDepth < pointee.depth, "called by specArenaPreparingCurrentRegion only")
        if pointee.depth > pointee.markCapacity { growMarks() }
        let mark = pointee.mark
        var markedDepth = pointee.markedDepth
        let marks = pointee.marks.unsafelyUnwrapped
        repeat {
            (marks + markedDepth).initialize(to: mark)
            markedDepth &+= 1
        } while markedDepth < pointee.depth
        pointee.markedDepth = markedDepth
    }

    /// Room for a mark per open region. A call of its own: inlined, its registers were saved and restored
    /// on every first build in a region.
    @usableFromInline @inline(never)
    func growMarks() {
        let capacity = Swift.max(8, pointee.depth * 2)
        let marks = UnsafeMutablePointer<SpecArena.Mark>.allocate(capacity: capacity)
        if let old = pointee.marks {
            marks.moveInitialize(from: old, count: pointee.markedDepth)
            old.deallocate()
        }
        pointee.marks = marks
        pointee.markCapacity = capacity
    }

    /// Opens a region (not marked: nothing is built in it yet, so `forBuilding` must not find it ready).
    @inlinable @inline(__always)
    func openRegion() {
        pointee.depth += 1
        loom_set_current_spec_build_arena(nil)
    }

    /// Closes the innermost region: if anything was built in it, destroys what was and retires the
    /// generation (nothing built, nothing freed: no handle can go stale). A region that built nothing
    /// leaves the build thread-local as it is: nil since the region opened (a build would have marked it).
    /// The enclosing region's first build then finds it again, through `specArenaPreparingCurrentRegion`.
    @inlinable @inline(__always)
    func closeRegion() {
        if pointee.markedDepth == pointee.depth { truncateInnermostRegion() }
        pointee.depth -= 1
    }

    @usableFromInline @inline(never)
    func truncateInnermostRegion() {
        let mark = pointee.marks.unsafelyUnwrapped[pointee.markedDepth &- 1]
        // The element children go first, while the region is still marked: releasing one runs its deinit,
        // user code that may build specs (with element children of their own). Those live in this region
        // and the truncations below destroy them too. With the mark taken away first, such a build marked
        // the closing region again: its specs and elements outlived it and the marks lost step with the
        // depth (SpecRegionDeinitBuildTests).
        SpecElementSlot.truncate(pointer(to: \.elements)!, to: mark.elements)
        // Every type kept in `specs` is trivial (nothing to destroy): zeroing the generation words is all.
        assert(_isPOD(StackLayoutSpec.Fields.self) && _isPOD(InsetLayoutSpec.Fields.self)
               && _isPOD(RatioLayoutSpec.Fields.self) && _isPOD(LayoutSpec.Fields.self) && _isPOD(SpecStyleSlot.self))
        SpecSlab<SpecStyleSlot>.truncateTrivial(pointer(to: \.specs)!, to: mark.specs)
        pointee.childRuns.truncate(to: mark.childRuns)
        pointee.markedDepth -= 1
        pointee.generation &+= 1
        // Every open region was marked with this one, so the enclosing region (if any) is ready for building.
        loom_set_current_spec_build_arena(pointee.depth > 1 ? UnsafeMutableRawPointer(self) : nil)
    }
}

/// Spec regions: the built-in specs built inside `with` keep their fields in the calling thread's arena,
/// without allocating, and are destroyed when it returns.
public enum LayoutSpecRegion {
    /// Runs `body` inside a spec region of the calling thread. Nothing `body` returns may hold a spec built
    /// inside it (a `Layout` holds none). Regions nest.
    @inlinable @inline(__always)
    public static func with<R>(_ body: () throws -> R) rethrows -> R {
        let arena = SpecArena.current
        arena.openRegion()
        // Closed on both paths without `defer`, which the compiler outlined into a call of its own.
        let result: R
        do {
            result = try body()
        } catch {
            arena.closeRegion()
            throw error
        }
        arena.closeRegion()
        return result
    }

    /// Whether a region is open on the calling thread.
    public static var isOpen: Bool { SpecArena.currentInRegion != nil }

    /// Specs alive in the calling thread's arena (0 outside every region: a closed
    /// region leaves none).
    public static var liveSpecCount: Int { SpecArena.current.pointee.liveSpecCount }
}
