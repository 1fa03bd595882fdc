import Foundation
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

    /// `r` written as JSON and read again, as a file named `r.json`.
    static func readBack(_ r: ResultRecord) throws -> ResultRecord {
        try ResultRecord.read(Array(JSONWriter.string(r.json).utf8), file: "r.json")
    }

    @Test func theFiguresReadBackAsWritten() throws {
        let r = Self.record(found: 20)
        let back = try Self.readBack(r)
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
        #expect(throws: MalformedInput.self) { try Self.readBack(r) }
    }

    /// The key the reader names when `from` in a written record with two
    /// planted bugs is replaced by `to` (the edit must apply, and the
    /// record must then be rejected).
    static func keyRejected(replacing from: String, with to: String) throws -> String {
        let text = JSONWriter.string(record(found: 20).json)
        try #require(text.contains(from), "the edit applies")
        let edited = text.replacingOccurrences(of: from, with: to)
        let error = try #require(throws: MalformedInput.self) { try ResultRecord.read(Array(edited.utf8), file: "r.json") }
        return try #require(error.key, "the error names a key")
    }

    /// A key a planted bug's entry does not have is named, not read past.
    @Test func anUnknownKeyInABugsEntryIsRejectedNamingIt() throws {
        let entry = #""planted.readsFrameBegin":{"#
        let key = try Self.keyRejected(replacing: entry, with: entry + #""foundBy":"me","#)
        #expect(key.hasPrefix("plantedBugs") && key.contains("planted.readsFrameBegin") && key.hasSuffix("foundBy"), "\(key)")
    }

    /// A budget of no runs is no trial, and neither is a run of no seeds:
    /// the reader names the key. The smallest trial, one seed with a
    /// budget of one run, reads back.
    @Test func aBudgetOfNoRunsOrNoSeedsIsRejectedNamingIt() throws {
        let key = try Self.keyRejected(replacing: #""budget":10000"#, with: #""budget":0"#)
        #expect(key.hasPrefix("plantedBugs") && key.hasSuffix("budget"), "\(key)")
        let seeds = try Self.keyRejected(replacing: #""seeds":20"#, with: #""seeds":0"#)
        #expect(seeds.hasPrefix("plantedBugs") && seeds.hasSuffix("seeds"), "\(seeds)")
        var r = Self.record(found: 20)
        r.plantedBugs[0] = PlantedBugFigures(
            bug: "planted.ignoresCaret", firstSeed: 1, seeds: 1, budget: 1, found: 1, medianRuns: 1, maxRuns: 1, medianShrunkEvents: 1)
        let back = try Self.readBack(r)
        #expect(Set(back.plantedBugs) == Set(r.plantedBugs))
    }

    /// Every name the record holds, as a key or a value (a planted bug's,
    /// a benchmark's, a check's), refuses a control character: each is a
    /// series name in the exports.
    @Test func everyNameInTheRecordRefusesAControlCharacter() throws {
        let text = JSONWriter.string(Self.record(found: 20).json)
        for name in ["planted.ignoresCaret", "planted.readsFrameBegin", "engine", "floor", "engineP99", "plantedBugsMissed"] {
            let edited = text.replacingOccurrences(of: "\"\(name)\"", with: "\"\(name)\\n\"")
            try #require(edited != text, "\(name) is in the record")
            #expect(throws: MalformedInput.self, "\(name)") { try ResultRecord.read(Array(edited.utf8), file: "r.json") }
        }
    }

    /// A trial takes one run at least, found or not: most runs of 0, or a
    /// median of 0, is rejected naming its key.
    @Test func noRunsToABugIsRejectedNamingIt() throws {
        for key in ["maxRuns", "medianRuns"] {
            let value = key == "maxRuns" ? "77" : "14.5"
            let named = try Self.keyRejected(replacing: "\"\(key)\":\(value)", with: "\"\(key)\":0")
            #expect(named.hasPrefix("plantedBugs") && named.contains("planted.ignoresCaret") && named.hasSuffix(key), "\(named)")
        }
    }

    /// A shrunk counterexample holds at least the notification that broke
    /// an invariant, so the median of their events is 1 or more: 0 is
    /// rejected naming the key, 1 is read.
    @Test func aMedianOfNoShrunkEventsIsRejectedNamingIt() throws {
        let key = try Self.keyRejected(replacing: #""medianShrunkEvents":4"#, with: #""medianShrunkEvents":0"#)
        #expect(key.hasPrefix("plantedBugs") && key.contains("planted.ignoresCaret") && key.hasSuffix("medianShrunkEvents"), "\(key)")
        var r = Self.record(found: 20)
        r.plantedBugs[0].medianShrunkEvents = 1
        let back = try Self.readBack(r)
        #expect(back.plantedBugs.first { $0.bug == "planted.ignoresCaret" }?.medianShrunkEvents == 1)
    }

    /// Seed 0 is a seed, and the largest first seed `bench` takes is read
    /// back as written; one past it is refused naming its key.
    @Test func firstSeedsFromZeroToTheLargestReadBack() throws {
        var r = Self.record(found: 20)
        r.plantedBugs[0].firstSeed = 0
        r.plantedBugs[1].firstSeed = ResultRecord.largestFirstSeed
        let back = try Self.readBack(r)
        #expect(Set(back.plantedBugs.map(\.firstSeed)) == [0, ResultRecord.largestFirstSeed])
        let key = try Self.keyRejected(replacing: #""firstSeed":1,"#, with: "\"firstSeed\":\(ResultRecord.largestFirstSeed + 1),")
        #expect(key.hasPrefix("plantedBugs") && key.hasSuffix("firstSeed"), "\(key)")
    }

    /// A bug no trial found reads back: found 0, every trial's runs the
    /// budget, and no shrunk size.
    @Test func aBugNoTrialFoundReadsBack() throws {
        var r = Self.record(found: 20)
        r.plantedBugs[0] = PlantedBugFigures(
            bug: "planted.ignoresCaret", firstSeed: 1, seeds: 20, budget: 10_000, found: 0, medianRuns: 10_000, maxRuns: 10_000,
            medianShrunkEvents: nil)
        let back = try Self.readBack(r)
        #expect(back.plantedBugs.first { $0.bug == "planted.ignoresCaret" } == r.plantedBugs[0])
    }

    @Test func theReportChartsRunsToABugByCommit() {
        let entries = [
            RecordSeries.Entry(path: "results/old.json", record: Self.record(found: 20, commit: "1111111aaaa", date: "2026-11-20T10:00:00Z")),
            RecordSeries.Entry(path: "results/new.json", record: Self.record(found: 19, commit: "2222222bbbb", date: "2026-11-21T10:00:00Z")),
        ]
        let page = ReportPage.html(entries)
        #expect(page.contains("Planted bugs by commit"))
        #expect(page.contains("runs to a planted bug"))
        #expect(page.components(separatedBy: "class=\"missed\"").count - 1 == 1, "the newer record missed a bug, the older none: one ring")
        #expect(page.contains("2222222 2026-11-21: 1 trial missed its bug"), "its title, in the singular")
        #expect(page.contains("14.5 (19/20)"))
        // In the table, a cell is marked failed exactly where a trial missed its bug.
        #expect(page.contains(#"<td class="failed">14.5 (19/20)</td>"#))
        #expect(page.contains("<td>14.5 (20/20)</td>") && page.contains("<td>1 (20/20)</td>"), "a bug found on every seed is not marked")
        // Each bug's figures sit in its own column, in the header's order.
        #expect(page.contains("<th>planted.ignoresCaret</th><th>planted.readsFrameBegin</th>"))
        #expect(page.contains(#"<td class="failed">14.5 (19/20)</td><td>1 (20/20)</td>"#), "the newer record's row")
        #expect(ReportPageTests.unbalancedElement(page) == nil, "\(ReportPageTests.unbalancedElement(page) ?? "")")
    }

    /// A record that did not run one of the bugs another record ran keeps
    /// a cell for it, marked "—", so that each figure stays in its bug's
    /// column; each row opens with its commit's first seven characters and
    /// its date, and the section says how its figures are made.
    @Test func aBugARecordDidNotRunKeepsItsColumn() {
        var older = Self.record(found: 20, commit: "1111111aaaa", date: "2026-11-20T10:00:00Z")
        older.plantedBugs.removeLast()
        let entries = [
            RecordSeries.Entry(path: "results/old.json", record: older),
            RecordSeries.Entry(path: "results/new.json", record: Self.record(found: 20, commit: "2222222bbbb", date: "2026-11-21T10:00:00Z")),
        ]
        let page = ReportPage.html(entries)
        #expect(page.contains("<th>planted.ignoresCaret</th><th>planted.readsFrameBegin</th>"))
        #expect(page.contains(#"<td>14.5 (20/20)</td><td class="note">—</td></tr>"#), "the older record's row: no figure for the bug it did not run")
        #expect(page.contains("<td>14.5 (20/20)</td><td>1 (20/20)</td></tr>"), "the newer record's row")
        #expect(page.contains("A trial that missed its bug counts its whole budget.</p>"), "the section says how its figures are made")
        for (commit, date) in [("1111111", "2026-11-20T10:00:00Z"), ("2222222", "2026-11-21T10:00:00Z")] {
            #expect(page.contains("<tr><td>\(commit)</td><td>\(date)</td>"), "a row names its commit by seven characters, then its date")
        }
    }

    /// Of bugs equally slow to find, the chart names the first in the
    /// record's order as the slowest.
    @Test func ofEquallySlowBugsTheFirstIsNamed() throws {
        var r = Self.record(found: 20)
        r.plantedBugs[1].medianRuns = r.plantedBugs[0].medianRuns
        let page = ReportPage.html([RecordSeries.Entry(path: "results/one.json", record: r)])
        #expect(page.contains("slowest, planted.ignoresCaret, in 14.5 runs"))
    }

    @Test func everyExportCarriesTheBugs() {
        let r = Self.record(found: 20)
        #expect(RecordExport.text(r, as: .github).contains("runs to a planted bug, median: planted.ignoresCaret"))
        #expect(RecordExport.text(r, as: .bencher).contains("planted/planted.ignoresCaret"))
        #expect(RecordExport.text(r, as: .influx).contains("kbbench_planted,bug=planted.ignoresCaret"))
    }
}

/// The planted-bug chart of the report, as a reader sees it.
@Suite("The report's planted-bug chart")
struct PlantedBugChartTests {
    /// Each record is a point, named under the plot by its commit and date
    /// (rotated, at the plot's bottom: 28 + 142 + 12).
    @Test func eachRecordIsNamedUnderThePlot() throws {
        let entries = ["111111111111", "222222222222", "333333333333"].enumerated().map { i, commit in
            RecordSeries.Entry(
                path: "results/bench-\(i).json", record: PlantedBugRecordTests.record(found: 20, commit: commit, date: "2026-11-2\(i)T10:00:00Z"))
        }
        let labels = try Self.chart(in: ReportPage.html(entries)).components(separatedBy: #"class="x-label""#).dropFirst()
        #expect(labels.count == 3)
        for (label, commit) in zip(labels, ["1111111", "2222222", "3333333"]) {
            #expect(label.contains(#"y="182""#) && label.contains(commit), "\(label.prefix(160))")
        }
    }

    /// The planted-bug chart of the report page `html`: what lies between
    /// its label and its end. A page without one fails the test.
    static func chart(in html: String) throws -> Substring {
        let start = try #require(html.range(of: #"aria-label="runs to a planted bug by commit""#), "no planted-bug chart")
        let end = try #require(html[start.upperBound...].range(of: "</svg>"))
        return html[start.upperBound..<end.lowerBound]
    }

    /// Each `<name …>` element of `chart`: its attributes, in document order.
    static func elements(_ name: String, in chart: Substring) -> [[String: String]] {
        chart.components(separatedBy: "<\(name) ").dropFirst().map { element in
            let tag = element.prefix { $0 != ">" }
            return Dictionary(tag.matches(of: /([a-z0-9-]+)="([^"]*)"/).map { (String($0.1), String($0.2)) }) { a, _ in a }
        }
    }

    /// The chart of `records` records (one a day from 2026-11-20).
    static func chart(_ records: Int) throws -> Substring {
        let entries = (0..<records).map { i in
            RecordSeries.Entry(
                path: "results/bench-\(i).json",
                record: PlantedBugRecordTests.record(found: 20, commit: String(repeating: String(i + 1), count: 12), date: "2026-11-2\(i)T10:00:00Z"))
        }
        return try chart(in: ReportPage.html(entries))
    }

    /// The chart of one record with one bug, found on all 20 seeds in a
    /// median of `medianRuns` runs.
    static func loneBugChart(medianRuns: Double, maxRuns: Int) throws -> Substring {
        var r = RecordFixtures.record()
        r.plantedBugs = [
            PlantedBugFigures(
                bug: "planted.ignoresCaret", firstSeed: 1, seeds: 20, budget: 10_000, found: 20, medianRuns: medianRuns, maxRuns: maxRuns,
                medianShrunkEvents: 4)
        ]
        return try chart(in: ReportPage.html([RecordSeries.Entry(path: "results/one.json", record: r)]))
    }

    /// The log axis has a gridline at every power of ten up to its top,
    /// the top included when it is one: a slowest bug at 50 runs puts the
    /// top at 100 (twice the largest figure), labelled 1, 10 and 100.
    @Test func theAxisIsLabelledAtEveryPowerOfTenThroughItsTop() throws {
        let chart = try Self.loneBugChart(medianRuns: 50, maxRuns: 90)
        let labels = chart.matches(of: /text-anchor="end"[^>]*>(\d+)<\/text>/).map { String($0.1) }
        #expect(labels == ["1", "10", "100"])
        // Each across the plot (x 56 to 468), at 1 (the foot, y 170), 10
        // (half way up a log axis that ends at 100) and 100 (the top, y 28).
        let grid = Self.elements("line", in: chart).filter { $0["stroke"] == "#ddd" }
        #expect(grid.map { [$0["x1"], $0["x2"]] } == Array(repeating: ["56", "468"], count: 3), "\(grid)")
        #expect(grid.map { [$0["y1"], $0["y2"]] } == [["170", "170"], ["99", "99"], ["28", "28"]], "\(grid)")
        // Every bug found in its first run: the top is 10, the axis' least
        // (twice 1 run is less), at the plot's top (y 28; its label 3 lower,
        // and 4 left of the axis, at x 52).
        let least = try Self.loneBugChart(medianRuns: 1, maxRuns: 1)
        #expect(least.contains(##"<text x="52" y="31" font-size="9" text-anchor="end" fill="#555">10</text>"##), "\(least)")
    }

    /// The axis runs on a log scale from 1 run at its foot (y 170) to twice
    /// the largest figure at its top (y 28): a lone bug's median of 50 runs
    /// (the typical and the slowest bug's figure alike) sits where 50 is on
    /// an axis that ends at 100.
    @Test func theAxisEndsAtTwiceTheLargestFigure() throws {
        let ys = Self.elements("circle", in: try Self.loneBugChart(medianRuns: 50, maxRuns: 90)).compactMap { $0["cy"].flatMap(Double.init) }
        let expected = [50.0, 50].map { 170 - log10($0) / log10(100) * (170 - 28) }
        #expect(ys.count == 2 && zip(ys, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(ys), expected \(expected)")
    }

    /// Each record's points sit in the middle of its column: a lone record
    /// in the middle of the plot (x 262, between its edges at 56 and 468),
    /// two at its quarters.
    @Test func eachRecordsPointsSitInTheMiddleOfItsColumn() throws {
        func xs(_ records: Int) throws -> [String] { Self.elements("circle", in: try Self.chart(records)).compactMap { $0["cx"] } }
        #expect(try xs(1) == ["262", "262"], "the typical and the slowest bug's points")
        #expect(try xs(2) == ["159", "159", "365", "365"])
    }

    /// One series colour: the typical bug's points are filled with the
    /// lines' colour, and the slowest bug's are ringed with it.
    @Test func thePointsAreInTheLinesColour() throws {
        let chart = try Self.chart(2)
        let lines = Set(Self.elements("polyline", in: chart).compactMap { $0["stroke"] })
        let circles = Self.elements("circle", in: chart)
        let filled = circles.filter { $0["r"] == "3" }.compactMap { $0["fill"] }
        let ringed = circles.filter { $0["r"] == "2.5" }.compactMap { $0["stroke"] }
        #expect(lines.count == 1 && filled.count == 2 && ringed.count == 2, "\(lines) \(filled) \(ringed)")
        #expect(Set(filled) == lines && Set(ringed) == lines)
    }

    /// A figure below one run (a record of no trial, whose medians are 0)
    /// is drawn at the axis' foot, where 1 is (y 170), never off the chart;
    /// the axis then ends at its least top, 10, as when every bug took one
    /// run (its label at y 31).
    @Test func aFigureBelowOneRunSitsAtTheAxisFoot() throws {
        let chart = try Self.loneBugChart(medianRuns: 0, maxRuns: 0)
        let ys = Self.elements("circle", in: chart).compactMap { $0["cy"] }
        #expect(ys == ["170", "170"], "\(ys)")
        #expect(chart.contains(##"<text x="52" y="31" font-size="9" text-anchor="end" fill="#555">10</text>"##), "\(chart)")
    }

    /// A line joins two records or more (the typical bug's and the slowest
    /// bug's, through every record); a lone record is a point with no line
    /// to draw, so it has none.
    @Test func linesJoinTwoRecordsOrMoreAndALoneRecordHasNone() throws {
        #expect(try Self.chart(1).components(separatedBy: "<polyline").count - 1 == 0, "one record: no line")
        for records in [2, 3] {
            let lines = try Self.chart(records).components(separatedBy: "<polyline").dropFirst()
            #expect(lines.count == 2, "\(records) records: the typical and the slowest bug's lines")
            for line in lines {
                let points = line.firstMatch(of: /points="([^"]*)"/).map { String($0.1) } ?? ""
                #expect(points.split(separator: " ").count == records, "\(records) records: a point each, \(points)")
            }
        }
    }

    /// At most about 12 records are named, every k-th with k the count
    /// over 12 rounded up, and always the newest: 13 records name 7, 24
    /// name 13.
    @Test(arguments: [(13, 7), (24, 13)])
    func aboutTwelveRecordsAreNamed(records: Int, named: Int) throws {
        let entries = (0..<records).map { i in
            RecordSeries.Entry(
                path: "results/bench-\(i).json",
                record: PlantedBugRecordTests.record(
                    found: 20, commit: String(format: "%07xaaaaa", i + 1), date: String(format: "2026-10-%02dT10:00:00Z", i + 1)))
        }
        let labels = try Self.chart(in: ReportPage.html(entries)).components(separatedBy: #"class="x-label""#).dropFirst()
        #expect(labels.count == named)
        #expect(labels.last?.contains(String(format: "%07x", records)) == true, "the newest is named")
    }
}
