#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

// How the data controller spreads a batch's allocation and measurement over threads (Texture's
// ASDataController uses dispatch_apply on a global queue).
//
//   * `.concurrentPerform`: Dispatch's concurrentPerform, as Texture — its width is the machine's, not
//     configurable;
//   * `.pool(width:)`: a pool of its own with exactly `width` threads (the caller is one of them), so a
//     benchmark can measure cells/s by thread count. Pools are made once per width and kept: starting
//     threads per batch would cost more than a small batch's measuring.
//
// Items are handed out one at a time from a shared atomic counter, so a slow cell does not hold up a fixed
// chunk behind it. Neither executor ever runs on the main actor: the data controller calls them from its editing
// queue.
public enum MeasuringMode: Hashable, Sendable {
    case concurrentPerform
    case pool(width: Int)

    /// Runs `body(i)` for every i in 0..<count, concurrently; returns when all have run.
    func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        switch self {
        case .concurrentPerform:
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        case .pool(let width):
            if width <= 1 || count == 1 {
                for index in 0..<count { body(index) }
            } else {
                MeasuringPool.shared(width: width).run(count, body)
            }
        }
    }
}

final class MeasuringPool: @unchecked Sendable {
    /// One batch: items are claimed and counted with atomics (no lock per item); the condition only
    /// puts idle threads to sleep and wakes the caller when the last item is done.
    private final class Job: @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int) -> Void
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        init(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
        }
    }

    private let condition = ListCondition()
    /// Guarded by `condition`: the job being run (nil between jobs), its generation, and the caller gate
    /// (one job at a time: two data controllers may share a pool).
    private var job: Job?
    private var generation: UInt64 = 0
    private var busy = false

    private static let pools = Locked<[Int: MeasuringPool]>([:])

    static func shared(width: Int) -> MeasuringPool {
        if let pool = pools.withLock({ $0[width] }) { return pool }
        let made = MeasuringPool(helpers: width - 1)
        return pools.withLock { pools in
            if let existing = pools[width] { return existing }
            pools[width] = made
            made.start()
            return made
        }
    }

    private let helpers: Int

    private init(helpers: Int) { self.helpers = helpers }

    private func start() {
        for _ in 0..<helpers {
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            _ = pthread_create(&thread, nil, { context in
                let pool = Unmanaged<MeasuringPool>.fromOpaque(context!).takeRetainedValue()
                pool.helperLoop()
                return nil
            }, context)
            pthread_detach(thread)
        }
    }

    func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let job = Job(count: count, body: body)
        condition.locked {
            condition.wait { !busy }
            busy = true
            self.job = job
            generation += 1
            condition.broadcast()
        }
        work(on: job)
        condition.locked {
            condition.wait { job.finished.load(ordering: .acquiring) == job.count }
            self.job = nil
            busy = false
            condition.broadcast()
        }
    }

    private func helperLoop() {
        var seen: UInt64 = 0
        while true {
            let job: Job = condition.locked {
                condition.wait { generation != seen && self.job != nil }
                seen = generation
                return self.job!
            }
            work(on: job)
        }
    }

    /// Takes items until none are left; the last one to finish wakes the caller.
    private func work(on job: Job) {
        while true {
            let index = job.next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < job.count else { return }
            job.body(index)
            if job.finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == job.count {
                condition.locked { condition.broadcast() }
            }
        }
    }
}
