import LayoutCore

// Greedy line breaking over UTF-8 bytes, one pass, no allocation except the result's line array (none for a
// size-only measurement, TextMeasurer+Size.swift).
//
// The driver (`layout`) reads like the steps TextKit performs for Texture's text node with
// NSLineBreakByWordWrapping and tail truncation:
//   1. walk the text by Unicode scalars, switching run (font, size) at run boundaries;
//   2. spaces hang: they never push a line over the width and never count toward it;
//   3. break opportunities are after a run of spaces and after a hyphen; when a glyph would overflow the
//      line, the line ends at the last break opportunity and the unfinished word moves down;
//   4. a word longer than a whole line is broken between characters (never inside a grapheme cluster);
//   5. "\n" (and U+2028/U+2029) ends a line; a text ending in "\n" has an empty last line (TextKit's extra
//      line fragment);
//   6. when the line about to end is the last one allowed (maximumNumberOfLines) and text remains, it is
//      rebuilt by LineBreaker+Truncation: filled character by character and ended with the token.

/// A line fits when its width ≤ maxWidth + fitTolerance. The tolerance makes a text measured once fit again
/// at its own measured (pixel-ceiled) width: ceilPx may round down by up to FLT_EPSILON, and summing the same
/// advances in another order may differ in the last bits.
let fitTolerance = 0.001

/// Height and descender of a line: the max / min over the runs that touch it.
struct LineMetrics {
    var height = 0.0
    var descender = 0.0

    @inline(__always)
    mutating func merge(_ run: RunMetrics) {
        if run.lineHeight > height { height = run.lineHeight }
        if run.descender < descender { descender = run.descender }
    }

    @inline(__always)
    mutating func merge(_ other: LineMetrics) {
        if other.height > height { height = other.height }
        if other.descender < descender { descender = other.descender }
    }
}

/// Lines go to a caller-provided scratch buffer (stack memory) and spill to an array only past its capacity,
/// so the finished array is the one allocation of a typical measurement.
struct LineSink {
    let scratch: UnsafeMutableBufferPointer<TextLine>
    var count = 0
    var spill: [TextLine] = []

    @inline(__always)
    mutating func append(_ line: TextLine) {
        if count < scratch.count && spill.isEmpty {
            scratch.baseAddress.unsafelyUnwrapped.advanced(by: count).initialize(to: line)
        } else {
            if spill.isEmpty {
                spill.reserveCapacity(count * 2)
                spill.append(contentsOf: scratch[0..<count])
            }
            spill.append(line)
        }
        count += 1
    }

    func makeArray() -> [TextLine] {
        spill.isEmpty ? Array(scratch[0..<count]) : spill
    }
}

struct LineBreaker {
    // MARK: Input
    let bytes: UnsafeBufferPointer<UInt8>
    let runs: UnsafeBufferPointer<TextRun>
    let token: UnsafeBufferPointer<UInt8>
    /// maxWidth + fitTolerance (+∞ when unconstrained).
    let limit: Double
    /// maximumNumberOfLines, with 0 (unlimited) mapped to Int.max.
    let lineLimit: Int

    // MARK: Output
    var sink: LineSink
    /// Top of the next line = Σ heights of the lines so far.
    var y = 0.0
    var widest = 0.0
    var ascender = 0.0
    var descender = 0.0
    var isTruncated = false

    init(bytes: UnsafeBufferPointer<UInt8>, runs: UnsafeBufferPointer<TextRun>, token: UnsafeBufferPointer<UInt8>,
         maxWidth: Double, maximumNumberOfLines: Int, sink: LineSink)
    {
        self.bytes = bytes
        self.runs = runs
        self.token = token
        self.limit = maxWidth + fitTolerance
        self.lineLimit = maximumNumberOfLines > 0 ? maximumNumberOfLines : Int.max
        self.sink = sink
    }

    // MARK: Driver

