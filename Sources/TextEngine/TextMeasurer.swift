import LayoutCore

// The one entry point a TextNode calls: measure an attributed text under a size constraint.
//
// How the module fits together (files in reading order):
//   TextAttributes, AttributedText   — the immutable input; fonts are resolved when a text is built
//   FontRegistry                     — family/path → FontFace, loaded once per file, thread-safe
//   FontFace(+Loading, +Fallback)    — FreeType read once into immutable tables; the missing-glyph rule
//   ScalarClass                      — spaces, hyphens, breaks, ignorables, grapheme-cluster rules
//   LineBreaker(+Truncation)         — the layout algorithm, its steps named as in TextKit's behaviour
//   TextLayoutCache                  — the shared, sharded, bounded cache with hit/miss counters
//   TextLayoutResult                 — size, lines, ascender/descender, truncation; the vertical model
//
//   let text = AttributedText("Hello", attributes: TextAttributes(size: 20))
//   let result = TextMeasurer.shared.measure(text, constrainedTo: range, maximumNumberOfLines: 2)
//   node.size = range.clamp(result.size); style.ascender = result.ascender; style.descender = result.descender

/// Measures attributed text, through a shared cache unless built without one.
///
/// Thread-safe: any number of threads may measure at once with one measurer (the fonts are immutable tables,
/// the cache is locked per shard, each measurement's working state lives on its own stack).
public struct TextMeasurer: Sendable {
    /// Which cache measurements go through: nil names the process-wide cache, a disabled cache stands for
    /// none, anything else is the measurer's own. The shared cache is named, not referenced: a measurer is
    /// copied into every text node, and a reference would make every node creation, on every thread, retain
    /// the one shared cache object — an atomic write to one cache line that all creating threads share. One
    /// reference wide, so that a text node's object keeps its size.
    let storedCache: TextLayoutCache?

    /// What an uncached measurer holds.
    private static let noCache = TextLayoutCache(capacity: 1, isDisabled: true)

    /// The cache measurements go through; nil: every call lays the text out afresh.
    public var cache: TextLayoutCache? {
        guard let storedCache else { return TextLayoutCache.shared }
        return storedCache.isDisabled ? nil : storedCache
    }

    public init(cache: TextLayoutCache? = .shared) {
        storedCache = cache === TextLayoutCache.shared ? nil : (cache ?? Self.noCache)
    }

    var hasCache: Bool { !(storedCache?.isDisabled ?? false) }

    /// Runs `body` with the cache, without retaining it (the shared one is a global; an own one is held by
    /// this measurer for the call: optional chaining on the stored reference borrows it, where binding it to
    /// a name would copy it); nil without a cache.
    @inline(__always)
    func withCache<R>(_ body: (TextLayoutCache) -> R) -> R? {
        if storedCache == nil { return body(TextLayoutCache.shared) }
        return storedCache?.applyingUnlessDisabled(body) ?? nil
    }

    /// Measures through `TextLayoutCache.shared`.
    public static let shared = TextMeasurer()
    /// Measures without any cache (benchmarks, tests).
    public static let uncached = TextMeasurer(cache: nil)

    /// The default truncation token: U+2026 HORIZONTAL ELLIPSIS.
    public static let defaultTruncationToken = "\u{2026}"

    /// Texture's text-node measurement: lays `text` out within `range.max` (width: line breaking; height: lines
    /// that would end below it are cut, keeping at least one) with at most `maximumNumberOfLines` lines
    /// (0 = unlimited), the last line ending in `truncationToken` when text was cut. `range.min` is not applied:
    /// the caller clamps `size` into its range, as Texture's text node does.
    /// `scale` is the pixel grid `size` is ceiled to (PixelGrid.scale unless given; part of the cache key).
    public func measure(_ text: AttributedText, constrainedTo range: SizeRange, maximumNumberOfLines: Int = 0,
                        truncationToken: String = TextMeasurer.defaultTruncationToken,
                        scale: Double = PixelGrid.scale) -> TextLayoutResult
    {
        measure(text, maxWidth: range.max.width, maxHeight: range.max.height,
                maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken, scale: scale)
    }

