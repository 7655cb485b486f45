import NodeTree

extension Sequence where Element == DisplayNode {
    /// The layout cache hits and misses of these nodes, summed: what an engine on NodeTree reports as a
    /// cell's cache counts (its nodes' LayoutStatistics).
    var layoutCacheCounts: (hits: Int, misses: Int) {
        var hits = 0, misses = 0
        for node in self {
            let statistics = node.layoutStatistics
            hits += statistics.cacheHits
            misses += statistics.cacheMisses
        }
        return (hits, misses)
    }
}
