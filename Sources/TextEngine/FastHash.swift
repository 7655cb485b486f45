// A cheap 64-bit hash for cache keys.
//
// Swift's Hasher (SipHash-1-3) mixes byte-wise through a keyed permutation, which would cost a warm cache hit
// more than the rest of the lookup. This hash reads eight bytes per step (multiply–xorshift, then the splitmix64
// finaliser). It is not collision-resistant against an adversary — the cache compares the full key on every
// hit, so a collision costs a probe, never a wrong result.

enum FastHash {
    static let seed: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always)
    static func combine(_ h: UInt64, _ value: UInt64) -> UInt64 {
        let x = (h ^ value) &* 0x9E37_79B9_7F4A_7C15
        return x ^ (x >> 29)
    }

    /// splitmix64's finaliser: spreads every input bit over the whole word (the cache takes its shard from
    /// the top bits and its slot from the low bits).
    @inline(__always)
    static func finalize(_ h: UInt64) -> UInt64 {
        var z = h
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func hash(bytes: UnsafeRawBufferPointer, seed: UInt64 = FastHash.seed) -> UInt64 {
        var h = combine(seed, UInt64(bytes.count))
        let count = bytes.count
        var i = 0
        while i &+ 8 <= count {
            h = combine(h, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        if i < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < count {
                tail |= UInt64(bytes[i]) << shift
                shift &+= 8
                i &+= 1
            }
            h = combine(h, tail)
        }
        return finalize(h)
    }

    /// Hash of a string's UTF-8 bytes, without copying when the string is contiguous (always the case for
    /// native and small strings).
    @inline(__always)
    static func hash(_ string: String) -> UInt64 {
        if let h = string.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) {
            return h
        }
        return Array(string.utf8).withUnsafeBytes { hash(bytes: $0) }
    }
}
