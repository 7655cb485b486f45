// Byte-level mutations of a serialized input: what a torn write, a bad disk or a hand edit in the wrong
// encoding leaves — truncation, flipped bits, stray and invalid UTF-8 bytes, ranges lost or doubled.

extension FuzzMutator {
    public enum ByteKind: String, CaseIterable, Sendable {
        case truncate, flipBits, overwriteByte, insertRandomBytes, insertRun, deleteRange, duplicateRange,
             byteOrderMark, trailingGarbage
    }

    /// Applies one byte mutation of a kind drawn uniformly.
    public mutating func mutate(bytes: inout [UInt8]) {
        apply(ByteKind.allCases[random.below(ByteKind.allCases.count)], to: &bytes)
    }

    public mutating func apply(_ kind: ByteKind, to bytes: inout [UInt8]) {
        if bytes.isEmpty && kind != .byteOrderMark && kind != .trailingGarbage && kind != .insertRun {
            bytes = [FuzzValues.bytes[random.below(FuzzValues.bytes.count)]]
            note("a single byte 0x\(String(bytes[0], radix: 16)) instead of nothing")
            return
        }
        switch kind {
        case .truncate:
            let keep = random.below(bytes.count)
            note("truncate to \(keep) of \(bytes.count) bytes")
            bytes.removeSubrange(keep...)
        case .flipBits:
            let flips = 1 + random.below(8)
            var offsets: [Int] = []
            for _ in 0..<flips {
                let offset = random.below(bytes.count)
                bytes[offset] ^= UInt8(1) << UInt8(random.below(8))
                offsets.append(offset)
            }
            note("flip bits at \(offsets.map(String.init).joined(separator: ","))")
        case .overwriteByte:
            let offset = random.below(bytes.count)
            let byte = FuzzValues.bytes[random.below(FuzzValues.bytes.count)]
            bytes[offset] = byte
            note("byte 0x\(String(byte, radix: 16)) at \(offset)")
        case .insertRandomBytes:
            let offset = random.below(bytes.count + 1)
            let count = 1 + random.below(16)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: offset)
            note("\(count) random bytes at \(offset)")
        case .insertRun:
            let offset = random.below(bytes.count + 1)
            let run = FuzzValues.byteRuns[random.below(FuzzValues.byteRuns.count)]
            bytes.insert(contentsOf: run, at: offset)
            note("bytes \(run.map { String($0, radix: 16) }.joined(separator: " ")) at \(offset)")
        case .deleteRange:
            let start = random.below(bytes.count)
            let end = min(bytes.count, start + 1 + random.below(64))
            bytes.removeSubrange(start..<end)
            note("delete bytes \(start)..<\(end)")
        case .duplicateRange:
            let start = random.below(bytes.count)
            let end = min(bytes.count, start + 1 + random.below(256))
            let offset = random.below(bytes.count + 1)
            bytes.insert(contentsOf: Array(bytes[start..<end]), at: offset)
            note("copy bytes \(start)..<\(end) to \(offset)")
        case .byteOrderMark:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
            note("byte order mark in front")
        case .trailingGarbage:
            let tails: [[UInt8]] = [Array("x".utf8), Array("{}".utf8), Array(",".utf8), [0], Array("\n\n".utf8),
                                    Array("]".utf8), Array("null".utf8)]
            let tail = tails[random.below(tails.count)]
            bytes.append(contentsOf: tail)
            note("\(tail.count) trailing byte(s)")
        }
    }
}

extension FuzzMutator {
    mutating func note(_ line: String) {
        log.append(line)
    }
}
