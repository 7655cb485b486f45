import Foundation
import Testing
@testable import BenchHarness

/// The noise notes on synthetic measurements: each sign triggers its note and only it, quiet passes get
/// none, and the table marks the cells the notes name.
@Suite struct NoiseNotesTests {
    static func pass(_ phase: LayoutPhase = .fresh, threads: Int, wall: [Double], cpu: [Double]) -> TimedPhase {
        var timed = TimedPhase(phase: phase, threads: threads, width: 375)
        timed.wallNanoseconds = wall
        timed.cpuNanoseconds = cpu
        return timed
    }

    static let quietWall = [4.0e6, 4.1e6, 3.9e6, 4.05e6, 4.0e6]

    @Test func quietPassesGetNoNotes() {
        let one = Self.pass(threads: 1, wall: Self.quietWall, cpu: Self.quietWall.map { $0 * 0.99 })
        let two = Self.pass(threads: 2, wall: Self.quietWall, cpu: Self.quietWall.map { $0 * 1.96 })
        #expect(NoiseNotes.notes(for: [one, two]) == [])
    }

    @Test func cpuBelowTheThreadCountIsNoted() {
        // Two workers kept 1.6 cores busy: 0.8 × 2 < 0.9 × 2.
        let two = Self.pass(.cached, threads: 2, wall: Self.quietWall, cpu: Self.quietWall.map { $0 * 1.6 })
        let notes = NoiseNotes.notes(for: [two])
        #expect(notes == ["cached re-layout, 2 threads, width 375: cpu/wall 1.60 is below 0.9 × 2 — workers were "
            + "descheduled or waited; its times are noisier"])
        // Just above the line: no note.
        let fine = Self.pass(threads: 2, wall: Self.quietWall, cpu: Self.quietWall.map { $0 * 1.81 })
        #expect(NoiseNotes.notes(for: [fine]) == [])
    }

    @Test func aLargeSpreadIsNoted() {
        // One repetition took twice as long: cells/s spread (1/4 − 1/8) / (1/4) = 50 %.
        let wall = [4.0e6, 4.0e6, 8.0e6, 4.0e6, 4.1e6]
        let notes = NoiseNotes.notes(for: [Self.pass(threads: 1, wall: wall, cpu: wall)])
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("fresh layout, 1 thread, width 375: cells/s spread 50.0% over 5 repetitions "
            + "is above 15.0%") == true, "\(notes)")
    }

    @Test func oneRepetitionHasNoSpread() {
        #expect(NoiseNotes.notes(for: [Self.pass(threads: 1, wall: [4e6], cpu: [4e6])]) == [])
    }

    @Test func loadAboveTheCoreCountIsNoted() {
        #expect(NoiseNotes.loadNote(oneMinuteLoad: 1.9, cores: 2) == nil)
        #expect(NoiseNotes.loadNote(oneMinuteLoad: nil, cores: 2) == nil)
        #expect(NoiseNotes.loadNote(oneMinuteLoad: 4.6, cores: 2) == "load average 4.60 (1 minute, /proc/loadavg) "
            + "at the start exceeded the 2 cores: other processes competed for the CPUs, so times are noisier")
    }

    @Test func loadAverageIsReadFromTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loom-loadavg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("loadavg")
        try Data("3.25 2.10 1.05 3/152 21528\n".utf8).write(to: file)
        #expect(NoiseNotes.oneMinuteLoad(path: file.path) == 3.25)
        #expect(NoiseNotes.oneMinuteLoad(path: directory.appendingPathComponent("missing").path) == nil)
    }

    @Test func theResultCarriesTheNotesAndTheTableMarksTheCells() {
        var measurements = RunMeasurements(engineName: "test", cells: 100, nodesPerCell: 6, widths: [375],
                                           threadCounts: [1, 2], warmup: 0, repetitions: 5)
        let noisyWall = [4.0e6, 4.0e6, 8.0e6, 4.0e6, 4.1e6]
        measurements.timed = [Self.pass(threads: 1, wall: noisyWall, cpu: noisyWall),
                              Self.pass(threads: 2, wall: Self.quietWall, cpu: Self.quietWall.map { $0 * 1.5 })]
        let scenario = RunnerTests.scenario(cells: 100, threads: [.count(1), .count(2)])
        let result = ResultDocument.make(scenario: scenario, measurements: measurements,
                                         provenance: ResultDocumentTests.provenance, timingsValid: true)
        #expect(result.notes.count == 2)
        #expect(result.notes.contains { $0.hasPrefix("fresh layout, 1 thread, width 375: cells/s spread") })
        #expect(result.notes.contains { $0.hasPrefix("fresh layout, 2 threads, width 375: cpu/wall 1.50") })
        let table = TableReport.render(result)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("fresh layout") || $0.hasPrefix("  ") }
        #expect(table.contains("50.0% !"), "\(table)")
        #expect(table.contains("1.50 !"), "\(table)")
        #expect(!rows.isEmpty)
        #expect(table.contains("scaling = median of the per-repetition ratios"))
        #expect(table.contains("note: fresh layout, 2 threads, width 375: cpu/wall 1.50"))
    }
}
