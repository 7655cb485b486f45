import LayoutCore

// A node whose style nothing ever wrote has the default style, and says so without its lock
// (`LayoutElement.usesDefaultLayoutStyle`): the stack algorithm then takes its per-stack default item for
// the node instead of locking it to read the style — most leaves (texts, images sized by their spec)
// never set a style.
//
// Why this is the same answer as reading under the lock: every write of the style (the public setter,
// TextNode's baseline metrics) sets `hasWrittenStyle` after writing, and nothing clears it. A reader that
// sees it unset reads the style as it was before any write — the default — which is what a reader that
// took the lock just before a concurrent first write would have read; one that sees it set locks and
// reads, as before.

extension DisplayNode {
    /// True while nothing has written the node's style (it is then `LayoutElementStyle.defaultStyle`).
    public var usesDefaultLayoutStyle: Bool { !hasWrittenStyle.load(ordering: .acquiring) }
}