    /// Lays out the whole text into `sink`.
    mutating func layout() {
        let count = bytes.count
        guard count > 0, runs.count > 0 else { return }
        let limit = self.limit

        // Current run (step 1), with the fast path's table.
        var runIndex = 0
        var runEnd = runs[0].range.upperBound
        var run = runs[0].metrics
        var spaceAdvance = run.face.spaceAdvance
        var fastPath = !run.kerning

        // Current line: [lineStart, wordStart) is committed (its content width without the trailing spaces in
        // `committedWidth`, those spaces in `spacesWidth`; `base` is their sum), [wordStart, pos) is the
        // unfinished word.
        var lineStart = 0
        var wordStart = 0
        var committedWidth = 0.0
        var spacesWidth = 0.0
        var base = 0.0
        var wordWidth = 0.0
        var committedMetrics = LineMetrics()
        var wordMetrics = LineMetrics()
        /// The run last merged into `wordMetrics` (−1: none since the word started).
        var wordRun = -1
        /// A break opportunity with visible content before it exists on this line (wrapping there leaves a
        /// non-empty line).
        var canWrap = false
        var previousGlyph: UInt16 = 0
        var cluster = ClusterState()
        var endsWithNewline = false

        var pos = 0
        while pos < count {
            // Step 1: run switch.
            if pos >= runEnd {
                while pos >= runEnd && runIndex + 1 < runs.count {
                    runIndex += 1
                    runEnd = runs[runIndex].range.upperBound
                }
                run = runs[runIndex].metrics
                spaceAdvance = run.face.spaceAdvance
                fastPath = !run.kerning
                previousGlyph = 0  // no kerning across runs
            }

            // Fast path: a stretch of ordinary ASCII glyphs the font has, in one run without kerning, that fits
            // the line — most of any Latin text. A tight loop that only adds to the word; the character that
            // ends the stretch (space, hyphen, non-ASCII, overflow, run end) goes through the general steps.
            if fastPath {
                let stop = runEnd < count ? runEnd : count
                let scale = run.scale
                let asciiAdvances = run.face.asciiAdvances
                var p = pos
                var w = wordWidth
                while p < stop {
                    let byte = bytes[p]
                    if byte >= 0x80 { break }
                    let units = asciiAdvances[Int(byte)]
                    if units == FontFace.notOrdinaryASCII { break }
                    let width = Double(units) * scale
                    if base + w + width > limit && width > 0 { break }
                    w += width
                    p += 1
                }
                if p > pos {
                    wordWidth = w
                    if wordRun != runIndex {
                        wordMetrics.merge(run)
                        wordRun = runIndex
                    }
                    cluster = ClusterState()
                    pos = p
                    continue
                }
            }

            // Fast path for U+0020 in a run without kerning: step 2 below, without decoding or classifying.
            if fastPath && bytes[pos] == 0x20 {
                if pos > wordStart {
                    committedWidth = base + wordWidth
                    spacesWidth = 0
                    wordWidth = 0
                    committedMetrics.merge(wordMetrics)
                    wordMetrics = LineMetrics()
                    wordRun = -1
                    canWrap = true
                }
                spacesWidth += Double(spaceAdvance) * run.scale
                base = committedWidth + spacesWidth
                committedMetrics.merge(run)
                cluster = ClusterState()
                pos += 1
                wordStart = pos
                continue
            }

            let (scalar, length) = decodeScalar(at: pos)
            let kind = ScalarClass.kind(scalar)

            // Step 5: mandatory break.
            if kind == .newline {
                var metrics = committedMetrics
                metrics.merge(wordMetrics)
                if pos == lineStart { metrics.merge(run) }
                let width = pos > wordStart ? base + wordWidth : committedWidth
                let next = pos + length
                guard closeLine(start: lineStart, end: pos, width: width, metrics: metrics,
                                moreTextFollows: next < count)
                else { return }
                lineStart = next
                wordStart = next
                committedWidth = 0
                spacesWidth = 0
                base = 0
                wordWidth = 0
                committedMetrics = LineMetrics()
                wordMetrics = LineMetrics()
                wordRun = -1
                canWrap = false
                previousGlyph = 0
                cluster = ClusterState()
                endsWithNewline = next >= count
                pos = next
                continue
            }

            let (glyph, units) = run.face.advanceUnits(scalar, kind: kind, cluster: cluster)
            var kern = 0.0
            if run.kerning && previousGlyph != 0 && glyph != 0 {
                kern = Double(run.face.kerning(previousGlyph, glyph)) * run.scale
            }
            let advance = Double(units) * run.scale
            previousGlyph = glyph

            // Step 2: spaces hang and mark a break opportunity after them.
            if kind == .space {
                if pos > wordStart {
                    committedWidth = base + wordWidth
                    spacesWidth = 0
                    wordWidth = 0
                    committedMetrics.merge(wordMetrics)
                    wordMetrics = LineMetrics()
                    wordRun = -1
                    canWrap = true
                }
                spacesWidth += advance + kern
                base = committedWidth + spacesWidth
                committedMetrics.merge(run)
                wordStart = pos + length
                cluster.advance(past: scalar)
                pos += length
                continue
            }

            var width = advance + kern
            if width > 0 && base + wordWidth + width > limit {
                // Step 3: wrap at the last break opportunity; the unfinished word moves to the next line.
                if canWrap {
                    guard closeLine(start: lineStart, end: wordStart, width: committedWidth,
                                    metrics: committedMetrics, moreTextFollows: true)
                    else { return }
                    lineStart = wordStart
                    committedWidth = 0
                    spacesWidth = 0
                    base = 0
                    committedMetrics = LineMetrics()
                    canWrap = false
                }
                // Step 4: a word longer than the line breaks between characters (not inside a cluster).
                if pos > lineStart && base + wordWidth + width > limit && cluster.canBreak(before: scalar) {
                    var metrics = committedMetrics
                    metrics.merge(wordMetrics)
                    guard closeLine(start: lineStart, end: pos, width: base + wordWidth, metrics: metrics,
                                    moreTextFollows: true)
                    else { return }
                    lineStart = pos
                    wordStart = pos
                    committedWidth = 0
                    spacesWidth = 0
                    base = 0
                    wordWidth = 0
                    committedMetrics = LineMetrics()
                    wordMetrics = LineMetrics()
                    wordRun = -1
                    width = advance  // the kerning pair is split by the break
                }
            }
            wordWidth += width
            if wordRun != runIndex {
                wordMetrics.merge(run)
                wordRun = runIndex
            }
            cluster.advance(past: scalar)
            pos += length

            // Step 3 (hyphen): part of the word, with a break opportunity after it.
            if kind == .hyphen {
                committedWidth = base + wordWidth
                spacesWidth = 0
                base = committedWidth
                wordWidth = 0
                committedMetrics.merge(wordMetrics)
                wordMetrics = LineMetrics()
                wordRun = -1
                canWrap = true
                wordStart = pos
            }
        }

        // Last line of the text (step 5: an empty one after a final "\n").
        if count > lineStart {
            var metrics = committedMetrics
            metrics.merge(wordMetrics)
            let width = count > wordStart ? base + wordWidth : committedWidth
            _ = closeLine(start: lineStart, end: count, width: width, metrics: metrics, moreTextFollows: false)
        } else if endsWithNewline {
            var metrics = LineMetrics()
            metrics.merge(runs[runs.count - 1].metrics)
            _ = closeLine(start: count, end: count, width: 0, metrics: metrics, moreTextFollows: false)
        }
    }

