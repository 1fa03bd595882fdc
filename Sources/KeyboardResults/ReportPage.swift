import KeyboardMarkup

/// The static HTML dashboard `kbbench report` writes: no scripts, no
/// network, every value from a record escaped.
///
/// - Records are grouped into series by machine and build type
///   (`RecordSeries`); each series is its own line, and records of two
///   series are never compared.
/// - For each benchmark: p50 and p99 across the records, the x axis labelled
///   with each record's commit and date; regressions marked by the rule of
///   `kbbench compare` (`RecordComparison`), each record against the
///   previous one of its series.
/// - Each series' newest figures per benchmark, even when its newest record
///   ran only some benchmarks: allocations, and p99 as a share of the 60 and
///   120 Hz frame budgets.
/// - Every record's checks, and the newest shootout with, when given, the
///   pictures of each strategy's first counterexample per invariant. Given
///   the current catalog's strategies, a row of a strategy the catalog no
///   longer has is marked retired, and the catalog's strategies the record
///   has no row for are named (a record older than they are).
/// - Files are named by their last path component only.
package enum ReportPage {
    /// The page for `entries` (any order); regressions are marked by
    /// `rule` (``RegressionRule``).
    /// A shootout counterexample's picture, drawn by the caller (the report
    /// knows records, not traces).
    package struct Picture: Sendable {
        package var strategy: String
        package var invariant: String
        /// What the invariant says, in words.
        package var summary: String
        /// The trace's file name, without directories.
        package var file: String
        package var svg: MarkupWriter

        package init(strategy: String, invariant: String, summary: String, file: String, svg: MarkupWriter) {
            self.strategy = strategy
            self.invariant = invariant
            self.summary = summary
            self.file = file
            self.svg = svg
        }
    }

    package static func html(
        _ entries: [RecordSeries.Entry], rule: RegressionRule = .standard, pictures: [Picture] = [], catalog: [String]? = nil
    ) -> String {
        let series = RecordSeries.group(entries)
        var body = MarkupWriter()
        body.leaf("h1", [:], "kbbench results")
        if let newest = entries.max(by: RecordSeries.Entry.predates) {
            body.leaf(
                "p", [:],
                "\(entries.count) record\(entries.count == 1 ? "" : "s") in \(series.count) series (one per machine and build type). "
                    + "Newest: \(newest.file), commit \(newest.record.gitCommit.prefix(12)), \(newest.record.date).")
        }
        regressionsSection(series, rule: rule, into: &body)
        changePointsSection(series, rule: rule, into: &body)
        for (n, s) in series.enumerated() {
            body.open("h2", [:])
            body.leaf("span", ["class": "swatch", "style": .text("background:\(ReportCharts.color(n))")], "")
            body.content(" " + s.label)
            body.close("h2")
            if s.entries.last?.record.build == .debug {
                body.leaf("p", ["class": "note"], "A debug build: its times are not representative of the engine.")
            }
            latestTable(s, into: &body)
            body.append(ReportCharts.distribution(s.newestFigures.map(\.figures), label: "latency per benchmark, \(s.label)"))
        }
        historySection(series, rule: rule, into: &body)
        checksSection(entries, into: &body)
        ratiosSection(entries, into: &body)
        fuzzCostSection(entries, into: &body)
        plantedBugSection(entries, into: &body)
        plantedSlowdownSection(entries, rule: rule, into: &body)
        if let withShootout = entries.filter({ $0.record.shootout != nil }).max(by: RecordSeries.Entry.predates),
            let shootout = withShootout.record.shootout
        {
            body.leaf("h2", [:], "Shootout")
            body.leaf(
                "p", [:],
                "From \(withShootout.file) (commit \(withShootout.record.gitCommit.prefix(12))): seed \(shootout.seed), "
                    + (shootout.allScenarios ? "every strategy judged on every scenario." : "each strategy judged on the scenarios in its scope."))
            shootoutTable(shootout, catalog: catalog, into: &body)
        }
        picturesSection(pictures, into: &body)
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>kbbench results</title>
            <style>body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0}\
            td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;white-space:nowrap}td:first-child,th:first-child{text-align:left}\
            .grid{display:flex;flex-wrap:wrap;gap:12px}.failed{color:#c23030;font-weight:bold}.passed{color:#2f855a}\
            .note{color:#555}.swatch{display:inline-block;width:14px;height:14px;border-radius:3px}\
            svg{max-width:100%;height:auto}table{display:block;max-width:100%;overflow-x:auto}</style>
            </head><body>\(body.text)</body></html>
            """
    }

    private static func regressionsSection(_ series: [RecordSeries], rule: RegressionRule, into body: inout MarkupWriter) {
        body.leaf("h2", [:], "Regressions")
        var items: [String] = []
        for s in series {
            for name in s.newestFigures.map(\.figures.name) {
                for (i, p, row) in s.regressionRows(of: name, rule: rule) {
                    let e = s.entries[i], previous = s.entries[p]
                    items.append(
                        "\(name) on \(s.label): \(RegressionRule.evidence(row)) at \(e.record.gitCommit.prefix(7)) "
                            + "(\(e.record.date)) against \(previous.record.gitCommit.prefix(7))")
                }
            }
        }
        if items.isEmpty {
            body.leaf("p", [:], "None. " + rule.summary)
            return
        }
        body.leaf("p", [:], rule.summary)
        body.open("ul", ["class": "failed"])
        for item in items { body.leaf("li", [:], item) }
        body.close("ul")
    }

    /// Each series' change points (``RecordSeries/changePoints(of:rule:detector:)``):
    /// the benchmark, the size, the figure, the first record at the new
    /// level and the levels either side.
    private static func changePointsSection(_ series: [RecordSeries], rule: RegressionRule, into body: inout MarkupWriter) {
        body.leaf("h2", [:], "Change points")
        var rows: [[String]] = []
        for s in series {
            for name in s.newestFigures.map(\.figures.name) {
                for c in s.changePoints(of: name, rule: rule) {
                    let e = s.entries[c.index].record
                    let figure = c.figure == .instructions ? "instructions per notification" : "time against \(e.benchmark(name)?.calibrator ?? "?")"
                    let level: (Double) -> String = { c.figure == .instructions ? String(Int($0.rounded())) : ratio($0) }
                    rows.append([
                        name, s.label, "×" + ratio(c.ratio), figure, "\(e.gitCommit.prefix(7)) (\(e.date))", "\(level(c.before)) → \(level(c.after))",
                    ])
                }
            }
        }
        body.leaf(
            "p", [:],
            "Over each series' whole history: a step of an exact instruction count beyond the rule's tolerance, or, where only "
                + "calibrated time is recorded, a split E-divisive means finds significant (permutation test, p < 0.05) and larger "
                + "than the rule's time tolerance. Raw times never make one. "
                + (rows.isEmpty ? "None." : "\(rows.count) found."))
        guard !rows.isEmpty else { return }
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["benchmark", "series", "size", "figure", "from commit", "level before → after"] { body.leaf("th", [:], h) }
        body.close("tr")
        for row in rows {
            body.open("tr", [:])
            for cell in row { body.leaf("td", [:], cell) }
            body.close("tr")
        }
        body.close("table")
    }

    /// Two decimals (`1.30`, `1.09`, `-0.05`), never `-0.00` (what rounds
    /// to zero is `0.00`), `—` for NaN and infinities.
    package static func ratio(_ r: Double) -> String {
        guard r.isFinite else { return "—" }
        let hundredths = Int((abs(r) * 100).rounded())
        return (r < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    private static func latestTable(_ s: RecordSeries, into body: inout MarkupWriter) {
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["benchmark", "p50", "p99", "allocations / notification", "p99 share of a 60 Hz frame", "of a 120 Hz frame", "from"] {
            body.leaf("th", [:], h)
        }
        body.close("tr")
        for (entry, b) in s.newestFigures {
            body.open("tr", [:])
            for cell in [
                b.name, NanosecondsText.format(b.p50), NanosecondsText.format(b.p99), trimmed(b.allocationsPerNotification),
                NanosecondsText.percent(b.budgetFraction60), NanosecondsText.percent(b.budgetFraction120),
                "\(entry.record.gitCommit.prefix(7)) \(entry.record.date.prefix(10))",
            ] { body.leaf("td", [:], cell) }
            body.close("tr")
        }
        body.close("table")
    }

    private static func trimmed(_ d: Double) -> String { Markup.number(d) }

    private static func historySection(_ series: [RecordSeries], rule: RegressionRule, into body: inout MarkupWriter) {
        body.leaf("h2", [:], "History: p50 and p99 per benchmark")
        body.open("p", [:])
        for (n, s) in series.enumerated() {
            body.leaf("span", ["class": "swatch", "style": .text("background:\(ReportCharts.color(n))")], "")
            body.content(" \(s.label)   ")
        }
        body.close("p")
        var names: [String] = []
        for s in series { for name in s.newestFigures.map(\.figures.name) where !names.contains(name) { names.append(name) } }
        body.open("div", ["class": "grid"])
        for name in names {
            // One x position per record holding the benchmark, oldest first.
            let holding = series.enumerated().flatMap { n, s in
                s.entries.enumerated().compactMap { i, e in e.record.benchmark(name).map { (series: n, index: i, entry: e, figures: $0) } }
            }.sorted { ($0.entry.record.date, $0.entry.file) < ($1.entry.record.date, $1.entry.file) }
            let positions = holding.map { "\($0.entry.record.gitCommit.prefix(7)) \($0.entry.record.date.prefix(10))" }
            let lines = series.enumerated().map { n, s in
                let regressed = s.regressions(of: name, rule: rule)
                let points = holding.enumerated().filter { $0.element.series == n }.map { position, h in
                    ReportCharts.HistoryPoint(
                        position: position, p50: h.figures.p50, p99: h.figures.p99, regressed: regressed.contains(h.index),
                        caption: "\(h.entry.record.gitCommit.prefix(7)) \(h.entry.record.date)"
                    )
                }
                return (label: s.label, color: ReportCharts.color(n), points: points)
            }.filter { !$0.points.isEmpty }
            body.append(ReportCharts.history(benchmark: name, positions: positions, series: lines))
        }
        body.close("div")
    }

    private static func checksSection(_ entries: [RecordSeries.Entry], into body: inout MarkupWriter) {
        let sorted = entries.sorted { RecordSeries.Entry.predates($1, $0) }
        var names: [String] = []
        for e in sorted { for c in e.record.checks where !names.contains(c.name) { names.append(c.name) } }
        body.leaf("h2", [:], "Checks, per record (newest first)")
        guard !names.isEmpty else {
            body.leaf("p", [:], "No record holds checks.")
            return
        }
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["record", "commit", "machine · build"] + names { body.leaf("th", [:], h) }
        body.close("tr")
        for e in sorted {
            body.open("tr", [:])
            body.leaf("td", [:], e.file)
            body.leaf("td", [:], "\(e.record.gitCommit.prefix(7)) \(e.record.date)")
            body.leaf("td", [:], "\(e.record.machine.summary) · \(e.record.build.rawValue)")
            for name in names {
                switch e.record.checks.first(where: { $0.name == name })?.outcome {
                case .passed: body.leaf("td", ["class": "passed"], "passed")
                case .failed:
                    if e.record.targets.contains(name) {
                        body.leaf("td", ["class": "note"], "target not met")
                    } else {
                        body.leaf("td", ["class": "failed"], "FAILED")
                    }
                case .notEvaluated: body.leaf("td", ["class": "note"], "not evaluated (debug build)")
                case nil: body.leaf("td", ["class": "note"], "—")
                }
            }
            body.close("tr")
        }
        body.close("table")
    }

    /// Every record that counted a fuzz cost, oldest first, one row per
    /// record and a column per strategy and seed: the change by commit.
    /// Absent when no record counted one.
    private static func fuzzCostSection(_ entries: [RecordSeries.Entry], into body: inout MarkupWriter) {
        let counted = entries.filter { !$0.record.fuzzCosts.isEmpty }.sorted(by: RecordSeries.Entry.predates)
        guard !counted.isEmpty else { return }
        var labels: [String] = []
        for e in counted { for f in e.record.fuzzCosts where !labels.contains(f.label) { labels.append(f.label) } }
        body.leaf("h2", [:], "Fuzz cost by commit")
        body.leaf(
            "p", [:],
            "Instructions a fuzz campaign spends per checked notification (callgrind, start-up subtracted); a rise beyond the "
                + "regression rule's instruction tolerance is marked as a regression, as for a benchmark.")
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["commit", "date", "build"] + labels { body.leaf("th", [:], h) }
        body.close("tr")
        for e in counted {
            body.open("tr", [:])
            let costs = labels.map { label in
                e.record.fuzzCosts.first { $0.label == label }.map { String(Int($0.instructionsPerCheckedNotification.rounded())) } ?? "—"
            }
            for cell in [String(e.record.gitCommit.prefix(7)), e.record.date, e.record.build.rawValue] + costs { body.leaf("td", [:], cell) }
            body.close("tr")
        }
        body.close("table")
    }

    /// Every record that ran the planted-bug benchmark, oldest first: the
    /// chart of runs to a bug by commit, then a row per record and a column
    /// per bug (median runs, and the trials that found it). Absent when no
    /// record ran it.
    private static func plantedBugSection(_ entries: [RecordSeries.Entry], into body: inout MarkupWriter) {
        let ran = entries.filter { !$0.record.plantedBugs.isEmpty }.sorted(by: RecordSeries.Entry.predates)
        guard !ran.isEmpty else { return }
        var bugs: [String] = []
        for e in ran { for b in e.record.plantedBugs where !bugs.contains(b.bug) { bugs.append(b.bug) } }
        body.leaf("h2", [:], "Planted bugs by commit")
        body.leaf(
            "p", [:],
            "Runs a fuzz campaign with Campaign's defaults takes to its first counterexample for each bug planted in an app's glue "
                + "around the engine (median over the seeds tried; found / seeds). A trial that missed its bug counts its whole budget.")
        body.append(
            ReportCharts.plantedBugs(
                ran.compactMap { ReportCharts.PlantedBugPoint($0.record, caption: "\($0.record.gitCommit.prefix(7)) \($0.record.date.prefix(10))") }))
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["commit", "date", "seeds"] + bugs { body.leaf("th", [:], h) }
        body.close("tr")
        for e in ran {
            body.open("tr", [:])
            let seeds = e.record.plantedBugs.first.map { "\($0.seeds) from \($0.firstSeed)" } ?? "—"
            for cell in [String(e.record.gitCommit.prefix(7)), e.record.date, seeds] { body.leaf("td", [:], cell) }
            for bug in bugs {
                guard let b = e.record.plantedBugs.first(where: { $0.bug == bug }) else {
                    body.leaf("td", ["class": "note"], "—")
                    continue
                }
                body.leaf("td", b.found < b.seeds ? ["class": "failed"] : [:], "\(Markup.number(b.medianRuns)) (\(b.found)/\(b.seeds))")
            }
            body.close("tr")
        }
        body.close("table")
    }

    /// The newest record that ran the planted-slowdown benchmark: its chart
    /// and a row per trial (what the counts and calibrated time saw, and
    /// what else they named). Absent when no record ran it.
    private static func plantedSlowdownSection(_ entries: [RecordSeries.Entry], rule: RegressionRule, into body: inout MarkupWriter) {
        guard let newest = entries.filter({ !$0.record.plantedSlowdowns.isEmpty }).max(by: RecordSeries.Entry.predates) else { return }
        let trials = newest.record.plantedSlowdowns
        let misjudged = trials.filter(\.misjudgedByCounts).count
        body.leaf("h2", [:], "Planted slowdowns")
        body.leaf(
            "p", [:],
            "From \(newest.file) (commit \(newest.record.gitCommit.prefix(7))): the same binary measured again with a slowdown planted "
                + "in one benchmark, or beside a memory-bus neighbour with none, each judged by the rule against the run's own record, "
                + "by the counts and by calibrated time alone. Judged wrong by the counts: \(misjudged) of \(trials.count).")
        body.append(ReportCharts.plantedSlowdowns(trials, rule: rule))
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["trial", "by counts", "count", "by time alone", "time against calibrator", "others named (counts; time)"] {
            body.leaf("th", [:], h)
        }
        body.close("tr")
        func caught(_ c: Bool?) -> String { c.map { $0 ? "caught" : "missed" } ?? "—" }
        for t in trials {
            body.open("tr", t.misjudgedByCounts ? ["class": "failed"] : [:])
            let others = [t.falseAlarmsByCounts, t.falseAlarmsByTime].map { $0.isEmpty ? "none" : $0.joined(separator: ", ") }.joined(separator: "; ")
            let time = t.timeRatio.map { "×" + ratio($0) } ?? t.largestOtherTimeMove.map { "others ≤ ×" + ratio($0) } ?? "—"
            for cell in [t.label, caught(t.caughtByCounts), t.countRatio.map { "×" + ratio($0) } ?? "—", caught(t.caughtByTime), time, others] {
                body.leaf("td", [:], cell)
            }
            body.close("tr")
        }
        body.close("table")
    }

    /// The newest record's interleaved ratios, which the checks read.
    private static func ratiosSection(_ entries: [RecordSeries.Entry], into body: inout MarkupWriter) {
        guard let newest = entries.filter({ !$0.record.ratios.isEmpty }).max(by: RecordSeries.Entry.predates) else {
            return
        }
        body.leaf("h2", [:], "Ratios the checks read")
        body.leaf(
            "p", [:],
            "From \(newest.file): each the median of its per-round values, the benchmarks interleaved round by round; lowest and highest round beside it."
        )
        body.open("table", [:])
        body.open("tr", [:])
        for h in ["ratio", "median", "lowest", "highest", "rounds"] { body.leaf("th", [:], h) }
        body.close("tr")
        for r in newest.record.ratios {
            body.open("tr", [:])
            for cell in [r.name, ratio(r.median), ratio(r.low), ratio(r.high), String(r.rounds)] { body.leaf("td", [:], cell) }
            body.close("tr")
        }
        body.close("table")
    }

    /// Each strategy's first counterexample per invariant, as storyboards.
    private static func picturesSection(_ pictures: [Picture], into body: inout MarkupWriter) {
        guard !pictures.isEmpty else { return }
        body.leaf("h2", [:], "Why the recipes fail")
        body.leaf(
            "p", [:],
            "Each strategy's first counterexample per invariant, replayed: the panels up to the first violation "
                + "(red border) and one after. Green: where the scroll view's content is seen; the focused field is green when "
                + "visible, red when hidden; the keyboard is grey when docked, purple undocked, orange floating.")
        var strategy = ""
        for p in pictures {
            if p.strategy != strategy {
                strategy = p.strategy
                body.leaf("h3", [:], strategy)
            }
            body.leaf("p", [:], "\(p.invariant) (\(p.summary)): \(p.file)")
            body.open("div", ["style": "overflow-x:auto"])
            body.append(p.svg)
            body.close("div")
        }
    }

    /// The shootout's table; with `catalog`, the rows of strategies it no
    /// longer has marked "(retired)", and a note naming them and the
    /// catalog's strategies the record has no row for.
    private static func shootoutTable(_ s: ShootoutSummary, catalog: [String]?, into body: inout MarkupWriter) {
        let names = s.strategies.map(\.name)
        let retired = catalog.map { c in names.filter { !c.contains($0) } } ?? []
        let missing = catalog.map { c in c.filter { !names.contains($0) } } ?? []
        if !retired.isEmpty || !missing.isEmpty {
            var note: [String] = []
            if !retired.isEmpty { note.append("Retired since (not in this kbbench's catalog): \(retired.joined(separator: ", ")).") }
            if !missing.isEmpty { note.append("In the catalog, not in this record (added since): \(missing.joined(separator: ", ")).") }
            body.leaf("p", ["class": "note"], note.joined(separator: " "))
        }
        body.open("table", [:])
        body.open("tr", [:])
        for h in s.columns { body.leaf("th", [:], h) }
        body.close("tr")
        for row in s.rows {
            body.open("tr", [:])
            for (i, cell) in row.enumerated() { body.leaf("td", [:], i == 0 && retired.contains(cell) ? cell + " (retired)" : cell) }
            body.close("tr")
        }
        body.close("table")
    }
}
