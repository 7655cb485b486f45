import Testing
@testable import BenchHarness

/// The machine probe: its table is one cycle through every index, a pass does work on every thread, a run
/// records it per thread count, and `bench compare` turns a verdict at a thread count where the probe moved
/// into "inconclusive" (and only there), never a regression.
@Suite struct MachineProbeTests {
    typealias Fixture = RunComparisonTests

    static func probe(_ values: [Double], threads: Int = 1) -> Metric {
        .timing(ProbeSeries.metricName, unit: "ms", samples: values, labels: MetricLabels(threads: threads),
                lowerIsBetter: true)
    }

    @Test func theTableIsOneCycleThroughEveryIndex() {
        let table = MachineProbe.table
        #expect(table.count == MachineProbe.tableCount)
        var index = 0
        var steps = 0
        repeat {
            index = Int(table[index])
            steps += 1
        } while index != 0 && steps <= table.count
        #expect(steps == table.count)
    }

    @Test func aPassRunsOnEveryWorkerAndTakesTime() {
        for threads in [1, 2] {
            WorkerPool.with(threads: threads, stackSize: WorkerPool.defaultStackSize) { pool in
                let nanoseconds = MachineProbe.run(on: pool, slots: PassSlots(count: threads))
                #expect(nanoseconds > 0)
            }
        }
        // Work depends on its item only: the same item gives the same result on any thread.
        #expect(MachineProbe.work(item: 7) == MachineProbe.work(item: 7))
        #expect(MachineProbe.work(item: 7) != MachineProbe.work(item: 8))
    }

    @Test func aRunRecordsTheProbeOncePerMeasuredRepetitionAndThreadCount() throws {
        var measurements = RunMeasurements(engineName: "test", cells: 10, nodesPerCell: 1, widths: [375, 320],
                                           threadCounts: [1, 2], warmup: 0, repetitions: 2)
        measurements.addProbe(threads: 1, wallNanoseconds: [1e6, 2e6])
        measurements.addProbe(threads: 2, wallNanoseconds: [3e6, 4e6])
        measurements.addProbe(threads: 1, wallNanoseconds: [5e6, 6e6])  // the second width
        measurements.addProbe(threads: 2, wallNanoseconds: [])
        #expect(measurements.probes == [ProbeSeries(threads: 1, wallNanoseconds: [1e6, 2e6, 5e6, 6e6]),
                                        ProbeSeries(threads: 2, wallNanoseconds: [3e6, 4e6])])
    }

    @Test func aVerdictWhereTheProbeMovedIsInconclusive() throws {
        // B's machine ran everything 10 % slower at 1 thread: the probe and the layout alike.
        let comparison = Fixture.compare([Fixture.wall(Fixture.base), Self.probe(Fixture.base)],
                                         [Fixture.wall(Fixture.slower), Self.probe(Fixture.slower)])
        let fresh = try #require(comparison.rows.first { $0.name == "layout.fresh.wallTime" })
        #expect(fresh.verdict == .inconclusive)
        #expect(fresh.verdictText == "inconclusive")
        #expect(fresh.reason?.contains("was slower; the machine probe took +10.0% at 1 thread") == true)
        #expect(!fresh.isRegression)
        let probe = try #require(comparison.rows.first { $0.name == ProbeSeries.metricName })
        #expect(probe.verdict == .worse && !probe.isRegression)
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.notes.contains { $0.hasPrefix("the machine ran at another speed in B (machine probe: 1 thread +10.0%)") })
        #expect(comparison.summaryLine == "timings: 1 inconclusive (the machine differed)")
    }

    @Test func aSteadyProbeLeavesTheVerdictAlone() throws {
        let comparison = Fixture.compare([Fixture.wall(Fixture.base), Self.probe(Fixture.base)],
                                         [Fixture.wall(Fixture.slower), Self.probe(Fixture.same)])
        let fresh = try #require(comparison.rows.first { $0.name == "layout.fresh.wallTime" })
        #expect(fresh.verdict == .worse && fresh.isRegression)
        // Only the saved runs' drift note (SavedRunDriftNoteTests), nothing about the probe.
        #expect(comparison.notes.count == 1)
        #expect(!comparison.notes.contains { $0.contains("machine probe") })
    }

    @Test func onlyTheThreadCountWhoseProbeMovedIsInconclusive() throws {
        let a = [Fixture.wall(Fixture.base, threads: 1), Fixture.wall(Fixture.base, threads: 2),
                 Self.probe(Fixture.base, threads: 1), Self.probe(Fixture.base, threads: 2)]
        let b = [Fixture.wall(Fixture.slower, threads: 1), Fixture.wall(Fixture.slower, threads: 2),
                 Self.probe(Fixture.same, threads: 1), Self.probe(Fixture.slower, threads: 2)]
        let comparison = Fixture.compare(a, b, threadsA: [1, 2], threadsB: [1, 2])
        let byThreads = Dictionary(uniqueKeysWithValues: comparison.rows
            .filter { $0.name == "layout.fresh.wallTime" }.map { ($0.labels.threads!, $0.verdict) })
        #expect(byThreads == [1: .worse, 2: .inconclusive])
        // A timing without a thread count is open as soon as the probe moved at any thread count.
        let total = Metric.timing("pipeline.reload.wallTime", unit: "ms", samples: Fixture.base, labels: MetricLabels(),
                                  lowerIsBetter: true)
        let slowerTotal = Metric.timing("pipeline.reload.wallTime", unit: "ms", samples: Fixture.slower,
                                        labels: MetricLabels(), lowerIsBetter: true)
        let withTotal = Fixture.compare(a + [total], b + [slowerTotal], threadsA: [1, 2], threadsB: [1, 2])
        #expect(withTotal.rows.first { $0.name == "pipeline.reload.wallTime" }?.verdict == .inconclusive)
    }

    @Test func noDifferenceAndCountersStayWhenTheProbeMoved() throws {
        let counter = Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 1,
                                     labels: MetricLabels(width: 375))
        let changed = Metric.counter("layout.fresh.allocationsPerCell", unit: "allocations", value: 2,
                                     labels: MetricLabels(width: 375))
        let comparison = Fixture.compare([Fixture.wall(Fixture.base), Self.probe(Fixture.base), counter],
                                         [Fixture.wall(Fixture.same), Self.probe(Fixture.slower), changed])
        #expect(comparison.rows.first { $0.name == "layout.fresh.wallTime" }?.verdict == .noDifference)
        let counterRow = try #require(comparison.rows.first { $0.deterministic })
        #expect(counterRow.verdict == .changed && counterRow.isRegression)
    }
}
