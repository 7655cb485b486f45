// How the specs and the stack algorithm reach a spec's fields, its custom style and its children: by
// reference types of this layer that read and write in place (member access, no copy of the fields), so
// that no spec or driver names a pointer type or does pointer arithmetic.
//
// Invariants:
// - A `SpecFieldsReference` is valid exactly as long as the storage it came from: an arena slot until its
//   region closes (checked when the handle is read: SpecStorage.checkLive, a memory guard in every build),
//   a box while the spec that owns it lives. It is never stored beyond the call that received it, except
//   as a parent's `SpecChild` in the same region (which dies with the region).
// - `initialize(_:to:)` writes a field of uninitialized fields (a slot just reserved); every other access
//   reads or writes initialized fields. Fields kept here are trivial types (nothing to release), so
//   overwriting a field never leaks.
// - A `SpecStyleReference` points at a style in the spec's own slot or box, or at the shared default style
//   (read only: nothing writes through a reference handed out for reading).

/// A spec's fields where they live (an arena slot or a box), read and written in place.
@usableFromInline @dynamicMemberLookup
struct SpecFieldsReference<Fields> {
    @usableFromInline let address: UnsafeMutablePointer<Fields>

    @inlinable @inline(__always)
    init(_ address: UnsafeMutablePointer<Fields>) { self.address = address }

    /// A field, read or written where it is.
    @inlinable
    subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        @inline(__always) unsafeAddress { UnsafePointer(address.pointer(to: field).unsafelyUnwrapped) }
        @inline(__always) nonmutating unsafeMutableAddress { address.pointer(to: field).unsafelyUnwrapped }
    }

    /// Writes a field of fields that are not initialized yet (a slot just reserved: SpecStorage.reserveSlot).
    @inlinable @inline(__always)
    func initialize<Value>(_ field: WritableKeyPath<Fields, Value>, to value: consuming Value) {
        address.pointer(to: field).unsafelyUnwrapped.initialize(to: value)
    }

    /// Writes the whole fields of a slot just reserved.
    @inlinable @inline(__always)
    func initialize(to value: consuming Fields) {
        address.initialize(to: value)
    }

    /// The whole fields, for calling one of their mutating methods in place.
    @inlinable
    var pointee: Fields {
        @inline(__always) unsafeAddress { UnsafePointer(address) }
        @inline(__always) nonmutating unsafeMutableAddress { address }
    }
}

/// A spec's style where it lives: its own (in its slot or box) or the shared default one.
@usableFromInline
struct SpecStyleReference: Equatable {
    @usableFromInline let address: UnsafeMutablePointer<LayoutElementStyle>

    @inlinable @inline(__always)
    init(_ address: UnsafeMutablePointer<LayoutElementStyle>) { self.address = address }

    /// The style, read or written where it is.
    @inlinable
    var pointee: LayoutElementStyle {
        @inline(__always) unsafeAddress { UnsafePointer(address) }
        @inline(__always) nonmutating unsafeMutableAddress { address }
    }
}
