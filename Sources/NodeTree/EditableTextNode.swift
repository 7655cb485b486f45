import LayoutCore

// Texture's ASEditableTextNode as the seeds' sign-up form uses it: a text field with text and a placeholder.
// Its size is, in order of precedence: the style size (as for any node — the framework intersects it with
// the range), a fixed size set on the node, or the synthetic text measure of the text (or of the
// placeholder while the text is empty) with at least one line, since an empty field still shows a line.

open class EditableTextNode: DisplayNode, @unchecked Sendable {
    struct FieldState {
        var text = ""
        var placeholder = ""
        var fontSize: Double = 17
        var fixedSize: Size?
        var isSecureTextEntry = false
        var maximumLinesToDisplay = 0
    }

    let fieldState = Locked(FieldState())

    public override init() {
        super.init()
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
        fieldState.withLock { update(&$0) }
        setNeedsLayout()
    }

    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let s = fieldState.withLock { $0 }
        if let fixed = s.fixedSize { return fixed }
        let shown = s.text.isEmpty ? s.placeholder : s.text
        var size = TextNode.syntheticSize(characterCount: shown.count, fontSize: s.fontSize,
                                          maximumNumberOfLines: s.maximumLinesToDisplay,
                                          constrainedWidth: constrainedSize.width)
        size.height = Swift.max(size.height, 1.2 * s.fontSize)
        return size
    }
}
