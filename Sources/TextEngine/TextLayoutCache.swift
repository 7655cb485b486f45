import LayoutCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The measurement cache shared by all threads.
//
// Key: (text, maxWidth, maxHeight, maximumNumberOfLines, truncation token, pixel scale). Every part is an
// immutable value the caller's thread holds before the cache is touched — Texture #552 was a TSan report on a
// key computed from an attributed string another thread could still mutate; an AttributedText cannot change.
// The key's hash is FastHash over the text's precomputed content hash and the other fields: a few multiplies.
//
// Layout of the table: 64 shards (one pthread mutex each, picked by the hash's top 6 bits). Every lookup and
// insert writes its shard's lock word and counters, so the shard count is what keeps threads measuring at
// the same time off each other's cache lines and locks: with few shards nearly every text a thread measures
// meets a line the other thread just wrote. A shard holds two generations, each an open-addressing table (linear probing,
// hashes in their own array so a probe reads 8 bytes per slot and never copies a key). A lookup is one lock,
// a probe or two, and a full key comparison that starts with the text's storage identity — no key is built,
// copied or hashed by SipHash, so a hit retains nothing but the result's line array (the mutex and that one
// retain are a hit's only atomic operations).
//
// Bound: `capacity` entries. Each generation holds at most capacity/128 entries (64 shards × 2
// generations); lookups search the current one, then the previous one (a hit there is copied into the
// current one); when the current one is full it becomes the previous one and the old previous one is
// dropped whole (its storage is reused). That is LRU-ish — an entry used at least once per generation
// survives, an unused one is gone after two — with O(1) work, no per-entry list, no deletion inside a
// table, and no per-hit write except the counters.
//
// Entries without lines. A measurement that asks only for the size (TextMeasurer.measuredSize, what a text
// node's calculateSizeThatFits needs) stores its size, baselines and truncation without the line array: the
// lines stay in the measurement's stack scratch, so such a miss allocates nothing (an array per entry would
// be one heap block per measured text). A later request for the whole result finds the entry — a hit — and
// lays the text out again for its lines, which the entry then keeps.

/// The immutable key of one cached layout.
struct TextLayoutKey: Sendable {
    let text: AttributedText
    let maxWidth: Double
    let maxHeight: Double
    let maximumNumberOfLines: Int
    let truncationToken: String
    let scale: Double

    /// FastHash of every field; never 0 (0 marks an empty slot).
    static func hash(text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
                     truncationToken: String, scale: Double) -> UInt64
    {
        var h = text.contentHash
        h = FastHash.combine(h, maxWidth.bitPattern)
        h = FastHash.combine(h, maxHeight.bitPattern)
        h = FastHash.combine(h, UInt64(bitPattern: Int64(maximumNumberOfLines)))
        h = FastHash.combine(h, scale.bitPattern)
        h = FastHash.combine(h, truncationToken == defaultToken ? defaultTokenHash : FastHash.hash(truncationToken))
        let finished = FastHash.finalize(h)
        return finished == 0 ? 1 : finished
    }

    private static let defaultToken = TextMeasurer.defaultTruncationToken
    /// FastHash.hash("\u{2026}") as a literal: a computed static would cost a swift_once check per lookup
    /// (a test checks the two agree).
    static let defaultTokenHash: UInt64 = 0x15B0_C875_3EA8_F5B8

    /// Field-by-field comparison against a request's parts (borrowed: nothing is copied).
    @inline(__always)
    func matches(text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
                 truncationToken: String, scale: Double) -> Bool
    {
        self.maxWidth.bitPattern == maxWidth.bitPattern && self.maxHeight.bitPattern == maxHeight.bitPattern
            && self.maximumNumberOfLines == maximumNumberOfLines && self.scale.bitPattern == scale.bitPattern
            && self.truncationToken == truncationToken && self.text == text
    }
}

