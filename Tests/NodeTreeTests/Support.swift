import Dispatch
import Testing
import Foundation
import LayoutCore
@testable import NodeTree

// Shared helpers for the NodeTree tests.

/// Runs `body` on a new thread and blocks until it returns (Texture's ASDispatchSyncOnOtherThread). The
/// caller is blocked on purpose: when it is the main actor, nothing queued on the main queue (such as a
/// pending-state flush) can run in between.
func syncOnOtherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// Like `syncOnOtherThread`, returning a value.
func valueOnOtherThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = Locked<T?>(nil)
    syncOnOtherThread { box.store(body()) }
    return box.load()!
}

/// Runs `body(i)` for i in 0..<count on `threads` dedicated threads (each takes a contiguous slice) and
/// waits for all of them. Unlike concurrentPerform this guarantees several OS threads, so TSan sees real
/// concurrency.
func onThreads(_ threads: Int, count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let perThread = (count + threads - 1) / threads
    for t in 0..<threads {
        let range = (t * perThread)..<Swift.min(count, (t + 1) * perThread)
        group.enter()
        Thread {
            for i in range { body(i) }
            group.leave()
        }.start()
    }
    group.wait()
}

/// Suspends until everything enqueued on the main queue before the call has run (Texture's
/// waitForMainDispatchQueueToFlush).
@MainActor func drainMainQueue() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// A thread-safe event log.
final class EventLog: Sendable {
    private let entries = Locked<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.load() }
    func reset() { entries.store([]) }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Locked(0)

    func increment() { count.withLock { $0 += 1 } }
    func reset() { count.store(0) }
    var value: Int { count.load() }
}

/// A node with a name.
func named<Node: DisplayNode>(_ node: Node, _ name: String) -> Node {
    node.debugName = name
    return node
}

/// "a,b,c" from the subnodes' debug names.
func subnodeNames(_ node: DisplayNode) -> String {
    node.subnodes.map { $0.debugName ?? "?" }.joined(separator: ",")
}

/// A layout reduced to comparable values: its size and each sublayout's frame, in order (elements differ
/// between two trees built the same way, so `==` on Layout cannot compare them).
struct LayoutShape: Hashable, CustomStringConvertible {
    var size: Size
    var frames: [Rect]

    init(_ layout: Layout) {
        size = layout.size
        frames = layout.sublayouts.map(\.frame)
    }

    init(size: Size, frames: [Rect]) {
        self.size = size
        self.frames = frames
    }

    var description: String { "\(size) \(frames)" }
}

/// The stack algorithm (LayoutCore/Stack/StackLayout.swift) is a fatalError placeholder in the nodetree
/// branch until main's implementation is merged. Tests that need a stack check for the placeholder in the
/// source, so they turn on by themselves after the merge (and stay on if the source cannot be read).
let stackAlgorithmAvailable: Bool = {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let file = packageRoot.appendingPathComponent("Sources/LayoutCore/Stack/StackLayout.swift")
    guard let source = try? String(contentsOf: file, encoding: .utf8) else { return true }
    return !source.contains("stack algorithm not implemented yet")
}()

let needsStack: Comment = "needs the stack algorithm from main (StackLayout.swift is a placeholder here)"
