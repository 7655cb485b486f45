import LayoutCore

// Texture's ASRangeController, over the committed layout and the simulated
// viewport. Main actor.
//
//   update
//     1. the mode: an explicit one if asked; else Minimum until the list was scrolled, Full afterwards
//        (Full only while the container is on screen)
//     2. the rects: the viewport, and each tunable range = the viewport extended along the scroll axis by
//        leading screenfuls in the scroll direction and trailing ones behind
//     3. the items each rect meets (a binary search over the layout's lines)
//     4. every item in a range, and every item in a range last time, gets its state: MeasureLayout always;
//        on screen, visible items Visible|Display|Preload, others Preload / Display per range
//        (independently); off screen, visible items Preload|Display, display-range items Preload,
//        preload-only items nothing beyond MeasureLayout. Items that left every range fall back to
//        MeasureLayout
//
// Only allocated nodes are visited (an item still measuring gets its state when its commit visits it). The
// update is skipped when nothing it depends on moved since the last one.

struct RangeController {
    var tuning = RangeTuning()
    /// `ListNode.updateCurrentRange(with:)`: holds until changed.
    var explicitMode: RangeMode?
    var hasScrolled = false
    private(set) var currentMode: RangeMode = .minimum
    /// Elements given a state beyond MeasureLayout by the last update.
    var members: [ObjectIdentifier: ListElement] = [:]
    /// What the last update saw, to skip an update that would change nothing.
    var lastInputs: Inputs?

    struct Inputs: Equatable {
        var visible: Range<Int>
        var display: Range<Int>
        var preload: Range<Int>
        var mode: RangeMode
        var containerVisible: Bool
    }

    /// Steps 1–3.
    mutating func inputs(snapshot: ListLayoutSnapshot, viewport: Rect, direction: ScrollDirection,
                         containerVisible: Bool) -> Inputs {
        let mode = explicitMode ?? (hasScrolled && containerVisible ? .full : .minimum)
        currentMode = mode
        func members(of type: RangeType) -> Range<Int> {
            if mode == .lowMemory, type == .display { return 0..<0 }
            let rect = Self.rangeRect(viewport, tuning[mode, type], direction: direction)
            return snapshot.indices(from: rect.minY, to: rect.maxY)
        }
        return Inputs(visible: snapshot.indices(from: viewport.minY, to: viewport.maxY),
                      display: members(of: .display), preload: members(of: .preload),
                      mode: mode, containerVisible: containerVisible)
    }

    /// Step 2: Down → leading below, trailing above; otherwise swapped.
    static func rangeRect(_ viewport: Rect, _ parameters: RangeTuningParameters,
                          direction: ScrollDirection) -> Rect {
        let height = viewport.height
        let down = !direction.contains(.up)
        let below = (down ? parameters.leadingBufferScreenfuls : parameters.trailingBufferScreenfuls) * height
        let above = (down ? parameters.trailingBufferScreenfuls : parameters.leadingBufferScreenfuls) * height
        return Rect(x: viewport.minX, y: viewport.minY - above, width: viewport.width,
                    height: viewport.height + above + below)
    }

    /// Step 4 for the item at `index`.
    static func state(at index: Int, _ inputs: Inputs) -> InterfaceState {
        var state: InterfaceState = .measureLayout
        let inVisible = inputs.visible.contains(index)
        let inDisplay = inputs.display.contains(index)
        let inPreload = inputs.preload.contains(index)
        if inputs.containerVisible {
            if inVisible { return state.union([.visible, .display, .preload]) }
            if inPreload { state.insert(.preload) }
            if inDisplay { state.insert(.display) }
        } else {
            if inVisible {
                state.insert(.preload)
                if inputs.mode != .lowMemory { state.insert(.display) }
            } else if inDisplay {
                state.insert(.preload)
            }
        }
        return state
    }

    /// The indices any range of `inputs` covers.
    static func union(_ inputs: Inputs) -> Range<Int> {
        let ranges = [inputs.visible, inputs.display, inputs.preload].filter { !$0.isEmpty }
        guard let lower = ranges.map(\.lowerBound).min(), let upper = ranges.map(\.upperBound).max() else {
            return 0..<0
        }
        return lower..<upper
    }
}
