import LayoutCore

// Where a node keeps its style: in a box of its own, allocated by the first write of the style, and
// absent — the default style — until then. Why: the style is the largest single field of a node's state,
// and many nodes never write theirs (containers and leaves sized by their spec). A node that does write
// it pays one small allocation of exactly the style; one that does not pays a pointer.
//
// Text nodes write their baseline offsets (ascender, descender) into the style whenever their text is set,
// and most write nothing else: for them a box would hold two doubles of information. So the baseline
// offsets of a node without a box are kept in `State.baselines`, and its style is the default style with
// those offsets; the box, once allocated, holds them like every other field. Reading such a style by
// address (the stack's `withLayoutStylePointer`) builds the style on the reader's stack.
//
// The accessors below are plain getters and setters, not `_read`/`_modify`: a coroutine
// accessor that is not inlined allocates its frame on the heap on every call.
//
// Threading: the box hangs off `State` and is read and written only under the node's lock, like the rest
// of `State`. `hasWrittenStyle` (DisplayNode+DefaultStyle.swift) is set after every write, the baseline
// offsets' too, so a node whose flag is unset has no box and no offsets, or a box that still holds the
// default style.

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

/// The baseline offsets of a node's style while the node has no style box (0 and 0: the default style's).
struct NodeBaselines {
    var ascender = 0.0
    var descender = 0.0
}

extension DisplayNode.State {
    /// The node's style: the box's, or the default one (with `baselines`) while nothing else wrote it.
    /// Writing it allocates the box.
    var style: LayoutElementStyle {
        get { styleBox?.style ?? unboxedStyle }
        set {
            if let styleBox { styleBox.style = newValue } else { styleBox = NodeStyleBox(newValue) }
        }
    }

    /// Sets the style's baseline offsets: in the box if the node has one, else beside it (no box).
    mutating func setBaselines(ascender: Double, descender: Double) {
        if let styleBox {
            styleBox.style.ascender = ascender
            styleBox.style.descender = descender
        } else {
            baselines = NodeBaselines(ascender: ascender, descender: descender)
        }
    }

    /// The style of a node without a box: the default one with the node's baseline offsets.
    @inline(__always)
    var unboxedStyle: LayoutElementStyle {
        var style = LayoutElementStyle.defaultStyle
        style.ascender = baselines.ascender
        style.descender = baselines.descender
        return style
    }

    /// The style's size (what measurements resolve their range against), without copying the style.
    var styleSize: LayoutElementSize {
        @inline(__always) get { styleBox?.style.size ?? LayoutElementSize() }
    }

    /// True when the style's size is all auto: always for a node whose style was never written.
    var styleSizeIsAllAuto: Bool {
        @inline(__always) get { styleBox?.style.size.isAllAuto ?? true }
    }

    /// True once anything but the baseline offsets wrote the node's style (tests: the box is allocated on
    /// first write).
    var hasStyleBox: Bool { styleBox != nil }
}

extension DisplayNode {
    /// Gives the node its style box now, holding the style it has (the default one, at creation), for node
    /// types that are always sized through their style (NetworkImageNode.init says why). The style is unchanged,
    /// so `hasWrittenStyle` stays as it is: a box holding the default style is what it allows.
    final func allocateStyleBox() {
        state.withLock { s in
            if s.styleBox == nil { s.styleBox = NodeStyleBox(s.unboxedStyle) }
        }
    }
}
