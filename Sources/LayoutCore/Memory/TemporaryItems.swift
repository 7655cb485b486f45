// Working storage for one call: a fixed number of trivial items (the stack algorithm's `StackItem`s, one
// per child) on the call's stack when small, with no heap allocation and nothing to free.
//
// Invariants:
// - The storage lives exactly as long as the `with` call that made it: a `TemporaryItems` and the
//   references it hands out are never kept beyond that call.
// - `Item` is a trivial type (checked in debug builds): the storage is never deinitialized, so an item must
//   hold no reference. Each item is initialized (`initialize`) before it is read.
// - Indices are the caller's own, in `0 ..< count`: the algorithm's loops run over `indices`.

/// `count` items in temporary storage (see the top of this file), read and written in place.
struct TemporaryItems<Item> {
    private let base: UnsafeMutablePointer<Item>
    let count: Int

    /// Runs `body` with storage for `count` > 0 uninitialized items. Transparent, so that `body` is inlined
    /// into the caller as the closure of `withUnsafeTemporaryAllocation` it wraps.
    @_transparent
    static func with<R>(count: Int, _ body: (TemporaryItems<Item>) -> R) -> R {
        assert(_isPOD(Item.self), "temporary items are never deinitialized: they must be a trivial type")
        return withUnsafeTemporaryAllocation(of: Item.self, capacity: count) { buffer in
            body(TemporaryItems(base: buffer.baseAddress.unsafelyUnwrapped, count: count))
        }
    }

    private init(base: UnsafeMutablePointer<Item>, count: Int) {
        self.base = base
        self.count = count
    }

    var indices: Range<Int> { 0..<count }
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Item `index`, read or written where it is.
    subscript(index: Int) -> Item {
        @inline(__always) unsafeAddress { UnsafePointer(base + index) }
        @inline(__always) nonmutating unsafeMutableAddress { base + index }
    }

    /// Initializes item `index`.
    @inline(__always)
    func initialize(_ index: Int, to item: Item) {
        (base + index).initialize(to: item)
    }

    /// Item `index` by reference, for a callee that reads it in place (passed by value, a large item was
    /// copied out of the storage first).
    @inline(__always)
    func reference(_ index: Int) -> TemporaryItemReference<Item> {
        TemporaryItemReference(address: base + index)
    }
}

/// One item of a `TemporaryItems`, read or initialized in place; valid as long as the storage.
struct TemporaryItemReference<Item> {
    fileprivate let address: UnsafeMutablePointer<Item>

    var pointee: Item {
        @inline(__always) unsafeAddress { UnsafePointer(address) }
        @inline(__always) nonmutating unsafeMutableAddress { address }
    }

    @inline(__always)
    func initialize(to item: Item) {
        address.initialize(to: item)
    }
}

/// A style read in place, for the duration of the `withLayoutStylePointer` call that handed out its address:
/// a spec's own style in its slot, a node's under its lock, or the shared default style. Read only.
struct LayoutStyleReference {
    private let address: UnsafePointer<LayoutElementStyle>

    @inline(__always)
    init(_ address: UnsafePointer<LayoutElementStyle>) { self.address = address }

    var pointee: LayoutElementStyle {
        @inline(__always) unsafeAddress { address }
    }
}
