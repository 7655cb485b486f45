import LayoutCore
import TextEngine

// Texture's ASTextNode, measured by TextEngine with a real font (DejaVu Sans unless the text says otherwise).
//
//   size      = measurer.measure(attributedText, within range.max, maximumNumberOfLines,
//               truncationToken).size — (ceilPx(widest line), ceilPx(Σ line heights)) — clamped into the
//               range by the leaf path (LeafMeasurementPathTests), as Texture clamps its text node's size;
//   ascender  = the first line's baseline, descender = the last line's descender, put into the node's style
//               when the text is set (AttributedText.baselineMetrics), so a stack aligns baselines
//               (BaselineMetricsTests).
//
// Why the style is set with the text and not per measurement: the stack reads a child's style before it
// measures the child, and one node may be measured at several widths at once on several threads — a value
// written by each measurement would be stale for the first and racy for the others. The baseline offsets of a
// text are known from its fonts alone (exactly, whenever its runs share line metrics: see
// AttributedText+Baselines.swift), which is also when Texture sets them.
//
// Measurement runs with no lock held: the text, line limit and token are read under the text lock, then the
// node's measurer — TextMeasurer.shared unless one is given at init — lays the text out through its cache
// (the process-wide TextLayoutCache.shared by default; keyed by text, attributes, width, height, line limit,
// token and pixel scale), so equal texts measured by different nodes — a cell rebuilt for the same model, a
// re-measure after invalidation — are laid out once. A measurer with its own cache lets a benchmark start
// from a cold cache it controls.

open class TextNode: DisplayNode, @unchecked Sendable {
    struct TextState {
        /// nil: the empty text. A node starts without one rather than with a copy of a shared empty text:
        /// that copy, and its release when the first text replaces it, would be two atomic writes by every
        /// text node's creation, on every thread, to the one cache line of the shared text's object.
        var text: AttributedText?
        var maximumNumberOfLines = 0
        var truncationToken = TextMeasurer.defaultTruncationToken
        /// Bumped by every text change; the style's baseline offsets are published for a revision (below).
        var revision: UInt64 = 0
    }

    static let emptyText = AttributedText("")

    let textState = Locked(TextState())

    /// What the node measures its text with: TextMeasurer.shared (the process-wide cache) unless given at
    /// init. Fixed for the node's life, so reading it takes no lock.
    public let measurer: TextMeasurer

    public override init() {
        measurer = .shared
        super.init()
    }

    /// A node that measures with `measurer` (e.g. `TextMeasurer(cache: someCache)`, or `.uncached`).
    public init(measurer: TextMeasurer) {
        self.measurer = measurer
        super.init()
    }

    /// A node showing `attributedText`.
    public convenience init(attributedText: AttributedText) {
        self.init()
        self.attributedText = attributedText
    }

    /// One run of `text` in DejaVu Sans (the registry's default family) at `fontSize` points and `weight`.
    public convenience init(text: String, fontSize: Double = 12, weight: FontWeight = .regular) {
        self.init(attributedText: AttributedText(text, attributes: TextAttributes(size: fontSize, weight: weight)))
    }

    // MARK: - Properties (any thread)

    /// The text (Texture's attributedText). Setting a different text puts its baseline offsets into the style
    /// (ascender of the first line, descender of the last) and invalidates the node's layout (setNeedsLayout),
    /// as Texture's text node does. Setting an equal text does nothing.
    public var attributedText: AttributedText {
        get { textState.withLock { $0.text } ?? TextNode.emptyText }
        set {
            let changed = textState.withLock { s -> Bool in
                guard s.text.map({ $0 != newValue }) ?? !newValue.isEmpty else { return false }
                s.text = newValue.isEmpty ? nil : newValue
                s.revision &+= 1
                return true
            }
            guard changed else { return }
            publishBaselineMetrics()
            setNeedsLayout()
        }
    }