    /// Same with the limits given directly; `maxWidth`/`maxHeight` of +∞ (or NaN) mean unconstrained.
    public func measure(_ text: AttributedText, maxWidth: Double, maxHeight: Double = .infinity,
                        maximumNumberOfLines: Int = 0,
                        truncationToken: String = TextMeasurer.defaultTruncationToken,
                        scale: Double = PixelGrid.scale) -> TextLayoutResult
    {
        guard !text.isEmpty else { return .empty }
        // Step 1: normalise the constraint (NaN → unconstrained, negative → 0) so equal requests share a key.
        let width = maxWidth.isNaN ? .infinity : max(0, maxWidth)
        let height = maxHeight.isNaN ? .infinity : max(0, maxHeight)
        let lines = max(0, maximumNumberOfLines)
        let scale = scale.isFinite && scale > 0 ? scale : PixelGrid.scale
        guard hasCache else {
            return Self.layout(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                               truncationToken: truncationToken, scale: scale)
        }
        // Step 2: the key's hash, from immutable values only, before the cache is touched. A hit compares the
        // request's parts in place; the owned key is built only to publish a miss. (The cache is reached
        // through `withCache` rather than an unwrapped copy: that copy would cost a retain/release pair, two
        // atomic operations, on every hit.)
        let hash = TextLayoutKey.hash(text: text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                      truncationToken: truncationToken, scale: scale)
        switch withCache({ $0.lookup(hash: hash, text: text, maxWidth: width, maxHeight: height,
                                     maximumNumberOfLines: lines, truncationToken: truncationToken, scale: scale) }) {
        case .hit(let result):
            return result
        case .hitWithoutLines:
            // Stored by a size-only measurement: lay out again for the lines and let the entry keep them.
            let result = Self.layout(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                     truncationToken: truncationToken, scale: scale)
            publish(result, hash: hash, text: text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                    truncationToken: truncationToken, scale: scale)
            return result
        case .miss, nil:
            break
        }
        // Step 3: lay out without any lock held, then publish.
        let result = Self.layout(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                 truncationToken: truncationToken, scale: scale)
        publish(result, hash: hash, text: text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                truncationToken: truncationToken, scale: scale)
        return result
    }

    /// Stores a laid-out request in the cache (`hasLines`: the result carries its lines).
    func publish(_ result: TextLayoutResult, hasLines: Bool = true, hash: UInt64, text: AttributedText,
                 maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int, truncationToken: String,
                 scale: Double)
    {
        withCache {
            $0.insert(hash: hash, key: TextLayoutKey(text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                                     maximumNumberOfLines: maximumNumberOfLines,
                                                     truncationToken: truncationToken, scale: scale),
                      result: result, hasLines: hasLines)
        }
    }

    /// Uncached layout: line breaking, then the height limit.
    static func layout(_ text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
                       truncationToken: String, scale: Double) -> TextLayoutResult
    {
        let result = breakLines(text, maxWidth: maxWidth, maximumNumberOfLines: maximumNumberOfLines,
                                truncationToken: truncationToken, scale: scale)
        // Height limit (rare: cells have an unbounded height): keep the lines that end within maxHeight, at least
        // one, and lay out again with that many lines so the last kept one is truncated properly.
        guard maxHeight.isFinite, result.lines.count > 1, result.usedHeight > maxHeight + fitTolerance else {
            return result
        }
        var fitting = 0
        var bottom = 0.0
        for line in result.lines {
            bottom += line.height
            if bottom > maxHeight + fitTolerance { break }
            fitting += 1
        }
        return breakLines(text, maxWidth: maxWidth, maximumNumberOfLines: max(1, fitting),
                          truncationToken: truncationToken, scale: scale)
    }

    /// One line-breaking pass over the text's bytes in place.
    static func breakLines(_ text: AttributedText, maxWidth: Double, maximumNumberOfLines: Int,
                           truncationToken: String, scale: Double) -> TextLayoutResult
    {
        withLinesBroken(text, maxWidth: maxWidth, maximumNumberOfLines: maximumNumberOfLines,
                        truncationToken: truncationToken) { $0.makeResult(scale: scale) }
    }

    /// Runs the line breaker over `text` (its lines in a stack scratch, spilling to an array only past it)
    /// and hands it to `body` to read the outcome from.
    @inline(__always)
    static func withLinesBroken<R>(_ text: AttributedText, maxWidth: Double, maximumNumberOfLines: Int,
                                   truncationToken: String, _ body: (borrowing LineBreaker) -> R) -> R
    {
        withUTF8(text.string) { bytes in
            withUTF8(truncationToken) { token in
                text.runs.withUnsafeBufferPointer { runs in
                    withUnsafeTemporaryAllocation(of: TextLine.self, capacity: 16) { scratch in
                        var breaker = LineBreaker(bytes: bytes, runs: runs, token: token, maxWidth: maxWidth,
                                                  maximumNumberOfLines: maximumNumberOfLines,
                                                  sink: LineSink(scratch: scratch))
                        breaker.layout()
                        return body(breaker)
                    }
                }
            }
        }
    }
}

/// The string's UTF-8 bytes in place (native and small strings), or a copy for the rare other kinds.
@inline(__always)
func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let r = string.utf8.withContiguousStorageIfAvailable(body) { return r }
    return Array(string.utf8).withUnsafeBufferPointer(body)
}