/// One generation of a shard: a fixed-size open-addressing table, filled to at most half its slots.
///
/// A plain value of two pointers and two counts, managed by hand (`insert`, `removeAll`, `release`): it lives
/// only inside a shard's memory, under the shard's lock, so reading it never retains anything and a probe
/// compares keys in place.
struct CacheGeneration {
    struct Entry {
        let key: TextLayoutKey
        /// Its `lines` are empty unless `hasLines` (an entry stored by a size-only measurement).
        var result: TextLayoutResult
        var hasLines: Bool
    }

    /// 0 marks an empty slot; an occupied slot's entry is initialised.
    private var hashes: UnsafeMutablePointer<UInt64>? = nil
    private var entries: UnsafeMutablePointer<Entry>? = nil
    private var slotCount = 0
    private(set) var count = 0

    /// Slot of the entry equal to the request, or nil.
    @inline(__always)
    func find(hash: UInt64, text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
              truncationToken: String, scale: Double) -> Int?
    {
        guard count > 0, let hashes, let entries else { return nil }
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return nil }
            if stored == hash,
               entries[slot].key.matches(text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                         maximumNumberOfLines: maximumNumberOfLines,
                                         truncationToken: truncationToken, scale: scale)
            {
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    /// Copies only the result out of the slot (one retain: its line array).
    @inline(__always)
    func result(at slot: Int) -> TextLayoutResult { entries.unsafelyUnwrapped[slot].result }

    /// The stored size only (nothing retained).
    @inline(__always)
    func size(at slot: Int) -> Size { entries.unsafelyUnwrapped[slot].result.size }

    @inline(__always)
    func hasLines(at slot: Int) -> Bool { entries.unsafelyUnwrapped[slot].hasLines }

    /// Gives a size-only entry the lines of its complete result.
    @inline(__always)
    func completeLines(at slot: Int, with result: TextLayoutResult) {
        entries.unsafelyUnwrapped[slot].result = result
        entries.unsafelyUnwrapped[slot].hasLines = true
    }

    @inline(__always)
    func key(at slot: Int) -> TextLayoutKey { entries.unsafelyUnwrapped[slot].key }

    /// Adds an entry the caller checked is absent and has room for (count < limit). Allocates the slots on
    /// first use: 2 × limit rounded up to a power of two, so probes stay short.
    mutating func insert(hash: UInt64, key: TextLayoutKey, result: TextLayoutResult, hasLines: Bool, limit: Int) {
        if hashes == nil {
            var size = 1
            while size < 2 * limit { size <<= 1 }
            let newHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
            newHashes.initialize(repeating: 0, count: size)
            hashes = newHashes
            entries = .allocate(capacity: size)
            slotCount = size
        }
        let hashes = hashes.unsafelyUnwrapped
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while hashes[slot] != 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        (entries.unsafelyUnwrapped + slot).initialize(to: Entry(key: key, result: result, hasLines: hasLines))
        count += 1
    }

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        guard count > 0, let hashes, let entries else { return }
        for slot in 0..<slotCount where hashes[slot] != 0 {
            hashes[slot] = 0
            (entries + slot).deinitialize(count: 1)
        }
        count = 0
    }

