import LayoutCore

// Texture's ASTextNode with a synthetic measure: every character is half the font size wide and lines
// wrap by character. Deterministic and cheap, so layout numbers do not depend on a font yet; the TextEngine
// issue replaces `calculateSizeThatFits` with FreeType-measured text (this file is the only one to change).
//
//   width  = min(available width, characters × 0.5 × fontSize)
//   lines  = ceil(characters / characters per line), capped by maximumNumberOfLines (0 = no cap)
//   height = lines × lineHeight (lineHeightMultiple × fontSize; 1.2 by default)
// Empty text measures 0×0, as in Texture. The style's ascender/descender follow the font size (0.8 / −0.2
// of it) so baseline-aligned stacks have something to align.

open class TextNode: DisplayNode, @unchecked Sendable {
    struct TextState {
        var text = ""
        /// Characters (grapheme clusters), counted once when the text is set — not on every measurement.
        var characterCount = 0
        var fontSize: Double = 17
        var maximumNumberOfLines = 0
        var lineHeightMultiple: Double = 1.2
    }

    let textState = Locked(TextState())

    public override init() {
        super.init()
        applyFontMetricsToStyle(fontSize: 17)
    }

    public convenience init(text: String, fontSize: Double = 17) {
        self.init()
        self.fontSize = fontSize
        self.text = text
    }

    /// The text (Texture's attributedText). Setting a different text invalidates the node's layout
    /// (setNeedsLayout), as Texture does.
    public var text: String {
        get { textState.withLock { $0.text } }
        set {
            let count = newValue.count
            let changed = textState.withLock { s -> Bool in
                guard s.text != newValue else { return false }
                s.text = newValue
                s.characterCount = count
                return true
            }
            if changed { setNeedsLayout() }
        }
    }

    public var fontSize: Double {
        get { textState.withLock { $0.fontSize } }
        set {
            let changed = textState.withLock { s -> Bool in
                guard s.fontSize != newValue else { return false }
                s.fontSize = newValue
                return true
            }
            if changed {
                applyFontMetricsToStyle(fontSize: newValue)
                setNeedsLayout()
            }
        }
    }

    /// 0 means unlimited.
    public var maximumNumberOfLines: Int {
        get { textState.withLock { $0.maximumNumberOfLines } }
        set {
            let changed = textState.withLock { s -> Bool in
                guard s.maximumNumberOfLines != newValue else { return false }
                s.maximumNumberOfLines = newValue
                return true
            }
            if changed { setNeedsLayout() }
        }
    }

    /// Line height as a multiple of the font size.
    public var lineHeightMultiple: Double {
        get { textState.withLock { $0.lineHeightMultiple } }
        set {
            textState.withLock { $0.lineHeightMultiple = newValue }
            setNeedsLayout()
        }
    }

    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let s = textState.withLock { $0 }
        return TextNode.syntheticSize(characterCount: s.characterCount, fontSize: s.fontSize,
                                      lineHeightMultiple: s.lineHeightMultiple,
                                      maximumNumberOfLines: s.maximumNumberOfLines,
                                      constrainedWidth: constrainedSize.width)
    }

    /// The synthetic measure, exposed so a scenario or a hand-written "manual layout" can compute the same
    /// sizes without a node.
    public static func syntheticSize(characterCount: Int, fontSize: Double, lineHeightMultiple: Double = 1.2,
                                     maximumNumberOfLines: Int = 0, constrainedWidth: Double) -> Size {
        guard characterCount > 0, fontSize > 0 else { return .zero }
        let characterWidth = 0.5 * fontSize
        let natural = Double(characterCount) * characterWidth
        // MIN(available, natural): an infinite or NaN width leaves the text on its natural width.
        let width = foundationMin(constrainedWidth, natural)
        let perLine = Swift.max(1, Int((width / characterWidth).rounded(.down)))
        var lines = (characterCount + perLine - 1) / perLine
        if maximumNumberOfLines > 0 { lines = Swift.min(lines, maximumNumberOfLines) }
        return Size(width: Swift.max(0, width), height: Double(lines) * lineHeightMultiple * fontSize)
    }

    private func applyFontMetricsToStyle(fontSize: Double) {
        var style = self.style
        style.ascender = 0.8 * fontSize
        style.descender = -0.2 * fontSize
        self.style = style
    }
}
