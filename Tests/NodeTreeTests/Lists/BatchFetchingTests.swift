import Testing
import LayoutCore
@testable import NodeTree

// Batch fetching (Texture's ASBatchContext and batch-fetching check): the cases of ASBatchFetchingTests, and
// ASCollectionViewTests' testThatBatchFetchHappensForEmptyCollection and
// testThatWeBatchFetchUntilContentRequirementIsMet.

@Suite struct BatchFetchingCheckTests {
    private func check(view: Double = 1, content: Double = 3, offset: Double = 0, leading: Double = 1,
                       direction: ScrollDirection = .down, horizontal: Bool = false, rtl: Bool = false,
                       flip: Bool = false) -> Bool {
        var check = BatchFetchingCheck()
        check.scrollDirection = direction
        check.scrollableDirections = horizontal ? .horizontal : .vertical
        check.bounds = Rect(x: 0, y: 0, width: view, height: view)
        check.contentSize = horizontal ? Size(width: content, height: view) : Size(width: view, height: content)
        check.contentOffset = horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
        check.leadingScreens = leading
        check.isRightToLeft = rtl
        check.flipsHorizontallyInRightToLeft = flip
        return check.shouldFetch
    }

    @Test func texturesBatchFetchingCases() {
        // 1. Null state.
        #expect(!check(view: 0, content: 0, leading: 0))
        #expect(!check(view: 0, content: 0, leading: 0, rtl: true))
        // 2. Already fetching.
        var fetching = BatchFetchingCheck()
        fetching.isFetching = true
        fetching.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
        fetching.contentSize = Size(width: 1, height: 1)
        #expect(!fetching.shouldFetch)
        // 3. Directions, 1×1 content and bounds, offset 1.
        #expect(check(content: 1, offset: 1, direction: .right, horizontal: true))
        #expect(check(content: 1, offset: 1, direction: .down))
        #expect(!check(content: 1, offset: 1, direction: .up))
        #expect(!check(content: 1, offset: 1, direction: .left, horizontal: true))
        #expect(!check(content: 1, offset: 1, direction: .right, horizontal: true, rtl: true))
        #expect(check(content: 1, offset: 1, direction: .left, horizontal: true, rtl: true))
        // 4–6. Vertical: exactly at the lead, short of it, past the content.
        #expect(check(offset: 1))
        #expect(!check(offset: 0.5))
        #expect(check(offset: 3))
        // 7. Horizontal, moving left, offset 0.5.
        #expect(!check(offset: 0.5, direction: .left, horizontal: true))
        #expect(check(offset: 0.5, direction: .left, horizontal: true, rtl: true))
        #expect(!check(offset: 0.5, direction: .left, horizontal: true, rtl: true, flip: true))
        #expect(check(offset: 3, direction: .right, horizontal: true))
        #expect(!check(offset: 3, direction: .right, horizontal: true, rtl: true))
        #expect(check(offset: 3, direction: .right, horizontal: true, rtl: true, flip: true))
        // 8. Content shorter than the view.
        #expect(check(view: 1, content: 0.5))
    }

    @Test func theContextStartsCompletedAndOnlyTrueCompletes() {
        let context = BatchFetchingContext()
        #expect(context.phase == .completed)
        context.beginBatchFetching()
        #expect(context.isFetching)
        context.completeBatchFetching(false)
        #expect(context.isFetching)
        context.completeBatchFetching(true)
        #expect(context.phase == .completed)
        context.beginBatchFetching()
        context.cancelBatchFetching()
        #expect(context.phase == .cancelled && !context.isFetching)
    }
}

