import Benchmark
import KeyboardWorkloads

/// Every `kbbench bench` workload as a package-benchmark benchmark: wall
/// clock and malloc counts per notification, thresholds in
/// ../results/thresholds. Setup (building the stream and the workloads)
/// happens before measurement starts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 200_000
    )
    let stream = NotificationStream(scenarios: 200)
    for name in WorkloadCatalog.names {
        Benchmark(name) { benchmark in
            guard let workload = WorkloadCatalog.workload(named: name, stream) else { return }
            var checksum = 0
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                checksum &+= workload.run(i)
            }
            benchmark.stopMeasurement()
            blackHole(checksum)
        }
    }
}
