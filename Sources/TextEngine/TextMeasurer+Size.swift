import LayoutCore

// The size of a measurement without its lines: what a text node's calculateSizeThatFits needs.
//
// Why a path of its own: the whole result (TextLayoutResult) carries its lines in an array, one heap
// block per laid-out text, which the cache then keeps. A size-only measurement breaks the lines into the
// measurement's stack scratch as `measure` does, takes the size, baselines and truncation from them, and
// stores only those (an entry without lines: TextLayoutCache.swift) — so a miss allocates nothing. The
// size is the one `measure` gives for the same request, bit for bit: the same line breaking and rounding,
// and for the rare height-limited request (lines dropped to fit maxHeight) the whole layout itself.

extension TextMeasurer {
    /// `measure(text, maxWidth:maxHeight:maximumNumberOfLines:truncationToken:scale:).size`, through the
    /// same cache, without building the line array.
    public func measuredSize(_ text: AttributedText, maxWidth: Double, maxHeight: Double = .infinity,
                             maximumNumberOfLines: Int = 0,
                             truncationToken: String = TextMeasurer.defaultTruncationToken,
                             scale: Double = PixelGrid.scale) -> Size
    {
        guard !text.isEmpty else { return .zero }
        // The request normalised as `measure` normalises it, so both share the cache's keys.
        let width = maxWidth.isNaN ? .infinity : max(0, maxWidth)
        let height = maxHeight.isNaN ? .infinity : max(0, maxHeight)
        let lines = max(0, maximumNumberOfLines)
        let scale = scale.isFinite && scale > 0 ? scale : PixelGrid.scale
        guard hasCache else {
            return Self.layoutWithoutLines(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                           truncationToken: truncationToken, scale: scale).result.size
        }
        let hash = TextLayoutKey.hash(text: text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                      truncationToken: truncationToken, scale: scale)
        if let size = withCache({ $0.lookupSize(hash: hash, text: text, maxWidth: width, maxHeight: height,
                                                maximumNumberOfLines: lines, truncationToken: truncationToken,
                                                scale: scale) }) ?? nil
        {
            return size
        }
        let laidOut = Self.layoutWithoutLines(text, maxWidth: width, maxHeight: height, maximumNumberOfLines: lines,
                                              truncationToken: truncationToken, scale: scale)
        publish(laidOut.result, hasLines: laidOut.hasLines, hash: hash, text: text, maxWidth: width,
                maxHeight: height, maximumNumberOfLines: lines, truncationToken: truncationToken, scale: scale)
        return laidOut.result.size
    }

    /// `layout`'s result, with empty `lines` unless the height limit applied (`hasLines`: then it is
    /// `layout`'s whole result).
    static func layoutWithoutLines(_ text: AttributedText, maxWidth: Double, maxHeight: Double,
                                   maximumNumberOfLines: Int, truncationToken: String,
                                   scale: Double) -> (result: TextLayoutResult, hasLines: Bool)
    {
        let (result, lineCount, usedHeight) = withLinesBroken(
            text, maxWidth: maxWidth, maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken
        ) { breaker in
            (breaker.makeResult(scale: scale, lines: []), breaker.sink.count, breaker.y)
        }
        // The height limit, as `layout` tests it: when it drops lines, that layout is the answer.
        if maxHeight.isFinite, lineCount > 1, usedHeight > maxHeight + fitTolerance {
            return (layout(text, maxWidth: maxWidth, maxHeight: maxHeight, maximumNumberOfLines: maximumNumberOfLines,
                           truncationToken: truncationToken, scale: scale), true)
        }
        return (result, false)
    }
}
