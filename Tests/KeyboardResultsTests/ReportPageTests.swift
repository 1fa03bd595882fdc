import Foundation
import KeyboardMarkup
import KeyboardResults
import Testing

/// The dashboard: inert whatever a record holds, one line per machine and
/// build, every commit on the x axis, nothing hidden by a partial record.
@Suite("The report")
struct ReportPageTests {
    typealias F = RecordFixtures
    typealias Entry = RecordSeries.Entry

    /// `n` records, the machine's speed in record i scaled by `scales[i]`,
    /// the engine's code by `codes[i]`.
    static func history(_ n: Int, machine: Machine = F.machine, scales: [Double]? = nil, codes: [Double]? = nil) -> [Entry] {
        (0..<n).map { i in
            let commit = String(repeating: String(i + 1), count: 12)
            let record = F.record(
                commit: commit, date: "2026-11-2\(i)T10:00:00Z", scale: scales?[i] ?? 1, code: codes?[i] ?? 1, machine: machine)
            return Entry(path: "/home/someone/private/results/bench-\(i).json", record: record)
        }
    }

    /// The text of every element with `class="x-label"`.
    static func xLabels(_ html: String) -> [String] {
        html.components(separatedBy: #"class="x-label""#).dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else { return nil }
            return String(part[part.index(after: open)..<close.lowerBound])
        }
    }

    /// The first element of `html` closed without being opened, or opened
    /// and never closed, in document order; nil when every element is
    /// closed in the order it was opened. Leaves written `<name …/>` and
    /// HTML's void elements close themselves.
    static func unbalancedElement(_ html: String) -> String? {
        let void: Set<String> = ["meta", "link", "br", "hr", "img", "input"]
        var open: [String] = []
        for tag in html.matches(of: /<(\/?)([A-Za-z][A-Za-z0-9]*)([^>]*)>/) {
            let name = String(tag.2).lowercased()
            if tag.3.hasSuffix("/") || void.contains(name) { continue }
            if tag.1.isEmpty {
                open.append(name)
            } else if open.last == name {
                open.removeLast()
            } else {
                return "</\(name)> closes \(open.last.map { "<\($0)>" } ?? "nothing")"
            }
        }
        return open.last.map { "<\($0)> is never closed" }
    }

    @Test func theBalanceCheckFindsAnElementLeftOpenOrClosedTwice() {
        #expect(Self.unbalancedElement("<html><body><p>a</p><br><svg><line x=\"1\"/></svg></body></html>") == nil)
        #expect(Self.unbalancedElement("<body><tr><td>a</td></tr></table></body>") == "</table> closes <body>")
        #expect(Self.unbalancedElement("<body><table><tr></tr></body>") == "</body> closes <table>")
        #expect(Self.unbalancedElement("<body><p>") == "<p> is never closed")
    }

    @Test func aHostileBenchmarkNameRendersInert() {
        let evil = #"evil"><script>alert(1)</script>"#
        let record = F.record(benchmarks: [F.figures(evil, p50: 100), F.figures("engine", p50: 150)])
        var withChecks = record
        withChecks.checks = [Check(name: evil, outcome: .failed)]
        withChecks.shootout = ShootoutSummary(
            seed: 1,
            strategies: [.init(name: evil, scenarios: 1, violations: [.init("I1", 1)], unsatisfiable: 0, coveredFrames60: 0, coveredFrames120: 0)])
        let html = ReportPage.html([Entry(path: "results/\(evil).json", record: withChecks)])
        #expect(!html.contains("<script"))
        #expect(!html.contains(#"evil">"#))
        #expect(html.contains("evil&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        // In an attribute too (the chart's aria-label).
        #expect(html.contains(#"aria-label="evil&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; history""#))
    }

    @Test func aHistoryOfFourRecordsShowsEachCommitOnTheXAxis() {
        let html = ReportPage.html(Self.history(4))
        let labels = Self.xLabels(html)
        // Two benchmarks, four records each.
        #expect(labels.count == 8)
        for i in 1...4 {
            let commit = String(repeating: String(i), count: 7)
            #expect(labels.filter { $0 == "\(commit) 2026-11-2\(i - 1)" }.count == 2, "commit \(commit)")
        }
    }

