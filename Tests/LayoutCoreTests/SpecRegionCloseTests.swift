import Foundation
import Testing
@testable import LayoutCore

// Closing a spec region (Memory/SpecArena+Regions.swift `truncateInnermostRegion`): element children a class
// instance are released directly and the others destroyed through their existential
// (SpecElementSlot.isObject), and the slabs of trivial fields only have the generation words of the
// slots filled since the region's mark zeroed, chunk by chunk (SpecSlab.truncateTrivial). Each must
// release every child exactly once and retire exactly the region's slots.

/// Counts the payloads destroyed: a struct element holding one sees its destruction.
private final class DeinitCounter: @unchecked Sendable {
    nonisolated(unsafe) static var count = 0
    deinit { Self.count += 1 }
}

/// A user's struct element that fits an existential's inline words, holding a class instance: not a
/// class itself, so it is destroyed through its existential.
private struct SmallStructElement: LayoutElement {
    let payload: DeinitCounter
    var style: LayoutElementStyle { LayoutElementStyle() }
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: Size(width: 7, height: 3))
    }
}

/// The same, too large for the inline words: its existential holds a box.
private struct LargeStructElement: LayoutElement {
    let payload: DeinitCounter
    var padding: (Double, Double, Double, Double) = (1, 2, 3, 4)
    var style: LayoutElementStyle { LayoutElementStyle() }
    var layoutElementType: LayoutElementType { .layoutSpec }
    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(specSize: Size(width: 5, height: padding.3))
    }
}

@Suite(.serialized) struct SpecRegionCloseTests {
    /// The flags of the element slots `[from, to)` of `arena`.
    static func isObjectFlags(_ arena: UnsafeMutablePointer<SpecArena>, _ from: Int, _ to: Int) -> [Bool] {
        let slab = arena.pointer(to: \.elements)!
        return (from..<to).map { SpecSlab<SpecElementSlot>.fields(slab, $0).pointee.isObject }
    }

