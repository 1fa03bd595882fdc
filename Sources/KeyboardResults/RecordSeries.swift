import ToolSupport
/// The records of one machine (CPU model and core count) and one build type,
/// oldest first: one line per benchmark in the report's history, and the
/// only records the report compares with each other.
package struct RecordSeries: Sendable {
    /// One record of the series and the file it came from (its name only:
    /// the report never shows where a reader keeps its files).
    package struct Entry: Sendable {
        package var file: String
        package var record: ResultRecord

        /// `path`'s last component is kept.
        package init(path: String, record: ResultRecord) {
            self.file = FilePaths.name(of: path)
            self.record = record
        }

        /// The order of records in time: by date, then, for records of the
        /// same date, by file name, so every listing, chart and "newest"
        /// agrees on one order whatever order the files were read in.
        package static func predates(_ a: Entry, _ b: Entry) -> Bool {
            (a.record.date, a.file) < (b.record.date, b.file)
        }
    }

    /// "CPU model, N cores · release".
    package var label: String
    package var entries: [Entry]

    /// `entries` grouped by machine and build, each series sorted by date
    /// (then file name); series in the order of their newest record, newest
    /// first.
    package static func group(_ entries: [Entry]) -> [RecordSeries] {
        var order: [String] = []
        var byKey: [String: [Entry]] = [:]
        for e in entries {
            let key = "\(e.record.machine.summary) · \(e.record.build.rawValue)"
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(e)
        }
        return order.map { key in
            RecordSeries(label: key, entries: byKey[key]!.sorted(by: Entry.predates))
        }.sorted { ($0.entries.last!.record.date, $0.label) > ($1.entries.last!.record.date, $1.label) }
    }

    /// For each benchmark any record of the series has, its newest figures
    /// and the entry they come from: a newest record that ran one suite hides
    /// nothing of the others. Ordered as the newest record lists them, then
    /// the rest in first-seen order.
    package var newestFigures: [(entry: Entry, figures: BenchmarkFigures)] {
        var seen: Set<String> = []
        var out: [(Entry, BenchmarkFigures)] = []
        for e in entries.reversed() {
            for b in e.record.benchmarks where seen.insert(b.name).inserted { out.append((e, b)) }
        }
        return out
    }

    /// The regressions of `benchmark` along the series by the rule of
    /// `RecordComparison`: each record against the nearest earlier one of
    /// the series that holds the benchmark and judges it (comparable, and a
    /// verdict other than not judged: a record without counts or rounds
    /// is passed over, not compared with). For each, the index in `entries`
    /// of the record that regressed, of the record it was judged against,
    /// and the comparison's row.
    package func regressionRows(of benchmark: String, rule: RegressionRule) -> [(index: Int, previous: Int, row: RecordComparison.Row)] {
        var found: [(Int, Int, RecordComparison.Row)] = []
        for (i, e) in entries.enumerated() where e.record.benchmark(benchmark) != nil {
            for p in stride(from: i - 1, through: 0, by: -1) where entries[p].record.benchmark(benchmark) != nil {
                let c = RecordComparison(base: entries[p].record, new: e.record, rule: rule)
                guard c.isComparable, let row = c.rows.first(where: { $0.name == benchmark }), row.verdict != .unjudged else { continue }
                if row.verdict == .regression { found.append((i, p, row)) }
                break
            }
        }
        return found
    }

    /// The indices in `entries` of the records where `benchmark` regressed
    /// (see ``regressionRows(of:rule:)``).
    package func regressions(of benchmark: String, rule: RegressionRule) -> Set<Int> {
        Set(regressionRows(of: benchmark, rule: rule).map(\.index))
    }
}
