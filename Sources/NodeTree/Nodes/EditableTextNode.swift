import LayoutCore
import TextEngine

// Texture's ASEditableTextNode as the seeds' sign-up form uses it: a text field with text and a placeholder.
// Its size is, in order of precedence: the style size (as for any node — the framework intersects it with
// the range), a fixed size set on the node, or the text (or the placeholder while the text is empty)
// measured by TextEngine in DejaVu Sans at `fontSize`, with at least one line's height, since an empty field
// still shows a line.

open class EditableTextNode: DisplayNode, @unchecked Sendable {
    struct FieldState {
        var text = ""
        var placeholder = ""
        var fontSize: Double = 17
        var fixedSize: Size?
        var isSecureTextEntry = false
        var maximumLinesToDisplay = 0
        /// What is measured (the text, or the placeholder while the text is empty) and one line's height in
        /// the field's font, rebuilt when a measured field changes — not on every measurement.
        var shown = AttributedText("")
        var lineHeight = 0.0
        var revision: UInt64 = 0
    }

    let fieldState = Locked(FieldState())

    public override init() {
        super.init()
        updateMeasuredField { _ in }  // the empty field's line height
    }

    public convenience init(placeholder: String, fontSize: Double = 17) {
        self.init()
        self.placeholder = placeholder
        self.fontSize = fontSize
    }

    public var text: String {
        get { fieldState.withLock { $0.text } }
        set { updateMeasuredField { $0.text = newValue } }
    }

    public var placeholder: String {
        get { fieldState.withLock { $0.placeholder } }
        set { updateMeasuredField { $0.placeholder = newValue } }
    }

    public var fontSize: Double {
        get { fieldState.withLock { $0.fontSize } }
        set { updateMeasuredField { $0.fontSize = newValue } }
    }

    /// A fixed measured size (clamped into the range like any leaf size); nil measures the text.
    public var fixedSize: Size? {
        get { fieldState.withLock { $0.fixedSize } }
        set { updateMeasuredField { $0.fixedSize = newValue } }
    }

    public var isSecureTextEntry: Bool {
        get { fieldState.withLock { $0.isSecureTextEntry } }
        set { fieldState.withLock { $0.isSecureTextEntry = newValue } }
    }

    /// 0 = as many lines as the text needs.
    public var maximumLinesToDisplay: Int {
        get { fieldState.withLock { $0.maximumLinesToDisplay } }
        set { updateMeasuredField { $0.maximumLinesToDisplay = newValue } }
    }

    private func updateMeasuredField(_ update: (inout FieldState) -> Void) {
        fieldState.withLock {
            update(&$0)
            $0.revision &+= 1
        }
        // Build the measured text outside the lock (it resolves a font, possibly loading it), then publish it
        // only if no other write came in between; otherwise go round again with the newer state.
        while true {
            let snapshot = fieldState.withLock { $0 }
            let attributes = TextAttributes(size: snapshot.fontSize)
            let shown = AttributedText(snapshot.text.isEmpty ? snapshot.placeholder : snapshot.text,
                                       attributes: attributes)
            let lineHeight = FontRegistry.shared.resolveFace(for: attributes).lineHeight(pointSize: attributes.size)
            let published = fieldState.withLock { s -> Bool in
                guard s.revision == snapshot.revision else { return false }
                s.shown = shown
                s.lineHeight = lineHeight
                return true
            }
            if published { break }
        }
        setNeedsLayout()
    }

    /// Overrides only `calculateSizeThatFits` among the measuring methods: measured by the leaf path
    /// directly (LayoutMethodOverrides.swift; a subclass is not, unless it declares for itself).
    open override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: EditableTextNode.self, [.calculateSizeThatFits])
    }

    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let s = fieldState.withLock { $0 }
        if let fixed = s.fixedSize { return fixed }
        var size = TextMeasurer.shared.measuredSize(s.shown, maxWidth: constrainedSize.width,
                                                    maximumNumberOfLines: s.maximumLinesToDisplay)
        size.height = Swift.max(size.height, ceilPx(s.lineHeight))
        return size
    }
}
