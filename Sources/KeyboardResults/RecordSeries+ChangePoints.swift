/// Where a benchmark's cost changed along a series, judged over the whole
/// history rather than one pair of records: the report marks each with its
/// commit, its size and the figure that shows it.
package struct ChangePoint: Hashable, Sendable {
    package var benchmark: String
    /// The figure the change is in: instructions per notification, or the
    /// time against the calibrator (the median of a record's rounds).
    package var figure: RegressionRule.Figure
    /// The index in the series' entries of the first record at the new
    /// level.
    package var index: Int
    /// The figure's mean over the segment before, and over the segment from
    /// ``index`` on (to the next change point).
    package var before: Double
    package var after: Double

    package var ratio: Double { after / Swift.max(before, 1e-12) }
}

extension RecordSeries {
    /// The change points of `benchmark`, by the figure each record judges
    /// it by (``RegressionRule``): where records count instructions, each
    /// step of the exact count beyond the rule's instruction tolerance
    /// (counts do not vary between runs, so every such step is the code's,
    /// and no test is needed to believe it); where only time against a
    /// calibrator is recorded, E-divisive means over the records' medians
    /// (``EnergyDivisive``), each split kept only when its two levels
    /// differ by more than the rule's time tolerance. A benchmark whose
    /// cost moves between builds (as any record of the series marks it)
    /// has none, and a record that judges it by
    /// neither figure takes no part: raw times never make a change point,
    /// so a machine that only got slower makes none.
    package func changePoints(of benchmark: String, rule: RegressionRule, detector: EnergyDivisive = EnergyDivisive()) -> [ChangePoint] {
        // Marked so by any record of the series: then no record's figure of
        // it tells code from build.
        guard !entries.contains(where: { $0.record.benchmark(benchmark)?.instructionsVaryWithBuild == true }) else { return [] }
        var counted: [(index: Int, value: Double)] = []
        var timed: [(index: Int, value: Double)] = []
        for (i, e) in entries.enumerated() {
            guard let f = e.record.benchmark(benchmark), !f.instructionsVaryWithBuild else { continue }
            if let count = f.instructionsPerNotification {
                counted.append((i, count))
            } else if let c = CalibratedTime(f, calibrator: f.calibrator.flatMap(e.record.benchmark)) {
                timed.append((i, c.median))
            }
        }
        var found: [ChangePoint] = []
        for (a, b) in zip(counted, counted.dropFirst()) {
            let point = ChangePoint(benchmark: benchmark, figure: .instructions, index: b.index, before: a.value, after: b.value)
            if RegressionRule.judge(point.ratio, tolerance: rule.instructions) != .same { found.append(point) }
        }
        let values = timed.map(\.value)
        let splits = detector.changePoints(values)
        let bounds = [0] + splits + [values.count]
        for (k, split) in splits.enumerated() {
            let before = values[bounds[k]..<split], after = values[split..<bounds[k + 2]]
            let point = ChangePoint(
                benchmark: benchmark, figure: .time, index: timed[split].index, before: before.reduce(0, +) / Double(before.count),
                after: after.reduce(0, +) / Double(after.count))
            if RegressionRule.judge(point.ratio, tolerance: rule.time) != .same { found.append(point) }
        }
        return found.sorted { $0.index < $1.index }
    }
}
