import Dispatch
import LayoutCore

// The simulated scroll view (main actor): the viewport's size and the content offset stand in for
// UIScrollView's bounds; moving them runs the range controller (RangeController.swift) and the
// batch-fetching check (BatchFetching.swift), as UIKit's layoutSubviews and scrollViewDidScroll drive
// Texture's.
//
//   setViewportSize: a new width re-measures every item (relayoutAllItems); then a range update
//   scroll(toOffset:): the direction from the move, the list counts as scrolled (Full mode from now on),
//     a range update, a batch-fetching check
//   updateRanges: RangeController's inputs; each node whose state changes gets it through
//     applyInterfaceState (its hooks, then its subnodes'); a cell that becomes visible loads its view
//     into the list's view at its frame and lays out, one that stops being visible leaves it

extension ListNode {
    // MARK: - Viewport

    @MainActor public var viewportSize: Size { presentation.viewportSize }
    @MainActor public var contentOffset: Double { presentation.contentOffset }
    @MainActor public var contentSize: Size { presentation.snapshot.contentSize }
    @MainActor public var scrollDirection: ScrollDirection { presentation.scrollDirection }

    /// The viewport's size (the scroll view's bounds). A new width measures every item again for it.
    @MainActor public func setViewportSize(_ size: Size) {
        let p = presentation
        let widthChanged = size.width != p.viewportSize.width
        p.viewportSize = size
        bounds = Rect(origin: .zero, size: size)
        if widthChanged {
            let loaded = listState.withLock { s -> Bool in
                if !s.hasLoadedInitially { s.width = size.width }
                return s.hasLoadedInitially
            }
            if loaded { relayoutAllItems(width: size.width) }
        }
        p.range.lastInputs = nil
        updateRanges(afterCommitOf: nil)
    }

    /// Scrolls to `offset` (the viewport's top in content coordinates), as a user's drag would.
    @MainActor public func scroll(toOffset offset: Double) {
        let p = presentation
        if offset > p.contentOffset { p.scrollDirection = .down } else if offset < p.contentOffset { p.scrollDirection = .up }
        p.contentOffset = offset
        p.range.hasScrolled = true
        updateRanges(afterCommitOf: nil)
        checkBatchFetch()
    }

    /// Texture's "container visible": false → the list behaves as off screen (no Visible states).
    @MainActor public var isVisibleOnScreen: Bool {
        get { presentation.isVisibleOnScreen }
        set {
            presentation.isVisibleOnScreen = newValue
            updateRanges(afterCommitOf: nil)
        }
    }

    // MARK: - Tuning

    @MainActor public var rangeTuning: RangeTuning {
        get { presentation.range.tuning }
        set {
            presentation.range.tuning = newValue
            presentation.range.lastInputs = nil
        }
    }

    /// The mode the last range update used.
    @MainActor public var currentRangeMode: RangeMode { presentation.range.currentMode }

    /// Texture's updateCurrentRangeWithMode: holds until set again (nil: back to automatic).
    @MainActor public func updateCurrentRange(with mode: RangeMode?) {
        presentation.range.explicitMode = mode
        updateRanges(afterCommitOf: nil)
    }

    // MARK: - Range update

    /// `allocated` non-nil: the update follows a commit (every range member is visited, frames refreshed,
    /// the new nodes enter MeasureLayout).
    @MainActor func updateRanges(afterCommitOf allocated: [ListElement]?) {
        let p = presentation
        guard p.viewportSize.width > 0, p.viewportSize.height > 0 else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        let viewport = Rect(x: 0, y: p.contentOffset, width: p.viewportSize.width, height: p.viewportSize.height)
        let inputs = p.range.inputs(snapshot: p.snapshot, viewport: viewport, direction: p.scrollDirection,
                                    containerVisible: p.isVisibleOnScreen)
        if allocated == nil, inputs == p.range.lastInputs { return }
        p.range.lastInputs = inputs

        var members: [ObjectIdentifier: ListElement] = [:]
        let snapshot = p.snapshot
        for index in RangeController.union(inputs) {
            let element = snapshot.elements[index]
            guard let node = element.nodeIfAllocated else { continue }
            let state = RangeController.state(at: index, inputs)
            if state != .measureLayout { members[ObjectIdentifier(element)] = element }
            setState(state, of: node, frame: snapshot.frames[index], refreshFrame: allocated != nil)
        }
        for (id, element) in p.range.members where members[id] == nil {
            if let node = element.nodeIfAllocated { setState(.measureLayout, of: node, frame: nil, refreshFrame: false) }
        }
        for element in allocated ?? [] where members[ObjectIdentifier(element)] == nil {
            if let node = element.nodeIfAllocated, node.interfaceState == .none {
                setState(.measureLayout, of: node, frame: nil, refreshFrame: false)
            }
        }
        p.range.members = members
        p.statistics.rangeUpdates += 1
        p.statistics.rangeUpdateNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    }

    /// One cell's new state: the screen first (a cell becoming visible gets its view, as UIKit's
    /// willDisplayCell comes with one), then the hooks, then a layout pass of a cell that just appeared.
    @MainActor private func setState(_ state: InterfaceState, of node: CellNode, frame: Rect?, refreshFrame: Bool) {
        let old = node.interfaceState
        guard old != state || refreshFrame else { return }
        let appears = state.contains(.visible) && !old.contains(.visible)
        if appears, let frame {
            view.addSubview(node.view)
            node.frame = frame
            presentation.statistics.viewsLoaded += 1
        } else if refreshFrame, state.contains(.visible), let frame, node.frame != frame {
            node.frame = frame
        }
        guard old != state else { return }
        presentation.statistics.interfaceStateTransitions += 1
        node.applyInterfaceState(state)
        if old.contains(.visible), !state.contains(.visible), node.isNodeLoaded {
            node.view.removeFromSuperview()
        }
        if appears { node.layoutIfNeeded() }
    }

    // MARK: - Batch fetching

    /// The context of the current or last fetch.
    @MainActor public var batchFetchingContext: BatchFetchingContext { presentation.batchContext }

    /// Texture's batch check (ASBatchFetching's ASDisplayShouldFetchBatchForContext): the delegate's willBeginBatchFetch runs on a
    /// background queue with the context marked fetching.
    @MainActor public func checkBatchFetch() {
        guard let fetcher = delegate as? any ListBatchFetchingDelegate else { return }
        let p = presentation
        let context = p.batchContext
        var check = BatchFetchingCheck()
        check.isFetching = context.isFetching
        check.canBatchFetch = check.isFetching ? true : fetcher.shouldBatchFetch(for: self)
        check.scrollDirection = p.scrollDirection
        check.scrollableDirections = .vertical
        check.bounds = Rect(x: 0, y: p.contentOffset, width: p.viewportSize.width, height: p.viewportSize.height)
        check.contentSize = p.snapshot.contentSize
        check.contentOffset = Point(x: 0, y: p.contentOffset)
        check.leadingScreens = leadingScreensForBatching
        check.isVisible = p.isVisibleOnScreen
        guard check.shouldFetch else { return }
        context.beginBatchFetching()
        p.statistics.batchFetchesBegun += 1
        DispatchQueue.global().async { [self] in fetcher.list(self, willBeginBatchFetchWith: context) }
    }
}
