// A built-in spec's style, kept only when the spec has one of its own (issue #6: most specs never touch
// their style). A spec starts with the shared default style — nothing stored, nothing
// copied — and gets room for its own on its first style mutation: an arena slot in a spec region, the
// box's style element outside. Every spec carried a whole 200-byte style before, written at init and
// copied with the fields; reading the default style in place also spares the stack algorithm a copy per
// spec child.
//
// Invariants: `customStyle` is nil (the shared default style, never written) or the address of a style in
// the spec's own arena slot (same region as its fields) or its box's tail element (same lifetime as the
// box); a mutation always goes to the spec's own copy (copy on write of the fields first). The shared
// default style's pointer (`LayoutElementStyle.defaultStylePointer`) is written once, when it is made,
// and only read after.

extension LayoutElementStyle {
    /// The default style at an address that stays valid for the process (never freed), for
    /// `withLayoutStylePointer` of a spec without a style of its own. `defaultStyle` itself has no
    /// address to hand out: a pointer to it may point at a temporary copy of it.
    /// Unsafe only in type: the memory is written once, by the initializer, and only read after.
    @usableFromInline nonisolated(unsafe) static let defaultStylePointer: UnsafePointer<LayoutElementStyle> = {
        let pointer = UnsafeMutablePointer<LayoutElementStyle>.allocate(capacity: 1)
        pointer.initialize(to: LayoutElementStyle())
        return UnsafePointer(pointer)
    }()
}

/// An arena slot holding one custom style.
@usableFromInline
struct SpecStyleSlot: SpecFields {
    @usableFromInline var style: LayoutElementStyle

    @inlinable init(style: LayoutElementStyle) { self.style = style }

    /// A style slot has no style of its own to point at.
    @inlinable var customStyle: SpecStyleReference? {
        get { nil }
        set {}
    }

    /// A new slot in `arena` (from `SpecArena.forBuilding`) holding a copy of the style at `style`; returns
    /// the copy's address. Copied once, from where it is (by value, through a `SpecStyleSlot`, the 200-byte
    /// style was copied twice).
    @inlinable
    static func make(copying style: UnsafePointer<LayoutElementStyle>, in arena: UnsafeMutablePointer<SpecArena>)
        -> UnsafeMutablePointer<LayoutElementStyle> {
        arena.assertPreparedToBuild()
        let slot = SpecSlab<SpecStyleSlot>.reserve(slab(in: arena))
        let copy = slot.pointer(to: \.style).unsafelyUnwrapped
        copy.initialize(from: style, count: 1)
        SpecSlab<SpecStyleSlot>.setGeneration(arena.pointee.generation, of: slot)
        return copy
    }

    /// A new slot in `arena` (from `SpecArena.forBuilding`) holding the default style; returns its address.
    /// Written in place, as the stores of the default's zero bits: copied from `defaultStylePointer` (a
    /// `swift_once` check and a 200-byte `memcpy` call) it cost more per style. Inlined, with the stores
    /// in `initializeDefault`'s call: as a call of its own it was a thunk and a frame around them.
    @inlinable @inline(__always)
    static func makeDefault(in arena: UnsafeMutablePointer<SpecArena>) -> UnsafeMutablePointer<LayoutElementStyle> {
        arena.assertPreparedToBuild()
        let slot = SpecSlab<SpecStyleSlot>.reserve(slab(in: arena))
        let style = slot.pointer(to: \.style).unsafelyUnwrapped
        initializeDefault(style)
        SpecSlab<SpecStyleSlot>.setGeneration(arena.pointee.generation, of: slot)
        return style
    }

    /// Writes the default style at `style` (uninitialized memory). Not inlinable: compiled here, the
    /// default initializer becomes the stores of its zero bits; inlined into another module it is a call
    /// returning the style indirectly, then a copy.
    @usableFromInline
    static func initializeDefault(_ style: UnsafeMutablePointer<LayoutElementStyle>) {
        style.initialize(to: LayoutElementStyle())
    }
}

extension SpecStorage {
    /// Whether the spec still has the shared default style.
    @inlinable var hasDefaultStyle: Bool { fields.pointee.customStyle == nil }

    /// The spec's style (a copy).
    @inlinable
    var style: LayoutElementStyle {
        fields.pointee.customStyle?.pointee ?? LayoutElementStyle.defaultStyle
    }

