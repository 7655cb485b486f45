import LayoutCore

// What `bench layout` prints: JSON with the keys in a fixed order (size, then nodes; name before frame)
// and numbers as integers when integral (37, not 37.0), otherwise in shortest form (36.5).

extension LayoutResult {
    /// The result as JSON text ending in a newline. By default one node per line:
    ///
    ///     {"size": [300, 50], "nodes": [
    ///       {"name": "a", "frame": [0, 0, 50, 50]},
    ///       {"name": "b", "frame": [50, 0, 30, 30]}
    ///     ]}
    ///
    /// `compact` puts everything on one line: `{"size": [300, 50], "nodes": [{"name": "a", …}, …]}`.
    public func json(compact: Bool = false) -> String {
        var out = "{\"size\": [\(JSONText.number(size.width)), \(JSONText.number(size.height))], \"nodes\": ["
        if nodes.isEmpty {
            out += "]}\n"
            return out
        }
        for (index, node) in nodes.enumerated() {
            if index > 0 { out += "," }
            out += compact ? (index > 0 ? " " : "") : "\n  "
            out += node.json
        }
        out += compact ? "]}\n" : "\n]}\n"
        return out
    }
}

extension LayoutResult.Node {
    /// `{"name": "red", "frame": [x, y, w, h]}`
    public var json: String {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height].map(JSONText.number)
        return "{\"name\": \(JSONText.quoted(name)), \"frame\": [\(numbers.joined(separator: ", "))]}"
    }
}
