// Step 6 of the line breaker: the last allowed line when text remains (tail truncation).
//
// Like CoreText's end truncation that Texture's text node relies on, the last line is rebuilt from its start
// with everything up to the end of its paragraph, filled character by character (never inside a grapheme
// cluster), not only up to the word break the normal pass chose: the longest prefix whose width (trailing
// spaces dropped) plus the token's width fits the line is kept, and the token follows it. When not even one
// character fits beside the token, the line is the token alone (it may then overflow a very narrow width).
// The token is measured on its own (no kerning against the text) in the attributes of the last character it
// follows — the line's first character when nothing is kept.

extension LineBreaker {
    mutating func appendTruncatedLine(from start: Int) {
        isTruncated = true
        var runIndex = indexOfRun(containing: start)
        var runEnd = runs[runIndex].range.upperBound
        var run = runs[runIndex].metrics

        // Locals, so the helpers below capture no `self` (which this mutating method holds inout).
        let runs = self.runs
        let token = self.token
        let limit = self.limit
        var memoRun = -1
        var memoWidth = 0.0
        func tokenWidth(_ index: Int) -> Double {
            if index != memoRun {
                memoRun = index
                memoWidth = LineBreaker.tokenWidth(token, metrics: runs[index].metrics)
            }
            return memoWidth
        }

        // The empty prefix: the token alone.
        var firstMetrics = LineMetrics()
        firstMetrics.merge(run)
        var best = (end: start, width: tokenWidth(runIndex), metrics: firstMetrics)
        /// Keeps the prefix [start, end) when it fits beside the token.
        func consider(_ end: Int, _ contentWidth: Double, _ contentMetrics: LineMetrics, _ lastRun: Int) {
            let total = contentWidth + tokenWidth(lastRun)
            guard total <= limit else { return }
            var metrics = contentMetrics
            metrics.merge(runs[lastRun].metrics)
            best = (end, total, metrics)
        }

        var pos = start
        var width = 0.0
        var contentWidth = 0.0
        var contentEnd = start
        var contentMetrics = LineMetrics()
        var lastContentRun = runIndex
        var previousGlyph: UInt16 = 0
        var cluster = ClusterState()
        var ranOut = false  // stopped because the kept content alone no longer fits

        let bytes = self.bytes
        while pos < bytes.count {
            while pos >= runEnd && runIndex + 1 < runs.count {
                runIndex += 1
                runEnd = runs[runIndex].range.upperBound
                run = runs[runIndex].metrics
                previousGlyph = 0
            }
            let (scalar, length) = LineBreaker.decodeScalar(bytes, at: pos)
            let kind = ScalarClass.kind(scalar)
            if kind == .newline { break }

            // A cut before this scalar keeps [start, contentEnd).
            if contentEnd > start && cluster.canBreak(before: scalar) {
                if contentWidth > limit {
                    ranOut = true
                    break
                }
                consider(contentEnd, contentWidth, contentMetrics, lastContentRun)
            }

            let (glyph, units) = run.face.advanceUnits(scalar, kind: kind, cluster: cluster)
            width += Double(units) * run.scale
            if run.kerning && previousGlyph != 0 && glyph != 0 {
                width += Double(run.face.kerning(previousGlyph, glyph)) * run.scale
            }
            previousGlyph = glyph
            if kind != .space {
                contentWidth = width
                contentEnd = pos + length
                contentMetrics.merge(run)
                lastContentRun = runIndex
            }
            cluster.advance(past: scalar)
            pos += length
        }
        // The whole paragraph is a candidate too (text after it is what was cut).
        if !ranOut && contentEnd > start && contentWidth <= limit {
            consider(contentEnd, contentWidth, contentMetrics, lastContentRun)
        }

        append(TextLine(range: start..<best.end, width: best.width, height: best.metrics.height,
                        baseline: y + best.metrics.height + best.metrics.descender, isTruncated: true),
               descender: best.metrics.descender)
    }

    /// Index of the run holding byte `offset` (runs are sorted and cover the text).
    func indexOfRun(containing offset: Int) -> Int {
        var lo = 0
        var hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].range.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Width of the truncation token in one run's font (kerning inside the token when the run asks for it).
    static func tokenWidth(_ token: UnsafeBufferPointer<UInt8>, metrics: RunMetrics) -> Double {
        var width = 0.0
        var pos = 0
        var previousGlyph: UInt16 = 0
        var cluster = ClusterState()
        while pos < token.count {
            let (scalar, length) = decodeScalar(token, at: pos)
            let (glyph, units) = metrics.face.advanceUnits(scalar, kind: ScalarClass.kind(scalar), cluster: cluster)
            width += Double(units) * metrics.scale
            if metrics.kerning && previousGlyph != 0 && glyph != 0 {
                width += Double(metrics.face.kerning(previousGlyph, glyph)) * metrics.scale
            }
            previousGlyph = glyph
            cluster.advance(past: scalar)
            pos += length
        }
        return width
    }
}
