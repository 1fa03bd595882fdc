import Foundation
import KBTestSupport
import KeyboardResults
import Testing

/// The report as a reader sees it, pinned: a fixed series renders byte for
/// byte as the reviewed page in `Golden/report.html` (stored with a line
/// break between adjacent tags), so a change to any
/// chart's geometry, a number's format or a table's cells shows up as a diff
/// to review. After an intended change, regenerate every pin
/// (docs/pins.md) and read the diff before committing it.
@Suite("The report, pinned")
struct ReportGoldenTests {
    typealias F = RecordFixtures

    static let golden = GoldenFile.url("Golden/report.html", besideTestFile: #filePath)

    /// Three records of one series and one of another machine, with ratios
    /// on each side of every formatting edge (two decimals, a sign only when
    /// one survives rounding, no value), a failed check, a shootout, a
    /// regression by calibrated time and one by counts, and a change point.
    static var entries: [RecordSeries.Entry] {
        var entries = (0..<3).map { i in
            // The engine's code 45 % slower at the second record (time
            // against floor); the cookbook's count 4 % up at the third.
            var record = F.record(
                commit: String(repeating: String(i + 4), count: 12), date: "2026-11-1\(i)T09:00:00Z", scale: [1, 1.4, 0.9][i],
                benchmarks: [
                    F.figures("engine", p50: 150 * [1, 1.45, 0.9][i], calibrator: "floor"), F.figures("floor", p50: 12),
                    F.figures("cookbook", p50: 2_100_000, allocations: 3),
                ]
            )
            record.benchmarks[2].instructionsPerNotification = [2_400, 2_400, 2_500][i]
            if i == 2 {
                record.ratios = [
                    BenchmarkRatio(name: "engineOverFloor", median: 7.126, low: 1.1, high: 10, rounds: 5),
                    BenchmarkRatio(name: "small", median: 0.07, low: -0.004, high: -0.01, rounds: 3),
                    BenchmarkRatio(name: "signs", median: -2.5, low: 0.999, high: .infinity, rounds: 1),
                ]
                record.checks.append(Check(name: "timeToShrunkCounterexample", outcome: .failed))
                // One trial of each kind: the neighbour's, one caught, one
                // under the tolerance, one missed (red, its bar the
                // narrowest drawn), one whose counts gave no ratio (a red
                // mark at 0, in its row).
                record.plantedSlowdowns = [
                    PlantedSlowdownTrial(
                        target: nil, percent: 0, neighbour: true, caughtByCounts: nil, falseAlarmsByCounts: [], caughtByTime: nil,
                        falseAlarmsByTime: [], largestOtherTimeMove: 1.21),
                    PlantedSlowdownTrial(
                        target: "engine", percent: 10, neighbour: false, caughtByCounts: true, falseAlarmsByCounts: [], caughtByTime: false,
                        falseAlarmsByTime: [], countRatio: 1.0958, timeRatio: 1.12, largestOtherTimeMove: 1.05),
                    PlantedSlowdownTrial(
                        target: "engine", percent: 1, neighbour: false, caughtByCounts: false, falseAlarmsByCounts: [], caughtByTime: false,
                        falseAlarmsByTime: [], countRatio: 1.0098, timeRatio: 0.97),
                    PlantedSlowdownTrial(
                        target: "cookbook", percent: 3, neighbour: false, caughtByCounts: false, falseAlarmsByCounts: ["floor"], caughtByTime: false,
                        falseAlarmsByTime: ["engine"], countRatio: 1.002, timeRatio: 1.5),
                    PlantedSlowdownTrial(
                        target: "engine", percent: 3, neighbour: false, caughtByCounts: false, falseAlarmsByCounts: [], caughtByTime: true,
                        falseAlarmsByTime: [], timeRatio: 1.04),
                ]
                record.shootout = ShootoutSummary(
                    seed: 9,
                    strategies: [
                        .init(name: "engine", scenarios: 100, violations: [], unsatisfiable: 2, coveredFrames60: 0, coveredFrames120: 1),
                        .init(
                            name: "apple2013", scenarios: 100, violations: [.init("I1", 12), .init("I8", 3)], unsatisfiable: 2, coveredFrames60: 4,
                            coveredFrames120: 9),
                    ])
            }
            return RecordSeries.Entry(path: "results/bench-\(i).json", record: record)
        }
        let other = Machine(os: "macOS", cpu: "Apple M2", cores: 8, host: "mini")
        entries.append(
            RecordSeries.Entry(path: "results/bench-mac.json", record: F.record(commit: "abcdefabcdef", date: "2026-11-12T08:00:00Z", machine: other))
        )
        return entries
    }

    /// The page with a line break between adjacent tags, so that a diff of
    /// the golden file reads element by element.
    static func lines(_ html: String) -> String { html.replacingOccurrences(of: "><", with: ">\n<") }

    @Test func aFixedSeriesRendersAsTheReviewedPage() throws {
        let difference = try GoldenFile.difference(Self.lines(ReportPage.html(Self.entries)), from: Self.golden)
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Ratios print with two decimals, the sign kept only when it survives
    /// rounding, and a dash for a ratio that has no value.
    @Test func ratiosHaveTwoDecimals() {
        let html = ReportPage.html(Self.entries)
        for cell in ["7.13", "1.10", "10.00", "0.07", "0.00", "-0.01", "-2.50", "1.00", "—"] {
            #expect(html.contains("<td>\(cell)</td>"), "\(cell)")
        }
        #expect(!html.contains("<td>-0.00</td>"))
    }

    /// The page names the newest record's commit by its first 12 characters.
    @Test func theNewestCommitIsNamedByTwelveCharacters() {
        let r = F.record(commit: "0123456789abcdef0123456789abcdef01234567", date: "2026-11-24T12:00:00Z")
        let html = ReportPage.html([RecordSeries.Entry(path: "results/r.json", record: r)])
        #expect(html.contains("commit 0123456789ab, 2026-11-24T12:00:00Z"))
    }

    /// The fuzz cost shows by commit, oldest first, a column per seed; a
    /// seed a record did not count is a dash. No record counted: no section.
    @Test func theFuzzCostShowsByCommit() {
        func record(_ commit: String, _ date: String, _ costs: [(UInt64, Double)]) -> RecordSeries.Entry {
            var r = F.record(commit: commit, date: date)
            r.fuzzCosts = costs.map {
                FuzzCost(strategy: "engine", seed: $0.0, runs: 2_000, notificationsChecked: 83_197, instructionsPerCheckedNotification: $0.1)
            }
            return RecordSeries.Entry(path: "results/\(commit).json", record: r)
        }
        let html = ReportPage.html([
            record("bbbbbbbbbbbb", "2026-11-24T12:00:00Z", [(5, 6_855.5), (9, 6_861.2)]),
            record("aaaaaaaaaaaa", "2026-11-24T10:00:00Z", [(5, 7_535.4)]),
        ])
        #expect(html.contains("<tr><th>commit</th><th>date</th><th>build</th><th>engine seed 5</th><th>engine seed 9</th></tr>"))
        #expect(
            html.contains(
                "<tr><td>aaaaaaa</td><td>2026-11-24T10:00:00Z</td><td>release</td><td>7535</td><td>—</td></tr>"
                    + "<tr><td>bbbbbbb</td><td>2026-11-24T12:00:00Z</td><td>release</td><td>6856</td><td>6861</td></tr>"))
        #expect(!ReportPage.html(Self.entries).contains("Fuzz cost"))
    }

    /// The whole part is the hundredths divided by exactly 100: values just
    /// under a whole number, and two-digit ones, keep their digits.
    @Test func ratiosKeepTheirWholePart() {
        var record = F.record()
        record.ratios = [
            BenchmarkRatio(name: "underOne", median: 0.99, low: 19.8, high: 99.99, rounds: 3),
            BenchmarkRatio(name: "large", median: 1_234.56, low: 198.02, high: 9.9, rounds: 3),
        ]
        let html = ReportPage.html([RecordSeries.Entry(path: "results/r.json", record: record)])
        for cell in ["0.99", "19.80", "99.99", "1234.56", "198.02", "9.90"] {
            #expect(html.contains("<td>\(cell)</td>"), "\(cell)")
        }
    }
}
