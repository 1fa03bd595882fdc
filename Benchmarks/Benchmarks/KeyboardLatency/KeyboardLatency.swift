import Benchmark
import _KeyboardWorkloads

/// How far a run may stray from the recorded thresholds before
/// `thresholds check` calls it a regression (exit 2) or an improvement
/// (exit 4): the tolerances of the one regression rule that `kbbench
/// compare` applies too (docs/benchmarks.md), so the two judge alike.
/// Without tolerances package-benchmark allows 0 %, and noise alone fails
/// the check.
var tolerances: [BenchmarkMetric: BenchmarkThresholds] {
    [
        .wallClock: .init(relative: [.p90: BenchmarkTolerance.timePercent]),
        .throughput: .init(relative: [.p90: BenchmarkTolerance.timePercent]),
        .mallocCountTotal: .init(absolute: [.p90: BenchmarkTolerance.allocationsPerThousandNotifications]),
    ]
}

/// Every `kbbench bench` workload as a package-benchmark benchmark: wall
/// clock and malloc counts, 1,000 notifications per iteration (figures are
/// per notification), thresholds in ../results/thresholds. Setup (building
/// the stream and the workloads) happens before measurement starts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 200_000,
        thresholds: tolerances
    )
    let stream = NotificationStream(scenarios: 200)
    for name in WorkloadCatalog.names {
        // Built once per benchmark, outside measurement; each iteration
        // handles the next 1,000 notifications of the stream.
        let workload = WorkloadCatalog.workload(named: name, stream)
        nonisolated(unsafe) var next = 0
        Benchmark(name) { benchmark in
            guard let workload else { return }
            var checksum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                checksum &+= workload.run(next)
                next &+= 1
            }
            benchmark.stopMeasurement()
            blackHole(checksum)
        }
    }
}
