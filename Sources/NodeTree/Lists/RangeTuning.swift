// Texture's range tuning (ASAbstractLayoutController's defaults): how many
// screenfuls ahead of (leading) and behind (trailing) the viewport each range reaches, per range mode.
// "Visible" is not tunable: it is the viewport itself.

/// Texture's ASLayoutRangeType (the tunable ones).
public enum RangeType: Hashable, Sendable, CaseIterable {
    case display
    case preload
}

/// Texture's ASLayoutRangeMode.
public enum RangeMode: Hashable, Sendable, CaseIterable {
    /// Before the user has scrolled: small ranges, so a list on screen does not preload far ahead.
    case minimum
    /// Once scrolled.
    case full
    case visibleOnly
    case lowMemory
}

/// Texture's ASRangeTuningParameters, in screenfuls of the viewport's height.
public struct RangeTuningParameters: Hashable, Sendable {
    public var leadingBufferScreenfuls: Double
    public var trailingBufferScreenfuls: Double

    public init(leadingBufferScreenfuls: Double, trailingBufferScreenfuls: Double) {
        self.leadingBufferScreenfuls = leadingBufferScreenfuls
        self.trailingBufferScreenfuls = trailingBufferScreenfuls
    }

    public static let zero = RangeTuningParameters(leadingBufferScreenfuls: 0, trailingBufferScreenfuls: 0)
}

/// Every mode's parameters for both range types, starting from Texture's defaults.
public struct RangeTuning: Hashable, Sendable {
    private var table: [RangeMode: [RangeType: RangeTuningParameters]]

    public init() {
        table = [
            .full: [.display: RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5),
                    .preload: RangeTuningParameters(leadingBufferScreenfuls: 2.5, trailingBufferScreenfuls: 1.5)],
            .minimum: [.display: RangeTuningParameters(leadingBufferScreenfuls: 0.25, trailingBufferScreenfuls: 0.25),
                       .preload: RangeTuningParameters(leadingBufferScreenfuls: 0.5, trailingBufferScreenfuls: 0.25)],
            .visibleOnly: [.display: .zero, .preload: .zero],
            .lowMemory: [.display: .zero, .preload: .zero],
        ]
    }

    public subscript(mode: RangeMode, type: RangeType) -> RangeTuningParameters {
        get { table[mode]?[type] ?? .zero }
        set { table[mode, default: [:]][type] = newValue }
    }

    /// Texture's mode-less setter and getter: the Full mode's.
    public subscript(type: RangeType) -> RangeTuningParameters {
        get { self[.full, type] }
        set { self[.full, type] = newValue }
    }
}
