// A subnode's membership — which supernode lists it and which supernode its link names — is two writes on two
// nodes, each under its own lock, and the threading rules never hold two node locks at once. Two edits of one
// subnode from two threads (two layout passes of an unloaded ASM node committing different layouts, which the
// API allows) could then interleave between those writes: one removes the subnode and is about to clear its
// link while the other inserts it and sets the link, and the subnode stays listed with its link cleared.
//
// So every change of one subnode's membership runs inside that subnode's membership lock, one of a fixed
// set of stripes chosen by its address. The order is always stripe first, then node locks one at a time; no
// code under a node lock takes a stripe, and nothing under a stripe runs user code, releases a layout record
// or takes another stripe, so the order cannot invert and no deinit can run inside it. Different subnodes
// mostly fall on different stripes, so edits of separate trees rarely meet.

enum SubnodeMembership {
    /// A power of two: the stripe is the low bits of a hash of the address.
    static let stripeCount = 64
    private static let stripes = (0..<stripeCount).map { _ in Locked(()) }

    /// The stripe of `subnode`: its address through a 64-bit finalizer (splitmix64's), low bits, so nodes
    /// spread over the stripes whatever stride the allocator lays them out at. A mask of the address bits,
    /// and Fibonacci hashing (the top bits of the address times one odd constant), both left most stripes
    /// unused at some strides that allocators give nodes (SubnodeMembershipTests lists them).
    static func stripe(of subnode: DisplayNode) -> Int {
        stripe(ofAddress: UInt(bitPattern: ObjectIdentifier(subnode)))
    }

    static func stripe(ofAddress address: UInt) -> Int {
        // Allocations are at least 16-byte aligned: the low four bits say nothing.
        var x = UInt64(address) >> 4
        x ^= x >> 31
        x &*= 0x7FB5_D329_728E_A185
        x ^= x >> 27
        x &*= 0x81DA_DEF4_BC2D_D44D
        x ^= x >> 33
        return Int(truncatingIfNeeded: x) & (stripeCount - 1)
    }

    /// Runs `change` (membership writes of `subnode` only) under its stripe.
    static func change<R>(of subnode: DisplayNode, _ change: () -> R) -> R {
        stripes[stripe(of: subnode)].withLock { _ in change() }
    }
}
