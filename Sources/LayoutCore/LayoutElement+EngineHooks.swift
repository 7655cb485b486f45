// The engine's hooks on a layout element: how LayoutCore's specs and stack algorithm write records, read
// styles in place and recognise the built-in specs and nodes among their children. They sit in a protocol
// of their own that `LayoutElement` refines, underscored because a user never implements or calls them:
// every requirement has a default below that goes through Texture's methods, so an element written against
// `LayoutElement` alone lays out exactly as before. The built-in specs and NodeTree's nodes implement them
// to skip the `Layout` trees and style copies the defaults make.

public protocol _LayoutEngineElement {
    /// Loom's engine entry: the same layout as `layoutThatFits(_:parentSize:)`, written as records into
    /// `scratch` (LayoutScratch.swift); returns its record. The built-in specs implement it without
    /// building `Layout` trees; the default records the element's `layoutThatFits(_:parentSize:)`, so an
    /// element that only implements the Texture methods behaves exactly as before.
    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                        into scratch: inout LayoutScratch) -> LayoutRecordIndex

    /// Runs `body` on the element's style read in place, for the stack algorithm's one read per child
    /// (a node runs it under its lock, so `body` must only read the style). The same as `style`, except
    /// that the ascender and descender may be the element's own where `style` derives them (a vertical
    /// stack's come from its children): read `style` for those. The default passes `style`.
    func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R

    /// `withLayoutStyle` by address, for the stack algorithm's one style read per child: runs `body` with
    /// a pointer to the same style, valid only during the call. `body` is LayoutCore's, never user code:
    /// it only reads through the pointer (a node runs it under its lock) and keeps nothing of it. An
    /// implementation must call `body` exactly once (the stack initializes the child's item in it).
    /// Why a pointer and no result: handed a borrowed 200-byte style, the caller's closure got a copy of
    /// it (a memcpy per child), and a generic witness with a reabstracted closure cost more per node
    /// child still. The default reads
    /// through `withLayoutStyle`, so an element that implements neither keeps working.
    func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void)

    /// True only when the element's style is known to be `LayoutElementStyle.defaultStyle` without
    /// reading it: a built-in spec whose style was never set. The stack algorithm then takes its
    /// per-stack default item instead of reading the style (the default is false: read it).
    var usesDefaultLayoutStyle: Bool { get }

    /// The object a `Layout` of this element refers to: the element itself when it is a class instance
    /// (a node), nil for a value (a layout spec). Both defaults below; elements do not implement it.
    /// A requirement rather than `element as AnyObject`: that cast bridges through the runtime's dynamic
    /// cast, a costly runtime call where optimized flexing names skipped nodes.
    var layoutObject: (any AnyObject & Sendable)? { get }

    /// Where a built-in spec built in the open spec region keeps its fields, so that a parent built in
    /// the same region refers to it there and lays it out by a direct call (Memory/SpecChild.swift);
    /// `.none` (the default) for everything else, which a parent keeps as an element. Elements do not
    /// implement it.
    var layoutSpecSlot: LayoutSpecSlot { get }

    /// The element as a `LayoutNodeElement` when it is one (a node), else nil (the default), so that a
    /// spec built in a region keeps a node child as a class reference it calls directly (SpecChild.swift).
    /// Elements do not implement it: `LayoutNodeElement`'s default answers `self`.
    var layoutNodeElement: (any LayoutNodeElement)? { get }

    /// True only for a type that stands for "no layout spec": a node whose layoutSpecThatFits returns a
    /// value of it is measured as a leaf (Texture's calculateSizeThatFits: path). A property of the type,
    /// not of the value, so that a node asks it of the existential it got through the witness table the
    /// existential carries, without reading the value or asking the runtime for its dynamic type.
    /// Elements do not implement it: NodeTree's marker answers true, the default false.
    static var standsForNoLayoutSpec: Bool { get }
}

/// A class-instance element — a node — that a built-in spec keeps and calls as a class reference
/// (`SpecChildKind.node`): the reference and its witness table, two words, instead of an `any
/// LayoutElement` whose value the spec had to project out of the existential's buffer before every call
/// (__swift_project_boxed_opaque_existential_1, a call each time). No requirements of its
/// own; NodeTree's DisplayNode conforms, as do LayoutCore's own nodes.
public protocol LayoutNodeElement: AnyObject, LayoutElement {}

extension LayoutNodeElement {
    @inlinable public var layoutNodeElement: (any LayoutNodeElement)? { self }
}

extension _LayoutEngineElement where Self: LayoutElement {
    /// A value-type element (a spec) has no object.
    @inlinable public var layoutObject: (any AnyObject & Sendable)? { nil }

    @inlinable public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
                                          into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        scratch.append(layoutThatFits(constrainedSize, parentSize: parentSize))
    }

    @inlinable public func withLayoutStyle<R>(_ body: (borrowing LayoutElementStyle) -> R) -> R {
        body(style)
    }

    @inlinable public func withLayoutStylePointer(_ body: (UnsafePointer<LayoutElementStyle>) -> Void) {
        withLayoutStyle { style in withUnsafePointer(to: style) { body($0) } }
    }

    @inlinable public var usesDefaultLayoutStyle: Bool { false }

    @inlinable public var layoutSpecSlot: LayoutSpecSlot { .none }

    @inlinable public var layoutNodeElement: (any LayoutNodeElement)? { nil }

    @inlinable public static var standsForNoLayoutSpec: Bool { false }
}

extension _LayoutEngineElement where Self: LayoutElement & AnyObject {
    /// A class-instance element (a node) is its own object.
    @inlinable public var layoutObject: (any AnyObject & Sendable)? { self }
}
