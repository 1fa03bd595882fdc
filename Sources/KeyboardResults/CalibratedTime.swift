/// A benchmark's time in one record, measured against its calibrator in
/// the same interleaved rounds: per round, the benchmark's median batch
/// mean over the calibrator's (``BenchmarkFigures/roundMedians``). A
/// machine that is slower for a whole run (another runner, a neighbour on
/// the memory bus, a CPU's clock) slows both, so the ratio moves far less
/// than either time does; code that slows only the benchmark moves it.
///
/// The calibrator runs none of the code the benchmarks judge (`floor`, one
/// rect intersection; `bare-post`, a notification posted to an observer
/// that does nothing, for a workload that spends its time in Foundation),
/// so a change of ours never moves it.
package struct CalibratedTime: Hashable, Sendable {
    /// Per round, the benchmark's median over the calibrator's.
    package var ratios: [Double]

    /// Nil unless `figures` names its calibrator and both hold the same
    /// number of rounds, at least one.
    package init?(_ figures: BenchmarkFigures, calibrator: BenchmarkFigures?) {
        guard let calibrator, figures.calibrator == calibrator.name, !figures.roundMedians.isEmpty,
            figures.roundMedians.count == calibrator.roundMedians.count
        else { return nil }
        ratios = zip(figures.roundMedians, calibrator.roundMedians).map { $0 / Swift.max($1, 1e-9) }
    }

    /// The median of the per-round ratios (the upper of the middle two for
    /// an even count).
    package var median: Double {
        let sorted = ratios.sorted()
        return sorted[sorted.count / 2]
    }
}