    @Test func counterexamplePicturesAreShownByStrategyWithEscapedNames() {
        var svg = MarkupWriter()
        svg.leaf("svg", ["class": "storyboard-marker"])
        let pictures = [
            ReportPage.Picture(
                strategy: "apple2013", invariant: "I2", summary: "the active field is visible at rest", file: "apple2013-I2-seed1-37", svg: svg),
            ReportPage.Picture(strategy: "apple2013", invariant: "I4", summary: "in range", file: #"x"><script>"#, svg: svg),
            ReportPage.Picture(strategy: "cookbook", invariant: "I2", summary: "s", file: "cookbook-I2-seed1-3", svg: svg),
        ]
        let html = ReportPage.html(Self.history(1), pictures: pictures)
        #expect(html.contains("Why the recipes fail"))
        #expect(html.components(separatedBy: #"<svg class="storyboard-marker"/>"#).count == 4)
        #expect(html.components(separatedBy: "<h3>apple2013</h3>").count == 2, "one heading per strategy")
        #expect(html.contains("I2 (the active field is visible at rest): apple2013-I2-seed1-37"))
        #expect(!html.contains("<script>"))
        #expect(!ReportPage.html(Self.history(1)).contains("Why the recipes fail"), "no section without pictures")
    }

    /// The commits spread evenly over the plot (404 pt wide from x 64),
    /// each in the middle of its slot: a single record's at the middle.
    @Test func eachCommitSitsInTheMiddleOfItsSlot() {
        func xs(_ html: String) -> [String] {
            html.components(separatedBy: #"class="x-label" x=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(Set(xs(ReportPage.html(Self.history(1)))) == ["266"])
        #expect(Set(xs(ReportPage.html(Self.history(2)))) == ["165", "367"])
    }

    /// A history's log axis reaches down to its smallest figure, a
    /// sub-nanosecond one included (floor p50 0.84 ns here): its 1 ns grid
    /// line is drawn.
    @Test func theLogAxisReachesTheSmallestFigure() {
        #expect(ReportPage.html(Self.history(1, scales: [0.07])).contains(">1 ns</text>"))
        #expect(!ReportPage.html(Self.history(1)).contains(">1 ns</text>"), "the floor's 12 ns starts the axis at 10 ns")
    }

    /// Figures of 0 (a clock too coarse for them) draw no point: the axis
    /// then spans 1 ns to 13 ns, its grid at 1, 2, 5 and 10 ns.
    @Test func aHistoryOfZerosDrawsTheAxisFromOneToThirteenNanoseconds() {
        let svg = ReportCharts.history(benchmark: "floor", positions: ["a"], series: []).text
        let grid = svg.components(separatedBy: "<line ").dropFirst().compactMap { line -> String? in
            guard let y = line.range(of: #"y1=""#) else { return nil }
            return String(line[y.upperBound...].prefix { $0 != "\"" })
        }
        // y = 28 + 144 − 144 · log10(v) / log10(13)
        let expected = [1.0, 2, 5, 10].map { v in 28 + 144 - 144 * log10(v) / log10(13) }
        #expect(grid.compactMap(Double.init).map { ($0 * 10).rounded() / 10 } == expected.map { ($0 * 10).rounded() / 10 }, "\(grid)")
        #expect(svg.contains(">10 ns</text>") && !svg.contains(">20 ns</text>"))
    }

    /// Figures close together still get an axis spanning a factor of two:
    /// p50 100 ns and p99 110 ns put the bottom at 100/1.3 and the top at
    /// twice that (110 · 1.3 falls short of it), so the 100 ns grid line
    /// sits log10(1.3)/log10(2) of the way up.
    @Test func closeFiguresGetAnAxisSpanningAFactorOfTwo() throws {
        let close = BenchmarkFigures(
            name: "close", p50: 100, p90: 104, p99: 110, p999: 115, max: 120, samples: 5_000, allocationsPerNotification: 0)
        let html = ReportPage.html([Entry(path: "results/close.json", record: F.record(benchmarks: [close]))])
        let label = try #require(html.firstMatch(of: #/y="([0-9.]+)" font-size="9" text-anchor="end" fill="#555">100 ns</text>/#))
        let expected = 28 + 144 - 144 * log10(1.3) / log10(2) + 3
        #expect(abs(try #require(Double(label.output.1)) - expected) < 0.006, "the label at \(label.output.1), not \(expected)")
    }

    /// The page counts its records in words that agree with the number.
    @Test func theRecordCountAgreesWithItsNoun() {
        #expect(ReportPage.html(Self.history(1)).contains("1 record in 1 series"))
        #expect(ReportPage.html(Self.history(2)).contains("2 records in 1 series"))
    }

    /// A p50 at or below the distribution axis's 10 ns still gets a bar,
    /// one point wide, at the axis's start (x 170).
    @Test func aP50BelowTheAxisKeepsAOnePointBar() {
        let svg = ReportCharts.distribution([F.figures("floor", p50: 5), F.figures("engine", p50: 150)], label: "latest").text
        #expect(svg.contains(#"<rect x="170" y="32" width="1" height="12""#))
        #expect(!svg.contains(#"<rect x="170" y="58" width="1" "#), "a p50 past the axis's start is wider")
    }

    @Test func noAbsolutePathAppears() {
        let html = ReportPage.html(Self.history(2))
        #expect(!html.contains("/home/someone"))
        #expect(html.contains("bench-1.json"))
    }

    @Test func recordsOfTwoMachinesAreTwoSeriesAndNeverCompared() {
        let fast = Machine(os: "Linux", cpu: "Apple M3", cores: 8, host: "mac")
        // The other machine's record is 3 times slower: joined into one line,
        // it would read as a regression.
        var entries = Self.history(2)
        entries.append(Entry(path: "r/slow.json", record: F.record(commit: "cccccccccccc", date: "2026-11-25T10:00:00Z", scale: 3, machine: fast)))
        let series = RecordSeries.group(entries)
        #expect(series.map(\.label) == ["Apple M3, 8 cores · release", "Xeon E5-2680, 2 cores · release"])
        #expect(series.allSatisfy { $0.regressions(of: "engine", rule: .standard).isEmpty })
        let html = ReportPage.html(entries)
        #expect(!html.contains(#"class="regression""#))
        #expect(html.contains("None. A regression"))
    }

    @Test func aRegressionIsMarkedByCompareRule() {
        let entries = Self.history(3, scales: [1, 0.8, 1.6], codes: [1, 1, 1.45])
        let series = RecordSeries.group(entries)
        #expect(series.count == 1 && series[0].regressions(of: "engine", rule: .standard) == [2])
        let html = ReportPage.html(entries)
        // One mark: the engine's. The floor is twice as slow, and only the
        // machine made it so: its time alone judges nothing.
        #expect(html.components(separatedBy: #"class="regression""#).count - 1 == 1)
        #expect(html.contains("engine on Xeon E5-2680, 2 cores · release: time ×1.45 against floor (p &lt; 0.0001) at 3333333"), "\(html)")
    }

    /// A record that cannot judge (no counts, no rounds: made by hand, or
    /// by an older kbbench) is passed over, not compared with: the engine
    /// 50 % slower than the record before it is still named, against the
    /// last record that judges.
    @Test func aRecordThatCannotJudgeIsPassedOver() {
        var entries = Self.history(3, codes: [1, 1, 1.5])
        for i in entries[1].record.benchmarks.indices { entries[1].record.benchmarks[i].roundMedians = [] }
        let rows = RecordSeries.group(entries)[0].regressionRows(of: "engine", rule: .standard)
        #expect(rows.map(\.index) == [2] && rows.map(\.previous) == [0])
    }

    /// The dashboard's promise: every record of a series slower or faster,
    /// by the machine alone (dd90c94's ×1.42 to ×2.28 included), marks no
    /// regression and no change point.
    @Test(arguments: [[1, 1.42, 2.28, 2.28, 1], [1, 0.5, 0.5, 0.5, 3], [1, 1, 1, 2.28, 2.28]])
    func aMachineThatOnlyMovedMarksNothing(scales: [Double]) {
        let entries = Self.history(scales.count, scales: scales)
        let series = RecordSeries.group(entries)
        #expect(series[0].regressions(of: "engine", rule: .standard).isEmpty)
        #expect(series[0].changePoints(of: "engine", rule: .standard).isEmpty && series[0].changePoints(of: "floor", rule: .standard).isEmpty)
        let html = ReportPage.html(entries)
        #expect(!html.contains(#"class="regression""#) && html.contains("<h2>Change points</h2>"))
    }

    @Test func aPartialNewestRecordHidesNothing() {
        var entries = Self.history(2)
        entries.append(
            Entry(
                path: "r/engine-only.json",
                record: F.record(commit: "eeeeeeeeeeee", date: "2026-11-28T10:00:00Z", benchmarks: [F.figures("engine", p50: 150)])))
        let figures = RecordSeries.group(entries)[0].newestFigures
        #expect(figures.map(\.figures.name) == ["engine", "floor"])
        #expect(figures.map(\.entry.file) == ["engine-only.json", "bench-1.json"])
        let html = ReportPage.html(entries)
        #expect(html.contains(#"aria-label="floor history""#))
        #expect(Self.xLabels(html).filter { $0.hasPrefix("2222222") }.count == 2)
    }

    @Test func checksOfEveryRecordAreShown() {
        var failing = F.record(commit: "ffffffffffff", date: "2026-11-29T10:00:00Z", benchmarks: [F.figures("engine", p50: 150, allocations: 2)])
        failing.evaluateChecks()
        let html = ReportPage.html(Self.history(1) + [Entry(path: "r/f.json", record: failing)])
        #expect(html.contains(#"<td class="failed">FAILED</td>"#))
        #expect(html.contains(#"<td class="passed">passed</td>"#))
    }

    /// Records without checks (older tools, debug builds) leave a sentence
    /// where the table would be, not an empty table.
    @Test func recordsWithoutChecksSaySo() {
        var bare = F.record()
        bare.checks = []
        #expect(ReportPage.html([Entry(path: "r/bare.json", record: bare)]).contains("<p>No record holds checks.</p>"))
        #expect(!ReportPage.html(Self.history(1)).contains("No record holds checks."))
    }

    /// The shootout's sentence says how it judged: in each strategy's scope,
    /// or every strategy on every scenario.
    @Test func theShootoutSaysWhichScenariosItJudged() {
        let row = ShootoutSummary.Row(name: "engine", scenarios: 10, violations: [], unsatisfiable: 0, coveredFrames60: 0, coveredFrames120: 0)
        for all in [false, true] {
            var record = F.record()
            record.shootout = ShootoutSummary(seed: 3, allScenarios: all, strategies: [row])
            let html = ReportPage.html([Entry(path: "r/s.json", record: record)])
            let sentence = all ? "every strategy judged on every scenario." : "each strategy judged on the scenarios in its scope."
            #expect(html.contains("seed 3, " + sentence), "allScenarios \(all)")
        }
    }

    /// Past twelve records the x axis labels every n-th commit so that about
    /// twelve show, and always the newest.
    @Test func aLongHistoryLabelsEveryThirdCommitAndTheNewest() {
        let entries = (1...29).map { day in
            let commit = String(format: "%07d", day) + "abcde"
            return Entry(
                path: "r/bench-\(day).json", record: F.record(commit: commit, date: String(format: "2026-10-%02dT10:00:00Z", day)))
        }
        let labels = Self.xLabels(ReportPage.html(entries))
        let days = Set(labels.map { Int($0.prefix(7))! })
        // 29 positions, a step of 3: positions 0, 3, …, 27, and the newest.
        #expect(days == Set(stride(from: 1, through: 28, by: 3)).union([29]), "\(days.sorted())")
        #expect(labels.count == 2 * days.count, "two benchmarks")
    }

    /// Records are ordered by date, then by file name; the order is strict
    /// (no record predates itself), as sorting needs.
    @Test func recordsAreOrderedByDateThenFile() {
        let early = Entry(path: "r/z.json", record: F.record(date: "2026-11-01T10:00:00Z"))
        let a = Entry(path: "r/a.json", record: F.record(date: "2026-11-02T10:00:00Z"))
        let b = Entry(path: "r/b.json", record: F.record(date: "2026-11-02T10:00:00Z"))
        #expect(Entry.predates(early, a) && Entry.predates(a, b))
        #expect(!Entry.predates(b, a) && !Entry.predates(a, early) && !Entry.predates(a, a))
        #expect(RecordSeries.group([b, early, a])[0].entries.map(\.file) == ["z.json", "a.json", "b.json"])
    }

    /// Times, percentages and ratios as the page writes them (numbers in
    /// SVG attributes are `Markup.number`'s, pinned in `MarkupTests`).
    @Test func timesPercentagesAndRatiosAreWrittenForReading() {
        #expect(NanosecondsText.percent(0.000061) == "0.0061 %" && NanosecondsText.percent(0.12) == "12 %")
        // Each unit from where it rounds to 1 (never "1000 ns" or "1000.00 µs").
        let times: [(Double, String)] = [
            (340, "340 ns"), (999.4, "999 ns"), (999.5, "1.00 µs"), (1_000, "1.00 µs"), (1_250, "1.25 µs"), (999_994, "999.99 µs"),
            (999_995, "1.00 ms"), (1_000_000, "1.00 ms"), (16_670_000, "16.67 ms"),
        ]
        for (ns, text) in times { #expect(NanosecondsText.format(ns) == text, "\(ns) ns") }
        let ratios: [(Double, String)] = [
            (0, "0.00"), (1.09, "1.09"), (1.1, "1.10"), (1.3, "1.30"), (12.5, "12.50"), (100, "100.00"), (-0.05, "-0.05"), (-0.001, "0.00"),
            (.infinity, "—"), (.nan, "—"),
        ]
        for (r, text) in ratios { #expect(ReportPage.ratio(r) == text, "\(r)") }
    }
}