    // MARK: Steps

    /// Ends the line [start, end). Returns false when layout must stop: the line limit is reached (step 6
    /// replaces this line by its truncated form when text follows).
    @inline(__always)
    mutating func closeLine(start: Int, end: Int, width: Double, metrics: LineMetrics,
                            moreTextFollows: Bool) -> Bool
    {
        if sink.count >= lineLimit { return false }
        if moreTextFollows && sink.count == lineLimit - 1 {
            appendTruncatedLine(from: start)
            return false
        }
        append(TextLine(range: start..<end, width: width, height: metrics.height,
                        baseline: y + metrics.height + metrics.descender, isTruncated: false),
               descender: metrics.descender)
        return true
    }

    @inline(__always)
    mutating func append(_ line: TextLine, descender lineDescender: Double) {
        if sink.count == 0 { ascender = line.baseline }
        descender = lineDescender
        if line.width > widest { widest = line.width }
        y += line.height
        sink.append(line)
    }

    /// Decodes the scalar starting at `pos` of the text.
    @inline(__always)
    func decodeScalar(at pos: Int) -> (UInt32, Int) {
        LineBreaker.decodeScalar(bytes, at: pos)
    }

    /// Decodes the scalar starting at `pos` (the bytes are valid UTF-8: they come from a Swift String).
    @inline(__always)
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int) -> (UInt32, Int) {
        let b0 = UInt32(bytes[pos])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 {
            return ((b0 & 0x1F) << 6 | UInt32(bytes[pos + 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[pos + 1] & 0x3F) << 6 | UInt32(bytes[pos + 2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(bytes[pos + 1] & 0x3F) << 12 | UInt32(bytes[pos + 2] & 0x3F) << 6
                    | UInt32(bytes[pos + 3] & 0x3F), 4)
    }

    /// The finished result: sizes ceiled to the pixel grid.
    func makeResult(scale: Double) -> TextLayoutResult {
        makeResult(scale: scale, lines: sink.makeArray())
    }

    /// The result with `lines` in place of the sink's (a size-only measurement passes none).
    @inline(__always)
    func makeResult(scale: Double, lines: [TextLine]) -> TextLayoutResult {
        TextLayoutResult(size: Size(width: ceilPx(widest, scale: scale), height: ceilPx(y, scale: scale)),
                         lines: lines, ascender: ascender, descender: descender, isTruncated: isTruncated)
    }
}
