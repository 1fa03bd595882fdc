import KeyboardResults

/// The tolerances package-benchmark's threshold check applies in
/// `Benchmarks/`, taken from the one regression rule (`RegressionRule`,
/// docs/benchmarks.md) so that the check and `kbbench compare` judge alike.
/// package-benchmark checks recorded thresholds at p90 of its iterations of
/// 1,000 notifications each: a time per notification averaged over a batch,
/// as kbbench's p50 is.
public enum BenchmarkTolerance {
    /// Time (and throughput): the rise, in percent, that is still the same;
    /// the rule's tolerance for time judged without a calibrator
    /// (`RegressionRule.uncalibratedTime`), since package-benchmark times
    /// each benchmark alone.
    public static var timePercent: Double { RegressionRule.uncalibratedTime * 100 }

    /// Allocations: the rise per 1,000 notifications (one iteration) that is
    /// still the same.
    public static var allocationsPerThousandNotifications: Int { Int((RegressionRule.standard.allocations * 1_000).rounded()) }
}
