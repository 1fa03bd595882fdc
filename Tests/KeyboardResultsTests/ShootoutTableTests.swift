import KeyboardResults
import Testing

@Suite("The shootout table, defined once")
struct ShootoutTableTests {
    static let codes = (1...9).map { "I\($0)" }

    static func row(_ name: String, promisesDistance: Bool, recent: Bool) -> ShootoutSummary.Row {
        .init(
            name: name, scenarios: 100, outOfScope: 5, violations: codes.enumerated().map { .init($1, $0 * 10) },
            fieldHidden: recent ? 7 : nil, fieldHiddenOnlyAfterSwitch: recent ? 2 : nil, promisesDistance: promisesDistance,
            anyViolation: recent ? 60 : nil, anyOnlyByChoice: recent ? 4 : nil, unsatisfiable: 3, coveredFrames60: 11, coveredFrames120: 22
        )
    }

    @Test func everyCellLinesUpWithItsHead() {
        let s = ShootoutSummary(seed: 1, strategies: [Self.row("a", promisesDistance: true, recent: true)])
        #expect(
            s.columns == ["strategy", "judged", "out of scope", "I1", "I2 visible", "(after a switch)", "I2 with distance"]
                + (3...9).map { "I\($0)" } + ["any", "(by choice)", "unsat", "covered 60 Hz", "covered 120 Hz"])
        let cells = Dictionary(uniqueKeysWithValues: zip(s.columns, s.rows[0]))
        #expect(cells["I1"] == "0" && cells["I2 visible"] == "7" && cells["(after a switch)"] == "2" && cells["I2 with distance"] == "10")
        #expect(cells["I9"] == "80" && cells["any"] == "60" && cells["(by choice)"] == "4" && cells["unsat"] == "3")
        #expect(cells["covered 60 Hz"] == "11" && cells["covered 120 Hz"] == "22" && cells["out of scope"] == "5")
    }

    /// A strategy without a distance has no "with distance" figure, one
    /// without a documented choice no "(by choice)", and an older record's
    /// missing counts are shown as unknown, never as 0.
    @Test func whatARecordDoesNotSayIsADash() {
        let s = ShootoutSummary(seed: 1, strategies: [Self.row("old", promisesDistance: false, recent: false)])
        let cells = Dictionary(uniqueKeysWithValues: zip(s.columns, s.rows[0]))
        #expect(cells["I2 with distance"] == "—" && cells["I2 visible"] == "—" && cells["(after a switch)"] == "—" && cells["any"] == "—")
        #expect(cells["(by choice)"] == "—")
        #expect(s.markdownTable.split(separator: "\n").count == 3)
    }

    /// The HTML report draws the same columns and cells.
    @Test func theReportShowsTheSameTable() throws {
        var record = RecordFixtures.record()
        record.shootout = ShootoutSummary(seed: 1, strategies: [Self.row("a", promisesDistance: true, recent: true)])
        let html = ReportPage.html([RecordSeries.Entry(path: "results/a.json", record: record)])
        for head in record.shootout!.columns { #expect(html.contains("<th>\(head)</th>"), "\(head)") }
        #expect(html.contains("<td>60</td>"), "the any-violation cell")
    }

    /// Against the current catalog, a row of a strategy it no longer has is
    /// marked retired, and the catalog's strategies the record lacks are
    /// named; without a catalog, nothing is marked.
    @Test func aRetiredStrategyIsMarked() throws {
        var record = RecordFixtures.record()
        record.shootout = ShootoutSummary(
            seed: 1,
            strategies: [Self.row("engine", promisesDistance: true, recent: true), Self.row("rootShift", promisesDistance: false, recent: true)])
        let entries = [RecordSeries.Entry(path: "results/a.json", record: record)]
        let html = ReportPage.html(entries, catalog: ["engine", "swiftUI"])
        #expect(html.contains("<td>rootShift (retired)</td>") && html.contains("<td>engine</td>"))
        #expect(html.contains("Retired since (not in this kbbench&#39;s catalog): rootShift."))
        #expect(html.contains("In the catalog, not in this record (added since): swiftUI."))
        #expect(!ReportPage.html(entries).contains("retired"))
    }
}
