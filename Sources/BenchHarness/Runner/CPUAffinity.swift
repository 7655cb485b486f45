import CPUPinning

// Pinning the pool's workers to distinct CPUs. Without it Linux wakes a parked worker on the CPU of the
// thread that woke it (wake-affine) and moves it to an idle CPU only at a later load balance. A pass is
// short next to that balancing interval, so at "2 threads" both workers could time-share one core for most
// of a pass and the thread scaling would vary from run to run with where the scheduler happened to put
// them. Pinned, every worker runs on its own CPU from its first cell, which is what "N threads" is meant to
// measure.

enum CPUAffinity {
    /// The CPUs this process may run on, ascending (empty where the platform cannot say).
    static func allowedCPUs() -> [Int] {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = cpus.withUnsafeMutableBufferPointer { loom_allowed_cpus($0.baseAddress!, Int32($0.count)) }
        return count > 0 ? cpus[..<Int(count)].map(Int.init) : []
    }

    /// Pins the calling thread to `cpu`. Returns false where pinning is unsupported or refused (the thread
    /// then runs wherever the scheduler puts it, as without pinning).
    @discardableResult
    static func pinCurrentThread(to cpu: Int) -> Bool {
        loom_pin_current_thread(Int32(cpu)) == 0
    }

    /// The CPU the calling thread runs on now (nil where the platform cannot say).
    static func currentCPU() -> Int? {
        let cpu = loom_current_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// The CPU for worker `index` of `threadCount`: distinct CPUs while there are enough of them; nil when
    /// the pool has more workers than the process has CPUs (oversubscribed pools are left to the scheduler,
    /// which time-slices them anyway) or the CPUs are unknown.
    static func cpu(forWorker index: Int, of threadCount: Int, allowed: [Int]) -> Int? {
        guard threadCount <= allowed.count, index < allowed.count else { return nil }
        return allowed[index]
    }
}
