// The measurement cache shared by all threads.
//
// Key: (text, maxWidth, maxHeight, maximumNumberOfLines, truncation token, pixel scale). Every part is an
// immutable value built by the caller's thread before the cache is touched — Texture #552 was a TSan report
// on a key computed from an attributed string that was still mutable; an AttributedText cannot change.
// Its hash is FastHash over the text's precomputed content hash and the other fields: a few multiplies, so a
// hit costs one lock and one dictionary probe.
//
// Bound: `capacity` entries, split over 8 shards (one pthread mutex each, so 8 threads rarely wait on the same
// lock). Each shard keeps two generations of at most capacity/16 entries: lookups search the current one,
// then the previous one (a hit there is promoted into the current one); when the current generation is full,
// it becomes the previous one and the old previous generation is dropped whole. That is LRU-ish — an entry
// used at least once per generation survives forever, an unused one is gone after two — with O(1) work,
// no per-entry list and no per-hit write except the counters.

struct TextLayoutKey: Hashable, @unchecked Sendable {
    let text: AttributedText
    let maxWidth: Double
    let maxHeight: Double
    let maximumNumberOfLines: Int
    let truncationToken: String
    let scale: Double
    let hash: UInt64

    init(text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
         truncationToken: String, scale: Double)
    {
        self.text = text
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncationToken = truncationToken
        self.scale = scale
        var h = text.contentHash
        h = FastHash.combine(h, maxWidth.bitPattern)
        h = FastHash.combine(h, maxHeight.bitPattern)
        h = FastHash.combine(h, UInt64(bitPattern: Int64(maximumNumberOfLines)))
        h = FastHash.combine(h, scale.bitPattern)
        h = FastHash.combine(h, FastHash.hash(truncationToken))
        hash = FastHash.finalize(h)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (a: TextLayoutKey, b: TextLayoutKey) -> Bool {
        a.hash == b.hash && a.maxWidth.bitPattern == b.maxWidth.bitPattern
            && a.maxHeight.bitPattern == b.maxHeight.bitPattern
            && a.maximumNumberOfLines == b.maximumNumberOfLines && a.scale.bitPattern == b.scale.bitPattern
            && a.truncationToken == b.truncationToken && a.text == b.text
    }
}

public final class TextLayoutCache: @unchecked Sendable {
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        public var hits: Int
        public var misses: Int
        /// Entries dropped by generation turnover.
        public var evictions: Int
        /// Entries held now.
        public var count: Int

        public var description: String { "hits \(hits), misses \(misses), evictions \(evictions), entries \(count)" }
    }

    private struct Shard {
        var current: [TextLayoutKey: TextLayoutResult] = [:]
        var previous: [TextLayoutKey: TextLayoutResult] = [:]
        var hits = 0
        var misses = 0
        var evictions = 0

        /// Stores into the current generation, turning generations over when it is full.
        mutating func store(_ key: TextLayoutKey, _ value: TextLayoutResult, generationLimit: Int) {
            if current.count >= generationLimit && current[key] == nil {
                evictions += previous.count
                previous = current
                current = [:]
                current.reserveCapacity(generationLimit)
            }
            current[key] = value
        }
    }

    public static let shardCount = 8

    /// The cache TextMeasurer.shared uses: 4,096 entries (a few hundred bytes each for a caption).
    public static let shared = TextLayoutCache(capacity: 4096)

    public let capacity: Int
    private let generationLimit: Int
    private let shards: [Locked<Shard>]

    /// `capacity` is rounded up to a multiple of 16 (8 shards × 2 generations).
    public init(capacity: Int) {
        let perGeneration = max(1, (capacity + 15) / 16)
        self.generationLimit = perGeneration
        self.capacity = perGeneration * 16
        self.shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
    }

    @inline(__always)
    private func shard(for key: TextLayoutKey) -> Locked<Shard> {
        shards[Int(truncatingIfNeeded: key.hash >> 61)]  // top 3 bits: Dictionary's buckets use the low ones
    }

    /// The cached result for `key`, counting a hit or a miss.
    func lookup(_ key: TextLayoutKey) -> TextLayoutResult? {
        let limit = generationLimit
        return shard(for: key).withLock { s in
            if let hit = s.current[key] {
                s.hits += 1
                return hit
            }
            if let old = s.previous.removeValue(forKey: key) {
                s.hits += 1
                s.store(key, old, generationLimit: limit)
                return old
            }
            s.misses += 1
            return nil
        }
    }

    func insert(_ key: TextLayoutKey, _ result: TextLayoutResult) {
        let limit = generationLimit
        shard(for: key).withLock { $0.store(key, result, generationLimit: limit) }
    }

    /// Hits, misses, evictions and entries summed over the shards (each shard read under its lock).
    public var statistics: Statistics {
        var total = Statistics(hits: 0, misses: 0, evictions: 0, count: 0)
        for shard in shards {
            shard.withLock { s in
                total.hits += s.hits
                total.misses += s.misses
                total.evictions += s.evictions
                total.count += s.current.count + s.previous.count
            }
        }
        return total
    }

    /// Drops every entry; the counters are kept unless `resetStatistics`.
    public func removeAll(resetStatistics: Bool = false) {
        for shard in shards {
            shard.withLock { s in
                s.current = [:]
                s.previous = [:]
                if resetStatistics {
                    s.hits = 0
                    s.misses = 0
                    s.evictions = 0
                }
            }
        }
    }
}