@MainActor @Suite struct ListBatchFetchingTests {
    @Test func aFetchBeginsOncePerApproachAndAppends() async {
        let model = ListModel([Array(0..<20)])  // 1,000 points in a 100-point viewport
        let fetcher = PageFetcher(model: model, pageSize: 10)
        let table = await makeTable(model)
        table.delegate = nil
        let delegate = FetchingDelegate(fetcher)
        table.delegate = delegate
        #expect(table.leadingScreensForBatching == 2)
        var pages = fetcher.completed.makeAsyncIterator()
        // Far from the end: nothing.
        table.scroll(toOffset: 600)
        #expect(table.listStatistics.batchFetchesBegun == 0)
        // Within two screens of the end (remaining 1,000 − 100 − 710 = 190 ≤ 200): one fetch, however many
        // steps follow before it completes.
        for offset in stride(from: 710.0, through: 890, by: 10) { table.scroll(toOffset: offset) }
        #expect(table.listStatistics.batchFetchesBegun == 1)
        _ = await pages.next()
        await table.waitUntilAllUpdatesAreCommitted()
        await drainMainQueue()
        #expect(table.numberOfItems(inSection: 0) == 30)
        #expect(table.committedNodes.count == 30)
        // The commit's check found the end 500 points away (> 200): no second fetch until the next approach.
        #expect(table.listStatistics.batchFetchesBegun == 1)
        table.scroll(toOffset: 1210)
        #expect(table.listStatistics.batchFetchesBegun == 2)
        _ = await pages.next()
        await table.waitUntilAllUpdatesAreCommitted()
        #expect(table.committedNodes.count == 40)
        #expect(fetcher.fetches.load() == 2)
    }

    @Test func fetchingContinuesUntilTheContentReachesTheLead() async {
        // Texture's testThatWeBatchFetchUntilContentRequirementIsMet: one item per fetch; each commit checks
        // again, until the content reaches the viewport plus two screens, and stops within a few items.
        let model = ListModel([[]])
        let fetcher = PageFetcher(model: model, pageSize: 1)
        let delegate = FetchingDelegate(fetcher)
        let table = TableNode()
        table.dataSource = model
        table.delegate = delegate
        table.setViewportSize(Size(width: 100, height: 100))
        table.reloadData()
        var pages = fetcher.completed.makeAsyncIterator()
        var consumed = 0
        while true {
            _ = await pages.next()
            consumed += 1
            await table.waitUntilAllUpdatesAreCommitted()
            await drainMainQueue()
            await drainMainQueue()
            // Done when no fetch runs and none finished that this loop has not taken yet (a whole fetch can
            // begin and commit during the two drains when other tests keep the main queue busy).
            if !table.batchFetchingContext.isFetching, fetcher.fetches.load() == consumed { break }
        }
        #expect(fetcher.fetches.load() > 2)
        #expect(table.contentSize.height >= 100 + 100 * 2)
        #expect(table.contentSize.height <= 100 + 100 * 2 + 3 * 50)
        #expect(table.committedNodes.count == fetcher.fetches.load())
    }

    @Test func anEmptyListOnScreenFetchesExactlyOnce() async {
        // Texture's testThatBatchFetchHappensForEmptyCollection: the fetch brings nothing; its empty
        // commit does not check again.
        let model = ListModel([])
        let fetcher = PageFetcher(model: model, pageSize: 0)
        let delegate = FetchingDelegate(fetcher)
        let table = TableNode()
        table.dataSource = model
        table.delegate = delegate
        table.setViewportSize(Size(width: 100, height: 100))
        table.reloadData()
        var pages = fetcher.completed.makeAsyncIterator()
        _ = await pages.next()
        await table.waitUntilAllUpdatesAreCommitted()
        await drainMainQueue()
        await drainMainQueue()
        #expect(fetcher.fetches.load() == 1)
        #expect(table.listStatistics.batchFetchesBegun == 1)
    }
}

/// A list delegate that fetches through a PageFetcher.
final class FetchingDelegate: ListDelegate, ListBatchFetchingDelegate, @unchecked Sendable {
    let fetcher: PageFetcher
    init(_ fetcher: PageFetcher) { self.fetcher = fetcher }

    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchingContext) {
        fetcher.list(list, willBeginBatchFetchWith: context)
    }
}
