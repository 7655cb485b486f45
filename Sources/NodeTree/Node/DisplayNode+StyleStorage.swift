import LayoutCore

// Where a node keeps its style: in a box of its own, allocated by the first write of the style, and
// absent — the default style — until then. Why: the style is the largest single field of a node's state,
// and many nodes never write theirs (containers and leaves sized by their spec). A node that does write
// it pays one small allocation of exactly the style; one that does not pays a pointer.
//
// Threading: the box hangs off `State` and is read and written only under the node's lock, like the rest
// of `State`. `hasWrittenStyle` (DisplayNode+DefaultStyle.swift) is set after every write, so a node
// whose flag is unset has no box, or one that still holds the default style.

/// A node's written style. Only ever reached under the owning node's lock.
final class NodeStyleBox {
    /// Unchecked: a class's stored property is otherwise checked for overlapping accesses at run time
    /// (a runtime call and a thread-local access set per access, on every measurement that reads the
    /// style), and here the node's lock already excludes them — the box is reached only through `State`.
    @exclusivity(unchecked) var style: LayoutElementStyle

    init(_ style: LayoutElementStyle) {
        self.style = style
    }
}

// The accessors below are a plain getter and setter and a closure, not `_read`/`_modify`: a coroutine
// accessor that is not inlined allocates its frame on the heap on every call.

extension DisplayNode.State {
    /// The node's style: the box's, or the default one while nothing wrote it. Writing it allocates the
    /// box.
    var style: LayoutElementStyle {
        get { styleBox?.style ?? LayoutElementStyle.defaultStyle }
        set {
            if let styleBox { styleBox.style = newValue } else { styleBox = NodeStyleBox(newValue) }
        }
    }

    /// Changes the style in place (allocating the box first if the node has none).
    @inline(__always)
    mutating func updateStyle(_ body: (inout LayoutElementStyle) -> Void) {
        if styleBox == nil { styleBox = NodeStyleBox(LayoutElementStyle.defaultStyle) }
        body(&styleBox.unsafelyUnwrapped.style)
    }

    /// The style's size (what measurements resolve their range against), without copying the style.
    var styleSize: LayoutElementSize {
        @inline(__always) get { styleBox?.style.size ?? LayoutElementSize() }
    }

    /// True when the style's size is all auto: always for a node whose style was never written.
    var styleSizeIsAllAuto: Bool {
        @inline(__always) get { styleBox?.style.size.isAllAuto ?? true }
    }

    /// True once anything wrote the node's style (tests: the box is allocated on first write).
    var hasStyleBox: Bool { styleBox != nil }
}