    /// 0 means unlimited (Texture's default). When the text needs more lines, the last one ends with the
    /// truncation token. Setting a different value invalidates the node's layout.
    public var maximumNumberOfLines: Int {
        get { textState.withLock { $0.maximumNumberOfLines } }
        set {
            let value = Swift.max(0, newValue)
            let changed = textState.withLock { s -> Bool in
                guard s.maximumNumberOfLines != value else { return false }
                s.maximumNumberOfLines = value
                return true
            }
            if changed { setNeedsLayout() }
        }
    }

    /// What ends a truncated last line (Texture's truncationAttributedText; "…" by default). It takes the
    /// attributes of the character it follows, as Texture applies the text's attributes to its token. Setting
    /// a different token invalidates the node's layout.
    public var truncationToken: String {
        get { textState.withLock { $0.truncationToken } }
        set {
            let changed = textState.withLock { s -> Bool in
                guard s.truncationToken != newValue else { return false }
                s.truncationToken = newValue
                return true
            }
            if changed { setNeedsLayout() }
        }
    }

    // MARK: - Measurement (any thread, no lock held)

    /// Overrides only `calculateSizeThatFits` among the measuring methods: measured by the leaf path
    /// directly (LayoutMethodOverrides.swift; a subclass is not, unless it declares for itself).
    open override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: TextNode.self, [.calculateSizeThatFits])
    }

    /// Texture's calculateSizeThatFits: for a text node: the measured text size within `constrainedSize`
    /// (width: line breaking; height: lines that would end below it are dropped, keeping one). The leaf path
    /// clamps it into the range. Measured for the size only (TextMeasurer.measuredSize: the lines are not
    /// kept in an array, so a measurement the cache has not seen allocates nothing); the same size as
    /// `textLayout(constrainedTo:).size`.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        guard let (text, lines, token) = measurementInputs() else { return .zero }
        return measurer.measuredSize(text, maxWidth: constrainedSize.width, maxHeight: constrainedSize.height,
                                     maximumNumberOfLines: lines, truncationToken: token)
    }

    /// The text laid out within `maxSize`: lines, baselines, truncation (what Texture's isTruncated and
    /// lineCount read for the node's bounds). Goes through the same measurer (and cache) as measurement, so
    /// asking for the maximum size the node was measured with is a cache hit (the first such request lays
    /// the text out again for its lines, which measurement did not keep; the entry keeps them from then on).
    public func textLayout(constrainedTo maxSize: Size) -> TextLayoutResult {
        guard let (text, lines, token) = measurementInputs() else { return .empty }
        return measurer.measure(text, maxWidth: maxSize.width, maxHeight: maxSize.height,
                                maximumNumberOfLines: lines, truncationToken: token)
    }

    /// The text, line limit and token, read under the text lock; nil for the empty text.
    @inline(__always)
    private func measurementInputs() -> (AttributedText, Int, String)? {
        let inputs = textState.withLock { s in
            s.text.map { ($0, s.maximumNumberOfLines, s.truncationToken) }
        }
        #if LOOM_RACE_FAULTS
        if RaceFaults.isActive(.textReadDuringMeasurement) {
            RaceFaults.injectTextReadOutsideLock(&textState.unsynchronizedAddress().pointee.revision)
        }
        #endif
        return inputs
    }

    // MARK: - Baseline offsets

    /// Writes the baseline offsets of the current text into the style. Two locks, never nested: the text is
    /// read under the text lock, the style written under the node's lock. A writer that raced with another
    /// text change (the revision moved in between) goes round again, so the last style write is always for
    /// the last text; each round is a few loads — no layout, no font access.
    private func publishBaselineMetrics() {
        while true {
            // The metrics are read under the text lock (a few loads from the text's runs) so that the text is
            // not copied out: that copy would be a retain and a release.
            let (metrics, revision) = textState.withLock { ($0.text?.baselineMetrics ?? .empty, $0.revision) }
            state.withLock { $0.setBaselines(ascender: metrics.ascender, descender: metrics.descender) }
            hasWrittenStyle.store(true, ordering: .releasing)
            if textState.withLock({ $0.revision }) == revision { return }
        }
    }
}