    /// Listed stacks and generic insets and ratios keep a node as an object and a struct as an
    /// existential; closing the region releases each exactly once, and a node also held outside lives on.
    @Test func closingReleasesObjectAndStructElementChildrenOnce() {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let destroyedBefore = DeinitCounter.count
        var kept = CoreFixture.node("kept", 10, 4)
        weak var weakA: LeafNode?
        weak var weakB: LeafNode?
        let sizes: [Size] = LayoutSpecRegion.with {
            let a = CoreFixture.node("a", 10, 10), b = CoreFixture.node("b", 10, 20)
            weakA = a
            weakB = b
            let small = SmallStructElement(payload: DeinitCounter())
            let large = LargeStructElement(payload: DeinitCounter())
            let stack = StackLayoutSpec.vertical(children: a, small, large, kept)
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: b)
            let ratio = RatioLayoutSpec(ratio: 1, child: SmallStructElement(payload: DeinitCounter()))
            let insetOfLarge = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: large)
            #expect(arena.pointee.liveElementCount == elementsBefore + 7)
            #expect(Self.isObjectFlags(arena, elementsBefore, elementsBefore + 7)
                == [true, false, false, true, true, false, false])
            let root = StackLayoutSpec.vertical(children: stack, inset, ratio, insetOfLarge)
            return root.layoutThatFits(SizeRange(width: 10)).sublayouts.map(\.size)
        }
        // a, small, large, kept: 10 + 3 + 4 + 4; b inset by 1: 22; the ratio takes its child's fixed 7×3;
        // large inset by 1: 4 + 2. Every element child was laid out where the region kept it.
        #expect(sizes == [Size(width: 10, height: 21), Size(width: 10, height: 22), Size(width: 7, height: 3),
                          Size(width: 10, height: 6)])
        #expect(weakA == nil && weakB == nil)
        // small, large (in the stack and copied into the inset: one payload), the ratio's small
        #expect(DeinitCounter.count == destroyedBefore + 3)
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(isKnownUniquelyReferenced(&kept), "the region released `kept` once too often or not at all")
        #expect(kept.name == "kept")
    }

    /// Closing steps back through the element slab slot by slot, reading the chunk table only at a chunk's
    /// start (SpecElementSlot.truncate): a region whose element children start mid-chunk and span chunks
    /// releases or destroys each exactly once, and only its own; the slots are then taken again from its mark.
    @Test(arguments: [1, 63, 64, 65, 130])
    func closingReleasesElementChildrenAcrossChunks(count: Int) {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let destroyedBefore = DeinitCounter.count
        var outerNode = CoreFixture.node("outer", 1, 1)
        LayoutSpecRegion.with {
            // The outer region's element children put the inner region's mark mid-chunk.
            let outer = (0..<37).map { _ in InsetLayoutSpec(insets: EdgeInsets(all: 1), child: outerNode) }
            let mark = arena.pointee.liveElementCount
            var weakNodes: [() -> LeafNode?] = []
            LayoutSpecRegion.with {
                for index in 0..<count {
                    if index.isMultiple(of: 2) {
                        let node = CoreFixture.node("n\(index)", 1, 1)
                        weakNodes.append { [weak node] in node }
                        _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node)
                    } else {
                        _ = RatioLayoutSpec(ratio: 1, child: SmallStructElement(payload: DeinitCounter()))
                    }
                }
                #expect(arena.pointee.liveElementCount == mark + count)
            }
            #expect(weakNodes.allSatisfy { $0() == nil })
            #expect(DeinitCounter.count == destroyedBefore + count / 2)
            #expect(arena.pointee.liveElementCount == mark)
            // The next element child takes the first slot the inner region freed.
            _ = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: SmallStructElement(payload: DeinitCounter()))
            #expect(arena.pointee.liveElementCount == mark + 1)
            #expect(Self.isObjectFlags(arena, mark, mark + 1) == [false])
            #expect(outer.count == 37)
        }
        #expect(DeinitCounter.count == destroyedBefore + count / 2 + 1)
        #expect(arena.pointee.liveElementCount == elementsBefore)
        #expect(isKnownUniquelyReferenced(&outerNode), "the outer region's node was released too often or too few times")
    }

    /// Elements given as `any LayoutElement` (the array API, the existential initializers) are always
    /// destroyed through their existential, nodes included.
    @Test func existentialChildrenAreDestroyedThroughTheirWitnesses() {
        let arena = SpecArena.current
        let elementsBefore = arena.pointee.liveElementCount
        let destroyedBefore = DeinitCounter.count
        weak var weakNode: LeafNode?
        LayoutSpecRegion.with {
            let node = CoreFixture.node("n", 3, 3)
            weakNode = node
            let children: [any LayoutElement] = [node, SmallStructElement(payload: DeinitCounter())]
            let stack = StackLayoutSpec.horizontal(children: children)
            let inset = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: node as any LayoutElement)
            #expect(Self.isObjectFlags(arena, elementsBefore, elementsBefore + 3) == [false, false, false])
            #expect(StackLayoutSpec.vertical(children: stack, inset).layoutThatFits(SizeRange(width: 20)).size.height == 10)
        }
        #expect(weakNode == nil)
        #expect(DeinitCounter.count == destroyedBefore + 1)
        #expect(arena.pointee.liveElementCount == elementsBefore)
    }

    /// A region whose specs span chunks and start mid-chunk: closing it zeroes the generation of exactly
    /// its slots — the enclosing region's, before its mark in the same chunk, keep theirs and stay usable.
    @Test(arguments: [1, 63, 64, 65, 130])
    func closingRetiresExactlyTheRegionsSlotsAcrossChunks(innerCount: Int) {
        let base = LayoutSpecRegion.liveSpecCount
        LayoutSpecRegion.with {
            // The outer region fills part of the first chunk (the inner one's mark is mid-chunk).
            let outer = (0..<37).map { InsetLayoutSpec(insets: EdgeInsets(all: Double($0)), child: LayoutSpec()) }
            let outerGenerations = outer.map { SpecSlab<InsetLayoutSpec.Fields>.generation(of: $0.storage.slot!) }
            #expect(outerGenerations.allSatisfy { $0 != 0 })
            var innerSlots: [UnsafeMutablePointer<InsetLayoutSpec.Fields>] = []
            var plainSlots: [UnsafeMutablePointer<LayoutSpec.Fields>] = []
            LayoutSpecRegion.with {
                for index in 0..<innerCount {
                    let inset = InsetLayoutSpec(insets: EdgeInsets(all: Double(index)), child: LayoutSpec())
                    innerSlots.append(inset.storage.slot!)
                    plainSlots.append(inset.storage.fields.pointee.child.pointer.assumingMemoryBound(to: LayoutSpec.Fields.self))
                }
                #expect(Set(innerSlots).count == innerCount)
                #expect(innerSlots.allSatisfy { SpecSlab<InsetLayoutSpec.Fields>.generation(of: $0) != 0 })
            }
            #expect(innerSlots.allSatisfy { SpecSlab<InsetLayoutSpec.Fields>.generation(of: $0) == 0 })
            #expect(plainSlots.allSatisfy { SpecSlab<LayoutSpec.Fields>.generation(of: $0) == 0 })
            #expect(outer.map { SpecSlab<InsetLayoutSpec.Fields>.generation(of: $0.storage.slot!) } == outerGenerations)
            #expect(outer.enumerated().allSatisfy { $0.element.insets == EdgeInsets(all: Double($0.offset)) })
            // The slots the inner region freed are taken again, from the first of them.
            let next = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
            #expect(next.storage.slot == innerSlots.first)
        }
        #expect(LayoutSpecRegion.liveSpecCount == base)
    }

    /// A spec from a later chunk of a region that closed (its slot zeroed by the chunked loop) still
    /// stops with the message.
    @Test func aSpecFromALaterChunkUsedAfterItsRegionClosedStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = LayoutSpecRegion.with {
                var specs = (0..<100).map { _ in RatioLayoutSpec(ratio: 1, child: LayoutSpec()) }
                return specs.removeLast()
            }
            _ = escaped.ratio
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("a layout spec was used after the layout it was built for ended"), "stderr: \(text)")
    }
}