    /// The style's size, read without copying the style.
    @inlinable
    var styleSize: LayoutElementSize {
        if let custom = fields.pointee.customStyle { return custom.pointee.size }
        return LayoutElementStyle.defaultStyle.size
    }

    /// Runs `body` on the style in place.
    @inlinable @inline(__always)
    func withStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R {
        if let custom = fields.pointee.customStyle { return Self.borrow(&custom.pointee, body) }
        return body(LayoutElementStyle.defaultStyle)
    }

    /// Runs `body` with the style's address: the custom style's slot, else the shared default style's.
    @inlinable @inline(__always)
    func withStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        if let custom = fields.pointee.customStyle { return body(UnsafePointer(custom.address)) }
        body(LayoutElementStyle.defaultStylePointer)
    }

    /// Hands `style` to `body` by address: passed from an unsafe pointer's `pointee` it would be copied
    /// first (200 bytes), from an inout access it is not.
    @inlinable @inline(__always)
    static func borrow<R>(_ style: inout LayoutElementStyle, _ body: (borrowing LayoutElementStyle) -> R) -> R {
        body(style)
    }

    /// This spec's own style, to mutate in place: its own fields first (copy on write), then room for a
    /// style of its own, starting from the default, unless it has one.
    @inlinable
    mutating func uniqueStyle() -> SpecStyleReference {
        let fields = uniqueFields()
        if let custom = fields.pointee.customStyle { return custom }
        return makeOwnStyle(fields)
    }

    /// Room for a style of its own for a spec whose storage was made just now, so nothing else can share
    /// its fields (an initializer's; skips the copy on write of `uniqueStyle`).
    @inlinable
    mutating func uniqueOwnStyle() -> SpecStyleReference {
        switch home {
        case .slot(let slot, _): makeOwnStyle(SpecFieldsReference(slot))
        case .box(let box): makeOwnStyle(SpecFieldsReference(box.fields))
        }
    }

    /// A boxed spec made just now (its box is unique) gets a style of its own that `configure` sets: the
    /// `style:` initializers outside a region.
    @inlinable @inline(__always)
    func configureOwnBoxedStyle(_ configure: (inout LayoutElementStyle) -> Void) {
        guard case .box(let box) = home else { fatalError("configureOwnBoxedStyle on a spec in a region") }
        configure(&makeOwnStyle(SpecFieldsReference(box.fields)).pointee)
    }

    @inlinable
    func makeOwnStyle(_ fields: SpecFieldsReference<Fields>) -> SpecStyleReference {
        let custom: UnsafeMutablePointer<LayoutElementStyle>
        switch home {
        case .slot:
            custom = SpecStyleSlot.makeDefault(in: SpecArena.forBuilding.unsafelyUnwrapped)
        case .box(let box):
            custom = box.styleRoom
            SpecStyleSlot.initializeDefault(custom)
        }
        fields.pointee.customStyle = SpecStyleReference(custom)
        return SpecStyleReference(custom)
    }
}

extension SpecFieldsReference where Fields: SpecFields {
    /// The resolved range of a spec with these fields: `range` restricted by the spec's own style size
    /// (the protocol's default `layoutThatFits`), read from the fields (a parent's SpecChild has no handle).
    @inline(__always)
    func restricting(_ range: SizeRange, parentSize: Size) -> SizeRange {
        let styleSize = pointee.customStyle?.pointee.size ?? LayoutElementStyle.defaultStyle.size
        return range.intersect(styleSize.resolve(parentSize: parentSize))
    }
}

extension SpecFieldsReference where Fields: SpecFields {
    /// Gives fresh fields of `arena`'s open region (a spec being initialized: nothing shares them) a style
    /// of their own that `configure` sets in place: the `style:` initializers. No copy on write and no
    /// second thread-local lookup, as `spec.style.x = …` after the initializer takes (SpecStorage.uniqueStyle).
    @inlinable @inline(__always)
    func initializeOwnStyle(in arena: UnsafeMutablePointer<SpecArena>,
                            _ configure: (inout LayoutElementStyle) -> Void) {
        let style = SpecStyleSlot.makeDefault(in: arena)
        configure(&style.pointee)
        pointee.customStyle = SpecStyleReference(style)
    }
}
