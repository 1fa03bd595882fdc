import KeyboardJSON
import KeyboardResults
import Testing

/// The planted-bug benchmark in a result record: written, read back, gated,
/// charted by commit and exported.
@Suite("Planted bugs in a record")
struct PlantedBugRecordTests {
    static func record(found: Int, commit: String = "a1b2c3d4e5f6", date: String = "2026-11-20T10:00:00Z") -> ResultRecord {
        var r = RecordFixtures.record(commit: commit, date: date)
        r.plantedBugs = [
            PlantedBugFigures(
                bug: "planted.ignoresCaret", firstSeed: 1, seeds: 20, budget: 10_000, found: found, medianRuns: 14.5, maxRuns: 77,
                medianShrunkEvents: 4),
            PlantedBugFigures(
                bug: "planted.readsFrameBegin", firstSeed: 1, seeds: 20, budget: 10_000, found: 20, medianRuns: 1, maxRuns: 2,
                medianShrunkEvents: nil),
        ]
        r.evaluateChecks()
        return r
    }

    @Test func theFiguresReadBackAsWritten() throws {
        let r = Self.record(found: 20)
        let back = try ResultRecord.read(Array(JSONWriter.string(r.json).utf8), file: "r.json")
        #expect(Set(back.plantedBugs) == Set(r.plantedBugs))
    }

    @Test func aTrialThatMissesItsBugFailsTheGate() {
        #expect(Self.record(found: 20).checks.first { $0.name == "plantedBugsMissed" }?.outcome == .passed)
        #expect(Self.record(found: 19).checks.first { $0.name == "plantedBugsMissed" }?.outcome == .failed)
        #expect(RecordFixtures.record().checks.allSatisfy { $0.name != "plantedBugsMissed" }, "not run: not checked")
    }

    @Test func aCountAboveTheSeedsIsRejectedNamingItsKey() {
        var r = Self.record(found: 20)
        r.plantedBugs[0].found = 21
        #expect(throws: MalformedInput.self) { try ResultRecord.read(Array(JSONWriter.string(r.json).utf8), file: "r.json") }
    }

    @Test func theReportChartsRunsToABugByCommit() {
        let entries = [
            RecordSeries.Entry(path: "results/old.json", record: Self.record(found: 20, commit: "1111111aaaa", date: "2026-11-20T10:00:00Z")),
            RecordSeries.Entry(path: "results/new.json", record: Self.record(found: 19, commit: "2222222bbbb", date: "2026-11-21T10:00:00Z")),
        ]
        let page = ReportPage.html(entries)
        #expect(page.contains("Planted bugs by commit"))
        #expect(page.contains("runs to a planted bug"))
        #expect(page.contains("class=\"missed\""), "the newer record missed a bug")
        #expect(page.contains("14.5 (19/20)"))
    }

    @Test func everyExportCarriesTheBugs() {
        let r = Self.record(found: 20)
        #expect(RecordExport.text(r, as: .github).contains("runs to a planted bug, median: planted.ignoresCaret"))
        #expect(RecordExport.text(r, as: .bencher).contains("planted/planted.ignoresCaret"))
        #expect(RecordExport.text(r, as: .influx).contains("kbbench_planted,bug=planted.ignoresCaret"))
    }
}
