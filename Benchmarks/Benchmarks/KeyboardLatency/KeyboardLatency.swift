import Benchmark
import _KeyboardWorkloads

/// How far a run may stray from the recorded p90 before `thresholds check`
/// calls it a regression (exit 2) or an improvement (exit 4). Without these,
/// package-benchmark allows 0 %, so noise alone fails the check.
/// - Time and throughput: 50 %. Run one after another on a shared machine,
///   the same workload's figures move by up to 2×; the check catches gross
///   regressions, and `kbbench compare` (same machine, p50 and p90 agreeing)
///   catches finer ones.
/// - Allocations are deterministic for a given build: a tolerance of 10 per
///   1,000 notifications, so one allocation per 100 notifications more (an
///   engine that starts allocating) fails.
var tolerances: [BenchmarkMetric: BenchmarkThresholds] {
    [
        .wallClock: .init(relative: [.p90: 50]),
        .throughput: .init(relative: [.p90: 50]),
        .mallocCountTotal: .init(absolute: [.p90: 10]),
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
