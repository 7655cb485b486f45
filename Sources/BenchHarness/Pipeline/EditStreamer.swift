import Dispatch
import Foundation
import NodeTree

// The streaming-updates load: a background thread asks the table for small batch updates, one after
// another, while the main actor scrolls — a feed receiving live inserts at the top, deletions, moves and
// reloads. Edits are chosen by a seeded SplitMix64, so a run's mix is the same every time; their timing
// is not (they race the scroll on purpose). Each edit changes the source's rows inside its updates
// closure, so the data and the batch always agree; a rejected edit would be a pipeline bug, and is counted.
final class EditStreamer: @unchecked Sendable {
    private let table: TableNode
    private let source: FeedListSource
    private let state: Locked<State>
    private let finished = DispatchSemaphore(value: 0)
    /// Pause between edits: a feed's live updates, not a flood (a flood measures only the queue).
    static let interval = 0.01

    private struct State {
        var random: SplitMix64
        var stop = false
        var submitted = 0
        var rejected = 0
    }

    init(table: TableNode, source: FeedListSource, seed: UInt64) {
        self.table = table
        self.source = source
        state = Locked(State(random: SplitMix64(seed: seed)))
    }

    var submitted: Int { state.withLock { $0.submitted } }
    var rejected: Int { state.withLock { $0.rejected } }

    func start() {
        Thread { [self] in
            while !state.withLock({ $0.stop }) {
                submitOne()
                Thread.sleep(forTimeInterval: Self.interval)
            }
            finished.signal()
        }.start()
    }

    /// Stops and waits for the thread's last edit to be asked.
    func stop() {
        state.withLock { $0.stop = true }
        finished.wait()
    }

    private func submitOne() {
        let choice = state.withLock { $0.random.below(4) }
        let pick = state.withLock { ($0.random.next(), $0.random.next()) }
        let added = choice == 0 ? [source.takeModel(), source.takeModel()] : []
        do {
            try table.performBatchUpdates { batch in
                source.rows.withLock { rows in
                    let count = rows.count
                    switch choice {
                    case 0:  // inserts at the top
                        rows.insert(contentsOf: added, at: 0)
                        batch.insertItems(at: [ListIndexPath(item: 0, section: 0), ListIndexPath(item: 1, section: 0)])
                    case 1 where count > 4:  // a deletion
                        let index = Int(pick.0 % UInt64(count))
                        rows.remove(at: index)
                        batch.deleteItems(at: [ListIndexPath(item: index, section: 0)])
                    case 2 where count > 1:  // a move
                        let from = Int(pick.0 % UInt64(count)), to = Int(pick.1 % UInt64(count))
                        rows.insert(rows.remove(at: from), at: to)
                        batch.moveItem(at: ListIndexPath(item: from, section: 0), to: ListIndexPath(item: to, section: 0))
                    case 3 where count > 0:  // a reload
                        let index = Int(pick.0 % UInt64(count))
                        batch.reloadItems(at: [ListIndexPath(item: index, section: 0)])
                    default:
                        break
                    }
                }
            }
            state.withLock { $0.submitted += 1 }
        } catch {
            state.withLock { $0.rejected += 1 }
        }
    }
}
