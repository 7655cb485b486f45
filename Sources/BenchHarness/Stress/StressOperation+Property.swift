// A bridged view property write, the payload of `setProperty` (StressOperation.swift).

/// A bridged view property write.
public enum StressPropertyWrite: Codable, Equatable, Sendable {
    case alpha(Double)
    case hidden(Bool)
    case cornerRadius(Double)
    case backgroundGray(Double)
    /// Only on a root the lane may position (StressExecutor).
    case frame(x: Double, y: Double, width: Double, height: Double)

    public var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}
