@testable import LayoutCore

// Shared by the driver comparisons (StackSingleLineDriverTests, StackDefaultLineTests): a stack laid out with
// a chosen driver, reduced to bit patterns, and the odd values the random stacks are made of.

/// The stack's layout tree and, as bit patterns: its size, the spec record's node count and run of links (the
/// one-line drivers write the run and sum the count while they place the items), then each sublayout's size
/// and position.
func stackLayoutBits(_ children: [any LayoutElement], _ context: StackContext,
                     driver: StackLayout.Driver) -> (layout: Layout, bits: [UInt64]) {
    var scratch = LayoutScratch()
    let root = StackLayout.layout(of: children, context, into: &scratch, driver: driver)
    let layout = scratch.layout(of: root)
    var bits = [layout.size.width.bitPattern, layout.size.height.bitPattern]
    let record = scratch.record(root).pointee
    bits += [UInt64(bitPattern: Int64(record.nodeCount)), UInt64(bitPattern: Int64(record.linkCount))]
    for link in 0..<Int(record.linkCount) {
        bits.append(UInt64(bitPattern: Int64(scratch.header.pointee.links[Int(record.firstLink) + link])))
    }
    for sublayout in layout.sublayouts {
        bits += [sublayout.size.width.bitPattern, sublayout.size.height.bitPattern,
                 sublayout.position.x.bitPattern, sublayout.position.y.bitPattern]
    }
    return (layout, bits)
}

/// A value for a random stack: NaN, ∞, negative or 0 now and then, else in 0…limit.
func stackTestValue(_ rng: inout CoreSplitMix64, upTo limit: Double) -> Double {
    switch rng.int(20) {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -rng.double(0, 20)
    case 3, 4, 5: return 0
    default: return rng.double(0, limit)
    }
}
