import Benchmark
import _KeyboardWorkloads

/// Every `kbbench bench` workload as a package-benchmark benchmark: wall
/// clock and malloc counts, 1,000 notifications per iteration (figures are
/// per notification), thresholds in ../results/thresholds. Setup (building
/// the stream and the workloads) happens before measurement starts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 200_000
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
