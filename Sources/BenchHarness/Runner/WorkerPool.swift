#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A pool of exactly N real threads (pthreads), started once and reused for every pass, so a run at
// "2 threads" uses two threads — not however many GCD or a TaskGroup decide on — each pinned to its own
// CPU while the process has enough (CPUAffinity.swift says why). A pass hands every
// worker the same job with its worker index; workers take cells through an atomic index
// (PassSchedule). pthread mutex and condition variables only: TSan sees them (Synchronization.Mutex it
// does not, on Linux).

public final class WorkerPool: @unchecked Sendable {
    public let threadCount: Int
    /// Each worker's stack, bytes. Layout recurses once per nesting level (node → spec → child node), so
    /// deep trees (the `deep` scenario: 1,000 nested stacks) need more than the platform default.
    public let stackSize: Int

    /// 8 MiB: the feed's cells nest a few levels; the tree scenarios ask for more (TreeScenario.stackSize).
    public static let defaultStackSize = 8 << 20
    /// The CPU each worker is pinned to (CPUAffinity), nil for a worker left to the scheduler: pools of at
    /// most as many workers as the process has CPUs pin each to its own.
    public let pinnedCPUs: [Int?]

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    private let finished: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
    private var generation: UInt64 = 0
    private var running = 0
    private var job: ((Int) -> Void)?
    private var stopping = false
    private var threads: [pthread_t] = []

    /// Starts `threadCount` (≥ 1) worker threads, parked until `run`. Call `shutdown()` when done (or
    /// use `WorkerPool.with(threads:_:)`).
    public init(threadCount: Int, stackSize: Int = WorkerPool.defaultStackSize) {
        precondition(threadCount >= 1, "a worker pool needs at least one thread, got \(threadCount)")
        self.threadCount = threadCount
        self.stackSize = stackSize
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        wake = .allocate(capacity: 1)
        wake.initialize(to: pthread_cond_t())
        finished = .allocate(capacity: 1)
        finished.initialize(to: pthread_cond_t())
        // Plain calls with their status checked, never inside a precondition: -Ounchecked builds drop
        // a precondition's condition, calls and all, and the pool would wait on uninitialised primitives.
        Self.check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        Self.check(pthread_cond_init(wake, nil), "pthread_cond_init")
        Self.check(pthread_cond_init(finished, nil), "pthread_cond_init")
        let allowed = CPUAffinity.allowedCPUs()
        pinnedCPUs = (0..<threadCount).map { CPUAffinity.cpu(forWorker: $0, of: threadCount, allowed: allowed) }
        for index in 0..<threadCount {
            threads.append(startThread(index: index, cpu: pinnedCPUs[index]))
        }
    }

    /// Runs `body(pool)` with a pool of `threads` workers and shuts it down afterwards.
    public static func with<R>(threads: Int, stackSize: Int = WorkerPool.defaultStackSize,
                               _ body: (WorkerPool) throws -> R) rethrows -> R {
        let pool = WorkerPool(threadCount: threads, stackSize: stackSize)
        defer { pool.shutdown() }
        return try body(pool)
    }

    /// Calls `job(workerIndex)` once on every worker, concurrently, and returns when all have returned.
    /// The job may capture non-Sendable state: it must only touch disjoint data per worker or
    /// synchronize itself (the runner's jobs write distinct cells).
    public func run(_ job: (Int) -> Void) {
        withoutActuallyEscaping(job) { job in
            pthread_mutex_lock(mutex)
            precondition(!stopping, "run on a worker pool after shutdown")
            self.job = job
            running = threadCount
            generation &+= 1
            pthread_cond_broadcast(wake)
            while running > 0 {
                pthread_cond_wait(finished, mutex)
            }
            self.job = nil
            pthread_mutex_unlock(mutex)
        }
    }

    /// Stops and joins every worker. Idempotent.
    public func shutdown() {
        pthread_mutex_lock(mutex)
        let alreadyStopping = stopping
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        guard !alreadyStopping else { return }
        for thread in threads {
            pthread_join(thread, nil)
        }
        threads.removeAll()
    }

    deinit {
        // Workers hold the pool strongly until they exit, so by now they have been joined.
        pthread_cond_destroy(wake)
        pthread_cond_destroy(finished)
        pthread_mutex_destroy(mutex)
        wake.deallocate()
        finished.deallocate()
        mutex.deallocate()
    }

    private func workerLoop(index: Int, cpu: Int?) {
        if let cpu { CPUAffinity.pinCurrentThread(to: cpu) }
        var seen: UInt64 = 0
        while true {
            pthread_mutex_lock(mutex)
            while generation == seen && !stopping {
                pthread_cond_wait(wake, mutex)
            }
            if stopping {
                pthread_mutex_unlock(mutex)
                return
            }
            seen = generation
            pthread_mutex_unlock(mutex)

            runCurrentJob(index)

            pthread_mutex_lock(mutex)
            running -= 1
            if running == 0 { pthread_cond_signal(finished) }
            pthread_mutex_unlock(mutex)
        }
    }

    /// Calls the current job. Its own function so the worker's reference to the closure is released
    /// before the worker reports completion (`run`'s withoutActuallyEscaping checks that nothing kept
    /// it). Reading `job` without the lock is safe: `run` set it under the lock before waking the
    /// workers, and clears it only after every worker has reported.
    @inline(never)
    private func runCurrentJob(_ index: Int) {
        if let job { job(index) }
    }

    private func startThread(index: Int, cpu: Int?) -> pthread_t {
        let context = Unmanaged.passRetained(WorkerContext(pool: self, index: index, cpu: cpu)).toOpaque()
        var attributes = pthread_attr_t()
        Self.check(pthread_attr_init(&attributes), "pthread_attr_init")
        defer { pthread_attr_destroy(&attributes) }
        // Deep spec trees recurse: a worker left on the default stack would overflow it.
        Self.check(pthread_attr_setstacksize(&attributes, stackSize), "pthread_attr_setstacksize (\(stackSize) bytes)")
        #if canImport(Darwin)
        var thread: pthread_t?
        Self.check(pthread_create(&thread, &attributes, workerEntry, context),
                   "pthread_create (a \(stackSize)-byte stack)")
        return thread!
        #else
        var thread = pthread_t()
        Self.check(pthread_create(&thread, &attributes, workerEntry, context),
                   "pthread_create (a \(stackSize)-byte stack)")
        return thread
        #endif
    }

    /// Stops the process when a pthread call of the pool's setup failed: a pool without its primitives or
    /// its threads cannot run a pass, and its callers (the runner's passes) have no error path. Checked in
    /// every build configuration, unlike a precondition.
    private static func check(_ status: Int32, _ call: @autoclosure () -> String) {
        if status != 0 {
            fatalError("worker pool: \(call()) failed with \(status) (" + String(cString: strerror(status)) + ")")
        }
    }

    fileprivate final class WorkerContext {
        let pool: WorkerPool
        let index: Int
        let cpu: Int?
        init(pool: WorkerPool, index: Int, cpu: Int?) {
            self.pool = pool
            self.index = index
            self.cpu = cpu
        }
    }

    fileprivate static func enter(_ raw: UnsafeMutableRawPointer) {
        let context = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
        context.pool.workerLoop(index: context.index, cpu: context.cpu)
    }
}

#if canImport(Darwin)
private func workerEntry(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    WorkerPool.enter(raw)
    return nil
}
#else
private func workerEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    WorkerPool.enter(raw!)
    return nil
}
#endif
