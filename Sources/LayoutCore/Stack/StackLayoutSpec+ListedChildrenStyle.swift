// Listed-children stacks with a style of their own from the start (`StackLayoutSpec.vertical(children:
// userName, location, style: { $0.flexShrink = 1 })`): the overloads of StackLayoutSpec+ListedChildren.swift
// with a `style:` closure that sets the new stack's style before anything can share the spec.
//
// Why (issue #6, the cost of building the spec tree): Texture's `headerText.style.flexShrink = 1` on a
// spec built in a region copies the stack's fields into a new slot first (copy on write: a handle is
// three words, and nothing tracks whether a copy of it shares the slot) and then gives the copy a default
// style to edit. Set at construction, the style is written once into the spec's own style slot and the
// fields are never copied, with `LayoutSpec(configure:)` making its style slot in the arena its
// initializer found. A chained modifier
// (`.style { ... }` consuming the spec) cannot skip the copy: a caller that keeps using the original passes
// a copy of the handle, which shares the slot. A separate
// overload and not an optional parameter: an optional closure is escaping, so a closure that captures
// anything would get a heap context where the caller did not inline the stack.

extension StackLayoutSpec {
    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 1, boxed: { [a] }) { run in
            run.write(a, at: 0)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 2, boxed: { [a, b] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 3, boxed: { [a, b, c] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 4, boxed: { [a, b, c, d] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 5, boxed: { [a, b, c, d, e] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
        }
    }

    @inlinable @inline(__always)
    public static func vertical<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.vertical, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 6, boxed: { [a, b, c, d, e, f] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
            run.write(f, at: 5)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 1, boxed: { [a] }) { run in
            run.write(a, at: 0)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 2, boxed: { [a, b] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 3, boxed: { [a, b, c] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 4, boxed: { [a, b, c, d] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 5, boxed: { [a, b, c, d, e] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
        }
    }

    @inlinable @inline(__always)
    public static func horizontal<A: LayoutElement, B: LayoutElement, C: LayoutElement, D: LayoutElement, E: LayoutElement, F: LayoutElement>(
        spacing: Double = 0, justifyContent: StackLayoutJustifyContent = .start,
        alignItems: StackLayoutAlignItems = .stretch, children a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        style: (inout LayoutElementStyle) -> Void
    ) -> StackLayoutSpec {
        StackLayoutSpec.listed(.horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               hasStyle: true, style: style, count: 6, boxed: { [a, b, c, d, e, f] }) { run in
            run.write(a, at: 0)
            run.write(b, at: 1)
            run.write(c, at: 2)
            run.write(d, at: 3)
            run.write(e, at: 4)
            run.write(f, at: 5)
        }
    }
}
