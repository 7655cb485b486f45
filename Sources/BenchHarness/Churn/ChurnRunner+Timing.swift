import LayoutCore
import NodeTree

// Timing and counting one pair's diffs for ChurnRunner: the calibration of rounds per pair, one timing
// function per algorithm (each kept out of line, so every algorithm is timed through the same kind of call),
// and allocations per diff.

extension ChurnRunner {
    static func identical(_ a: [some AnyObject], _ b: [some AnyObject]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    /// Rounds so that timing one pair takes about `target` ns: grows the rounds until a timing reaches
    /// 100 µs (well above the clock's resolution), then scales.
    static func calibratedRounds(target: Double, _ time: (Int) -> UInt64) -> Int {
        var rounds = 1
        while true {
            let elapsed = Double(time(rounds))
            if elapsed >= 100_000 || rounds >= 1 << 24 {
                return max(1, Int((target * Double(rounds) / max(elapsed, 1)).rounded(.up)))
            }
            rounds *= 8
        }
    }

    /// Wall time of `rounds` calls of `body`, whose results are summed into a sink the optimizer cannot see
    /// through. Always inlined, so each timing function below compiles to its own loop around its own call.
    @inline(__always)
    static func timed(rounds: Int, _ body: () -> Int) -> UInt64 {
        var sink = 0
        let start = CPUClock.wallNanoseconds()
        for _ in 0..<rounds {
            sink &+= body()
        }
        let end = CPUClock.wallNanoseconds()
        blackHole(sink)
        return end &- start
    }

    @inline(never)
    static func timeOurs(_ pair: ChurnPair, rounds: Int) -> UInt64 {
        timed(rounds: rounds) { SubnodeDiff.diff(from: pair.old, to: pair.new).insertions.count }
    }

    @inline(never)
    static func timeLCS(_ pair: ChurnPair, rounds: Int) -> UInt64 {
        timed(rounds: rounds) { TextureLCSDiff.diff(from: pair.old, to: pair.new).insertions.count }
    }

    /// ASM's steps 1–3 (which subnodes take part, the new layout's nodes, the diff) on a host whose
    /// subnodes are the old list; nothing is applied.
    @inline(never)
    static func timeASMChanges(_ host: ChurnHostNode, from old: [Layout], to new: [Layout], rounds: Int) -> UInt64 {
        timed(rounds: rounds) { host.automaticSubnodeChanges(from: old, to: new).diff.insertions.count }
    }

    /// The layout pass that takes the host from the old list to `new` (timed), then back (untimed).
    @inline(never)
    static func timeASMPass(_ host: ChurnHostNode, to new: [DisplayNode], back old: [DisplayNode], rounds: Int) -> UInt64 {
        var total: UInt64 = 0
        for _ in 0..<rounds {
            host.children = new
            host.setNeedsLayout()
            let start = CPUClock.wallNanoseconds()
            host.layoutIfNeeded()
            total &+= CPUClock.wallNanoseconds() &- start
            host.layOut(old)
        }
        return total
    }

    /// Allocations per diff over `pairs`, counted in `passes` identical passes: the last pass is reported, and
    /// `differed` says whether the passes disagreed (then the count is not deterministic and a note says so).
    static func allocationsPerDiff(_ counter: any AllocationCounting, _ pairs: [ChurnPair], passes: Int = 2,
                                   _ body: (ChurnPair) -> Void) -> (perDiff: Double, differed: Bool) {
        var counts: [UInt64] = []
        for _ in 0..<passes {
            var allocations: UInt64 = 0
            for pair in pairs {
                let before = counter.read()
                body(pair)
                allocations &+= counter.read().since(before).allocations
            }
            counts.append(allocations)
        }
        let last = counts.last ?? 0
        return (Double(last) / Double(max(1, pairs.count)), counts.contains { $0 != last })
    }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}