    /// Empties the table and frees its storage.
    mutating func release() {
        removeAll()
        hashes?.deallocate()
        entries?.deallocate()
        hashes = nil
        entries = nil
        slotCount = 0
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

    /// A shard's state, guarded by the pthread mutex stored just before it.
    struct Shard {
        var current = CacheGeneration()
        var previous = CacheGeneration()
        var hits = 0
        var misses = 0
        var evictions = 0

        /// Stores into the current generation, turning generations over when it is full (the old previous
        /// generation is emptied and its storage reused as the new current one).
        mutating func store(hash: UInt64, key: TextLayoutKey, result: TextLayoutResult, hasLines: Bool,
                            limit: Int) {
            if current.count >= limit {
                evictions += previous.count
                swap(&current, &previous)
                current.removeAll()
            }
            current.insert(hash: hash, key: key, result: result, hasLines: hasLines, limit: limit)
        }

        /// The slot in `current` of the entry equal to the request, counting a hit or a miss; a hit in
        /// the previous generation is copied into the current one first.
        @inline(__always)
        mutating func findCounting(hash: UInt64, text: AttributedText, maxWidth: Double, maxHeight: Double,
                                   maximumNumberOfLines: Int, truncationToken: String, scale: Double,
                                   limit: Int) -> Int? {
            if let slot = current.find(hash: hash, text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                       maximumNumberOfLines: maximumNumberOfLines,
                                       truncationToken: truncationToken, scale: scale)
            {
                hits += 1
                return slot
            }
            if let slot = previous.find(hash: hash, text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                        maximumNumberOfLines: maximumNumberOfLines,
                                        truncationToken: truncationToken, scale: scale)
            {
                hits += 1
                store(hash: hash, key: previous.key(at: slot), result: previous.result(at: slot),
                      hasLines: previous.hasLines(at: slot), limit: limit)
                return current.find(hash: hash, text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                    maximumNumberOfLines: maximumNumberOfLines,
                                    truncationToken: truncationToken, scale: scale)
            }
            misses += 1
            return nil
        }
    }

    public static let shardCount = 64

    /// The cache TextMeasurer.shared uses: 4,096 entries.
    public static let shared = TextLayoutCache(capacity: 4096)

    public let capacity: Int
    private let generationLimit: Int

    /// Shards laid out by hand: [mutex | Shard] every `shardStride` bytes (a multiple of 128, so two shards never
    /// share a cache line). Reaching a shard is pointer arithmetic — no lock object to retain per lookup.
    /// Why a pthread mutex and not Synchronization.Mutex: see Locked.swift (TSan on Linux).
    private let shardMemory: UnsafeMutableRawPointer
    private static let shardOffset: Int = {
        let align = MemoryLayout<Shard>.alignment
        return (MemoryLayout<pthread_mutex_t>.stride + align - 1) / align * align
    }()
    private static let shardStride: Int = (shardOffset + MemoryLayout<Shard>.stride + 127) / 128 * 128

    /// Set only on the cache that stands for "no cache" in a measurer (TextMeasurer.swift): never measured
    /// through.
    let isDisabled: Bool

    /// `capacity` is rounded up to a multiple of 128 (64 shards × 2 generations).
    public convenience init(capacity: Int) {
        self.init(capacity: capacity, isDisabled: false)
    }

    init(capacity: Int, isDisabled: Bool) {
        self.isDisabled = isDisabled
        let generations = 2 * Self.shardCount
        let perGeneration = max(1, (capacity + generations - 1) / generations)
        generationLimit = perGeneration
        self.capacity = perGeneration * generations
        shardMemory = .allocate(byteCount: Self.shardStride * Self.shardCount, alignment: 128)
        for i in 0..<Self.shardCount {
            let base = shardMemory + i * Self.shardStride
            let mutex = base.bindMemory(to: pthread_mutex_t.self, capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            let rc = pthread_mutex_init(mutex, nil)
            precondition(rc == 0, "pthread_mutex_init failed with \(rc)")
            (base + Self.shardOffset).bindMemory(to: Shard.self, capacity: 1).initialize(to: Shard())
        }
    }

    deinit {
        for i in 0..<Self.shardCount {
            let base = shardMemory + i * Self.shardStride
            let shard = (base + Self.shardOffset).assumingMemoryBound(to: Shard.self)
            shard.pointee.current.release()
            shard.pointee.previous.release()
            shard.deinitialize(count: 1)
            let mutex = base.assumingMemoryBound(to: pthread_mutex_t.self)
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
        shardMemory.deallocate()
    }

    /// Runs `body` on shard `index` with its mutex held. `body` must not call back into the cache.
    @inline(__always)
    private func withShard<R>(_ index: Int, _ body: (inout Shard) -> R) -> R {
        let base = shardMemory + index * Self.shardStride
        let mutex = base.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&(base + Self.shardOffset).assumingMemoryBound(to: Shard.self).pointee)
    }

    /// Top 6 bits pick the shard; the tables index with the low bits.
    @inline(__always)
    private static func shardIndex(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 58) }

    /// What a request for the whole result found.
    enum Lookup {
        case hit(TextLayoutResult)
        /// A hit on an entry stored by a size-only measurement: the caller lays out for the lines and
        /// hands them back (`insert`).
        case hitWithoutLines
        case miss
    }

    /// The cached result for a request, counting a hit or a miss. `hash` is TextLayoutKey.hash of the parts.
    @inline(__always)
    func lookup(hash: UInt64, text: AttributedText, maxWidth: Double, maxHeight: Double, maximumNumberOfLines: Int,
                truncationToken: String, scale: Double) -> Lookup
    {
        let limit = generationLimit
        return withShard(Self.shardIndex(hash)) { s in
            guard let slot = s.findCounting(hash: hash, text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                            maximumNumberOfLines: maximumNumberOfLines,
                                            truncationToken: truncationToken, scale: scale, limit: limit)
            else { return .miss }
            return s.current.hasLines(at: slot) ? .hit(s.current.result(at: slot)) : .hitWithoutLines
        }
    }

    /// The cached size for a request, counting a hit or a miss (any entry has its size; nothing is
    /// retained).
    @inline(__always)
    func lookupSize(hash: UInt64, text: AttributedText, maxWidth: Double, maxHeight: Double,
                    maximumNumberOfLines: Int, truncationToken: String, scale: Double) -> Size?
    {
        let limit = generationLimit
        return withShard(Self.shardIndex(hash)) { s in
            guard let slot = s.findCounting(hash: hash, text: text, maxWidth: maxWidth, maxHeight: maxHeight,
                                            maximumNumberOfLines: maximumNumberOfLines,
                                            truncationToken: truncationToken, scale: scale, limit: limit)
            else { return nil }
            return s.current.size(at: slot)
        }
    }

    /// `body(self)`, or nil for a disabled cache: lets a holder of an optional cache call `body` through
    /// optional chaining.
    @inline(__always)
    func applyingUnlessDisabled<R>(_ body: (TextLayoutCache) -> R) -> R? { isDisabled ? nil : body(self) }

    /// Publishes a computed layout (a no-op when another thread published the same key meanwhile, unless
    /// that entry lacks the lines this one has: then it takes them). `hasLines`: `result.lines` holds the
    /// lines (false for a size-only measurement's result).
    func insert(hash: UInt64, key: TextLayoutKey, result: TextLayoutResult, hasLines: Bool = true) {
        let limit = generationLimit
        withShard(Self.shardIndex(hash)) { s in
            let present = s.current.find(hash: hash, text: key.text, maxWidth: key.maxWidth,
                                         maxHeight: key.maxHeight, maximumNumberOfLines: key.maximumNumberOfLines,
                                         truncationToken: key.truncationToken, scale: key.scale)
            if let present {
                if hasLines && !s.current.hasLines(at: present) { s.current.completeLines(at: present, with: result) }
            } else {
                s.store(hash: hash, key: key, result: result, hasLines: hasLines, limit: limit)
            }
        }
    }

    /// Hits, misses, evictions and entries summed over the shards (each shard read under its lock).
    public var statistics: Statistics {
        var total = Statistics(hits: 0, misses: 0, evictions: 0, count: 0)
        for i in 0..<Self.shardCount {
            withShard(i) { s in
                total.hits += s.hits
                total.misses += s.misses
                total.evictions += s.evictions
                total.count += s.current.count + s.previous.count
            }
        }
        return total
    }

    /// Drops every entry (keeping the tables' storage); the counters are kept unless `resetStatistics`.
    public func removeAll(resetStatistics: Bool = false) {
        for i in 0..<Self.shardCount {
            withShard(i) { s in
                s.current.removeAll()
                s.previous.removeAll()
                if resetStatistics {
                    s.hits = 0
                    s.misses = 0
                    s.evictions = 0
                }
            }
        }
    }
}
