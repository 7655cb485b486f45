import Testing
@testable import BenchHarness

/// Two saved runs whose timings `bench compare` calls faster or slower get a note that the machine's drift
/// between them can look like a change, with how far apart they were measured; runs it finds no different do not.
@Suite struct SavedRunDriftNoteTests {
    static func document(at timestamp: String, _ values: [Double]) -> ResultDocument {
        var document = RunComparisonTests.document(metrics: [RunComparisonTests.wall(values)])
        document.provenance.timestamp = timestamp
        return document
    }

    static func compare(_ a: ResultDocument, _ b: ResultDocument) -> RunComparison {
        RunComparison.compare(a, file: "a.json", with: b, file: "b.json", alpha: 0.05)
    }

    @Test func aCalledTimingGetsTheNoteWithTheTimeApart() throws {
        let comparison = Self.compare(Self.document(at: "2026-11-27T20:00:00Z", RunComparisonTests.base),
                                      Self.document(at: "2026-11-27T20:12:10Z", RunComparisonTests.slower))
        #expect(comparison.rows.first?.verdictText == "slower")
        let note = try #require(comparison.notes.first { $0.contains("saved runs") })
        #expect(note.hasPrefix("1 timed verdict compare two saved runs measured 12 min apart:"))
        #expect(note.contains("bench compare --binaries A B"))
    }

    @Test func noDifferenceGetsNoNote() {
        let comparison = Self.compare(Self.document(at: "2026-11-27T20:00:00Z", RunComparisonTests.base),
                                      Self.document(at: "2026-11-27T21:00:00Z", RunComparisonTests.same))
        #expect(comparison.rows.first?.verdict == .noDifference)
        #expect(!comparison.notes.contains { $0.contains("saved runs") })
    }

    @Test func unreadableTimestampsStillGetTheNote() throws {
        let comparison = Self.compare(Self.document(at: "yesterday", RunComparisonTests.base),
                                      Self.document(at: "2026-11-27T20:12:10Z", RunComparisonTests.slower))
        let note = try #require(comparison.notes.first { $0.contains("saved runs") })
        #expect(note.contains("measured at different times"))
    }

    @Test(arguments: [
        ("2026-11-27T20:00:00Z", "2026-11-27T20:00:40Z", "40 s"),
        ("2026-11-27T20:00:40Z", "2026-11-27T20:00:00Z", "40 s"),
        ("2026-11-27T20:00:00Z", "2026-11-27T20:03:00Z", "3 min"),
        ("2026-11-27T20:00:00Z", "2026-11-27T23:10:00Z", "3 h"),
    ])
    func timeApart(a: String, b: String, expected: String) {
        #expect(RunComparison.timeApart(a, b) == expected)
    }

    @Test func timeApartOfAnUnreadableTimestampIsNil() {
        #expect(RunComparison.timeApart("2026-11-27T20:00:00Z", "not a date") == nil)
    }
}
